import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../contract/sales.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { saveSession } from '../../api/session.ts';
import '../../i18n/index.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeLead, testFolders } from './board-test-data.ts';
import { Component as BoardRoute } from './route.tsx';

// The machine running the tests is shared and often busy.

// The jsdom shims (ResizeObserver, matchMedia) are in src/test/setup.ts.

interface Answer {
  http?: number;
  body: unknown;
}
const ok = (result: unknown): Answer => ({ body: { status: true, msg: 'Success', result } });

/** A fake practice service behind fetch: getLeads answers from `leads` by folder; setLeadFolder as told. */
function fakeService(leads: Lead[], setLeadFolder: () => Answer | Promise<Answer>) {
  saveSession({
    base: 'http://practice.test/v1',
    auth: { kind: 'basic', user: 'demo', password: 'demo' },
    remember: false,
  });
  const calls: { op: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const op = url.split('/').at(-1) ?? '';
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ op, body });
      let answer: Answer;
      if (op === 'getLeads') {
        const filter = (body.filter ?? {}) as { folderId?: number; ispatient?: number };
        const items = leads.filter((l) => l.folderId === filter.folderId && l.ispatient === filter.ispatient);
        answer = {
          body: {
            status: true,
            msg: 'Success',
            result: items,
            pagination: { offset: 0, limit: 50, total: items.length, hasMore: false },
          },
        };
      } else if (op === 'getReferenceData') {
        answer = ok({
          folders: testFolders,
          sources: [{ code: 'I', label: 'Internet' }],
          flags: [],
          disqualification: [],
          categories: [],
        });
      } else if (op === 'getUsers') {
        answer = ok([{ userid: 6, givenname: 'Nina', familyname: 'Weber', active: true }]);
      } else if (op === 'setLeadFolder') {
        answer = await setLeadFolder();
      } else {
        answer = { http: 404, body: { status: false, msg: 'Unknown operation.' } };
      }
      return new Response(JSON.stringify(answer.body), { status: answer.http ?? 200 });
    }),
  );
  return calls;
}

function renderBoard() {
  const router = createMemoryRouter(
    [
      { path: '/leads', element: <BoardRoute /> },
      { path: '/leads/:leadId', element: <p>A lead page</p> },
    ],
    { initialEntries: ['/leads'] },
  );
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const leads = [
  makeLead(1, { folderId: 1, assigneeId: 6, nextReminder: '2020-01-01 08:00:00', unread: true }),
  makeLead(2, { folderId: 1 }),
  makeLead(3, { folderId: 1 }),
  makeLead(4, { folderId: 2 }),
];

describe('the lead board', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a region per folder of the pipeline with its count, and cards named by their lead', async () => {
    fakeService(leads, () => ok(null));
    renderBoard();
    const open = await screen.findByRole('region', { name: 'Open' });
    expect(screen.queryByRole('region', { name: 'Partner follow-up' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Waiting list' })).toBeInTheDocument();
    await within(open).findByRole('article', { name: 'Muster1 Anna' });
    expect(within(open).getByText('3 leads')).toBeInTheDocument();
    const card = within(open).getByRole('article', { name: 'Muster1 Anna' });
    expect(within(card).getByRole('button', { name: 'Actions' })).toBeInTheDocument();
    expect(within(card).getByText('Unread')).toBeInTheDocument();
    expect(within(card).getByText('01.01.2020').closest('[data-overdue]')).not.toBeNull();
    expect(await within(card).findByText('Nina Weber')).toBeInTheDocument();
  });

  it('selects with x and shift-click and offers the bulk actions; arrows move the focus', async () => {
    fakeService(leads, () => ok(null));
    const user = userEvent.setup();
    renderBoard();
    const open = await screen.findByRole('region', { name: 'Open' });
    const first = await within(open).findByRole('article', { name: 'Muster1 Anna' });
    act(() => first.focus());
    await user.keyboard('x');
    const bar = await screen.findByRole('region', { name: 'Selected leads' });
    expect(within(bar).getByText('1 lead selected')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(open).getByRole('article', { name: 'Muster2 Anna' })).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    const other = screen.getByRole('region', { name: 'To be contacted' });
    await waitFor(() => expect(within(other).getByRole('article', { name: 'Muster4 Anna' })).toHaveFocus());

    await user.keyboard('{Shift>}');
    await user.click(within(open).getByRole('checkbox', { name: 'Select Muster3 Anna' }));
    await user.keyboard('{/Shift}');
    expect(within(bar).getByText('3 leads selected')).toBeInTheDocument();
    await user.keyboard('{Escape}');
  });

  it('moves a card by its menu at once and back, with the service message, when the service refuses', async () => {
    let refuse: (a: Answer) => void = () => {};
    const calls = fakeService(leads, () => new Promise<Answer>((resolve) => (refuse = resolve)));
    const user = userEvent.setup();
    renderBoard();
    const open = await screen.findByRole('region', { name: 'Open' });
    const card = await within(open).findByRole('article', { name: 'Muster2 Anna' });
    await user.click(within(card).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Muster2 Anna' });
    // Not offered: the folder it is in, and any folder of the other pipeline.
    expect(within(dialog).queryByRole('radio', { name: 'Open' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Partner follow-up' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'In discussion' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const discussion = screen.getByRole('region', { name: 'In discussion' });
    await within(discussion).findByRole('article', { name: 'Muster2 Anna' });
    expect(within(open).queryByRole('article', { name: 'Muster2 Anna' })).toBeNull();
    expect(calls.filter((c) => c.op === 'setLeadFolder').map((c) => c.body)).toEqual([
      { leadId: 2, folderId: 3 },
    ]);

    refuse({ http: 422, body: { status: false, msg: 'Lead is deleted.' } });
    await within(open).findByRole('article', { name: 'Muster2 Anna' });
    expect(within(discussion).queryByRole('article', { name: 'Muster2 Anna' })).toBeNull();
    expect(await screen.findByText('Lead is deleted.')).toBeInTheDocument();
    expect(screen.getByText('Muster2 Anna could not be moved')).toBeInTheDocument();
  });
});
