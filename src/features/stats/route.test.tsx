import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../contract/sales.ts';
import { list, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { Component as StatsRoute } from './route.tsx';

const reference = {
  sources: [],
  flags: [],
  categories: [],
  disqualification: [
    { code: 'PRICE', label: 'Too expensive' },
    { code: 'NOFIT', label: 'Not a fit' },
  ],
  folders: [
    { folderId: 1, label: 'Open', ispatient: 1, custom: false },
    { folderId: 5, label: 'Disqualified', ispatient: 1, custom: false },
    { folderId: 11, label: 'Open', ispatient: 0, custom: false },
    { folderId: 15, label: 'Disqualified', ispatient: 0, custom: false },
  ],
};

/** A complete lead as getLeads returns it (the client checks answers against the contract). */
function lead(leadId: number, folderId: number, reasonDisqualified: string): Lead {
  return {
    leadId,
    uniqid: `u${leadId}`,
    ispatient: folderId === 15 ? 0 : 1,
    folderId,
    source: '',
    assigneeId: null,
    flags: [],
    what: '',
    contact: {
      title: '',
      salutation: '',
      firstname: '',
      lastname: `L${leadId}`,
      alias: '',
      gender: '',
      dob: null,
      civilStatus: '',
      nationality: '',
    },
    address: { street: '', zip: '', city: '', country: '', countryCode: '' },
    communication: { mail: '', mail2: '', phone: '', phone2: '', mobile: '', mobile2: '' },
    medical: { bloodType: '', height: null, weight: null, job: '', hxData: {} },
    insurance: { kvg: '', kvgPoliceNr: '', vvg: '', payerType: '' },
    commercial: {},
    created: '2026-10-01 10:00:00',
    lastActivity: '2026-10-01 10:00:00',
    admissionDate: null,
    patid: null,
    conversionDate: null,
    openTasks: 0,
    nextReminder: null,
    unread: false,
    watchers: [],
    deleted: false,
    deletedBy: null,
    deletedTime: null,
    reasonDeleted: '',
    reasonDisqualified,
  };
}

/** getLeads of folder 5 holds 1200 leads (two pages of 1000), folder 15 three. */
function leadsOf(input: Record<string, unknown>) {
  const filter = input.filter as { folderId: number };
  const offset = Number(input.offset ?? 0);
  const total = filter.folderId === 5 ? 1200 : 3;
  const count = Math.max(0, Math.min(Number(input.limit), total - offset));
  const items = Array.from({ length: count }, (_, i) =>
    lead(
      offset + i + 1,
      filter.folderId,
      filter.folderId === 15 ? 'NOFIT' : (offset + i) % 2 === 0 ? 'PRICE' : '',
    ),
  );
  return list(items, { offset, limit: Number(input.limit), total });
}

afterEach(() => vi.unstubAllGlobals());

describe('the statistics page', { timeout: 20_000 }, () => {
  it('shows the groups in a table beside the chart, folders of both pipelines told apart', async () => {
    signInForTest();
    const api = stubApi({
      getReferenceData: () => reference,
      getUsers: () => [],
      getLeads: leadsOf,
      getLeadStats: () => [
        { key: '1', label: 'Open', value: 18 },
        { key: '11', label: 'Open', value: 12 },
      ],
    });
    renderWithProviders(<StatsRoute />, { url: '/stats' });
    const table = await screen.findByRole('table', { name: 'Table: Number of leads by Folder' });
    expect(within(table).getByRole('rowheader', { name: 'Open (Patients)' }).closest('tr')).toHaveTextContent(
      '18',
    );
    expect(within(table).getByRole('rowheader', { name: 'Open (Contacts)' }).closest('tr')).toHaveTextContent(
      '12',
    );
    expect(within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent('30');
    expect(screen.getByRole('img', { name: /Chart: Number of leads by Folder/ })).toBeInTheDocument();
    expect(api.calls.find((c) => c.op === 'getLeadStats')?.input).toEqual({
      groupBy: 'folder',
      metric: 'count',
    });
  });

  it('counts disqualification reasons over all pages of both folders', async () => {
    signInForTest();
    const api = stubApi({
      getReferenceData: () => reference,
      getUsers: () => [],
      getLeads: leadsOf,
      getLeadStats: () => [],
    });
    renderWithProviders(<StatsRoute />, { url: '/stats' });
    const table = await screen.findByRole('table', { name: 'Disqualified leads per reason and folder' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr');
    expect(row('Too expensive')).toHaveTextContent('60006');
    expect(row('Not a fit')).toHaveTextContent('033');
    expect(row('No reason given')).toHaveTextContent('6000600');
    expect(screen.getByText('Based on 1203 disqualified leads (3 requests).')).toBeInTheDocument();
    const pages = api.calls.filter((c) => c.op === 'getLeads').map((c) => c.input);
    expect(pages).toEqual([
      expect.objectContaining({ filter: { folderId: 5, includeDeleted: false }, offset: 0, limit: 1000 }),
      expect.objectContaining({ filter: { folderId: 5, includeDeleted: false }, offset: 1000, limit: 1000 }),
      expect.objectContaining({ filter: { folderId: 15, includeDeleted: false }, offset: 0, limit: 1000 }),
    ]);
  });

  it('sends the filter from the URL and keeps a changed grouping and measure in it', async () => {
    signInForTest();
    const api = stubApi({
      getReferenceData: () => reference,
      getUsers: () => [{ userid: 6, givenname: 'Nina', familyname: 'Weber', active: true }],
      getLeads: leadsOf,
      getLeadStats: (input) =>
        input.groupBy === 'month'
          ? [
              { key: '2026-09', label: '2026-09', value: 1200.5 },
              { key: '2026-11', label: '2026-11', value: 300 },
            ]
          : [],
    });
    const { user, router } = renderWithProviders(<StatsRoute />, {
      url: '/stats?pipeline=1&assignee=6&from=2026-01-01&to=2026-11-30',
    });
    await waitFor(() =>
      expect(api.calls.find((c) => c.op === 'getLeadStats')?.input).toEqual({
        groupBy: 'folder',
        metric: 'count',
        filter: { ispatient: 1, assignee: 6, from: '2026-01-01', to: '2026-11-30' },
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
      "Sep 2026CHF 1'200.5080.0 %",
      'Oct 2026CHF 0.000.0 %',
      'Nov 2026CHF 300.0020.0 %',
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
