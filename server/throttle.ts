/**
 * Failed-authentication throttling (extensions.md section 7): after 20 failures within 60 seconds from one client
 * address to one tenant, every further request from there answers 429 until 60 seconds have passed since the 20th.
 * The clock is the service's own, so tests move it instead of sleeping.
 */

export const THROTTLE_FAILURES = 20;
export const THROTTLE_WINDOW_MS = 60_000;
/** Entries kept at most; the oldest are forgotten first, so a flood of addresses cannot exhaust memory. */
const MAX_ENTRIES = 10_000;

interface Entry {
  /** Times (ms) of the failures still inside the window, oldest first. */
  failures: number[];
  /** Blocked until this time (ms), after the 20th failure. */
  until: number;
}

export interface Throttle {
  /** Seconds until the caller may try again, or 0 when not blocked. */
  retryAfter: (key: string, now: number) => number;
  /** Counts one failed authentication. */
  fail: (key: string, now: number) => void;
}

/** `failures`: how many within the window block (the proxy counts 10 per address, extensions.md section 6). */
export function createThrottle(options: { failures?: number } = {}): Throttle {
  const limit = options.failures ?? THROTTLE_FAILURES;
  const entries = new Map<string, Entry>();
  return {
    retryAfter(key, now) {
      const e = entries.get(key);
      if (!e || e.until <= now) return 0;
      return Math.max(1, Math.ceil((e.until - now) / 1000));
    },
    fail(key, now) {
      let e = entries.get(key);
      if (!e) {
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        e = { failures: [], until: 0 };
        entries.set(key, e);
      }
      e.failures = e.failures.filter((t) => now - t < THROTTLE_WINDOW_MS);
      e.failures.push(now);
      if (e.failures.length >= limit) {
        e.until = now + THROTTLE_WINDOW_MS;
        e.failures = [];
      }
    },
  };
}
