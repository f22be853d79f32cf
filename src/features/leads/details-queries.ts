import {
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
} from '@tanstack/react-query';
import type { Pagination } from '../../../contract/common.ts';
import type { OpInput, OpResult } from '../../../contract/operations.ts';
import type { HistoryEntry, HistoryType } from '../../../contract/sales.ts';
import type { Patient } from '../../../contract/system.ts';
import { call } from '../../api/client.ts';
import { type PatientCriteria, toSearchInput } from '../../components/patient-search.tsx';

/**
 * Queries and mutations of the lead details page, the timeline and the new-lead form. Keys follow
 * `[area, op, input]`, so the board's lists (`['sales', 'getLeads', …]`) share the cache and the invalidations.
 */

/** What `call` answers for a list operation (the list envelope: items and pagination). */
export interface ListPage<T> {
  items: T;
  pagination: Pagination;
}

type ListOp = 'getLeads' | 'getLeadHistory' | 'getAdmissions';

/**
 * `call` for list operations. The contract's operations do not keep their envelope kind as a literal type, so
 * `call`'s static type cannot tell a list from a plain result; at run time it returns `{items, pagination}`.
 */
export async function callList<N extends ListOp>(
  op: N,
  input: OpInput<N>,
  signal?: AbortSignal,
): Promise<ListPage<OpResult<N>>> {
  const answer: unknown = await call(op, input, { signal });
  return answer as ListPage<OpResult<N>>;
}

export const HISTORY_PAGE_SIZE = 20;
export const DELETED_PAGE_SIZE = 25;

/** The timeline filter: null = everything, '' = notes and tasks, or one system type. */
export type HistoryFilter = HistoryType | null;

/** One lead (deleted ones too) and the reference data: the board's queries, the same cache entries. */
export { leadQuery as leadDetailsQuery, referenceDataQuery } from './queries.ts';

export function historyKey(leadId: number, type: HistoryFilter, includeDeleted: boolean) {
  return ['sales', 'getLeadHistory', { leadId, type, includeDeleted }] as const;
}

/** The lead's history, newest first, a page at a time ("load more"). */
export function historyQuery(leadId: number, type: HistoryFilter, includeDeleted: boolean) {
  return infiniteQueryOptions({
    queryKey: historyKey(leadId, type, includeDeleted),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callList(
        'getLeadHistory',
        { leadId, type, includeDeleted, offset: pageParam, limit: HISTORY_PAGE_SIZE },
        signal,
      ),
    getNextPageParam: (last) =>
      last.pagination.hasMore ? last.pagination.offset + last.items.length : undefined,
  });
}

export function admissionsQuery(leadId: number) {
  const input = { filter: { leadId, includeDeleted: true }, offset: 0, limit: 1000 };
  return queryOptions({
    queryKey: ['sales', 'getAdmissions', input] as const,
    queryFn: ({ signal }) => callList('getAdmissions', input, signal),
  });
}

/** The bin: deleted leads, most recently active first. */
export function deletedLeadsQuery(offset: number) {
  const input = { filter: { onlyDeleted: true }, offset, limit: DELETED_PAGE_SIZE };
  return queryOptions({
    queryKey: ['sales', 'getLeads', input] as const,
    queryFn: ({ signal }) => callList('getLeads', input, signal),
  });
}

/** The search of "link to a patient": built by the shared `toSearchInput`, so only allowed fields are sent. */
export function linkSearchQuery(criteria: PatientCriteria) {
  const input = toSearchInput(criteria, { limit: 20 });
  return queryOptions({
    queryKey: ['system', 'searchPatients', input] as const,
    queryFn: async ({ signal }) => {
      // searchPatients answers `{items, msg}` (see callList for why the static type does not say so).
      const answer: unknown = await call('searchPatients', input, { signal });
      return (answer as { items: Patient[] }).items;
    },
  });
}

export function patientQuery(patid: number) {
  return queryOptions({
    queryKey: ['system', 'getCustomerById', { patid }] as const,
    queryFn: ({ signal }) => call('getCustomerById', { patid }, { signal }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations. Each declares what it makes stale (`meta.invalidates`, run by the query client).

/** Everything that shows a lead: the board, the details, the bin. */
const leadLists: QueryKey = ['sales', 'getLeads'];
const stats: QueryKey = ['sales', 'getLeadStats'];
const tasks: QueryKey = ['sales', 'getTasks'];
const historyOf = (leadId: number): QueryKey => ['sales', 'getLeadHistory', { leadId }];

export function addNoteMutation(leadId: number) {
  return mutationOptions({
    mutationKey: ['sales', 'addLeadNote', { leadId }],
    mutationFn: (v: { text: string; category?: string }) => call('addLeadNote', { leadId, ...v }),
    meta: { invalidates: [historyOf(leadId), leadLists], silent: true },
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
  return mutationOptions({
    mutationKey: ['sales', 'addLeadTask', { leadId }],
    mutationFn: (v: NewTask) => call('addLeadTask', { leadId, ...v }),
    meta: { invalidates: [historyOf(leadId), leadLists, tasks], silent: true },
  });
}

export function completeTaskMutation(leadId: number) {
  return mutationOptions({
    mutationKey: ['sales', 'completeLeadTask', { leadId }],
    mutationFn: (historyId: number) => call('completeLeadTask', { historyId }),
    meta: { invalidates: [historyOf(leadId), leadLists, tasks], silent: true },
  });
}

export interface NewAdmission {
  date: string;
  until?: string | null;
  comment?: string;
  settings?: string;
}

export function createAdmissionMutation(leadId: number) {
  return mutationOptions({
    mutationKey: ['sales', 'createAdmission', { leadId }],
    mutationFn: (v: NewAdmission) => call('createAdmission', { leadId, ...v }),
    meta: { invalidates: [['sales', 'getAdmissions'], leadLists], silent: true },
  });
}

export function linkPatientMutation(leadId: number) {
  return mutationOptions({
    mutationKey: ['sales', 'linkLeadToPatient', { leadId }],
    mutationFn: (patid: number) => call('linkLeadToPatient', { leadId, patid }),
    meta: { invalidates: [leadLists, historyOf(leadId), stats], silent: true },
  });
}

export function restoreLeadMutation() {
  return mutationOptions({
    mutationKey: ['sales', 'restoreLead'],
    mutationFn: (leadId: number) => call('restoreLead', { leadId }),
    meta: {
      invalidates: [leadLists, ['sales', 'getLeadHistory'], ['sales', 'getAdmissions'], tasks, stats],
      silent: true,
    },
  });
}

export function createLeadMutation() {
  return mutationOptions({
    mutationKey: ['sales', 'createLead'],
    mutationFn: (input: OpInput<'createLead'>) => call('createLead', input),
    meta: { invalidates: [leadLists, stats], silent: true },
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
  return () => {
    for (const [key, data] of before) client.setQueryData(key, data);
  };
}

/** A lead's name for headings and lists (`Muster Anna`, else mail, mobile or phone, else `#12`): the board's. */
export { leadName as leadDisplayName } from './board-lead.ts';
