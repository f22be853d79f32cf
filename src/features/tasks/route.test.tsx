import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { practiceToday } from '#components/format.ts';
import { addDays } from '#components/practice-clock.ts';
import { UNDO_MS } from '#components/undo.tsx';
import type { Lead, TaskRow } from '#contract/sales.ts';
import { createLead, createTask } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as TasksPage } from './route.tsx';

// The machine is shared: give the UI time.
vi.setConfig({ testTimeout: 30_000 });

// The demo practice: user 1 (demo, Petra Sommer) is the one signed in.
const api = inProcessService();
const ME = 1;

/**
 * The practice's moment for every test of this file (Wednesday 25.11.2026 09:40 in Zurich), the app and the service
 * alike: a run that crosses midnight (CI under faketime at 23:59) once sent the overdue preset's day after the one the
 * test computed.
 */
const MOMENT = new Date('2026-11-25T08:40:00Z');
const today = practiceToday(MOMENT);
const yesterday = addDays(today, -1);

/** The demo user's open tasks as the service has them. */
async function myOpenTasks(): Promise<TaskRow[]> {
  const filter = { assignedTo: ME, completed: false };
  const reply = await api.send('getTasks', { filter, offset: 0, limit: 100 });
  return reply.body.result as TaskRow[];
}

/**
 * The inbox shows only what a test makes: the demo data's open tasks of the demo user (and those of the tests
 * before) are completed through the service first.
 */
async function clearMyTasks(): Promise<void> {
  for (let open = await myOpenTasks(); open.length > 0; open = await myOpenTasks()) {
    for (const row of open) {
      const reply = await api.send('completeLeadTask', { historyId: row.historyId });
      if (reply.body.status !== true) throw new Error(`could not complete task ${row.historyId}`);
    }
  }
}

/** One of my tasks on a new lead "Muster Anna<n>". */
async function myTask(n: number, reminderDate: string | null, priority = 1) {
  const lead = await createLead(api, { contact: { firstname: `Anna${n}`, lastname: 'Muster' } });
  return createTask(api, { lead, text: `Call back ${n}`, reminderDate, assignedTo: ME, priority });
}

/** The three open tasks most tests start with: overdue and high, due today, in three days without priority. */
async function threeTasks() {
  const first = await myTask(1, `${yesterday} 10:00`, 3);
  const second = await myTask(2, `${today} 09:00`);
  const third = await myTask(3, `${addDays(today, 3)} 11:15`, 0);
  return [first, second, third] as const;
}

function tasksCalls() {
  return api.calls.filter((c) => c.op === 'getTasks').map((c) => c.input);
}

function renderInbox(url = '/tasks') {
  return renderWithProviders(<TasksPage />, {
    url,
    path: '/tasks',
    routes: [{ path: '/leads/:leadId', element: <div data-testid="lead-page" /> }],
  });
}

const table = () => screen.getByRole('table', { name: 'Tasks' });
const rowOf = (text: string) => within(table()).getByRole('row', { name: new RegExp(`${text}\\b`) });

beforeEach(async () => {
  vi.useFakeTimers({ now: MOMENT, toFake: ['Date'], shouldAdvanceTime: true });
  signInForTest();
  await clearMyTasks();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The clock runs on its own (the service and the UI keep working) and can jump over the Undo's 8 seconds. */
function fakeClock() {
  vi.useFakeTimers({ now: Date.now(), shouldAdvanceTime: true });
}

async function passUndo() {
  await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 10));
}

const completeCalls = () => api.calls.filter((c) => c.op === 'completeLeadTask');
const doneButton = (text: string) => screen.getByRole('button', { name: `Complete task ${text}` });

