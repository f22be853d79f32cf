import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '#components/format.ts';
import { UNDO_MS } from '#components/undo.tsx';
import type { Lead } from '#contract/sales.ts';
import { createLead, createNote, createPatient, createTask } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { type Failure, inProcessService } from '#test/service.ts';
import { DetailsTimeline, historyTypeOf } from './timeline.tsx';

// The practice's clock stands at 20.11.2026 14:30 Zurich time: the entries are written then.
const api = inProcessService({ now: () => new Date('2026-11-20T13:30:00Z') });

function renderTimeline(lead: Lead) {
  signInForTest();
  const view = renderWithProviders(<DetailsTimeline lead={lead} />, {
    url: `/leads/${lead.leadId}`,
    path: '/leads/:leadId',
  });
  // Typed at once, not key by key with a pause: big forms on a busy machine.
  return { ...view, user: userEvent.setup({ delay: null }) };
}

/** The first entry of the timeline's list (the navigation around it has list items too). */
async function firstEntry(): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'History entries' });
  const [item] = within(list).getAllByRole('listitem');
  if (!item) throw new Error('the timeline has no entries');
  return item;
}

/** The Undo's 8 seconds, passed at once (the clock otherwise runs on its own). */
async function passUndo() {
  await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 10));
}

afterEach(() => {
  vi.useRealTimers();
});

const completeCalls = () => api.calls.filter((c) => c.op === 'completeLeadTask').map((c) => c.input);

const historyCalls = () => api.calls.filter((c) => c.op === 'getLeadHistory').map((c) => c.input);

