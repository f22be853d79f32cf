import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { reloadFailedStylesheets } from './stylesheets.ts';

/*
 * The one way the app loads code later (docs/decisions/0030): areas (lazy-area.tsx), parts and dialogs
 * (lazy-part.tsx, lazy-dialog.tsx), the header's parts that wait for the first content (deferred.tsx) and the
 * toasts (deferred-notifications.tsx) all load through `later()` and keep trying with `useLoadLater()`.
 * What could not be fetched (no connection, the server restarting) is tried again when the browser is back online,
 * by itself while online with a growing pause (the connection came back before the failure arrived, or the server
 * was away), and when a person asks. Before each new try the stylesheets that failed are asked for again: the
 * bundler's loader never retries a file (stylesheets.ts).
 */

const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;
/**
 * A try that has not ended after this long counts as failed, so that the next one can start (a fetch or a loader
 * that never reports would otherwise leave the area waiting for ever, its Retry disabled). What it loads after all
 * is kept.
 */
export const ATTEMPT_LIMIT_MS = 20_000;

function withinLimit<T>(attempt: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The try took too long.')), ATTEMPT_LIMIT_MS);
  });
  return Promise.race([attempt, limit]).finally(() => clearTimeout(timer));
}

export interface Later<T> {
  /** What has loaded, or null. */
  peek(): T | null;
  /** One try, shared with a try under way; resolves with what loaded. */
  load(): Promise<T>;
}

/** Something to load later; made once (at module level), loaded when first needed. */
export function later<T>(load: () => Promise<T>): Later<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  let failed = false;
  return {
    peek: () => value,
    load() {
      if (value !== null) return Promise.resolve(value);
      pending ??= withinLimit(
        (failed ? reloadFailedStylesheets().then(load) : load()).then((v) => {
          value = v;
          return v;
        }),
      ).catch((e: unknown) => {
        pending = null;
        failed = true;
        throw e;
      });
      return pending;
    },
  };
}

interface Attempts {
  /** Try now (unless a try is under way). */
  now: () => void;
  stop: () => void;
}

/** Tries until `what` loads (see above); `first: 'later'` after a failure that already happened. */
function keepTrying<T>(
  what: Later<T>,
  first: 'now' | 'later',
  onLoaded: (value: T) => void,
  onTrying: (trying: boolean) => void,
): Attempts {
  let live = true;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pause = FIRST_PAUSE_MS;
  const wait = () => {
    onTrying(false);
    if (!navigator.onLine) return;
    timer = setTimeout(now, pause);
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  };
  const now = () => {
    clearTimeout(timer);
    if (!live || inFlight) return;
    inFlight = true;
    onTrying(true);
    what.load().then(
      (v) => {
        if (!live) return;
        stop();
        onLoaded(v);
      },
      () => {
        inFlight = false;
        if (live) wait();
      },
    );
  };
  const stop = () => {
    live = false;
    clearTimeout(timer);
    window.removeEventListener('online', now);
  };
  window.addEventListener('online', now);
  if (first === 'now') now();
  else wait();
  return { now, stop };
}

export interface LoadLaterOptions {
  /** Whether it is wanted yet (default true): nothing is fetched before. */
  wanted?: boolean;
  /** The first try failed already (a route's, React.lazy's): wait before the next. */
  afterFailure?: boolean;
  /** Render what loaded in a transition (a big re-render, e.g. the board's drag and drop over every card). */
  gentle?: boolean;
}

/** What `what` loaded (null until then), whether a try is under way, and a try at once (Retry, a person's reach). */
export function useLoadLater<T>(
  what: Later<T>,
  { wanted = true, afterFailure = false, gentle = false }: LoadLaterOptions = {},
): { value: T | null; trying: boolean; retry: () => void } {
  const [value, setValue] = useState<T | null>(() => what.peek());
  const [trying, setTrying] = useState(false);
  const attempts = useRef<Attempts | null>(null);
  useEffect(() => {
    if (value !== null || !wanted) return;
    const loaded = (v: T) => (gentle ? startTransition(() => setValue(() => v)) : setValue(() => v));
    const run = keepTrying(what, afterFailure ? 'later' : 'now', loaded, setTrying);
    attempts.current = run;
    return () => {
      run.stop();
      attempts.current = null;
    };
  }, [what, value, wanted, afterFailure, gentle]);
  const retry = useCallback(() => attempts.current?.now(), []);
  return { value, trying, retry };
}
