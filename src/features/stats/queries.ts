import {
  disqualifiedFolderIds,
  type LeadFilter,
  referenceKinds,
  type StatFilter,
  type StatGroupBy,
  type StatMetric,
} from '../../../contract/sales.ts';
import { call } from '../../api/client.ts';
import { type OpData, opComposedQuery, opQuery } from '../../api/queries.ts';

export interface LeadStatsInput {
  groupBy: StatGroupBy;
  metric: StatMetric;
  filter?: StatFilter;
}

export function leadStatsQuery(groupBy: StatGroupBy, metric: StatMetric, filter: StatFilter) {
  const input: LeadStatsInput = { groupBy, metric, ...(Object.keys(filter).length > 0 ? { filter } : {}) };
  return opQuery('getLeadStats', input);
}

/** The same operation and input as the lead board's, so both share one cache entry. */
export function referenceDataQuery() {
  return opQuery('getReferenceData', { kinds: [...referenceKinds] });
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

/**
 * Every not-deleted lead of the disqualified folders (5 and 15, or those of them the filter leaves), page after page
 * until the service says there is no more: counting only the first page would leave out all leads after the 100th.
 */
export async function fetchReasonCounts(
  folderIds: readonly number[],
  filter: Omit<LeadFilter, 'folderId' | 'includeDeleted'>,
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
      const page: OpData<'getLeads'> = await call(
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

/** The disqualified folders the statistics filter leaves: by pipeline and by the chosen folder. */
export function reasonFolders(filter: StatFilter): number[] {
  return disqualifiedFolderIds.filter((id) => {
    if (filter.ispatient === 1 && id !== 5) return false;
    if (filter.ispatient === 0 && id !== 15) return false;
    if (filter.folderId !== undefined && filter.folderId !== id) return false;
    return true;
  });
}

export function reasonCountsQuery(filter: StatFilter) {
  const folderIds = reasonFolders(filter);
  const leadFilter: Omit<LeadFilter, 'folderId' | 'includeDeleted'> = {};
  if (filter.assignee !== undefined) leadFilter.assigneeId = Number(filter.assignee);
  if (filter.from) leadFilter.from = filter.from;
  if (filter.to) leadFilter.to = filter.to;
  return opComposedQuery(
    'getLeads',
    { reasonsOf: folderIds, filter: leadFilter },
    'reasonCounts',
    (input, signal) => fetchReasonCounts(input.reasonsOf, input.filter, signal),
  );
}
