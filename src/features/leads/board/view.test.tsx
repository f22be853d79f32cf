import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Lead } from '#contract/sales.ts';
import { createLead, createTask } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as BoardRoute } from '../route.tsx';
import { loadDrag } from './deferred.tsx';

// The jsdom shims (ResizeObserver, matchMedia) are in src/test/setup.ts.

const api = inProcessService();

// Drag and drop loads after the first cards in the app; here it is there from the start, so that the columns the
// tests hold are the ones on screen (its arrival renders the board anew).
beforeAll(() => loadDrag());

/**
 * The board shows only the test's leads: they are assigned to Dr. Andrea Brunner (user 2), whom no lead of the
 * demo data has, and the board is filtered by her (`?assignee=2`). After each test her leads are deleted.
 */
const ASSIGNEE = 2;

async function ok(reply: Promise<{ http: number; body: Record<string, unknown> }>) {
  const { http, body } = await reply;
  if (http !== 200 || body.status !== true) throw new Error(`refused: ${http} ${String(body.msg)}`);
  return body;
}

/** Patient leads "Muster<n> Anna" of the assignee in a folder; made last first, so a column lists them 1, 2, … */
async function musterLeads(folders: Record<number, number>): Promise<Record<number, Lead>> {
  const made: Record<number, Lead> = {};
  for (const n of Object.keys(folders)
    .map(Number)
    .sort((a, b) => b - a)) {
    made[n] = await createLead(api, {
      folderId: folders[n],
      assigneeId: ASSIGNEE,
      contact: { firstname: 'Anna', lastname: `Muster${n}` },
    });
  }
  return made;
}

async function leadsOf(filter: Record<string, unknown>): Promise<Lead[]> {
  const body = await ok(api.send('getLeads', { filter, offset: 0, limit: 100 }));
  return body.result as Lead[];
}

function renderBoard() {
  return renderWithProviders(<BoardRoute />, {
    url: `/leads?assignee=${ASSIGNEE}`,
    path: '/leads',
    routes: [{ path: '/leads/:leadId', element: <p>A lead page</p> }],
  });
}

const cardName = (lead: Lead) => `${lead.contact.lastname} ${lead.contact.firstname}`;

describe('the lead board', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signInForTest();
  });
  afterEach(async () => {
    for (const lead of await leadsOf({ assigneeId: ASSIGNEE })) {
      await ok(api.send('deleteLead', { leadId: lead.leadId, reason: 'Test over' }));
    }
  });

  it('shows a region per folder of the pipeline with its count, and cards named by their lead', async () => {
    // Unread needs a note of someone else: a demo lead in Open that the demo user has not read yet.
    const unread = (await leadsOf({ folderId: 1, ispatient: 1 })).find((l) => l.unread);
    if (!unread) throw new Error('the demo data has no unread lead in Open');
    await ok(api.send('bulkAssign', { leadIds: [unread.leadId], userId: ASSIGNEE }));
    await createTask(api, { lead: unread, reminderDate: '2020-01-01 08:00' });
    await musterLeads({ 2: 1, 3: 1, 4: 2 });

    renderBoard();
    const open = await screen.findByRole('region', { name: 'Open' });
    expect(screen.queryByRole('region', { name: 'Nachfassen Partner' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Warteliste' })).toBeInTheDocument();
    const card = await within(open).findByRole('article', { name: cardName(unread) });
    expect(within(open).getByText('3 leads')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'To be contacted' })).getByText('1 lead'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Actions' })).toBeInTheDocument();
    expect(within(card).getByText('Unread')).toBeInTheDocument();
    expect(within(open).getByRole('article', { name: 'Muster2 Anna' })).not.toHaveTextContent('Unread');
    expect(within(card).getByText('01.01.2020').closest('[data-overdue]')).not.toBeNull();
    expect(await within(card).findByText(/Andrea Brunner/)).toBeInTheDocument();
  });

  it('selects with x and shift-click and offers the bulk actions; arrows move the focus', async () => {
    await musterLeads({ 1: 1, 2: 1, 3: 1, 4: 2 });
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
    const { 2: moved } = await musterLeads({ 1: 1, 2: 1, 3: 1, 4: 2 });
    if (!moved) throw new Error('no lead Muster2');
    // A slow practice that refuses in the end.
    let refuse: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    api.intercept('setLeadFolder', async () => {
      await refused;
      return { http: 422, msg: 'Lead is deleted.' };
    });
    const user = userEvent.setup();
    renderBoard();
    const open = await screen.findByRole('region', { name: 'Open' });
    const card = await within(open).findByRole('article', { name: 'Muster2 Anna' });
    await user.click(within(card).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Muster2 Anna' });
    // Not offered: the folder it is in, and any folder of the other pipeline.
    expect(within(dialog).queryByRole('radio', { name: 'Open' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Nachfassen Partner' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'In discussion' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const discussion = screen.getByRole('region', { name: 'In discussion' });
    await within(discussion).findByRole('article', { name: 'Muster2 Anna' });
    expect(within(open).queryByRole('article', { name: 'Muster2 Anna' })).toBeNull();
    expect(api.calls.filter((c) => c.op === 'setLeadFolder').map((c) => c.input)).toEqual([
      { leadId: moved.leadId, folderId: 3 },
    ]);

    refuse();
    await within(open).findByRole('article', { name: 'Muster2 Anna' });
    expect(within(discussion).queryByRole('article', { name: 'Muster2 Anna' })).toBeNull();
    expect(await screen.findByText('Lead is deleted.')).toBeInTheDocument();
    expect(screen.getByText('Muster2 Anna could not be moved')).toBeInTheDocument();
    // The service still has it in Open.
    expect((await leadsOf({ leadId: moved.leadId }))[0]?.folderId).toBe(1);
  });
});
