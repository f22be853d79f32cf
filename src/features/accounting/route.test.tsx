import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { practiceToday } from '#components/format.ts';
import type { AccountingServiceRow } from '#contract/accounting.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as AccountingRoute } from './route.tsx';
import { monthOf } from './url-state.ts';

const api = inProcessService();

/** This month's services as the demo practice's service has them. */
async function monthRows(): Promise<AccountingServiceRow[]> {
  const reply = await api.send('accountingServices', monthOf(practiceToday()));
  return reply.body.result as AccountingServiceRow[];
}

/** An amount as the page writes it: `CHF 1'100.15`. */
function chf(cents: number): string {
  const [whole, fraction] = (cents / 100).toFixed(2).split('.');
  return `CHF ${whole?.replace(/\B(?=(\d{3})+$)/g, "'")}.${fraction}`;
}

/** How many and how much, as the totals tables show it: `2CHF 1'100.15`. */
function countAndSum(rows: AccountingServiceRow[]): string {
  return `${rows.length}${chf(rows.reduce((sum, r) => sum + Math.round(r.amount * 100), 0))}`;
}

const accountingCalls = () => api.calls.filter((c) => c.op === 'accountingServices');

// jsdom lays nothing out: the table's scroll box gets the size it has in a browser, so that rows are rendered.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the accounting page', { timeout: 20_000 }, () => {
  it("asks for this month's services and totals them per law, status and type", async () => {
    signInForTest();
    const rows = await monthRows();
    const kvg = rows.filter((r) => r.law === 'KVG');
    const wip = rows.filter((r) => r.status === 'wip');
    expect(kvg.length).toBeGreaterThan(0);
    expect(kvg.length).toBeLessThan(rows.length);
    renderWithProviders(<AccountingRoute />, { url: '/accounting' });
    expect(await screen.findByTestId('row-count')).toHaveTextContent(`${rows.length} of ${rows.length} rows`);
    expect(accountingCalls()[0]?.input).toEqual(monthOf(practiceToday()));

    const byLaw = screen.getByRole('table', { name: 'Totals by law' });
    expect(within(byLaw).getByRole('rowheader', { name: 'KVG' }).closest('tr')).toHaveTextContent(
      countAndSum(kvg),
    );
    expect(within(byLaw).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      countAndSum(rows),
    );
    const byStatus = screen.getByRole('table', { name: 'Totals by status' });
    expect(within(byStatus).getByRole('rowheader', { name: 'Not printed' }).closest('tr')).toHaveTextContent(
      countAndSum(wip),
    );
    // The header and the rows that fit the scroll box.
    const table = screen.getByRole('table', { name: 'Services' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });

  it('filters in memory and sorts by a column', async () => {
    signInForTest();
    const rows = await monthRows();
    const kvg = rows.filter((r) => r.law === 'KVG');
    const highest = Math.max(...kvg.map((r) => r.amount));
    const { user, router } = renderWithProviders(<AccountingRoute />, { url: '/accounting?law=KVG' });
    expect(await screen.findByTestId('row-count')).toHaveTextContent(`${kvg.length} of ${rows.length} rows`);
    const table = screen.getByRole('table', { name: 'Services' });
    await user.click(within(table).getByRole('button', { name: 'Sort by Amount, ascending' }));
    await user.click(within(table).getByRole('button', { name: 'Sort by Amount, descending' }));
    expect(router.state.location.search).toContain('sort=amount&dir=desc');
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(chf(Math.round(highest * 100))),
    );
    expect(within(table).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(accountingCalls()).toHaveLength(1);
  });

  it('asks before loading the whole stock and sends no range after the yes', async () => {
    signInForTest();
    const { user } = renderWithProviders(<AccountingRoute />, { url: '/accounting' });
    await screen.findByTestId('row-count');
    await user.click(screen.getByRole('button', { name: 'Whole stock…' }));
    const dialog = screen.getByRole('dialog', { name: 'Load the whole stock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(accountingCalls()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Whole stock…' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Load the whole stock' }),
    );
    await waitFor(() => expect(accountingCalls()).toHaveLength(2));
    expect(accountingCalls()[1].input).toEqual({});
    expect(screen.getByTestId('period')).toHaveTextContent('Whole stock, without a period');
  });

  it('does not load the whole stock from an address alone', async () => {
    signInForTest();
    const { user } = renderWithProviders(<AccountingRoute />, { url: '/accounting?all=1' });
    expect(await screen.findByText('This address asks for the whole stock. Load it?')).toBeInTheDocument();
    expect(accountingCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Load the whole stock' }));
    await waitFor(() => expect(accountingCalls()).toHaveLength(1));
  });

  it('tells that payments are filtered by booking date and list the entry date', async () => {
    signInForTest();
    // A month the demo practice has no payments in.
    renderWithProviders(<AccountingRoute />, {
      url: '/accounting?tab=payments&from=2030-01-01&until=2030-01-31',
    });
    expect(
      await screen.findByText(/booking date, while the date listed is the entry date/),
    ).toBeInTheDocument();
    expect(await screen.findByText('No payments in this period.')).toBeInTheDocument();
  });
});
