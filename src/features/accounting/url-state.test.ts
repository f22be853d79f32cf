import { describe, expect, it } from 'vitest';
import { paymentFilter, serviceFilter } from './filters.ts';
import { monthOf, previousMonthOf, rangeOf, readView, writeView } from './url-state.ts';

const today = '2026-11-21';

describe('the accounting view in the URL', () => {
  it('shows this month by default and keeps the default out of the URL', () => {
    const view = readView(new URLSearchParams(), today);
    expect(view).toMatchObject({ tab: 'services', from: '2026-11-01', until: '2026-11-30', all: false });
    expect(rangeOf(view)).toEqual({ from: '2026-11-01', until: '2026-11-30' });
    expect(writeView(view, today).toString()).toBe('');
  });

  it('round-trips a period, the filters and the order', () => {
    const params = new URLSearchParams(
      'tab=payments&from=2026-10-01&until=2026-10-31&law=KVG&status=wip&type=drug&patid=42&invoice=0042&sort=amount&dir=desc',
    );
    const view = readView(params, today);
    expect(view).toMatchObject({
      tab: 'payments',
      from: '2026-10-01',
      law: 'KVG',
      patid: '42',
      sort: 'amount',
      dir: 'desc',
    });
    expect(readView(writeView(view, today), today)).toEqual(view);
  });

  it('asks for the whole stock only with all=1, and ignores invalid dates', () => {
    const all = readView(new URLSearchParams('all=1'), today);
    expect(rangeOf(all)).toEqual({});
    expect(readView(new URLSearchParams('from=2026-02-30'), today).from).toBe('2026-11-01');
    expect(rangeOf(readView(new URLSearchParams('from=2026-01-01'), today))).toEqual({ from: '2026-01-01' });
  });

  it('knows the months, also across the year', () => {
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', until: '2024-02-29' });
    expect(previousMonthOf('2026-01-15')).toEqual({ from: '2025-12-01', until: '2025-12-31' });
  });
});

describe('row filters', () => {
  const s = { law: '', status: '', type: '', patid: '', invoice: '' };
  it('filters nothing when nothing is set (or the patient number is not a number)', () => {
    expect(serviceFilter(s)).toBeNull();
    expect(serviceFilter({ ...s, patid: '4x' })).toBeNull();
    expect(paymentFilter({ patid: '', invoice: ' ' })).toBeNull();
  });

  it('combines law, status, type, patient and part of the invoice number', () => {
    const keep = serviceFilter({ law: 'KVG', status: 'wip', type: 'service', patid: '42', invoice: '42-0' });
    const row = { law: 'KVG', status: 'wip', type: 'service', patid: 42, invoice_no: '00042-001' } as never;
    expect(keep?.(row)).toBe(true);
    expect(keep?.({ ...(row as object), law: 'UVG' } as never)).toBe(false);
    expect(keep?.({ ...(row as object), patid: 421 } as never)).toBe(false);
    expect(
      paymentFilter({ patid: '', invoice: '00042' })?.({ patid: 1, invoice_no: '00042-001' } as never),
    ).toBe(true);
  });
});
