import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator } from '@playwright/test';
import { en as accountingEn } from '../src/features/accounting/locales/en.ts';
import { practiceDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

/**
 * Accounting extracts against the real reference service (read only: nobody changes the accounting data). The
 * expected totals are computed here from the rows the API returns for the same period.
 */

const auth = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };

interface ServiceRow {
  invoice_no: string;
  patid: number;
  service_id: number;
  law: string;
  status: string;
  type: string;
  amount: number;
}
interface PaymentRow {
  invoice_no: string;
  transaction_id: number;
  account_number: string;
  amount: number;
}

async function extract<T>(
  request: APIRequestContext,
  op: 'services' | 'transactions',
  range: object,
): Promise<T[]> {
  const res = await request.post(`/v1/accounting/${op}`, { data: range, headers: auth });
  const body = await res.json();
  expect(body.status).toBe(true);
  return body.result as T[];
}

/** This month on the practice clock. */
function thisMonth(): { from: string; until: string } {
  const today = practiceDay();
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, until: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** `CHF 1'234.50`, summed in cents like an accountant would. */
function chf(cents: number): string {
  const abs = Math.abs(cents);
  const francs = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  return `CHF ${cents < 0 ? '-' : ''}${francs}.${String(abs % 100).padStart(2, '0')}`;
}

function totals<R>(rows: R[], key: (r: R) => string, amount: (r: R) => number) {
  const out = new Map<string, { count: number; cents: number }>();
  for (const r of rows) {
    const t = out.get(key(r)) ?? { count: 0, cents: 0 };
    t.count++;
    t.cents += Math.round(amount(r) * 100);
    out.set(key(r), t);
  }
  return out;
}

/** Every group row of a totals table shows the expected count and amount; the footer the grand total. */
async function expectTotals(
  table: Locator,
  expected: Map<string, { count: number; cents: number }>,
  label: (key: string) => string = (k) => k,
) {
  const body = table.locator('tbody tr');
  await expect(body).toHaveCount(expected.size);
  let count = 0;
  let cents = 0;
  for (const [key, t] of expected) {
    const row = table
      .locator('tbody tr')
      .filter({ has: table.page().getByRole('rowheader', { name: label(key), exact: true }) });
    await expect(row.getByRole('cell')).toHaveText([String(t.count), chf(t.cents)]);
    count += t.count;
    cents += t.cents;
  }
  await expect(table.locator('tfoot').getByRole('cell')).toHaveText([String(count), chf(cents)]);
}

const statusLabel: Record<string, string> = { wip: 'Not printed', printed: 'Printed' };
const typeLabel: Record<string, string> = { service: 'Service', drug: 'Drug', material: 'Material' };

test("shows this month's services with totals that match the rows, filters them and exports the CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const month = thisMonth();
  const rows = await extract<ServiceRow>(request, 'services', month);
  expect(rows.length, 'the seed has services this month').toBeGreaterThan(0);

  await signIn(page, { path: '/accounting' });
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting' })).toBeVisible();
  await expect(page.getByTestId('period')).toContainText('Period:');
  await expect(page.getByTestId('row-count')).toHaveText(`${rows.length} of ${rows.length} rows`);

  await expectTotals(
    page.getByRole('table', { name: 'Totals by law' }),
    totals(
      rows,
      (r) => r.law,
      (r) => r.amount,
    ),
  );
  await expectTotals(
    page.getByRole('table', { name: 'Totals by status' }),
    totals(
      rows,
      (r) => r.status,
      (r) => r.amount,
    ),
    (k) => statusLabel[k],
  );
  await expectTotals(
    page.getByRole('table', { name: 'Totals by type' }),
    totals(
      rows,
      (r) => r.type,
      (r) => r.amount,
    ),
    (k) => typeLabel[k],
  );
  await expectNoAxeViolations(page);

  // Filter in memory: law KVG (no new request), then the totals are those of the KVG rows.
  const kvg = rows.filter((r) => r.law === 'KVG');
  await page.getByRole('combobox', { name: 'Law' }).click();
  await page.getByRole('option', { name: 'KVG', exact: true }).click();
  await expect(page).toHaveURL(/law=KVG/);
  await expect(page.getByTestId('row-count')).toHaveText(`${kvg.length} of ${rows.length} rows`);
  await expectTotals(
    page.getByRole('table', { name: 'Totals by status' }),
    totals(
      kvg,
      (r) => r.status,
      (r) => r.amount,
    ),
    (k) => statusLabel[k],
  );

  // Sorted by amount, descending: the first row shows the largest KVG amount.
  const table = page.getByRole('table', { name: 'Services', exact: true });
  await table.getByRole('button', { name: 'Sort by Amount, ascending' }).click();
  await table.getByRole('button', { name: 'Sort by Amount, descending' }).click();
  await expect(page).toHaveURL(/sort=amount&dir=desc/);
  const max = Math.max(...kvg.map((r) => Math.round(r.amount * 100)));
  await expect(table.locator('tbody tr[aria-rowindex="2"] td').last()).toHaveText(chf(max));

  // The CSV: UTF-8 with BOM, `;`, the filtered and sorted rows.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Export CSV: the ${kvg.length} rows shown` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`services_${month.from}_${month.until}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  const header = lines[0].split(';');
  // The header line is in the UI language (English here); the values stay the service's codes.
  expect(header).toContain('Invoice no.');
  expect(header).toContain('Amount');
  expect(lines).toHaveLength(kvg.length + 1);
  const lawAt = header.indexOf('Law');
  const amountAt = header.indexOf('Amount');
  const cells = lines.slice(1).map((l) => l.split(';'));
  expect(cells.every((c) => c[lawAt] === 'KVG')).toBe(true);
  expect(cells[0][amountAt]).toBe((max / 100).toFixed(2));
  const csvCents = cells.reduce((n, c) => n + Math.round(Number(c[amountAt]) * 100), 0);
  expect(chf(csvCents)).toBe(chf(kvg.reduce((n, r) => n + Math.round(r.amount * 100), 0)));
});

