import type { Pipeline } from './board/rules.ts';
import { ispatientOf } from './board/rules.ts';
import type { BoardFilter } from './shared/queries.ts';

/**
 * The board's state in the address (search params), so that a filtered board can be bookmarked, shared and
 * reached with Back: `?pipeline=contact&assignee=mine&source=I&flags=VIP,URGENT&deleted=1&lead=12`. The search
 * text `q` is read and written here too, but useUrlParams keeps it in the history entry, not in the address.
 */

/** The search text may name a person: kept out of the address (useUrlParams `private`). */
export const PRIVATE_BOARD_PARAMS = ['q'] as const;

/** `mine` = the signed-in user, `none` = unassigned, or a user id. */
export type AssigneeParam = 'mine' | 'none' | number;

export interface BoardParams {
  pipeline: Pipeline;
  search: string;
  assignee: AssigneeParam | null;
  source: string;
  flags: string[];
  showDeleted: boolean;
  /** The lead open in the drawer. */
  lead: number | null;
}

function positiveInt(s: string | null): number | null {
  if (!s || !/^\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function parseBoardParams(params: URLSearchParams): BoardParams {
  const a = params.get('assignee');
  const assignee: AssigneeParam | null = a === 'mine' || a === 'none' ? a : positiveInt(a);
  return {
    pipeline: params.get('pipeline') === 'contact' ? 'contact' : 'patient',
    search: params.get('q') ?? '',
    assignee,
    source: params.get('source') ?? '',
    flags: (params.get('flags') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    showDeleted: params.get('deleted') === '1',
    lead: positiveInt(params.get('lead')),
  };
}

/** Writes the changed parts; defaults are left out, so the plain board is just `/leads`. */
export function withBoardParams(params: URLSearchParams, patch: Partial<BoardParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  };
  if (patch.pipeline !== undefined) set('pipeline', patch.pipeline === 'contact' ? 'contact' : null);
  if (patch.search !== undefined) set('q', patch.search);
  if (patch.assignee !== undefined) set('assignee', patch.assignee === null ? null : String(patch.assignee));
  if (patch.source !== undefined) set('source', patch.source);
  if (patch.flags !== undefined) set('flags', patch.flags.join(','));
  if (patch.showDeleted !== undefined) set('deleted', patch.showDeleted ? '1' : null);
  if (patch.lead !== undefined) set('lead', patch.lead === null ? null : String(patch.lead));
  return next;
}

/**
 * The filter every column of the board uses. `mine` needs the signed-in user's id: until it is known the
 * filter is null (the columns wait rather than load everyone's leads first).
 */
export function boardFilterOf(p: BoardParams, myUserId: number | undefined): BoardFilter | null {
  let assigneeId: number | undefined;
  if (p.assignee === 'mine') {
    if (myUserId === undefined) return null;
    assigneeId = myUserId;
  } else if (p.assignee === 'none') {
    assigneeId = 0;
  } else if (typeof p.assignee === 'number') {
    assigneeId = p.assignee;
  }
  return {
    ispatient: ispatientOf(p.pipeline),
    ...(p.search.trim() ? { search: p.search.trim() } : {}),
    ...(assigneeId !== undefined ? { assigneeId } : {}),
    ...(p.source ? { source: p.source } : {}),
    ...(p.flags.length > 0 ? { flags: p.flags } : {}),
    ...(p.showDeleted ? { includeDeleted: true } : {}),
  };
}
