import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingServiceRow, accountingTransactionRow } from '#contract/accounting.ts';
import { addDays, zurichDate } from '../../time.ts';
import { demoSizes } from '../seed/index.ts';
import { startService, type TestService } from '../test-support.ts';
import { serviceFields, transactionFields } from './handlers.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

interface ServiceRow {
  service_id: number;
  date: string;
  law: string;
  status: string;
  type: string;
  invoice_no: string;
  is_covered: boolean;
  tariff_type: string;
}
interface TransactionRow {
  transaction_id: number;
  transaction_date: string;
}

const today = zurichDate(new Date());
const db = () => svc.service.db('demo');
const ids = (rows: { service_id?: number; transaction_id?: number }[]) =>
  rows.map((r) => r.service_id ?? r.transaction_id);
const column = (text: string, ...args: string[]) =>
  db()
    .prepare(text)
    .all(...args)
    .map((r) => Object.values(r as Record<string, number>)[0]);

describe('accounting/services', () => {
  it('answers status true and the rows, no msg; every row fits the contract exactly', async () => {
    const r = await svc.post('/accounting/services', {});
    expect(r.http).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['result', 'status']);
    expect(r.body.status).toBe(true);
    expect(r.headers['content-type']).toContain('application/json');
    const rows: ServiceRow[] = r.body.result;
    expect(rows).toHaveLength(demoSizes.accountingRows);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(Object.keys(accountingServiceRow.shape));
      const parsed = accountingServiceRow.safeParse(row);
      expect(parsed.success, JSON.stringify(parsed.error?.issues[0])).toBe(true);
    }
  });

  it('lists every law, wip and printed, services, drugs and material, invoice numbers PPPPP-FFF', async () => {
    const rows: ServiceRow[] = (await svc.post('/accounting/services', {})).body.result;
    expect(new Set(rows.map((r) => r.law))).toEqual(new Set(['KVG', 'UVG', 'IVG', 'MVG', 'VVG']));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['wip', 'printed']));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['service', 'drug', 'material']));
    expect(rows.every((r) => /^\d{5}-\d{3}$/.test(r.invoice_no))).toBe(true);
    expect(rows.some((r) => r.is_covered) && rows.some((r) => !r.is_covered)).toBe(true);
    // Spread over the past ~90 days and the next few days.
    expect(rows.every((r) => r.date >= addDays(today, -90) && r.date <= addDays(today, 5))).toBe(true);
    expect(rows.some((r) => r.date > today)).toBe(true);
  });

  it('never lists diagnosis lines', async () => {
    const diagnosis = column("SELECT service_id FROM accounting_services WHERE type = 'diagnosis'");
    expect(diagnosis.length).toBeGreaterThan(0);
    const listed = new Set(ids((await svc.post('/accounting/services', {})).body.result));
    for (const id of diagnosis) expect(listed.has(id)).toBe(false);
  });

  it('filters on the service date from and until, both inclusive, each optional', async () => {
    const from = addDays(today, -30);
    const until = addDays(today, -10);
    const expected = column(
      "SELECT service_id FROM accounting_services WHERE type <> 'diagnosis' AND date BETWEEN ? AND ? ORDER BY date, service_id",
      from,
      until,
    );
    expect(expected.length).toBeGreaterThan(0);
    const both: ServiceRow[] = (await svc.post('/accounting/services', { from, until })).body.result;
    expect(ids(both)).toEqual(expected);
    expect(both.some((r) => r.date === from) || both.some((r) => r.date === until)).toBe(true);

    const onlyFrom: ServiceRow[] = (await svc.post('/accounting/services', { from: today })).body.result;
    expect(onlyFrom.length).toBeGreaterThan(0);
    expect(onlyFrom.every((r) => r.date >= today)).toBe(true);
    const onlyUntil: ServiceRow[] = (await svc.post('/accounting/services', { until: today })).body.result;
    expect(onlyFrom.length + onlyUntil.length).toBe(
      demoSizes.accountingRows + onlyFrom.filter((r) => r.date === today).length,
    );
  });

  it('answers an empty array for a range without rows or with from after until', async () => {
    for (const body of [
      { from: '2001-01-01', until: '2001-12-31' },
      { from: today, until: addDays(today, -1) },
    ]) {
      const r = await svc.post('/accounting/services', body);
      expect(r.body).toEqual({ status: true, result: [] });
    }
  });

  it('refuses a from or until that is not a YYYY-MM-DD day with 400', async () => {
    for (const [body, msg] of [
      [{ from: '01.02.2026' }, 'Provide a valid from date (YYYY-MM-DD).'],
      [{ from: '2026-02-30' }, 'Provide a valid from date (YYYY-MM-DD).'],
      [{ until: 20260101 }, 'Provide a valid until date (YYYY-MM-DD).'],
    ] as const) {
      const r = await svc.post('/accounting/services', body);
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg });
    }
  });
});

