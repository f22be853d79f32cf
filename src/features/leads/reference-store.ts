import { getSession } from '../../api/session.ts';

/**
 * Where the board's reference data is kept between visits, and the request for it, without zod or the contract:
 * boot.ts uses this before the app's code has loaded (queries.ts reads and checks what is stored).
 */

export const referenceKinds = ['sources', 'flags', 'disqualification', 'categories', 'folders'] as const;
export const REFERENCE_STORE = 'praxis.leads.reference';
export const REFERENCE_STALE_MS = 10 * 60_000;

/** The input of the board's getReferenceData: everything at once. */
export function referenceInput() {
  return { kinds: [...referenceKinds] };
}

/**
 * On the first visit (or with stale stored data) the board's columns wait for the folders: asked for early (boot.ts),
 * the answer is there sooner, and the board asks for its columns sooner.
 */
export function referenceWanted(now = Date.now()): boolean {
  try {
    const base = getSession()?.base;
    if (!base) return false;
    const raw = window.localStorage.getItem(REFERENCE_STORE);
    if (!raw) return true;
    const stored = JSON.parse(raw) as { base?: unknown; at?: unknown };
    return !(stored.base === base && typeof stored.at === 'number' && now - stored.at < REFERENCE_STALE_MS);
  } catch {
    return true;
  }
}
