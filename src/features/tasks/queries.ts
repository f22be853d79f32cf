import { keepPreviousData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { completeTaskMutation, type TaskPage, tasksKey, tasksQuery } from '#api/sales.ts';
import { isUndone } from '#components/undo.tsx';
import type { TaskFilter, TaskRow } from '#contract/sales.ts';
import { sameList, type TasksInput } from './url-state.ts';

/** What the task inbox adds to the sales area's factories (`api/sales.ts`): paging and completing at once. */

/** The inbox's page of tasks. */
export function inboxQuery(input: TasksInput) {
  return {
    ...tasksQuery(input),
    // Another page of the same list keeps the rows on screen until it is there; another list does not.
    placeholderData: (previous: TaskPage | undefined, previousQuery?: { queryKey: QueryKey }) =>
      sameList(previousQuery?.queryKey[2] as TasksInput | undefined, input)
        ? keepPreviousData(previous)
        : undefined,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Completing a task at once on screen.

/** Whether getTasks with this filter lists the task (the open/completed flag aside). */
export function matchesFilter(row: TaskRow, filter: TaskFilter): boolean {
  if (filter.assignedTo && row.assignedTo !== Number(filter.assignedTo)) return false;
  if (filter.ispatient !== undefined && row.ispatient !== Number(filter.ispatient)) return false;
  if (filter.priority !== undefined && row.priority !== Number(filter.priority)) return false;
  const day = row.reminderDate?.slice(0, 10) ?? null;
  for (const from of [filter.reminderFrom, filter.dueFrom]) {
    if (from !== undefined && (day === null || day < from)) return false;
  }
  for (const to of [filter.reminderTo, filter.dueTo]) {
    if (to !== undefined && (day === null || day > to)) return false;
  }
  return true;
}

function isTaskPage(data: unknown): data is TaskPage {
  const d = data as Partial<TaskPage> | undefined;
  return Array.isArray(d?.items) && typeof d?.pagination?.total === 'number';
}

function inputOf(key: QueryKey): { filter?: TaskFilter } {
  const input = key[2];
  return input && typeof input === 'object' ? (input as { filter?: TaskFilter }) : {};
}

/** Where a completed task was taken out: the list, its place in the list (-1 = only counted there). */
export type Removal = { key: QueryKey; index: number }[];

/**
 * The task leaves every cached list of open tasks that has it (or counts it: the navigation's overdue count
 * reads only the total); lists of both kinds show it completed.
 */
export function takeOutCompleted(client: QueryClient, row: TaskRow): Removal {
  const removal: Removal = [];
  for (const [key, data] of client.getQueriesData<TaskPage>({ queryKey: tasksKey })) {
    if (!isTaskPage(data)) continue;
    const filter = inputOf(key).filter ?? {};
    const index = data.items.findIndex((r) => r.historyId === row.historyId);
    const completed =
      filter.completed === undefined ? undefined : ['true', '1'].includes(String(filter.completed));
    if (completed !== false) {
      // A list of both kinds shows it completed; a list of completed tasks gets it with the refetch.
      if (completed === undefined && index >= 0) {
        client.setQueryData<TaskPage>(key, {
          ...data,
          items: data.items.map((r) => (r.historyId === row.historyId ? { ...r, completed: true } : r)),
        });
      }
      continue;
    }
    if (index < 0 && !matchesFilter(row, filter)) continue;
    const total = Math.max(0, data.pagination.total - 1);
    client.setQueryData<TaskPage>(key, {
      items: index >= 0 ? data.items.filter((_, i) => i !== index) : data.items,
      pagination: {
        ...data.pagination,
        total,
        hasMore: data.pagination.offset + data.pagination.limit < total,
      },
    });
    removal.push({ key, index });
  }
  return removal;
}

/** The service refused: the task comes back where it was. */
export function putBack(client: QueryClient, row: TaskRow, removal: Removal): void {
  for (const { key, index } of removal) {
    const data = client.getQueryData<TaskPage>(key);
    if (!isTaskPage(data) || data.items.some((r) => r.historyId === row.historyId)) continue;
    const items = [...data.items];
    if (index >= 0) items.splice(Math.min(index, items.length), 0, row);
    const total = data.pagination.total + 1;
    client.setQueryData<TaskPage>(key, {
      items,
      pagination: {
        ...data.pagination,
        total,
        hasMore: data.pagination.offset + data.pagination.limit < total,
      },
    });
  }
}

/**
 * One click or key: the task leaves the open lists at once. The service has no un-complete, so the request is held
 * by `hold` (components/undo.tsx: 8 s with Undo) and sent after; Undo or a refusal puts the task back (the caller
 * shows a refusal's message). The mutation is pending while held, so lists read meanwhile keep the task out.
 */
export function completeFromInboxMutation(
  opts: { hold?: (row: TaskRow) => Promise<void>; onRefused?: (error: unknown, row: TaskRow) => void } = {},
) {
  return completeTaskMutation<TaskRow, Removal>({
    hold: opts.hold,
    onMutate: async (row, { client }) => {
      // A list arriving now would show the task again.
      await client.cancelQueries({ queryKey: tasksKey });
      return takeOutCompleted(client, row);
    },
    // Here rather than in mutate()'s callbacks, which run only for the latest of several quick completions (and
    // not at all once the inbox is left while the request is held).
    onError: (error, row, removal, { client }) => {
      if (removal) putBack(client, row, removal);
      if (!isUndone(error)) opts.onRefused?.(error, row);
      return client.invalidateQueries({ queryKey: tasksKey });
    },
  });
}

/** What the new-task form sends to addLeadTask (api/sales.ts addTaskMutation). */
export interface NewTaskInput {
  leadId: number;
  text: string;
  reminderDate: string | null;
  assignedTo: number;
  priority: number;
  notifyAssignee: boolean;
}
