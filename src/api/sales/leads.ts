import { type InfiniteData, replaceEqualDeep } from '@tanstack/react-query';
import type { OpInput } from '../../../contract/operations.ts';
import { type Lead, type LeadFilter, referenceKinds } from '../../../contract/sales.ts';
import { call } from '../client.ts';
import { type OpData, opComposedQuery, opInfiniteQuery, opQuery } from '../queries.ts';

/**
 * The sales area's reads of leads (getLeads in its shapes, getReferenceData, getLeadStats). The board, the lead
 * details, the task inbox, the patient page and the statistics read these; each adds only its `select`.
 */

/** One page of getLeads: what `call` answers for the list envelope. */
export type LeadPage = OpData<'getLeads'>;

/** getLeads without offset: the pages add it. */
export type LeadPagesInput = Omit<OpInput<'getLeads'>, 'offset'>;

type LeadPages = InfiniteData<LeadPage, number>;

/**
 * Structural sharing by lead, not by position: when a card moves to the top of a column every card below it
 * shifts, and the default (index by index) would hand every one of them a new object, so every card would render
 * again. Here an unchanged lead keeps its object wherever it now is.
 */
export function shareLeads(previous: unknown, next: unknown): unknown {
  const old = previous as LeadPages | undefined;
  const fresh = next as LeadPages;
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

/** A list of leads a page at a time (a board column): the next page from the number of leads already loaded. */
export function leadPagesQuery(input: LeadPagesInput) {
  return opInfiniteQuery('getLeads', input, {
    structuralSharing: shareLeads,
    // Counting what is loaded (not offset + limit) stays right after optimistic moves out of the list.
    getNextPageParam: (last, all) =>
      last.pagination.hasMore ? all.reduce((n, p) => n + p.items.length, 0) : undefined,
  });
}

/** One lead (deleted ones too), null when there is none: the board's drawer and the details page. */
export function leadQuery(leadId: number) {
  return opQuery(
    'getLeads',
    { filter: { leadId, includeDeleted: true }, offset: 0, limit: 1 },
    { select: (page): Lead | null => page.items[0] ?? null },
  );
}

export const DELETED_PAGE_SIZE = 25;

/** The bin: deleted leads, most recently active first. */
export function deletedLeadsQuery(offset: number) {
  return opQuery('getLeads', { filter: { onlyDeleted: true }, offset, limit: DELETED_PAGE_SIZE });
}

export const LEAD_SEARCH_LIMIT = 20;

/** Leads to pick for a new task: a contains-match on name, mail and phone; the most recently active first. */
export function leadSearchQuery(search: string) {
  return opQuery('getLeads', { filter: { search: search.trim() }, offset: 0, limit: LEAD_SEARCH_LIMIT });
}

/** At most this many linked leads are shown (one page of getLeads). */
export const LINKED_LEADS_LIMIT = 1000;

/** The leads linked or converted to a patient, deleted ones included (getLeads filter patid); one page. */
export function linkedLeadsQuery(patid: number) {
  return opQuery('getLeads', {
    filter: { patid, includeDeleted: true },
    limit: LINKED_LEADS_LIMIT,
    orderBy: 'created',
    orderDir: 'desc',
  });
}

/**
 * All reference data at once (small; the board needs folders, sources, flags and reasons; the statistics the
 * same): one input, one cache entry. The board seeds it from the copy kept on this device (leads/shared).
 */
export function referenceDataQuery() {
  return opQuery('getReferenceData', { kinds: [...referenceKinds] });
}

// ---------------------------------------------------------------------------------------------------------------
// The statistics' disqualification reasons: every page of getLeads of the disqualified folders.

/** Leads per request while counting disqualification reasons (the most getLeads gives). */
export const REASON_PAGE_SIZE = 1000;

export interface ReasonCounts {
  /** Folder id -> reason code ('' = none given) -> number of leads. */
  byFolder: Record<number, Record<string, number>>;
  /** Leads read, over all pages and folders. */
  leads: number;
  /** Requests made. */
  pages: number;
}

export type ReasonLeadFilter = Omit<LeadFilter, 'folderId' | 'includeDeleted'>;

/**
 * Every not-deleted lead of the disqualified folders (5 and 15, or those of them the filter leaves), page after page
 * until the service says there is no more: counting only the first page would leave out all leads after the 100th.
 */
export async function fetchReasonCounts(
  folderIds: readonly number[],
  filter: ReasonLeadFilter,
  signal?: AbortSignal,
  /** Leads per request; tests page through a few leads with a small one. */
  pageSize = REASON_PAGE_SIZE,
): Promise<ReasonCounts> {
  const out: ReasonCounts = { byFolder: {}, leads: 0, pages: 0 };
  for (const folderId of folderIds) {
    const counts: Record<string, number> = {};
    out.byFolder[folderId] = counts;
    let offset = 0;
    for (;;) {
      const page: LeadPage = await call(
        'getLeads',
        {
          filter: { ...filter, folderId, includeDeleted: false },
          offset,
          limit: pageSize,
          orderBy: 'created',
          orderDir: 'asc',
        },
        { signal },
      );
      out.pages++;
      for (const lead of page.items)
        counts[lead.reasonDisqualified] = (counts[lead.reasonDisqualified] ?? 0) + 1;
      out.leads += page.items.length;
      offset += page.items.length;
      if (!page.pagination.hasMore || page.items.length === 0) break;
    }
  }
  return out;
}

/** The reasons of every lead in the given disqualified folders: all pages, one cache entry. */
export function reasonCountsQuery(folderIds: readonly number[], filter: ReasonLeadFilter) {
  return opComposedQuery('getLeads', { reasonsOf: [...folderIds], filter }, 'reasonCounts', (input, signal) =>
    fetchReasonCounts(input.reasonsOf, input.filter, signal),
  );
}