describe('the timeline', { timeout: 60_000 }, () => {
  it('shows who wrote an entry and when, in practice time', async () => {
    const lead = await createLead(api);
    await createNote(api, lead, { text: 'First call', category: 'CALL' });
    renderTimeline(lead);
    const item = await firstEntry();
    expect(within(item).getByText('First call')).toBeInTheDocument();
    expect(await within(item).findByText('Telefonat')).toBeInTheDocument();
    expect(await within(item).findByText('Petra Sommer · 20.11.2026 14:30')).toBeInTheDocument();
  });

  it('completes a task at once, and puts it back with the reason when the server refuses', async () => {
    const { lead, historyId } = await createTask(api, {
      text: 'Call back about the offer',
      reminderDate: '2026-11-21 09:00:00',
      priority: 2,
    });
    let answer: (failure: Failure) => void = () => undefined;
    api.intercept(
      'completeLeadTask',
      () =>
        new Promise<Failure>((resolve) => {
          answer = resolve;
        }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderTimeline(lead);
    const item = await firstEntry();
    expect(within(item).getByText('Open')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Mark as completed' }));
    // Optimistic: done before the server answered.
    expect(await within(item).findByText('Completed')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Mark as completed' })).toBeNull();
    // Held for the Undo's 8 seconds, then sent.
    expect(await screen.findByText('Task “Call back about the offer” done.')).toBeInTheDocument();
    expect(completeCalls()).toEqual([]);
    await passUndo();
    await waitFor(() => expect(completeCalls()).toEqual([{ historyId }]));

    answer({ http: 404, msg: 'History entry not found.' });
    expect(
      await within(item).findByText(
        'The task could not be completed: This history entry does not exist (any more).',
      ),
    ).toBeInTheDocument();
    expect(within(item).getByText('Open')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Mark as completed' })).toBeInTheDocument();
  });

  it('Undo puts the task back open and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { lead, historyId } = await createTask(api, { reminderDate: '2026-11-21 09:00:00' });
    const { user } = renderTimeline(lead);
    const item = await firstEntry();
    await user.click(within(item).getByRole('button', { name: 'Mark as completed' }));
    expect(await within(item).findByText('Completed')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await within(item).findByText('Open')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Mark as completed' })).toBeInTheDocument();
    await passUndo();
    expect(completeCalls().filter((c) => c.historyId === historyId)).toEqual([]);
    expect(within(item).queryByRole('alert')).toBeNull();
    const stored = await api.send('getLeadHistory', { leadId: lead.leadId });
    expect((stored.body.result as { completed: boolean }[])[0]?.completed).toBe(false);
  });

  it('keeps a completed task completed once the server agrees', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { lead } = await createTask(api, { reminderDate: '2026-11-21 09:00:00' });
    const { user } = renderTimeline(lead);
    const item = await firstEntry();
    await user.click(within(item).getByRole('button', { name: 'Mark as completed' }));
    await waitFor(() => expect(within(item).getByText('Completed')).toBeInTheDocument());
    await passUndo();
    // The history is read again after the save: the service's answer agrees.
    await waitFor(() => expect(historyCalls().length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(item).getByText('Completed')).toBeInTheDocument();
    expect(within(item).queryByRole('alert')).toBeNull();
    const stored = await api.send('getLeadHistory', { leadId: lead.leadId });
    expect((stored.body.result as { completed: boolean }[])[0]?.completed).toBe(true);
  });

  it('asks getLeadHistory for the chosen type and for deleted entries', async () => {
    const lead = await createLead(api);
    const { user } = renderTimeline(lead);
    // Everything: only the lead's creation so far.
    expect(await screen.findByText('Lead created')).toBeInTheDocument();
    const show = screen.getByLabelText('Show');
    const last = () => historyCalls().at(-1);

    expect(last()).toMatchObject({ leadId: lead.leadId, type: null, includeDeleted: false, offset: 0 });
    await user.selectOptions(show, 'Notes and tasks');
    expect(await screen.findByText('No entries')).toBeInTheDocument();
    // The creation is no note: only "Everything" shows it.
    expect(screen.queryByText('Lead created')).toBeNull();
    for (const [label, type] of [
      ['Notes and tasks', ''],
      ['Folder changes', 'S'],
      ['Assignee changes', 'A'],
      ['Watchers', 'J'],
      ['Offers', 'OFF'],
    ] as const) {
      await user.selectOptions(show, label);
      await waitFor(() => expect(last()).toMatchObject({ type }));
    }
    await user.click(screen.getByLabelText('Include deleted entries'));
    await waitFor(() => expect(last()).toMatchObject({ type: 'OFF', includeDeleted: true }));
  });

  it('loads further pages on request', async () => {
    const lead = await createLead(api);
    for (let i = 0; i < 25; i++) await createNote(api, lead);
    // The notes, and the entry of the writer joining the watchers.
    const stored = await api.send('getLeadHistory', { leadId: lead.leadId, limit: 1 });
    const total = (stored.body.pagination as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(25);
    expect(total).toBeLessThanOrEqual(40);
    const { user } = renderTimeline(lead);
    expect(await screen.findByText(`Showing 20 of ${total}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Showing ${total} of ${total}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(historyCalls().map((b) => b.offset)).toEqual([0, 20]);
  });

  it('names the patient of a conversion by name, linked to the patient’s page', async () => {
    const lead = await createLead(api);
    const patient = await createPatient(api, { lastname: 'Zürcher', firstname: 'Lea' });
    const converted = await api.send('convertLead', { leadId: lead.leadId, patid: patient.patid });
    expect(converted.body.status).toBe(true);
    renderTimeline(lead);
    const item = await firstEntry();
    expect(within(item).getByText(/Folder: Open → Converted/)).toBeInTheDocument();
    const link = await within(item).findByRole('link', { name: 'Zürcher, Lea' });
    expect(link).toHaveAttribute('href', `/patients/${patient.patid}`);
    expect(item).not.toHaveTextContent(`(patient ${patient.patid})`);
  });

  it('shows the lead’s creation as its first event, at the end of the list', async () => {
    const lead = await createLead(api);
    await createNote(api, lead, { text: 'Called back' });
    renderTimeline(lead);
    const list = await screen.findByRole('list', { name: 'History entries' });
    await within(list).findByText('Lead created');
    const items = within(list).getAllByRole('listitem');
    expect(items.at(-1)).toHaveTextContent('Lead created');
    expect(items.at(-1)).toHaveTextContent(formatDateTime(lead.created));
    expect(items[0]).toHaveTextContent('Called back');
  });

  it('folds a run of watcher entries into one line that opens by keyboard', async () => {
    const lead = await createLead(api);
    // Two users join the watchers, one after the other, and nothing else happens in between.
    for (const userId of [6, 7]) {
      const r = await api.send('bulkAssign', { leadIds: [lead.leadId], userId });
      expect(r.body.status).toBe(true);
    }
    const stored = await api.send('getLeadHistory', { leadId: lead.leadId, type: 'J' });
    const watcherEntries = (stored.body.result as unknown[]).length;
    expect(watcherEntries).toBeGreaterThanOrEqual(2);
    const { user } = renderTimeline(lead);
    const list = await screen.findByRole('list', { name: 'History entries' });
    // Each run of watcher entries between the assignee changes is one closed line.
    const toggles = await within(list).findAllByRole('button', { name: /^\d+ watcher changes?$/ });
    const [toggle] = toggles;
    expect(toggles.every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(list).queryByText(/^Watcher joined/)).toBeNull();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const opened = screen.getByRole('list', { name: 'Watcher changes' });
    expect(within(opened).getAllByText(/^Watcher joined: /)).toHaveLength(
      Number(/^\d+/.exec(toggle.textContent ?? '')?.[0]),
    );
    // The watcher filter shows them one by one, no folding.
    await user.selectOptions(screen.getByLabelText('Show'), 'Watchers');
    await waitFor(() => expect(screen.queryByRole('button', { name: /watcher changes?$/ })).toBeNull());
    expect(await screen.findAllByText(/^Watcher joined: /)).toHaveLength(watcherEntries);
  });
});

describe('the timeline filter', () => {
  it("maps the filter to getLeadHistory's type: null everything, '' notes and tasks", () => {
    expect(historyTypeOf('all')).toBeNull();
    expect(historyTypeOf('notes')).toBe('');
    expect(historyTypeOf('S')).toBe('S');
    expect(historyTypeOf('OFF')).toBe('OFF');
  });
});