describe('the task inbox', () => {
  it('lists my open tasks by reminder with lead, text, reminder, assignee, priority and the total', async () => {
    const [first] = await threeTasks();
    renderInbox();
    expect(await screen.findByText('3 tasks')).toBeInTheDocument();
    expect(tasksCalls()[0]).toEqual({
      filter: { completed: false, assignedTo: ME },
      offset: 0,
      limit: 25,
      orderBy: 'reminder',
      orderDir: 'asc',
    });
    const row = rowOf('Call back 1');
    expect(within(row).getByRole('link', { name: 'Muster Anna1' })).toHaveAttribute(
      'href',
      `/leads/${first.lead.leadId}`,
    );
    // The reminder column (at phone width the same reminder also shows under the lead's name).
    const reminderCell = (r: HTMLElement) => within(r).getAllByRole('cell')[3] as HTMLElement;
    expect(within(reminderCell(row)).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(reminderCell(rowOf('Call back 2'))).getByText('Today')).toBeInTheDocument();
    expect(await within(rowOf('Call back 2')).findByText('Petra Sommer')).toBeInTheDocument();
    expect(within(rowOf('Call back 3')).getByText('None')).toBeInTheDocument();
    // By reminder: the overdue one first, the one in three days last.
    const texts = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent ?? '');
    expect(texts.map((t) => /Call back (\d)/.exec(t)?.[1])).toEqual(['1', '2', '3']);
  });

  it('a preset is a place in the URL and asks for its own tasks', async () => {
    const { router } = renderInbox();
    await screen.findByText('No open tasks — well done');
    fireEvent.click(screen.getByRole('radio', { name: 'Overdue' }));
    expect(await screen.findByText('Nothing overdue — well done')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?preset=overdue');
    expect(tasksCalls().at(-1)?.filter).toEqual({ completed: false, assignedTo: ME, reminderTo: yesterday });
  });

  it('keeps two filter changes made before the page has redrawn the first', async () => {
    const { router } = renderInbox();
    await screen.findByText('No open tasks — well done');
    const filters = screen.getByRole('region', { name: 'Filters' });
    // Both in one task: the second handler runs before React has drawn the first change.
    act(() => {
      fireEvent.change(within(filters).getByRole('combobox', { name: 'Pipeline' }), {
        target: { value: '1' },
      });
      fireEvent.change(within(filters).getByRole('combobox', { name: 'Priority' }), {
        target: { value: '3' },
      });
    });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('pipeline')).toBe('1');
      expect(search.get('priority')).toBe('3');
    });
  });

  it('completed tasks show when they were done, and cannot be completed again', async () => {
    const done = await myTask(50, null);
    expect((await api.send('completeLeadTask', { historyId: done.historyId })).body.status).toBe(true);
    renderInbox('/tasks?preset=completed');
    const row = await screen.findByRole('row', { name: /Call back 50\b/ });
    expect(within(row).getByRole('img', { name: 'Completed' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Complete task/ })).toBeNull();
    expect(tasksCalls()[0]).toMatchObject({
      orderBy: 'created',
      orderDir: 'desc',
      filter: { completed: true },
    });
  });

  it('the Done column has a button that completes, not a box that selects', async () => {
    await threeTasks();
    renderInbox();
    await screen.findByText('3 tasks');
    expect(within(table()).getByRole('columnheader', { name: 'Done' })).toBeVisible();
    expect(within(table()).queryByRole('checkbox')).toBeNull();
    expect(doneButton('Call back 1')).toBeInTheDocument();
  });

  it('completing takes the task out at once with Undo, and sends it when the 8 seconds are up', async () => {
    fakeClock();
    const [, second] = await threeTasks();
    renderInbox();
    await screen.findByText('3 tasks');
    fireEvent.click(doneButton('Call back 2'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Call back 2\b/ })).toBeNull());
    expect(screen.getByText('2 tasks')).toBeInTheDocument();
    expect(await screen.findByText('Task “Call back 2” done.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    // Held: nothing sent, not done in the service.
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 1000));
    expect(completeCalls()).toHaveLength(0);
    expect((await myOpenTasks()).map((r) => r.historyId)).toContain(second.historyId);
    // A list read meanwhile (another tab, a refocus) keeps it out.
    expect(screen.queryByRole('row', { name: /Call back 2\b/ })).toBeNull();

    const reads = tasksCalls().length;
    await passUndo();
    await waitFor(() => expect(completeCalls()).toHaveLength(1));
    expect(completeCalls()[0]?.input).toEqual({ historyId: second.historyId });
    await waitFor(() => expect(tasksCalls().length).toBeGreaterThan(reads));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('row', { name: /Call back 2\b/ })).toBeNull();
    expect((await myOpenTasks()).map((r) => r.historyId)).not.toContain(second.historyId);
  });

  it('Undo brings the task back where it was and sends nothing', async () => {
    fakeClock();
    const [, second] = await threeTasks();
    renderInbox();
    await screen.findByText('3 tasks');
    fireEvent.click(doneButton('Call back 2'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Call back 2\b/ })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('row', { name: /Call back 2\b/ })).toBeInTheDocument();
    expect(screen.getByText('3 tasks')).toBeInTheDocument();
    const texts = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((r) => /Call back (\d)/.exec(r.textContent ?? '')?.[1]);
    expect(texts).toEqual(['1', '2', '3']);
    await passUndo();
    await passUndo();
    expect(completeCalls()).toHaveLength(0);
    expect((await myOpenTasks()).map((r) => r.historyId)).toContain(second.historyId);
    // No refusal is reported for an Undo.
    expect(screen.queryByText(/could not be completed/)).toBeNull();
  });

  it('Ctrl+Z undoes the latest completion; an earlier one is sent when the next is made', async () => {
    fakeClock();
    const [first, second] = await threeTasks();
    const { user } = renderInbox();
    await screen.findByText('3 tasks');
    fireEvent.click(doneButton('Call back 1'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Call back 1\b/ })).toBeNull());
    fireEvent.click(doneButton('Call back 2'));
    // The first can no longer be undone: it goes to the service now.
    await waitFor(() =>
      expect(completeCalls().map((c) => c.input)).toEqual([{ historyId: first.historyId }]),
    );
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByRole('row', { name: /Call back 2\b/ })).toBeInTheDocument();
    await passUndo();
    expect(completeCalls().map((c) => c.input)).toEqual([{ historyId: first.historyId }]);
    expect((await myOpenTasks()).map((r) => r.historyId)).toContain(second.historyId);
  });

  it('a held completion is sent at once when the page is hidden', async () => {
    fakeClock();
    const [first] = await threeTasks();
    renderInbox();
    await screen.findByText('3 tasks');
    fireEvent.click(doneButton('Call back 1'));
    await screen.findByRole('button', { name: 'Undo' });
    expect(completeCalls()).toHaveLength(0);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() =>
        expect(completeCalls().map((c) => c.input)).toEqual([{ historyId: first.historyId }]),
      );
    } finally {
      visibility.mockRestore();
    }
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    await waitFor(async () =>
      expect((await myOpenTasks()).map((r) => r.historyId)).not.toContain(first.historyId),
    );
  });

  it('a refusal brings the task back with the message', async () => {
    const [, , third] = await threeTasks();
    api.intercept('completeLeadTask', () => ({ http: 404, msg: 'History entry not found.' }));
    fakeClock();
    renderInbox();
    await screen.findByText('3 tasks');
    fireEvent.click(doneButton('Call back 3'));
    await passUndo();
    // The message in the app's one wording of it (components/messages.ts), as the lead's page says it too.
    expect(
      await screen.findByText(
        '“Call back 3” could not be completed: This history entry does not exist (any more).',
      ),
    ).toBeInTheDocument();
    expect(rowOf('Call back 3')).toBeInTheDocument();
    expect(screen.getByText('3 tasks')).toBeInTheDocument();
    expect((await myOpenTasks()).map((r) => r.historyId)).toContain(third.historyId);
  });

  it('works by keyboard: arrows move, C completes, Enter opens the lead', async () => {
    fakeClock();
    const [, second, third] = await threeTasks();
    const { user, router } = renderInbox();
    await screen.findByText('3 tasks');
    const first = rowOf('Call back 1');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(rowOf('Call back 2')).toHaveAttribute('tabindex', '-1');
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(rowOf('Call back 2')).toHaveFocus();
    await user.keyboard('{End}');
    expect(rowOf('Call back 3')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(rowOf('Call back 2')).toHaveFocus();

    await user.keyboard('c');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Call back 2\b/ })).toBeNull());
    // The focus goes on to the next task.
    await waitFor(() => expect(rowOf('Call back 3')).toHaveFocus());
    // Sent once the Undo has passed.
    await passUndo();
    await waitFor(() =>
      expect(api.calls.find((c) => c.op === 'completeLeadTask')?.input).toEqual({
        historyId: second.historyId,
      }),
    );

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/leads/${third.lead.leadId}`));
  });

  it('failing to load shows the error with Retry', async () => {
    await threeTasks();
    let broken = true;
    api.intercept('getTasks', () => (broken ? { http: 500, msg: 'Database locked.' } : undefined));
    renderInbox();
    expect(await screen.findByText('Database locked.')).toBeInTheDocument();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 tasks')).toBeInTheDocument();
  });

  it('pages through the total', async () => {
    const lead = await createLead(api);
    for (let i = 0; i < 60; i += 1) {
      await createTask(api, { lead, text: `Paged ${i}`, reminderDate: `${today} 09:00`, assignedTo: ME });
    }
    const { router } = renderInbox();
    expect(await screen.findByText('60 tasks')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(tasksCalls().at(-1)).toMatchObject({ offset: 50, limit: 25 });
    // The last ten of the service's sixty (same reminder: in the order they were made).
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(11));
    expect(rowOf('Paged 50')).toBeInTheDocument();
    expect(rowOf('Paged 59')).toBeInTheDocument();
  });
});

describe('a new task from the inbox', () => {
  /** A lead with a last name no demo lead has, to find it by searching. */
  const uniqueLead = (lastname: string): Promise<Lead> =>
    createLead(api, { contact: { firstname: 'Eva', lastname } });

  it('says what is missing, finds the lead by searching, and saves', async () => {
    const lead = await uniqueLead('Brunwalder');
    await threeTasks();
    const { user } = renderInbox();
    await screen.findByText('3 tasks');
    await user.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });

    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(await within(dialog).findByText('Choose a lead.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter what is to be done.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: 'Lead' }), 'brunwald');
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.op === 'getLeads' && (c.input.filter as { search?: string }).search === 'brunwald',
        ),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: /Brunwalder Eva/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Send the offer');
    // Swiss formats in every language: the day as DD.MM.YYYY, the time in 24 hours (no native date/time input).
    expect(dialog.querySelector('input[type="date"], input[type="time"]')).toBeNull();
    const day = within(dialog).getByRole('textbox', { name: 'Reminder day' });
    await user.type(day, '02.04.2026');
    await user.tab();
    expect(day).toHaveValue('02.04.2026');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Hours' }), '09');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Minutes' }), '30');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority' }), '2');
    const reads = tasksCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task' })).toBeNull());
    expect(api.calls.find((c) => c.op === 'addLeadTask')?.input).toEqual({
      leadId: lead.leadId,
      text: 'Send the offer',
      reminderDate: '2026-04-02 09:30',
      assignedTo: ME,
      priority: 2,
      notifyAssignee: false,
    });
    expect(await screen.findByText('Task added')).toBeInTheDocument();
    await waitFor(() => expect(tasksCalls().length).toBeGreaterThan(reads));
    // The service has it, on the lead, as it was entered.
    expect(await myOpenTasks()).toContainEqual(
      expect.objectContaining({
        leadId: lead.leadId,
        text: 'Send the offer',
        reminderDate: '2026-04-02 09:30:00',
        priority: 2,
      }),
    );
  });

  it('keeps what was typed when the service refuses, with its message on the field', async () => {
    const lead = await uniqueLead('Brunwaldner');
    await threeTasks();
    const { user } = renderInbox();
    await screen.findByText('3 tasks');
    await user.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Lead' }), 'brunwaldner');
    await user.click(await screen.findByRole('option', { name: /Brunwaldner Eva/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Send the offer');
    // Someone else deletes the lead meanwhile: the service refuses the task.
    const deleted = await api.send('deleteLead', { leadId: lead.leadId, reason: 'Duplicate' });
    expect(deleted.body.status).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    // The message in the app's one wording of it (components/messages.ts), as the lead's page says it too.
    expect(await within(dialog).findByText('The lead is deleted. Restore it first.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Task' })).toHaveValue('Send the offer');

    // Closing with something typed asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('alertdialog', { name: 'Discard your changes?' })).toHaveTextContent(
      'What you entered has not been saved and will be lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: 'Task' })).toHaveValue('Send the offer');
  });
});
