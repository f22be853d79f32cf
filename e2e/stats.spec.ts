import type { APIRequestContext } from '@playwright/test';
import { addDays, practiceDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

/**
 * Lead statistics against the real reference service. Other spec files create leads while this one runs, so the
 * expectations are read from the API right before the page is looked at, on the same filter.
 */

const auth = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };

interface StatRow {
  key: string;
  label: string;
  value: number;
}

async function sales<T>(
  request: APIRequestContext,
  op: string,
  data: unknown,
): Promise<{ result: T; total?: number }> {
  const res = await request.post(`/v1/sales/${op}`, { data, headers: auth });
  const body = await res.json();
  expect(body.status, `${op}: ${body.msg}`).toBe(true);
  return { result: body.result as T, total: body.pagination?.total };
}

const groupBys = [
  'folder',
  'source',
  'assignee',
  'country',
  'what',
  'nextStep',
  'day',
  'week',
  'month',
] as const;
const timeGroups: readonly string[] = ['day', 'week', 'month'];
const groupByLabel: Record<(typeof groupBys)[number], string> = {
  folder: 'Folder',
  source: 'Source',
  assignee: 'Assignee',
  country: 'Country',
  what: 'Concern',
  nextStep: 'Next step',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

// Only created before `to` count, so that leads other spec files create today do not change the numbers.
function yesterday(): string {
  return addDays(practiceDay(), -1);
}

test('draws a chart with its table for every grouping', async ({ page, request }) => {
  test.setTimeout(120_000);
  const to = yesterday();
  await signIn(page, { path: `/stats?to=${to}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  const chart = page.getByTestId('stats-chart');
  const table = page.getByTestId('stats-table');
  await expect(chart).toBeVisible({ timeout: 20_000 });

  for (const groupBy of groupBys) {
    const { result } = await sales<StatRow[]>(request, 'getLeadStats', { groupBy, filter: { to } });
    expect(result.length, `${groupBy} has rows`).toBeGreaterThan(0);
    const time = timeGroups.includes(groupBy);
    // Chosen as a person would: the "Group by" list.
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: groupByLabel[groupBy], exact: true }).click();
    if (groupBy !== 'folder') await expect(page).toHaveURL(new RegExp(`groupBy=${groupBy}`));
    await expect(
      page.getByRole('heading', { level: 2, name: `Number of leads by ${groupByLabel[groupBy]}` }),
    ).toBeVisible();
    await expect(chart).toHaveAttribute('data-kind', time ? 'time' : 'bars', { timeout: 20_000 });
    const rows = table.locator('tbody tr');
    const total = result.reduce((n, r) => n + r.value, 0);
    await expect(table.locator('tfoot td').first()).toHaveText(
      String(total).replace(/\B(?=(\d{3})+(?!\d))/g, "'"),
      {
        timeout: 20_000,
      },
    );
    // The chart has drawn something: bars for categories, an area line for a time series.
    if (time) {
      await expect(chart.locator('.recharts-area-curve').first()).toBeVisible();
      // Periods without leads are shown as 0: at least the API's rows.
      expect(await rows.count()).toBeGreaterThanOrEqual(result.length);
    } else {
      await expect(rows).toHaveCount(result.length);
      await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(result.length);
    }
  }
  await expectNoAxeViolations(page);
});

test('keeps grouping, measure and filters in the URL and sums revenue', async ({ page, request }) => {
  test.setTimeout(90_000);
  const to = yesterday();
  await signIn(page, { path: `/stats?to=${to}` });

  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Source', exact: true }).click();
  await expect(page).toHaveURL(/groupBy=source/);
  await page.getByRole('radiogroup', { name: 'Measure' }).getByText('Revenue').click();
  await expect(page).toHaveURL(/metric=revenue/);
  await page.getByRole('radiogroup', { name: 'Pipeline' }).getByText('Patients').click();
  await expect(page).toHaveURL(/pipeline=1/);
  // The second change kept the first (a quick second click once wrote the measure back to Count).
  await expect(page).toHaveURL(/metric=revenue/);
  await expect(page.getByRole('heading', { level: 2, name: 'Revenue (CHF) by Source' })).toBeVisible();

  const { result } = await sales<StatRow[]>(request, 'getLeadStats', {
    groupBy: 'source',
    metric: 'revenue',
    filter: { ispatient: 1, to },
  });
  const cents = result.reduce((n, r) => n + Math.round(r.value * 100), 0);
  const francs = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  const table = page.getByTestId('stats-table');
  await expect(table.locator('tbody tr')).toHaveCount(result.length);
  await expect(table.locator('tfoot td').first()).toHaveText(
    `CHF ${francs}.${String(cents % 100).padStart(2, '0')}`,
  );

  // A reload shows the same view.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Revenue (CHF) by Source' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByRole('radiogroup', { name: 'Pipeline' }).getByRole('radio', { name: 'Patients' }),
  ).toBeChecked();
  await expect(table.locator('tbody tr')).toHaveCount(result.length);
});

test('counts disqualification reasons over every disqualified lead of both folders', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const to = yesterday();
  const totals: Record<number, number> = {};
  for (const folderId of [5, 15]) {
    const { total } = await sales<unknown[]>(request, 'getLeads', {
      filter: { folderId, includeDeleted: false, to },
      limit: 1,
    });
    totals[folderId] = total ?? 0;
  }
  await signIn(page, { path: `/stats?to=${to}` });
  const table = page.getByTestId('reasons-table');
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('reasons-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('reasons-based')).toContainText(
    `Based on ${totals[5] + totals[15]} disqualified leads`,
  );
  // Columns: reason, folder 5, folder 15, total; the sums per folder are the folders' lead counts.
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))),
    );
  expect(cells.reduce((n, c) => n + c[0], 0)).toBe(totals[5]);
  expect(cells.reduce((n, c) => n + c[1], 0)).toBe(totals[15]);
  await expect(table.getByRole('columnheader', { name: 'Disqualified (Patients)' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Disqualified (Contacts)' })).toBeVisible();
  await expectNoAxeViolations(page);
});
