import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountingServiceRow, accountingTransactionRow } from '#contract/accounting.ts';
import { plainRowsCheck } from './row-check.ts';

const row = z.object({
  id: z.number().int(),
  amount: z.number(),
  name: z.string(),
  ok: z.boolean(),
  law: z.enum(['KVG', 'UVG']),
});
const good = { id: 1, amount: 12.5, name: 'A', ok: true, law: 'KVG' };

describe('plainRowsCheck', () => {
  it('says yes exactly where zod succeeds, for every kind of field', () => {
    const check = plainRowsCheck(z.array(row));
    if (!check) throw new Error('a flat row schema should be understood');
    const cases: unknown[] = [
      good,
      { ...good, id: 1.5 },
      { ...good, id: 2 ** 60 },
      { ...good, amount: '12.5' },
      { ...good, amount: Number.POSITIVE_INFINITY },
      { ...good, name: 3 },
      { ...good, ok: 'true' },
      { ...good, law: 'IVG' },
      { ...good, law: null },
      { id: 1, amount: 1, name: 'A', ok: false },
      null,
      [good],
      'row',
    ];
    for (const c of cases) {
      expect(check([good, c]), JSON.stringify(c)).toBe(z.array(row).safeParse([good, c]).success);
    }
    expect(check([])).toBe(true);
  });

  it('says no to extra fields (zod strips them, so zod makes the rows)', () => {
    const check = plainRowsCheck(z.array(row));
    expect(check?.([{ ...good, extra: 1 }])).toBe(false);
  });

  it('leaves to zod what it does not fully understand', () => {
    expect(plainRowsCheck(z.array(row.extend({ note: z.string().optional() })))).toBeNull();
    expect(
      plainRowsCheck(z.array(row.extend({ day: z.string().refine((s) => s.length === 10) }))),
    ).toBeNull();
    expect(plainRowsCheck(z.array(row.extend({ n: z.number().min(0) })))).toBeNull();
    expect(plainRowsCheck(z.array(row.strict()))).toBeNull();
    expect(plainRowsCheck(z.array(row).min(1))).toBeNull();
    expect(plainRowsCheck(row)).toBeNull();
  });

  it('understands both accounting rows of the contract', () => {
    expect(plainRowsCheck(z.array(accountingServiceRow))).not.toBeNull();
    expect(plainRowsCheck(z.array(accountingTransactionRow))).not.toBeNull();
  });
});
