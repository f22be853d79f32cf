import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead, TaskRow } from '../../../contract/sales.ts';
import { practiceToday } from '../../components/format.ts';
import { addDays } from '../../components/practice-clock.ts';
import { type ApiStub, fail, list, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { Component as TasksPage } from './route.tsx';

// The machine is shared: give the UI time.
vi.setConfig({ testTimeout: 30_000 });

const today = practiceToday();
const yesterday = addDays(today, -1);

function task(historyId: number, patch: Partial<TaskRow> = {}): TaskRow {
  return {
    historyId,
    leadId: 100 + historyId,
    lastname: 'Muster',
    firstname: `Anna${historyId}`,
    ispatient: 1,
    text: `Call back ${historyId}`,
    category: '',
    reminderDate: `${today} 09:00:00`,
    assignedTo: 1,
    priority: 1,
    completed: false,
    completedTime: null,
    created: '2026-01-01 10:00:00',
    ...patch,
  };
}

const me = {
  userid: 1,
  username: 'demo',
  givenname: 'Demo',
  familyname: 'User',
  modules: [],
  tenant: 'demo',
};
const users = [
  { userid: 1, givenname: 'Demo', familyname: 'User', active: true },
  { userid: 6, givenname: 'Sara', familyname: 'Keller', active: true },
];

function lead(leadId: number, lastname: string, firstname: string): Lead {
  return {
    leadId,
    uniqid: `u${leadId}`,
    ispatient: 1,
    folderId: 1,
    source: '',
    assigneeId: null,
    flags: [],
    what: '',
    contact: {
      title: '',
      salutation: '',
      firstname,
      lastname,
      alias: '',
      gender: '',
      dob: null,
      civilStatus: '',
      nationality: '',
    },
    address: { street: '', zip: '', city: '', country: '', countryCode: '' },
    communication: {
      mail: `${lastname.toLowerCase()}@example.ch`,
      mail2: '',
      phone: '',
      phone2: '',
      mobile: '',
      mobile2: '',
    },
    medical: { bloodType: '', height: null, weight: null, job: '', hxData: {} },
    insurance: { kvg: '', kvgPoliceNr: '', vvg: '', payerType: '' },
    commercial: {},
    created: '2026-01-01 10:00:00',
    lastActivity: '2026-01-01 10:00:00',
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
    reasonDisqualified: '',
  };
}

let open: TaskRow[];
let api: ApiStub;

/** getTasks over `open` (and one completed task), as the service would filter them. */
function getTasks(input: Record<string, unknown>) {
  const filter = (input.filter ?? {}) as { completed?: boolean; reminderTo?: string };
  if (filter.completed)
    return list([task(50, { completed: true, reminderDate: null, completedTime: `${today} 08:00:00` })]);
  const rows = open.filter(
    (r) => !filter.reminderTo || (r.reminderDate ?? '9') <= `${filter.reminderTo} 23:59:59`,
  );
  return list(rows, { limit: Number(input.limit ?? 100), total: rows.length });
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
const rowOf = (text: string) => within(table()).getByRole('row', { name: new RegExp(text) });

beforeEach(() => {
  signInForTest();
  open = [
    task(1, { reminderDate: `${yesterday} 10:00:00`, priority: 3 }),
    task(2, { assignedTo: 6 }),
    task(3, { reminderDate: `${addDays(today, 3)} 11:15:00`, priority: 0 }),
  ];
  api = stubApi({
    whoami: () => me,
    getUsers: () => users,
    getTasks,
    completeLeadTask: (input) => {
      open = open.filter((r) => r.historyId !== input.historyId);
      return null;
    },
  });
});

describe('the task inbox', () => {
  it('lists my open tasks by reminder with lead, text, reminder, assignee, priority and the total', async () => {
    renderInbox();
    expect(await screen.findByText('3 tasks')).toBeInTheDocument();
    expect(tasksCalls()[0]).toEqual({
      filter: { completed: false, assignedTo: 1 },
      offset: 0,
      limit: 25,
      orderBy: 'reminder',
      orderDir: 'asc',
    });
    const first = rowOf('Call back 1');
    expect(within(first).getByRole('link', { name: 'Muster Anna1' })).toHaveAttribute('href', '/leads/101');
    // The reminder column (at phone width the same reminder also shows under the lead's name).
    const reminderCell = (row: HTMLElement) => within(row).getAllByRole('cell')[3] as HTMLElement;
    expect(within(reminderCell(first)).getByText('Overdue')).toBeInTheDocument();
    expect(within(first).getByText('High')).toBeInTheDocument();
    expect(within(reminderCell(rowOf('Call back 2'))).getByText('Today')).toBeInTheDocument();
    expect(await within(rowOf('Call back 2')).findByText('Sara Keller')).toBeInTheDocument();
    expect(within(rowOf('Call back 3')).getByText('None')).toBeInTheDocument();
  });

  it('a preset is a place in the URL and asks for its own tasks', async () => {
    open = [];
    const { router } = renderInbox();
    await screen.findByText('No open tasks — well done');
    fireEvent.click(screen.getByRole('radio', { name: 'Overdue' }));
    expect(await screen.findByText('Nothing overdue — well done')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?preset=overdue');
    expect(tasksCalls().at(-1)?.filter).toEqual({ completed: false, assignedTo: 1, reminderTo: yesterday });
  });

  it('completed tasks show when they were done, and cannot be completed again', async () => {
    renderInbox('/tasks?preset=completed');
    const row = await screen.findByRole('row', { name: /Call back 50/ });
    expect(within(row).getByRole('img', { name: 'Completed' })).toBeInTheDocument();
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(tasksCalls()[0]).toMatchObject({
      orderBy: 'created',
      orderDir: 'desc',
      filter: { completed: true },
    });
  });

  it('completing takes the task out at once, and the list is read again', async () => {
    let finish: () => void = () => undefined;
    api.on({
      completeLeadTask: () =>
        new Promise((resolve) => {
          finish = () => resolve(null);
        }),
    });
    renderInbox();
    await screen.findByText('3 tasks');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Complete task Call back 2' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Call back 2/ })).toBeNull());
    expect(screen.getByText('2 tasks')).toBeInTheDocument();
    expect(api.calls.find((c) => c.op === 'completeLeadTask')?.input).toEqual({ historyId: 2 });

    const reads = tasksCalls().length;
    open = open.filter((r) => r.historyId !== 2);
    finish();
    await waitFor(() => expect(tasksCalls().length).toBeGreaterThan(reads));
    expect(screen.queryByRole('row', { name: /Call back 2/ })).toBeNull();
  });

  it('a refusal brings the task back with the message', async () => {
    api.on({ completeLeadTask: () => fail(404, 'History entry not found.') });
    renderInbox();
    await screen.findByText('3 tasks');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Complete task Call back 3' }));
    expect(
      await screen.findByText('“Call back 3” could not be completed: This task does not exist any more.'),
    ).toBeInTheDocument();
    expect(rowOf('Call back 3')).toBeInTheDocument();
    expect(screen.getByText('3 tasks')).toBeInTheDocument();
  });

  it('works by keyboard: arrows move, C completes, Enter opens the lead', async () => {
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
    await waitFor(() => expect(screen.queryByRole('row', { name: /Call back 2/ })).toBeNull());
    expect(api.calls.find((c) => c.op === 'completeLeadTask')?.input).toEqual({ historyId: 2 });
    // The focus goes on to the next task.
    await waitFor(() => expect(rowOf('Call back 3')).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/103'));
  });

  it('failing to load shows the error with Retry', async () => {
    api.on({ getTasks: () => fail(500, 'Database locked.') });
    renderInbox();
    expect(await screen.findByText('Database locked.')).toBeInTheDocument();
    api.on({ getTasks });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 tasks')).toBeInTheDocument();
  });

  it('pages through the total', async () => {
    api.on({
      getTasks: (input) =>
        list([task(Number(input.offset) + 1)], { offset: Number(input.offset), limit: 25, total: 60 }),
    });
    const { router } = renderInbox();
    expect(await screen.findByText('60 tasks')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(tasksCalls().at(-1)).toMatchObject({ offset: 50, limit: 25 });
  });
});

describe('a new task from the inbox', () => {
  it('says what is missing, finds the lead by searching, and saves', async () => {
    api.on({
      getLeads: (input) => {
        const search = ((input.filter as { search?: string }).search ?? '').toLowerCase();
        return list(
          [lead(41, 'Brunner', 'Eva'), lead(42, 'Meier', 'Hans')].filter((l) =>
            l.contact.lastname.toLowerCase().includes(search),
          ),
        );
      },
      addLeadTask: () => ({ historyId: 99 }),
    });
    const { user } = renderInbox();
    await screen.findByText('3 tasks');
    await user.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });

    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(await within(dialog).findByText('Choose a lead.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter what is to be done.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: 'Lead' }), 'brun');
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.op === 'getLeads' && (c.input.filter as { search: string }).search === 'brun',
        ),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: /Brunner Eva/ }));
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
      leadId: 41,
      text: 'Send the offer',
      reminderDate: '2026-04-02 09:30',
      assignedTo: 1,
      priority: 2,
      notifyAssignee: false,
    });
    expect(await screen.findByText('Task added')).toBeInTheDocument();
    await waitFor(() => expect(tasksCalls().length).toBeGreaterThan(reads));
  });

  it('keeps what was typed when the service refuses, with its message on the field', async () => {
    api.on({
      getLeads: () => list([lead(41, 'Brunner', 'Eva')]),
      addLeadTask: () => fail(422, 'Lead is deleted.'),
    });
    const { user } = renderInbox();
    await screen.findByText('3 tasks');
    await user.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Lead' }));
    await user.click(await screen.findByRole('option', { name: /Brunner Eva/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Send the offer');
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(await within(dialog).findByText('This lead is deleted.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Task' })).toHaveValue('Send the offer');

    // Closing with something typed asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      within(dialog).getByText('Discard the new task? What you entered will be lost.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: 'Task' })).toHaveValue('Send the offer');
  });
});
