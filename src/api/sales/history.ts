import type { QueryClient } from '@tanstack/react-query';
import type { OpInput } from '#contract/operations.ts';
import type { HistoryType } from '#contract/sales.ts';
import { call } from '../client.ts';
import {
  type MutationHandlers,
  opInfiniteQuery,
  opMutation,
  opMutationKey,
  opQuery,
  opScope,
  scopeOf,
} from '../queries.ts';
import './operations.ts';

/**
 * The sales area's reads and writes around a lead: its history (timeline), admissions, notes and tasks, and the
 * task inbox (getTasks). The details page and the inbox add their optimistic changes through `MutationHandlers`.
 */

export const HISTORY_PAGE_SIZE = 20;

/** The timeline filter: null = everything, '' = notes and tasks, or one system type. */
export type HistoryFilter = HistoryType | null;

/** The lead's history, newest first, a page at a time ("load more"). */
export function leadHistoryQuery(leadId: number, type: HistoryFilter, includeDeleted: boolean) {
  return opInfiniteQuery(
    'getLeadHistory',
    { leadId, type, includeDeleted, limit: HISTORY_PAGE_SIZE },
    {
      getNextPageParam: (last) =>
        last.pagination.hasMore ? last.pagination.offset + last.items.length : undefined,
    },
  );
}

/** Every cached page of the lead's timeline, whatever its filter. */
export const historyOf = (leadId: number) => opScope('getLeadHistory', { leadId });

export function admissionsQuery(leadId: number) {
  return opQuery('getAdmissions', { filter: { leadId, includeDeleted: true }, offset: 0, limit: 1000 });
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations. Each names what it makes stale.

export function addNoteMutation(leadId: number) {
  return opMutation('addLeadNote', {
    input: (v: { text: string; category?: string }) => ({ leadId, ...v }),
    invalidates: [historyOf(leadId), 'getLeads'],
    silent: true,
  });
}

/** A new task, from the details page or the inbox: the lead's timeline, the lead lists and every task list. */
export function addTaskMutation() {
  return opMutation('addLeadTask', {
    input: (input: OpInput<'addLeadTask'> & { leadId: number }) => input,
    invalidates: ['getTasks', 'getLeads'],
    silent: true,
    onSuccess: (_data, input, _r, { client }) =>
      client.invalidateQueries({ queryKey: historyOf(input.leadId) }),
  });
}

/** `YYYY-MM-DD` is 00:00:00, `YYYY-MM-DD HH:MM` is :00 (as the service stores a reminder). */
function reminderOf(s: string | null | undefined): string | null {
  if (!s) return null;
  if (s.length === 10) return `${s} 00:00:00`;
  if (s.length === 16) return `${s}:00`;
  return s;
}

/**
 * The task an addLeadTask asked for, when the service (never the cache) has it on the lead already (create once,
 * decision 0040): an open task with the same text, reminder, assignee and category, the newest of the lead's
 * latest notes and tasks. What addLeadTask would have answered; the lists it changes are read again then.
 */
export async function findCreatedTask(
  client: QueryClient,
  sent: OpInput<'addLeadTask'> & { leadId: number },
): Promise<{ historyId: number } | undefined> {
  const { items } = await call('getLeadHistory', { leadId: sent.leadId, type: '', limit: 50 });
  const hit = items.find(
    (e) =>
      e.task &&
      !e.deleted &&
      !e.completed &&
      e.text.trim() === sent.text.trim() &&
      e.reminderDate === reminderOf(sent.reminderDate) &&
      (e.assignedTo ?? 0) === (sent.assignedTo ?? 0) &&
      e.category === (sent.category ?? '').trim(),
  );
  if (!hit) return undefined;
  await Promise.all(
    [scopeOf('getTasks'), scopeOf('getLeads'), historyOf(sent.leadId)].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
  return { historyId: hit.historyId };
}

/** A task to complete: the timeline's entry or the inbox's row (both carry these two). */
export interface TaskToComplete {
  historyId: number;
  leadId: number;
}

export const completeTaskKey = opMutationKey('completeLeadTask');

/**
 * The service has no un-complete: `hold` (components/undo.tsx: 8 s with Undo) keeps the request back until the
 * Undo has passed; an Undo rejects with UndoneError and nothing is sent. The caller takes the task out of (or
 * marks it done in) its cached lists at once and puts it back on error. Success refreshes the task lists, the lead
 * lists and the lead's history.
 */
export function completeTaskMutation<TVars extends TaskToComplete, TContext>({
  hold,
  ...optimistic
}: { hold?: (task: TVars) => Promise<void> } & Omit<MutationHandlers<TVars, TContext>, 'onSuccess'>) {
  return opMutation<'completeLeadTask', TVars, TContext>('completeLeadTask', {
    run: async (task) => {
      await hold?.(task);
      return call('completeLeadTask', { historyId: task.historyId });
    },
    ...optimistic,
    invalidates: ['getTasks', 'getLeads'],
    onSuccess: (_data, task, _context, { client }) =>
      client.invalidateQueries({ queryKey: historyOf(task.leadId) }),
    silent: true,
  });
}

export interface NewAdmission {
  date: string;
  until?: string | null;
  comment?: string;
  settings?: string;
}

export function createAdmissionMutation(leadId: number) {
  return opMutation('createAdmission', {
    input: (v: NewAdmission) => ({ leadId, ...v }),
    invalidates: ['getAdmissions', 'getLeads'],
    silent: true,
  });
}
