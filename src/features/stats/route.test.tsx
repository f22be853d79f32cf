import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, practiceToday } from '#components/format.ts';
import type { Appointment } from '#contract/agenda.ts';
import { addDays } from '#contract/practice-time.ts';
import type { Lead } from '#contract/sales.ts';
import { formatNumber } from '#i18n/number.ts';
import { createLead } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { gapMinutesByWeek, statWeeks } from './gap-minutes.ts';
import { Component as StatsRoute } from './route.tsx';

// The practice's clock: the demo data is seeded around 20.11.2026; a test may move it to write older leads.
let clock = new Date('2026-11-20T09:00:00Z');
const api = inProcessService({ now: () => clock });

async function stats(input: Record<string, unknown>): Promise<{ key: string; value: number }[]> {
  return (await api.send('getLeadStats', input)).body.result as { key: string; value: number }[];
}

/** The reasons of the not-deleted leads in a folder, as the service has them. */
async function reasonsIn(folderId: number): Promise<string[]> {
  const page = await api.send('getLeads', { filter: { folderId }, offset: 0, limit: 1000 });
  return (page.body.result as Lead[]).map((l) => l.reasonDisqualified);
}

const count = (reasons: string[], code: string) => reasons.filter((r) => r === code).length;

describe('the statistics page', { timeout: 20_000 }, () => {
  it('shows the groups in a table beside the chart, folders of both pipelines told apart', async () => {
    signInForTest();
    const byFolder = await stats({ groupBy: 'folder', metric: 'count' });
    const value = (key: string) => byFolder.find((g) => g.key === key)?.value ?? 0;
    expect(value('1')).toBeGreaterThan(0);
    expect(value('11')).toBeGreaterThan(0);
    renderWithProviders(<StatsRoute />, { url: '/stats' });
    const table = await screen.findByRole('table', { name: 'Table: Number of leads by Folder' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr');
    const total = byFolder.reduce((sum, g) => sum + g.value, 0);
    // The count, then its share of all.
    const share = (key: string) => `${value(key)}${((100 * value(key)) / total).toFixed(1)} %`;
    expect(row('Open (Patients)')).toHaveTextContent(`Open (Patients)${share('1')}`);
    expect(row('Open (Contacts)')).toHaveTextContent(`Open (Contacts)${share('11')}`);
    expect(row('Total')).toHaveTextContent(new RegExp(`^Total${total}$`));
    expect(screen.getByRole('img', { name: /Chart: Number of leads by Folder/ })).toBeInTheDocument();
    expect(api.calls.find((c) => c.op === 'getLeadStats')?.input).toEqual({
      groupBy: 'folder',
      metric: 'count',
    });
  });

  it('counts disqualification reasons of both folders', async () => {
    signInForTest();
    const patients = await reasonsIn(5);
    const contacts = await reasonsIn(15);
    expect(count(patients, 'PRICE')).toBeGreaterThan(0);
    renderWithProviders(<StatsRoute />, { url: '/stats' });
    const table = await screen.findByRole('table', { name: 'Disqualified leads per reason and folder' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr');
    // The reason, then its count in folder 5, in folder 15 and in all.
    const cells = (code: string) =>
      `${count(patients, code)}${count(contacts, code)}${count(patients, code) + count(contacts, code)}`;
    expect(row('Zu teuer')).toHaveTextContent(`Zu teuer${cells('PRICE')}`);
    expect(row('Passt nicht zur Praxis')).toHaveTextContent(`Passt nicht zur Praxis${cells('NOFIT')}`);
    const all = patients.length + contacts.length;
    expect(screen.getByText(`Based on ${all} disqualified leads (2 requests).`)).toBeInTheDocument();
    const pages = api.calls.filter((c) => c.op === 'getLeads').map((c) => c.input);
    expect(pages).toEqual([
      expect.objectContaining({ filter: { folderId: 5, includeDeleted: false }, offset: 0, limit: 1000 }),
      expect.objectContaining({ filter: { folderId: 15, includeDeleted: false }, offset: 0, limit: 1000 }),
    ]);
  });

  it('sends the filter from the URL and keeps a changed grouping and measure in it', async () => {
    signInForTest();
    // Two leads of Nina Weber's, written in September and November 2024, long before the demo data.
    clock = new Date('2024-09-10T09:00:00Z');
    await createLead(api, { assigneeId: 6, commercial: { revenue: 1200.5 } });
    clock = new Date('2024-11-05T09:00:00Z');
    await createLead(api, { assigneeId: 6, commercial: { revenue: 300 } });
    clock = new Date('2026-11-20T09:00:00Z');
    const { user, router } = renderWithProviders(<StatsRoute />, {
      url: '/stats?pipeline=1&assignee=6&from=2024-01-01&to=2024-11-30',
    });
    await waitFor(() =>
      expect(api.calls.find((c) => c.op === 'getLeadStats')?.input).toEqual({
        groupBy: 'folder',
        metric: 'count',
        filter: { ispatient: 1, assignee: 6, from: '2024-01-01', to: '2024-11-30' },
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(screen.getByRole('option', { name: 'Month' }));
    await user.click(screen.getByRole('radio', { name: 'Revenue' }));
    expect(router.state.location.search).toContain('groupBy=month');
    expect(router.state.location.search).toContain('metric=revenue');
    const table = await screen.findByRole('table', { name: 'Table: Revenue (CHF) by Month' });
    // The month without leads between the two is shown as 0.
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'MonthRevenueShare',
      // A no-break space keeps the % with its number.
      "Sep 2024CHF 1'200.5080.0\u00a0%",
      'Oct 2024CHF 0.000.0\u00a0%',
      'Nov 2024CHF 300.0020.0\u00a0%',
      "TotalCHF 1'500.50",
    ]);
    // Only the patients' disqualified folder is read.
    expect(
      new Set(
        api.calls
          .filter((c) => c.op === 'getLeads')
          .map((c) => (c.input.filter as { folderId: number }).folderId),
      ),
    ).toEqual(new Set([5]));
  });
});

describe('two quick changes', () => {
  it('keeps both when the second comes before the page has drawn the first (CI saw the measure lost)', async () => {
    signInForTest();
    const { router } = renderWithProviders(<StatsRoute />, { url: '/stats?groupBy=source' });
    const revenue = await screen.findByRole('radio', { name: 'Revenue' });
    const patients = screen.getByRole('radio', { name: 'Patients' });
    // Both clicks in one task: the second one's handler runs before React has drawn the first change.
    act(() => {
      revenue.click();
      patients.click();
    });
    await waitFor(() => {
      const search = router.state.location.search;
      expect(search).toContain('metric=revenue');
      expect(search).toContain('pipeline=1');
      expect(search).toContain('groupBy=source');
    });
  });
});

describe('freed and refilled time', { timeout: 20_000 }, () => {
  // The app's weeks from the service's day (20.11.2026), not the machine's: the seeded weeks are the ones counted.
  beforeEach(() => {
    vi.useFakeTimers({ now: clock, toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows per week the minutes freed and refilled as gap-minutes counts them from the service', async () => {
    signInForTest();
    const weeks = statWeeks(practiceToday());
    const until = addDays(weeks[weeks.length - 1], 6);
    const items = (await api.send('getAppointments', { from: weeks[0], until })).body
      .result as (Appointment & {
      calendarid: number;
    })[];
    const expected = gapMinutesByWeek(items, weeks);
    expect(expected.some((w) => w.freed > 0)).toBe(true);
    renderWithProviders(<StatsRoute />, { url: '/stats' });
    const table = await screen.findByRole('table', { name: 'Freed and refilled time per week' });
    for (const w of expected) {
      const row = within(table)
        .getByRole('rowheader', { name: `Week from ${formatDate(w.week)}` })
        .closest('tr');
      expect(row).toHaveTextContent(
        new RegExp(`^Week from ${formatDate(w.week)}${formatNumber(w.freed)}${formatNumber(w.refilled)}`),
      );
    }
    // Its own export, named apart from the lead statistics' (two tables export on this page).
    expect(screen.getByRole('button', { name: 'Export CSV – freed time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Excel – freed time' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Export CSV' })).toHaveLength(1);
  });
});
