import type { LeadFilter, StatFilter, StatGroupBy, StatMetric } from '#contract/sales.ts';
import { call } from '../client.ts';
import { opComposedQuery, opQuery } from '../queries.ts';
import type { LeadPage } from './leads.ts';
import './operations.ts';

/**
 * The sales area's statistics: getLeadStats, and the disqualification reasons counted over every page of getLeads
 * (a composed result with its own key and shape, decision 0010: here, out of the board's first load).
 */

export interface LeadStatsInput {
  groupBy: StatGroupBy;
  metric: StatMetric;
  filter?: StatFilter;
}

export function leadStatsQuery(groupBy: StatGroupBy, metric: StatMetric, filter: StatFilter) {
  const input: LeadStatsInput = { groupBy, metric, ...(Object.keys(filter).length > 0 ? { filter } : {}) };
  return opQuery('getLeadStats', input);
}

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
