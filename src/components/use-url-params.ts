import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  createSearchParams,
  type Location,
  type SetURLSearchParams,
  useLocation,
  useSearchParams,
} from 'react-router';

/**
 * Private params: search text that may name a person (name, date of birth, mail, phone, AHV number). They never
 * go into the address (browser history, bookmarks, shared links); they live in sessionStorage under an id that the
 * history entry carries in its state, so Back and Forward (and a reload) bring the search back in this tab only.
 * Signing out forgets them all (`clearPrivateParams`).
 */
const STORE_KEY = 'praxis.private-params';
/** The property of `history.state` (React Router's `location.state`) that names the stored values. */
const STATE_REF = 'privateParams';
/** Old entries are dropped beyond this: the store serves Back/Forward, not an archive. */
const MAX_ENTRIES = 100;

type Values = Record<string, string>;
type Store = Record<string, Values>;

/** When storage is unavailable: in memory only (Back still works until a reload). */
let memoryStore: Store = {};

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readStore(): Store {
  const raw = storage()?.getItem(STORE_KEY);
  if (!raw) return memoryStore;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

function writeStore(store: Store) {
  memoryStore = store;
  try {
    storage()?.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    // Full or unavailable: the memory copy serves this page's life.
  }
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Keeps `values` and returns the history state that refers to them (to pass as `navigate(to, { state })`). */
export function privateParamsState(values: Values, state?: unknown): Record<string, unknown> {
  const base = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const kept = Object.entries(values).filter(([, v]) => v !== '');
  if (kept.length === 0) {
    const { [STATE_REF]: _dropped, ...rest } = base;
    return rest;
  }
  const id = newId();
  const store = readStore();
  const ids = Object.keys(store);
  const next: Store = {};
  // Own keys only, the newest MAX_ENTRIES - 1 plus this one.
  for (const old of ids.slice(Math.max(0, ids.length - (MAX_ENTRIES - 1)))) {
    const v = Object.hasOwn(store, old) ? store[old] : undefined;
    if (v) next[old] = v;
  }
  next[id] = Object.fromEntries(kept);
  writeStore(next);
  return { ...base, [STATE_REF]: id };
}

/** The private values a history entry refers to; empty when it refers to none (or they were forgotten). */
export function privateParamsOf(state: unknown): Values {
  if (!state || typeof state !== 'object') return {};
  const id = (state as Record<string, unknown>)[STATE_REF];
  if (typeof id !== 'string') return {};
  const store = readStore();
  const values = Object.hasOwn(store, id) ? store[id] : undefined;
  if (!values || typeof values !== 'object') return {};
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Signing out: every search typed in this tab is forgotten. */
export function clearPrivateParams(): void {
  memoryStore = {};
  try {
    storage()?.removeItem(STORE_KEY);
  } catch {
    // Nothing stored then.
  }
}

export interface UrlParamsOptions {
  /**
   * Params that may name a person (search text): read and written like the others, but kept out of the address
   * (see above). A private param that arrives in the address (an old bookmark) is moved out of it at once.
   */
  private?: readonly string[];
}

const NONE: readonly string[] = [];

function merged(
  search: URLSearchParams,
  location: Location,
  privateKeys: readonly string[],
): URLSearchParams {
  if (privateKeys.length === 0) return search;
  const out = new URLSearchParams(search);
  const stored = privateParamsOf(location.state);
  for (const key of privateKeys) {
    const v = Object.hasOwn(stored, key) ? stored[key] : undefined;
    if (v !== undefined && !out.has(key)) out.set(key, v);
  }
  return out;
}

/**
 * `useSearchParams`, except that
 * - a functional update sees the result of the previous update even when both happen before the next render.
 *   React Router hands the updater the params of the last render, so two quick changes (typing a date, then
 *   another) would drop the first one from the URL;
 * - params declared `private` are never written into the address (docs/decisions/0013-search-text-out-of-the-address.md).
 */
export function useUrlParams(options: UrlParamsOptions = {}): [URLSearchParams, SetURLSearchParams] {
  const [search, setParams] = useSearchParams();
  const location = useLocation();
  const privateKeys = options.private ?? NONE;
  const privateKeysJson = privateKeys.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the keys' content
  const params = useMemo(
    () => merged(search, location, privateKeys),
    [search, location.state, privateKeysJson],
  );
  const latest = useRef(params);
  const rendered = useRef(params);
  // A new render with new params wins; a render with the same params keeps a pending update.
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const stateRef = useRef(location.state);
  stateRef.current = location.state;
  const leaked = privateKeys.some((k) => search.has(k));

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the keys' content
  const update = useCallback<SetURLSearchParams>(
    (next, navOptions) => {
      const value = createSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next,
      );
      latest.current = value;
      if (privateKeys.length === 0) {
        setParams(value, navOptions);
        return;
      }
      const open = new URLSearchParams(value);
      const hidden: Values = {};
      for (const key of privateKeys) {
        const v = open.get(key);
        if (v !== null) hidden[key] = v;
        open.delete(key);
      }
      setParams(open, {
        ...navOptions,
        state: privateParamsState(hidden, navOptions?.state ?? stateRef.current),
      });
    },
    [setParams, privateKeysJson],
  );

  // Search text that came in through the address (a bookmark from before, a typed link) leaves it at once.
  useEffect(() => {
    if (leaked) update(new URLSearchParams(latest.current), { replace: true });
  }, [leaked, update]);

  return [params, update];
}
