import { type InfiniteData, replaceEqualDeep } from '@tanstack/react-query';
import type { OpInput } from '#contract/operations.ts';
import { type Lead, referenceKinds } from '#contract/sales.ts';
import { type OpData, opInfiniteQuery, opQuery } from '../queries.ts';
import './operations.ts';

/**
 * The sales area's reads of leads (getLeads: pages, one page, one lead; getReferenceData). The board, the lead
 * details, the task inbox and the patient page read these; each adds only its input and `select`. The board's first
 * load imports this module: what only other pages read (the statistics' reason counts) is in stats.ts.
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

/** One page of getLeads for the caller's input (the bin, a lead search, a patient's leads); it adds its `select`. */
export function leadsQuery(input: OpInput<'getLeads'>) {
  return opQuery('getLeads', input);
}

/**
 * All reference data at once (small; the board needs folders, sources, flags and reasons; the statistics the
 * same): one input, one cache entry. The board seeds it from the copy kept on this device (leads/shared).
 */
export function referenceDataQuery() {
  return opQuery('getReferenceData', { kinds: [...referenceKinds] });
}
