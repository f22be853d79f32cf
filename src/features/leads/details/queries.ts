import type { QueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../../../contract/operations.ts';
import type { HistoryEntry, HistoryType } from '../../../../contract/sales.ts';
import { call } from '../../../api/client.ts';
import { customerQuery, opInfiniteQuery, opMutation, opQuery, opScope } from '../../../api/queries.ts';
import { type PatientCriteria, toSearchInput } from '../../../components/patient-criteria.ts';

/**
 * Queries and mutations of the lead details page, the timeline and the new-lead form, from the query layer
 * (`api/queries.ts`): the board's lists and these share the cache and the invalidations by construction.
 */

export const HISTORY_PAGE_SIZE = 20;
export const DELETED_PAGE_SIZE = 25;

/** The timeline filter: null = everything, '' = notes and tasks, or one system type. */
export type HistoryFilter = HistoryType | null;

/** One lead (deleted ones too) and the reference data: the board's queries, the same cache entries. */
export { leadQuery as leadDetailsQuery, referenceDataQuery, restoreLeadMutation } from '../shared/queries.ts';

/** The lead's history, newest first, a page at a time ("load more"). */
export function historyQuery(leadId: number, type: HistoryFilter, includeDeleted: boolean) {
  return opInfiniteQuery(
    'getLeadHistory',
    { leadId, type, includeDeleted, limit: HISTORY_PAGE_SIZE },
    {
      getNextPageParam: (last) =>
        last.pagination.hasMore ? last.pagination.offset + last.items.length : undefined,
    },
  );
}

export function admissionsQuery(leadId: number) {
  return opQuery('getAdmissions', { filter: { leadId, includeDeleted: true }, offset: 0, limit: 1000 });
}

/** The bin: deleted leads, most recently active first. */
export function deletedLeadsQuery(offset: number) {
  return opQuery('getLeads', { filter: { onlyDeleted: true }, offset, limit: DELETED_PAGE_SIZE });
}

/** The search of "link to a patient": built by the shared `toSearchInput`, so only allowed fields are sent. */
export function linkSearchQuery(criteria: PatientCriteria) {
  return opQuery('searchPatients', toSearchInput(criteria, { limit: 20 }), {
    select: (answer) => answer.items,
  });
}

export const patientQuery = customerQuery;

/** Every cached page of the lead's timeline, whatever its filter. */
export const historyOf = (leadId: number) => opScope('getLeadHistory', { leadId });

// ---------------------------------------------------------------------------------------------------------------
// Mutations. Each names the operations it makes stale.

export function addNoteMutation(leadId: number) {
  return opMutation('addLeadNote', {
    input: (v: { text: string; category?: string }) => ({ leadId, ...v }),
    invalidates: [historyOf(leadId), 'getLeads'],
    silent: true,
  });
}

export interface NewTask {
  text: string;
  category?: string;
  reminderDate?: string | null;
  assignedTo?: number;
  priority?: number;
  notifyAssignee?: boolean;
}

export function addTaskMutation(leadId: number) {
  return opMutation('addLeadTask', {
    input: (v: NewTask) => ({ leadId, ...v }),
    invalidates: [historyOf(leadId), 'getLeads', 'getTasks'],
    silent: true,
  });
}

/**
 * The service has no un-complete: `hold` (components/undo.tsx: 8 s with Undo) keeps the request back until the
 * Undo has passed; an Undo rejects with UndoneError and nothing is sent.
 */
export function completeTaskMutation(leadId: number, hold?: (historyId: number) => Promise<void>) {
  return opMutation('completeLeadTask', {
    run: async (historyId: number) => {
      await hold?.(historyId);
      return call('completeLeadTask', { historyId });
    },
    invalidates: [historyOf(leadId), 'getLeads', 'getTasks'],
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

export function linkPatientMutation(leadId: number) {
  return opMutation('linkLeadToPatient', {
    input: (patid: number) => ({ leadId, patid }),
    invalidates: ['getLeads', historyOf(leadId), 'getLeadStats'],
    silent: true,
  });
}

export function createLeadMutation() {
  return opMutation('createLead', {
    input: (input: OpInput<'createLead'>) => input,
    invalidates: ['getLeads', 'getLeadStats'],
    silent: true,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Optimistic completion of a task in every cached page of the lead's timeline.

interface HistoryPages {
  pages: { items: HistoryEntry[] }[];
  pageParams: unknown[];
}

function isHistoryPages(v: unknown): v is HistoryPages {
  return typeof v === 'object' && v !== null && Array.isArray((v as HistoryPages).pages);
}

/**
 * Marks the task completed in the cached timelines of the lead and returns how to undo it. The server's answer
 * (completion time and user) arrives with the refetch after success.
 */
export function markTaskCompleted(
  client: QueryClient,
  leadId: number,
  historyId: number,
  userId: number | undefined,
): () => void {
  const filter = { queryKey: historyOf(leadId) };
  const before = client.getQueriesData<unknown>(filter);
  client.setQueriesData<unknown>(filter, (old: unknown) => {
    if (!isHistoryPages(old)) return old;
    return {
      ...old,
      pages: old.pages.map((p) => ({
        ...p,
        items: p.items.map((e) =>
          e.historyId === historyId
            ? { ...e, completed: true, reminderDate: null, completedBy: userId ?? null }
            : e,
        ),
      })),
    };
  });
  // Only this entry goes back: the history may have changed in the Undo's 8 seconds (a note written meanwhile).
  const original = new Map<string, HistoryEntry>();
  for (const [key, data] of before) {
    if (!isHistoryPages(data)) continue;
    const entry = data.pages.flatMap((p) => p.items).find((e) => e.historyId === historyId);
    if (entry) original.set(JSON.stringify(key), entry);
  }
  return () => {
    for (const [key, data] of client.getQueriesData<unknown>(filter)) {
      const entry = original.get(JSON.stringify(key));
      if (!entry || !isHistoryPages(data)) continue;
      client.setQueryData(key, {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          items: p.items.map((e) => (e.historyId === historyId ? entry : e)),
        })),
      });
    }
  };
}

/** A lead's name for headings and lists (`Muster Anna`, else mail, mobile or phone, else `#12`): the board's. */
export { leadName as leadDisplayName } from '../board/lead.ts';