describe('accounting/transactions', () => {
  it('lists payments received (code Z) only, no msg, every row fitting the contract exactly', async () => {
    const r = await svc.post('/accounting/transactions', {});
    expect(r.http).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['result', 'status']);
    const rows: TransactionRow[] = r.body.result;
    const z = column("SELECT transaction_id FROM accounting_transactions WHERE code = 'Z'");
    const others = column("SELECT transaction_id FROM accounting_transactions WHERE code <> 'Z'");
    expect(others.length).toBeGreaterThan(0);
    expect(new Set(ids(rows))).toEqual(new Set(z));
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(Object.keys(accountingTransactionRow.shape));
      expect(accountingTransactionRow.safeParse(row).success).toBe(true);
    }
  });

  it('filters on the booking date but returns the entry date as transaction_date', async () => {
    const differing = db()
      .prepare(
        "SELECT transaction_id, booking_date, entry_date FROM accounting_transactions WHERE code = 'Z' AND booking_date <> entry_date",
      )
      .all() as { transaction_id: number; booking_date: string; entry_date: string }[];
    expect(differing.length).toBeGreaterThan(0);
    const t = differing[0];
    const onBooking: TransactionRow[] = (
      await svc.post('/accounting/transactions', { from: t.booking_date, until: t.booking_date })
    ).body.result;
    const row = onBooking.find((r) => r.transaction_id === t.transaction_id);
    expect(row?.transaction_date).toBe(t.entry_date);
    const onEntry: TransactionRow[] = (
      await svc.post('/accounting/transactions', { from: t.entry_date, until: t.entry_date })
    ).body.result;
    expect(ids(onEntry)).not.toContain(t.transaction_id);
  });

  it('refuses a malformed from with 400', async () => {
    const r = await svc.post('/accounting/transactions', { from: 'yesterday' });
    expect(r.http).toBe(400);
    expect(r.body).toEqual({ status: false, msg: 'Provide a valid from date (YYYY-MM-DD).' });
  });

  it("keeps tenants apart: sonnenhof's extract is its own", async () => {
    const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
    const demo: ServiceRow[] = (await svc.post('/accounting/services', {})).body.result;
    const other: ServiceRow[] = (await svc.post('/accounting/services', {}, sonnenhof)).body.result;
    expect(other.length).toBe(demoSizes.accountingRows);
    expect(other.map((r) => r.invoice_no)).not.toEqual(demo.map((r) => r.invoice_no));
  });
});

describe('accounting row writers', () => {
  it('write exactly the contract fields, in its order', () => {
    expect(serviceFields.map((f) => f[0])).toEqual(Object.keys(accountingServiceRow.shape));
    expect(transactionFields.map((f) => f[0])).toEqual(Object.keys(accountingTransactionRow.shape));
  });
});

describe('accounting/services over more rows than one page', () => {
  let big: TestService;
  beforeAll(async () => {
    big = await startService();
    // 12,000 extra lines, most on the same two days: pages must split ties on the date correctly.
    big.service.db('demo').exec(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
         INSERT INTO accounting_services (case_no, date, code, title, tariff_type, type, amount, status, provider,
           responsible)
         SELECT (SELECT MIN(case_no) FROM billing_cases), CASE WHEN i % 3 = 0 THEN '${today}' ELSE '${addDays(today, -1)}' END,
           'AA.00.0010', 'Konsultation "extra" ' || i, 'TARDOC', 'service', i / 100.0, 'wip', 2, 2 FROM n`,
    );
  }, 30_000);
  afterAll(() => big.close());

  it('returns every row once, in date and id order', async () => {
    const rows: ServiceRow[] = (await big.post('/accounting/services', {})).body.result;
    expect(rows).toHaveLength(demoSizes.accountingRows + 12_000);
    expect(new Set(ids(rows)).size).toBe(rows.length);
    const keys = rows.map((r) => `${r.date} ${String(r.service_id).padStart(10, '0')}`);
    expect([...keys].sort()).toEqual(keys);
    const quoted = rows.find((r) => (r as unknown as { title: string }).title === 'Konsultation "extra" 7');
    expect(quoted).toBeDefined();
    const day: ServiceRow[] = (await big.post('/accounting/services', { from: today, until: today })).body
      .result;
    expect(day.filter((r) => (r as unknown as { title: string }).title.includes('extra'))).toHaveLength(4000);
  }, 20_000);
});
