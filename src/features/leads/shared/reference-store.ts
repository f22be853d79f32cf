import { getSession } from '#api/session.ts';

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

/** What is kept for this practice (the session's address), not yet checked against the contract. */
export function readStoredReference(): { at: number; data: unknown } | undefined {
  try {
    const base = getSession()?.base;
    const raw = window.localStorage.getItem(REFERENCE_STORE);
    if (!base || !raw) return undefined;
    const stored = JSON.parse(raw) as { base?: unknown; at?: unknown; data?: unknown };
    if (stored.base !== base || typeof stored.at !== 'number') return undefined;
    return { at: stored.at, data: stored.data };
  } catch {
    return undefined;
  }
}

/** Kept for the next visit, per practice address. Folder names and codes only, nothing about patients. */
export function storeReference(data: unknown, at: number): void {
  try {
    const base = getSession()?.base;
    if (!base) return;
    window.localStorage.setItem(REFERENCE_STORE, JSON.stringify({ base, at, data }));
  } catch {
    // Without storage the next visit asks again.
  }
}

/**
 * On the first visit (or with stale stored data) the board's columns wait for the folders: asked for early (boot.ts),
 * the answer is there sooner, and the board asks for its columns sooner.
 */
export function referenceWanted(now = Date.now()): boolean {
  if (!getSession()) return false;
  const stored = readStoredReference();
  return !stored || now - stored.at >= REFERENCE_STALE_MS;
}
