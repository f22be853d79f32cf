import { type InfiniteData, type QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { type Lead, type LeadFilter, type ReferenceData, referenceData } from '../../../../contract/sales.ts';
import { type OpData, opInfiniteQuery, opMutation, opQuery, opScope } from '../../../api/queries.ts';
import { beginMove, hasPendingMoves, type MoveToken, settleMove } from '../board/cache.ts';
import {
  REFERENCE_STALE_MS,
  readStoredReference,
  referenceInput,
  storeReference,
} from './reference-store.ts';

/**
 * Queries and mutations of the lead board (and of the dialogs the details page reuses), from the query layer
 * (`api/queries.ts`): a board column is an infinite getLeads query, whose key the layer ends in `'pages'`.
 */

/** One page of getLeads: what `call` answers for the list envelope. */
export type LeadPage = OpData<'getLeads'>;

/** Cards per request of a column. */
export const COLUMN_PAGE_SIZE = 50;

/** The filters of the board (URL search params), the same for every column. */
export interface BoardFilter {
  ispatient: 0 | 1;
  search?: string;
  /** A user id; 0 = unassigned. */
  assigneeId?: number;
  source?: string;
  flags?: string[];
  includeDeleted?: boolean;
}

/** The getLeads input of one column: the board filter plus the folder. Without offset: pages add it. */
export interface ColumnInput {
  filter: LeadFilter & { folderId: number; ispatient: 0 | 1 };
  limit: number;
  orderBy: 'lastActivity';
  orderDir: 'desc';
}

export function columnInput(board: BoardFilter, folderId: number): ColumnInput {
  // Only what is set goes into the key, so that equal filters give equal keys.
  const filter: ColumnInput['filter'] = { ispatient: board.ispatient, folderId };
  if (board.search?.trim()) filter.search = board.search.trim();
  if (board.assigneeId !== undefined) filter.assigneeId = board.assigneeId;
  if (board.source) filter.source = board.source;
  if (board.flags && board.flags.length > 0) filter.flags = [...board.flags].sort();
  if (board.includeDeleted) filter.includeDeleted = true;
  return { filter, limit: COLUMN_PAGE_SIZE, orderBy: 'lastActivity', orderDir: 'desc' };
}

export function columnKey(input: ColumnInput) {
  return columnQuery(input).queryKey;
}

type ColumnPages = InfiniteData<LeadPage, number>;

/**
 * Structural sharing by lead, not by position: when a card moves to the top of a column every card below it
 * shifts, and the default (index by index) would hand every one of them a new object, so every card would render
 * again. Here an unchanged lead keeps its object wherever it now is.
 */
export function shareLeads(previous: unknown, next: unknown): unknown {
  const old = previous as ColumnPages | undefined;
  const fresh = next as ColumnPages;
  if (!old?.pages || !fresh?.pages) return next;
  const byId = new Map<number, Lead>();
  for (const p of old.pages) for (const l of p.items) byId.set(l.leadId, l);
  const pages = fresh.pages.map((p, i) => {
    const items = p.items.map((l) => {
      const before = byId.get(l.leadId);
      return before ? (replaceEqualDeep(before, l) as Lead) : l;
    });
    const same = old.pages[i];
    const unchanged =
      same !== undefined &&
      same.items.length === items.length &&
      same.items.every((l, j) => l === items[j]) &&
      replaceEqualDeep(same.pagination, p.pagination) === same.pagination;
    return unchanged ? same : { ...p, items };
  });
  const pageParams = replaceEqualDeep(old.pageParams, fresh.pageParams);
  return pages.length === old.pages.length &&
    pages.every((p, i) => p === old.pages[i]) &&
    pageParams === old.pageParams
    ? old
    : { pages, pageParams };
}

/** A board column: pages of COLUMN_PAGE_SIZE cards, the next from the number of cards already loaded. */
export function columnQuery(input: ColumnInput) {
  return opInfiniteQuery('getLeads', input, {
    structuralSharing: shareLeads,
    // Counting what is loaded (not offset + limit) stays right after optimistic moves out of the column.
    getNextPageParam: (last, all) =>
      last.pagination.hasMore ? all.reduce((n, p) => n + p.items.length, 0) : undefined,
  });
}

/** One lead (deleted ones too), null when there is none; the details page's query too. */
export function leadQuery(leadId: number) {
  return opQuery(
    'getLeads',
    { filter: { leadId, includeDeleted: true }, offset: 0, limit: 1 },
    { select: (page): Lead | null => page.items[0] ?? null },
  );
}

/**
 * The reference data of the last visit, kept on this device per practice address (reference-store.ts): the board can
 * ask for its columns at once instead of after a round trip for the folders. Refetched in the background when older
 * than REFERENCE_STALE_MS. Checked against the contract like an answer.
 */
function storedReference(): { data: ReferenceData; at: number } | undefined {
  const stored = readStoredReference();
  const parsed = referenceData.safeParse(stored?.data);
  return stored && parsed.success ? { data: parsed.data, at: stored.at } : undefined;
}

/** All reference data at once (small; the board needs folders, sources, flags and reasons). */
export function referenceDataQuery() {
  return opQuery('getReferenceData', referenceInput(), {
    initialData: () => storedReference()?.data,
    initialDataUpdatedAt: () => storedReference()?.at,
    staleTime: REFERENCE_STALE_MS,
  });
}

/**
 * Keeps the reference data for the next visit: the board calls it with each answer it fetched (not with the
 * stored copy it started from, which would make that look fresh).
 */
export function keepReference(query: {
  data?: ReferenceData;
  isFetched: boolean;
  dataUpdatedAt: number;
}): void {
  if (query.data && query.isFetched) storeReference(query.data, query.dataUpdatedAt);
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations. Each declares what it makes stale.

/** Everything a move changes (the board, the lead, its timeline, the statistics). */
export const moveInvalidates = ['getLeads', 'getLeadHistory', 'getLeadStats'] as const;

export interface MoveVariables {
  lead: Lead;
  folderId: number;
}

/**
 * setLeadFolder, optimistic: the card moves in the cache at once (onMutate); on refusal it goes back (onError,
 * the caller shows the message); the lists are refetched once no other move is under way (onSettled), so a
 * refetch never overwrites a move still in flight. Not `invalidates`: that would refetch after each move.
 */
export function setLeadFolderMutation() {
  const leadLists = { queryKey: opScope('getLeads') };
  return opMutation<'setLeadFolder', MoveVariables, MoveToken>('setLeadFolder', {
    input: ({ lead, folderId }) => ({ leadId: lead.leadId, folderId }),
    onMutate: async ({ lead, folderId }, { client }) => {
      // A list arriving now would put the card back where the server still has it. Only when one is under way:
      // otherwise the card moves in this very task.
      if (client.isFetching(leadLists) > 0) await client.cancelQueries(leadLists);
      return beginMove(client, lead, folderId);
    },
    onError: (_error, _vars, token, { client }) => {
      if (token) settleMove(client, token, false);
    },
    onSuccess: (_data, _vars, token, { client }) => {
      settleMove(client, token, true);
    },
    onSettled: (_data, _error, _vars, _token, { client }) => refreshAfterMoves(client),
  });
}

/** Refetches what moves changed, once none is pending any more (optimistic or waiting for a dialog). */
export function refreshAfterMoves(client: QueryClient): Promise<unknown> {
  if (hasPendingMoves(client)) return Promise.resolve();
  return Promise.all(moveInvalidates.map((op) => client.invalidateQueries({ queryKey: opScope(op) })));
}

export function disqualifyLeadMutation() {
  return opMutation('disqualifyLead', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks'],
    silent: true,
  });
}

export function convertLeadMutation() {
  return opMutation('convertLead', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'searchPatients'],
    silent: true,
  });
}

export function deleteLeadMutation() {
  return opMutation('deleteLead', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks', 'getAdmissions'],
    silent: true,
  });
}

/** `silent`: the caller shows the refusal itself (the details page does; the board leaves it to the app). */
export function restoreLeadMutation({ silent = false }: { silent?: boolean } = {}) {
  return opMutation('restoreLead', {
    input: (leadId: number) => ({ leadId }),
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks', 'getAdmissions'],
    silent,
  });
}

export function bulkAssignMutation() {
  return opMutation('bulkAssign', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks'],
    silent: true,
  });
}

export function bulkSetFolderMutation() {
  return opMutation('bulkSetFolder', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats'],
    silent: true,
  });
}