test('lists payments with the booking-date note and their totals', async ({ page, request }) => {
  test.setTimeout(60_000);
  const month = thisMonth();
  const rows = await extract<PaymentRow>(request, 'transactions', month);
  await signIn(page, { path: '/accounting?tab=payments' });
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('payments-note')).toContainText('booking date');
  await expect(page.getByTestId('payments-note')).toContainText('entry date');
  if (rows.length > 0) {
    await expect(page.getByTestId('row-count')).toHaveText(`${rows.length} of ${rows.length} rows`);
    await expectTotals(
      page.getByRole('table', { name: 'Totals by account' }),
      totals(
        rows,
        (r) => r.account_number,
        (r) => r.amount,
      ),
      // The account as the screen names it: `1020 Bank`, the number alone where the chart has no name.
      (k) => {
        const names: Record<string, string> = accountingEn.accountName;
        return Object.hasOwn(names, k) ? `${k} ${names[k]}` : k;
      },
    );
  } else {
    await expect(page.getByText('No payments in this period.')).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test('asks before loading the whole stock', async ({ page, request }) => {
  test.setTimeout(60_000);
  const all = await extract<ServiceRow>(request, 'services', {});
  const wholeRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/v1/accounting/services')) {
      const body = req.postDataJSON() as Record<string, unknown>;
      if (!body.from && !body.until) wholeRequests.push(req.url());
    }
  });
  await signIn(page, { path: '/accounting' });
  await expect(page.getByTestId('row-count')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Whole stock…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load the whole stock?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(wholeRequests).toEqual([]);

  await page.getByRole('button', { name: 'Whole stock…' }).click();
  await page
    .getByRole('dialog', { name: 'Load the whole stock?' })
    .getByRole('button', { name: 'Load the whole stock' })
    .click();
  await expect(page).toHaveURL(/all=1/);
  await expect(page.getByTestId('period')).toHaveText('Whole stock, without a period');
  await expect(page.getByTestId('row-count')).toHaveText(`${all.length} of ${all.length} rows`, {
    timeout: 20_000,
  });
  expect(wholeRequests).toHaveLength(1);

  // An address asking for the whole stock asks again before loading it.
  await page.reload();
  await expect(page.getByText('This address asks for the whole stock. Load it?')).toBeVisible({
    timeout: 20_000,
  });
  expect(wholeRequests).toHaveLength(1);
  await expectNoAxeViolations(page);
});
