import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountingServiceRow } from '../../../contract/accounting.ts';
import { practiceToday } from '../../components/format.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { Component as AccountingRoute } from './route.tsx';
import { monthOf } from './view-state.ts';

function service(
  id: number,
  law: AccountingServiceRow['law'],
  amount: number,
  status: AccountingServiceRow['status'] = 'wip',
): AccountingServiceRow {
  return {
    invoice_no: `000${id}-001`,
    patid: id,
    case_no: 1000 + id,
    service_id: id,
    date: '2026-11-02',
    code: 'AA.00.0010',
    title: `Konsultation ${id}`,
    comment: '',
    quantity: 1,
    session: 1,
    tariff_type: 'TARDOC',
    type: 'service',
    unit_mt: 10,
    unit_tt: 8,
    unit_factor_mt: 1,
    unit_factor_tt: 1,
    vat: 0,
    vat_rate: 0,
    amount,
    status,
    case_name: 'Krankheit 2026',
    case_short: 'KV',
    law,
    account_number: '3200',
    is_covered: true,
    section_code: 'AMB',
    provider: 2,
    responsible: 2,
  };
}

const rows = [service(1, 'KVG', 100.1), service(2, 'UVG', 50.2, 'printed'), service(3, 'KVG', 1000.05)];

// jsdom lays nothing out: the table's scroll box gets the size it has in a browser, so that rows are rendered.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the accounting page', { timeout: 20_000 }, () => {
  it("asks for this month's services and totals them per law, status and type", async () => {
    signInForTest();
    const api = stubApi({ accountingServices: () => rows });
    renderWithProviders(<AccountingRoute />, { url: '/accounting' });
    expect(await screen.findByTestId('row-count')).toHaveTextContent('3 of 3 rows');
    expect(api.calls.find((c) => c.op === 'accountingServices')?.input).toEqual(monthOf(practiceToday()));

    const byLaw = screen.getByRole('table', { name: 'Totals by law' });
    expect(within(byLaw).getByRole('rowheader', { name: 'KVG' }).closest('tr')).toHaveTextContent(
      "2CHF 1'100.15",
    );
    expect(within(byLaw).getByRole('rowheader', { name: 'UVG' }).closest('tr')).toHaveTextContent(
      '1CHF 50.20',
    );
    expect(within(byLaw).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      "3CHF 1'150.35",
    );
    const byStatus = screen.getByRole('table', { name: 'Totals by status' });
    expect(within(byStatus).getByRole('rowheader', { name: 'Not printed' }).closest('tr')).toHaveTextContent(
      "2CHF 1'100.15",
    );
    const table = screen.getByRole('table', { name: 'Services' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('filters in memory and sorts by a column', async () => {
    signInForTest();
    const api = stubApi({ accountingServices: () => rows });
    const { user, router } = renderWithProviders(<AccountingRoute />, { url: '/accounting?law=KVG' });
    expect(await screen.findByTestId('row-count')).toHaveTextContent('2 of 3 rows');
    const table = screen.getByRole('table', { name: 'Services' });
    await user.click(within(table).getByRole('button', { name: 'Sort by Amount, ascending' }));
    await user.click(within(table).getByRole('button', { name: 'Sort by Amount, descending' }));
    expect(router.state.location.search).toContain('sort=amount&dir=desc');
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent("CHF 1'000.05"));
    expect(within(table).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(api.calls.filter((c) => c.op === 'accountingServices')).toHaveLength(1);
  });

  it('asks before loading the whole stock and sends no range after the yes', async () => {
    signInForTest();
    const api = stubApi({ accountingServices: () => rows });
    const { user } = renderWithProviders(<AccountingRoute />, { url: '/accounting' });
    await screen.findByTestId('row-count');
    await user.click(screen.getByRole('button', { name: 'Whole stock…' }));
    const dialog = screen.getByRole('dialog', { name: 'Load the whole stock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.op === 'accountingServices')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Whole stock…' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Load the whole stock' }),
    );
    await waitFor(() => expect(api.calls.filter((c) => c.op === 'accountingServices')).toHaveLength(2));
    expect(api.calls.filter((c) => c.op === 'accountingServices')[1].input).toEqual({});
    expect(screen.getByTestId('period')).toHaveTextContent('Whole stock, without a period');
  });

  it('does not load the whole stock from an address alone', async () => {
    signInForTest();
    const api = stubApi({ accountingServices: () => rows });
    const { user } = renderWithProviders(<AccountingRoute />, { url: '/accounting?all=1' });
    expect(await screen.findByText('This address asks for the whole stock. Load it?')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op === 'accountingServices')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Load the whole stock' }));
    await waitFor(() => expect(api.calls.filter((c) => c.op === 'accountingServices')).toHaveLength(1));
  });

  it('tells that payments are filtered by booking date and list the entry date', async () => {
    signInForTest();
    stubApi({ accountingTransactions: () => [] });
    renderWithProviders(<AccountingRoute />, { url: '/accounting?tab=payments' });
    expect(
      await screen.findByText(/booking date, while the date listed is the entry date/),
    ).toBeInTheDocument();
    expect(await screen.findByText('No payments in this period.')).toBeInTheDocument();
  });
});
