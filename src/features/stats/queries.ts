import { type ReasonLeadFilter, reasonCountsQuery } from '#api/sales.ts';
import { disqualifiedFolderIds, type StatFilter } from '#contract/sales.ts';

/** What the statistics add to the sales area's factories (`api/sales.ts`): which folders and leads to count. */

/** The disqualified folders the statistics filter leaves: by pipeline and by the chosen folder. */
export function reasonFolders(filter: StatFilter): number[] {
  return disqualifiedFolderIds.filter((id) => {
    if (filter.ispatient === 1 && id !== 5) return false;
    if (filter.ispatient === 0 && id !== 15) return false;
    if (filter.folderId !== undefined && filter.folderId !== id) return false;
    return true;
  });
}

/** The reason counts for the statistics filter. */
export function reasonsQuery(filter: StatFilter) {
  const folderIds = reasonFolders(filter);
  const leadFilter: ReasonLeadFilter = {};
  if (filter.assignee !== undefined) leadFilter.assigneeId = Number(filter.assignee);
  if (filter.from) leadFilter.from = filter.from;
  if (filter.to) leadFilter.to = filter.to;
  return reasonCountsQuery(folderIds, leadFilter);
}
