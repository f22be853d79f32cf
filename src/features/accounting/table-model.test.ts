import { describe, expect, it } from 'vitest';
import { foldText, type SortColumn, sortIndex, type Total, toCents, totalsBy } from './table-model.ts';

// The app sorts and filters as the rows stream in (extract-model.ts); these put the same pieces together over a
// whole array, so that the pieces can be checked against plain expectations.

/**
 * The rows to show: in the column's order (or the service's when none), descending by walking the index
 * backwards, keeping those `keep` accepts.
 */
function viewRows<R>(
  rows: readonly R[],
  sort: { column: SortColumn<R>; dir: 'asc' | 'desc' } | null,
  keep: ((row: R) => boolean) | null,
): R[] {
  const out: R[] = [];
  if (!sort) {
    for (const r of rows) if (!keep || keep(r)) out.push(r);
    return out;
  }
  const index = sortIndex(rows, sort.column);
  if (sort.dir === 'asc') {
    for (let i = 0; i < index.length; i++) {
      const r = rows[index[i]];
      if (!keep || keep(r)) out.push(r);
    }
  } else {
    for (let i = index.length - 1; i >= 0; i--) {
      const r = rows[index[i]];
      if (!keep || keep(r)) out.push(r);
    }
  }
  return out;
}

function grandTotal<R>(rows: readonly R[], amount: (row: R) => number): Total {
  let cents = 0;
  for (const r of rows) cents += toCents(amount(r));
  return { key: '', count: rows.length, amount: cents / 100 };
}

interface Row {
  id: number;
  law: string;
  title: string;
  amount: number;
  date: string;
}

const rows: Row[] = [
  { id: 1, law: 'UVG', title: 'Röntgen', amount: 10.1, date: '2026-11-03' },
  { id: 2, law: 'KVG', title: 'arzt', amount: 20.2, date: '2026-11-01' },
  { id: 3, law: 'KVG', title: 'Analyse', amount: -5, date: '2026-11-02' },
  { id: 4, law: 'VVG', title: 'Zeugnis', amount: 20.2, date: '2026-11-01' },
];
const amount: SortColumn<Row> = { key: 'amount', kind: 'number', value: (r) => r.amount };
const title: SortColumn<Row> = { key: 'title', kind: 'text', value: (r) => r.title };
const date: SortColumn<Row> = { key: 'date', kind: 'code', value: (r) => r.date };
const ids = (list: Row[]) => list.map((r) => r.id);

describe('sorting and filtering in memory', () => {
  it('sorts numbers, codes and text (case and accents folded), ties in the service order', () => {
    expect(foldText('Ärztliche Konsultation')).toBe('arztliche konsultation');
    expect(ids(viewRows(rows, { column: amount, dir: 'asc' }, null))).toEqual([3, 1, 2, 4]);
    expect(ids(viewRows(rows, { column: date, dir: 'asc' }, null))).toEqual([2, 4, 3, 1]);
    expect(ids(viewRows(rows, { column: title, dir: 'asc' }, null))).toEqual([3, 2, 1, 4]);
    expect(ids(viewRows(rows, { column: amount, dir: 'desc' }, null))).toEqual([4, 2, 1, 3]);
  });

  it('keeps the service order without a sort, and filters in either case', () => {
    expect(ids(viewRows(rows, null, null))).toEqual([1, 2, 3, 4]);
    const kvg = (r: Row) => r.law === 'KVG';
    expect(ids(viewRows(rows, null, kvg))).toEqual([2, 3]);
    expect(ids(viewRows(rows, { column: amount, dir: 'asc' }, kvg))).toEqual([3, 2]);
  });

  it('computes a column order once per data set', () => {
    const data = [...rows];
    const first = sortIndex(data, amount);
    expect(sortIndex(data, amount)).toBe(first);
    expect(sortIndex([...rows], amount)).not.toBe(first);
  });

  it('totals per group in cents, known groups first', () => {
    expect(
      totalsBy(
        rows,
        (r) => r.law,
        (r) => r.amount,
        ['KVG', 'UVG', 'IVG', 'MVG', 'VVG'],
      ),
    ).toEqual([
      { key: 'KVG', count: 2, amount: 15.2 },
      { key: 'UVG', count: 1, amount: 10.1 },
      { key: 'VVG', count: 1, amount: 20.2 },
    ]);
    expect(grandTotal(rows, (r) => r.amount)).toEqual({ key: '', count: 4, amount: 45.5 });
  });

  it('handles 100,000 rows: the totals match the rows shown and amounts do not drift', () => {
    const laws = ['KVG', 'UVG', 'IVG', 'MVG', 'VVG'];
    const big: Row[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      law: laws[i % 5],
      title: `T${(i * 7919) % 100_000}`,
      amount: 0.1,
      date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
    }));
    const shown = viewRows(big, { column: title, dir: 'desc' }, (r) => r.law !== 'MVG');
    expect(shown).toHaveLength(80_000);
    const totals = totalsBy(
      shown,
      (r) => r.law,
      (r) => r.amount,
      laws,
    );
    expect(totals.map((t) => [t.key, t.count, t.amount])).toEqual([
      ['KVG', 20_000, 2000],
      ['UVG', 20_000, 2000],
      ['IVG', 20_000, 2000],
      ['VVG', 20_000, 2000],
    ]);
    expect(grandTotal(shown, (r) => r.amount).amount).toBe(8000);
    for (let i = 1; i < 1000; i++)
      expect(foldText(shown[i - 1].title) >= foldText(shown[i].title)).toBe(true);
  });
});
