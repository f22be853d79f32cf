import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TaskPage } from '#api/sales.ts';
import { overdueTasksInput } from '#components/layout/overdue-badge.tsx';
import type { TaskRow } from '#contract/sales.ts';
import { matchesFilter, putBack, takeOutCompleted } from './queries.ts';

function task(historyId: number, patch: Partial<TaskRow> = {}): TaskRow {
  return {
    historyId,
    leadId: 100 + historyId,
    lastname: 'Muster',
    firstname: 'Anna',
    ispatient: 1,
    text: `Task ${historyId}`,
    category: '',
    reminderDate: '2026-03-10 09:00:00',
    assignedTo: 1,
    priority: 2,
    completed: false,
    completedTime: null,
    created: '2026-03-01 10:00:00',
    ...patch,
  };
}

const page = (items: TaskRow[], total: number, offset = 0, limit = 25): TaskPage => ({
  items,
  pagination: { offset, limit, total, hasMore: offset + limit < total },
});

const key = (input: object) => ['sales', 'getTasks', input] as const;

describe('which lists a task belongs to', () => {
  const row = task(1);

  it('assignee, pipeline, priority and reminder day (inclusive)', () => {
    expect(matchesFilter(row, {})).toBe(true);
    expect(matchesFilter(row, { assignedTo: 1, ispatient: 1, priority: 2 })).toBe(true);
    expect(matchesFilter(row, { assignedTo: 6 })).toBe(false);
    expect(matchesFilter(row, { ispatient: 0 })).toBe(false);
    expect(matchesFilter(row, { priority: 3 })).toBe(false);
    expect(matchesFilter(row, { reminderFrom: '2026-03-10', reminderTo: '2026-03-10' })).toBe(true);
    expect(matchesFilter(row, { reminderTo: '2026-03-09' })).toBe(false);
    expect(matchesFilter(row, { reminderFrom: '2026-03-11' })).toBe(false);
  });

  it('a task without reminder is in no reminder range', () => {
    expect(matchesFilter(task(2, { reminderDate: null }), { reminderTo: '2026-03-17' })).toBe(false);
  });
});

describe('completing a task at once on screen', () => {
  it('takes it out of the open lists that have or count it, and puts it back on refusal', () => {
    const client = new QueryClient();
    const a = task(1);
    const b = task(2);
    const mine = key({ filter: { completed: false, assignedTo: 1 }, offset: 0, limit: 25 });
    const badge = key(overdueTasksInput(1, '2026-03-18'));
    const others = key({ filter: { completed: false, assignedTo: 6 } });
    const done = key({ filter: { completed: true } });
    const both = key({ filter: {} });
    client.setQueryData(mine, page([a, b], 2));
    // The overdue count reads one row; the task is counted though not listed.
    client.setQueryData(badge, page([b], 7, 0, 1));
    client.setQueryData(others, page([task(9, { assignedTo: 6 })], 1));
    client.setQueryData(done, page([], 4));
    client.setQueryData(both, page([a], 30));

    const removal = takeOutCompleted(client, a);

    expect(client.getQueryData<TaskPage>(mine)).toEqual(page([b], 1));
    expect(client.getQueryData<TaskPage>(badge)?.pagination.total).toBe(6);
    expect(client.getQueryData<TaskPage>(others)).toEqual(page([task(9, { assignedTo: 6 })], 1));
    expect(client.getQueryData<TaskPage>(done)).toEqual(page([], 4));
    expect(client.getQueryData<TaskPage>(both)?.items[0].completed).toBe(true);
    expect(removal.map((r) => r.index)).toEqual([0, -1]);

    putBack(client, a, removal);

    expect(client.getQueryData<TaskPage>(mine)).toEqual(page([a, b], 2));
    expect(client.getQueryData<TaskPage>(badge)).toEqual(page([b], 7, 0, 1));
  });

  it('leaves alone what is not a task page', () => {
    const client = new QueryClient();
    client.setQueryData(['sales', 'getTasks', 'odd'], { pages: [] });
    expect(takeOutCompleted(client, task(1))).toEqual([]);
  });
});
