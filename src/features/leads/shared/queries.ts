import type { QueryClient } from '@tanstack/react-query';
import { opScope } from '#api/queries.ts';
import { type MoveVariables, moveInvalidates, setLeadFolderMutation } from '#api/sales/lead-writes.ts';
import { leadPagesQuery, referenceDataQuery } from '#api/sales/leads.ts';
import { searchTextRefusal } from '#components/field-rules.ts';
import { type LeadFilter, type ReferenceData, referenceData } from '#contract/sales.ts';
import { beginMove, hasPendingMoves, type MoveToken, settleMove } from '../board/cache.ts';
import { readStoredReference, storeReference } from './reference-store.ts';

/**
 * What the lead board adds to the sales area's factories (`api/sales.ts`; the board's first load imports its modules
 * leads.ts and lead-writes.ts directly): the columns' input from the board's
 * filter, the reference data seeded from this device, and the optimistic moves.
 */

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
  // A search longer than the service takes is said at the field (toolbar.tsx) and not sent.
  if (board.search?.trim() && !searchTextRefusal(board.search)) filter.search = board.search.trim();
  if (board.assigneeId !== undefined) filter.assigneeId = board.assigneeId;
  if (board.source) filter.source = board.source;
  if (board.flags && board.flags.length > 0) filter.flags = [...board.flags].sort();
  if (board.includeDeleted) filter.includeDeleted = true;
  return { filter, limit: COLUMN_PAGE_SIZE, orderBy: 'lastActivity', orderDir: 'desc' };
}

export function columnKey(input: ColumnInput) {
  return leadPagesQuery(input).queryKey;
}

/**
 * The reference data of the last visit, kept on this device per practice address (reference-store.ts): the board can
 * ask for its columns at once instead of after a round trip for the folders. Refetched in the background when older
 * than the layer's staleTime for getReferenceData. Checked against the contract like an answer.
 */
function storedReference(): { data: ReferenceData; at: number } | undefined {
  const stored = readStoredReference();
  const parsed = referenceData.safeParse(stored?.data);
  return stored && parsed.success ? { data: parsed.data, at: stored.at } : undefined;
}

/**
 * All reference data at once, seeded from the copy of the last visit (refetched in the background when older
 * than the layer's staleTime): the board, its dialogs and the details page read it so.
 */
export function referenceQuery() {
  return {
    ...referenceDataQuery(),
    initialData: () => storedReference()?.data,
    initialDataUpdatedAt: () => storedReference()?.at,
  };
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
// Moves, optimistic.

/**
 * setLeadFolder, optimistic: the card moves in the cache at once (onMutate); on refusal it goes back (onError,
 * the caller shows the message); the lists are refetched once no other move is under way (onSettled), so a
 * refetch never overwrites a move still in flight.
 */
export function moveLeadMutation() {
  const leadLists = { queryKey: opScope('getLeads') };
  return setLeadFolderMutation<MoveToken>({
    onMutate: async ({ lead, folderId }: MoveVariables, { client }) => {
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
