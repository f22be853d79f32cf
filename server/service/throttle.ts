/**
 * Counts of failed sign-ins (docs/api.md#session and #hardening, docs/decisions/0045). Two kinds:
 * - per client address (`createThrottle`): after 20 failures within 60 seconds, every further attempt from there
 *   answers 429 until 60 seconds have passed since the 20th;
 * - per account (`createAccountThrottle`): after 10 failures within 15 minutes, further attempts for that account
 *   wait, a wait that doubles with each further failure, at most 15 minutes; a success forgets the count.
 * The clock is the caller's, so tests move it instead of sleeping. Memory is bounded: at most `maxEntries` keys,
 * those that no longer hold anything forgotten first, then the least recently failed of those that are not held.
 */

export const THROTTLE_FAILURES = 20;
export const THROTTLE_WINDOW_MS = 60_000;
export const ACCOUNT_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** The first wait of an account after its 10th failure; each further failure doubles it. */
export const ACCOUNT_FIRST_WAIT_MS = 60_000;
export const ACCOUNT_MAX_WAIT_MS = 15 * 60_000;
/** Keys kept at most by default (a few hundred bytes each). */
const MAX_ENTRIES = 20_000;

export interface Throttle {
  /** Seconds until the caller may try again, or 0 when not blocked. */
  retryAfter: (key: string, now: number) => number;
  /** Counts one failed authentication. */
  fail: (key: string, now: number) => void;
  /** Forgets the key's failures (a success; the address count ignores it). */
  succeed: (key: string) => void;
  /** Keys held (tests of the memory bound). */
  readonly size: number;
}

/** What an entry still does: nothing (forgotten first), counts failures, or holds its key (forgotten last). */
type Rank = 'dead' | 'counting' | 'holding';

/**
 * A Map of at most `max` keys. A key set again moves to the end, so the order is the order of last change. When
 * full, entries that hold nothing go first (one pass), then the oldest of those that only count, then, only if that
 * is not enough, the oldest of those that hold, down to nine tenths: a pass over all keys happens at most once per
 * tenth of `max` new keys. So a spray of single failures under many names cannot push out a held account or address.
 */
class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  private readonly max: number;
  private readonly rank: (v: V) => Rank;
  constructor(max: number, rank: (v: V) => Rank) {
    this.max = max;
    this.rank = rank;
  }
  get size(): number {
    return this.map.size;
  }
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    if (this.map.size >= this.max) {
      const keep = Math.floor(this.max * 0.9);
      for (const [k, v] of this.map) if (this.rank(v) === 'dead') this.map.delete(k);
      this.dropOldest(keep, (v) => this.rank(v) === 'counting');
      this.dropOldest(keep, () => true);
    }
    this.map.set(key, value);
  }
  /** The oldest entries that `which` picks, until `keep` are left. */
  private dropOldest(keep: number, which: (v: V) => boolean): void {
    for (const [k, v] of this.map) {
      if (this.map.size <= keep) return;
      if (which(v)) this.map.delete(k);
    }
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

interface AddressEntry {
  /** Times (ms) of the failures still inside the window, oldest first. */
  failures: number[];
  /** Blocked until this time (ms), after the 20th failure. */
  until: number;
}

/** The count per client address: `failures` within `windowMs` block for `windowMs`. */
export function createThrottle(
  options: { failures?: number; windowMs?: number; maxEntries?: number; now?: () => number } = {},
): Throttle {
  const limit = options.failures ?? THROTTLE_FAILURES;
  const windowMs = options.windowMs ?? THROTTLE_WINDOW_MS;
  const clock = options.now ?? Date.now;
  const entries = new BoundedMap<AddressEntry>(options.maxEntries ?? MAX_ENTRIES, (e) => {
    const t = clock();
    if (e.until > t) return 'holding';
    return e.failures.some((f) => t - f < windowMs) ? 'counting' : 'dead';
  });
  return {
    get size() {
      return entries.size;
    },
    retryAfter(key, now) {
      const e = entries.get(key);
      if (!e || e.until <= now) return 0;
      return seconds(e.until - now);
    },
    fail(key, now) {
      const e = entries.get(key) ?? { failures: [], until: 0 };
      e.failures = e.failures.filter((t) => now - t < windowMs);
      e.failures.push(now);
      if (e.failures.length >= limit) {
        e.until = now + windowMs;
        e.failures = [];
      }
      entries.set(key, e);
    },
    succeed() {
      // Per address only failures count: a success from one address says nothing of its other attempts.
    },
  };
}

interface AccountEntry {
  /** Times (ms) of the last failures (at most ACCOUNT_FAILURES), oldest first. */
  failures: number[];
  /** Failures since the account began to wait: the wait is the first wait doubled `level - 1` times. */
  level: number;
  /** Waits until this time (ms). */
  until: number;
}

/**
 * The count per account. Once an account waits, the doubling goes on while failures keep coming: a failure within
 * 15 minutes of the end of the last wait is a further one. 15 quiet minutes after a wait start the count anew.
 */
export function createAccountThrottle(options: { maxEntries?: number; now?: () => number } = {}): Throttle {
  const clock = options.now ?? Date.now;
  const entries = new BoundedMap<AccountEntry>(options.maxEntries ?? MAX_ENTRIES, (e) => {
    const t = clock();
    // A wait, and the 15 minutes after it in which a further failure doubles it, are the account's hold.
    if (e.level > 0 && t - e.until < ACCOUNT_WINDOW_MS) return 'holding';
    return e.failures.some((f) => t - f < ACCOUNT_WINDOW_MS) ? 'counting' : 'dead';
  });
  return {
    get size() {
      return entries.size;
    },
    retryAfter(key, now) {
      const e = entries.get(key);
      if (!e || e.until <= now) return 0;
      return seconds(e.until - now);
    },
    fail(key, now) {
      const e = entries.get(key) ?? { failures: [], level: 0, until: 0 };
      e.failures = e.failures.filter((t) => now - t < ACCOUNT_WINDOW_MS).slice(-(ACCOUNT_FAILURES - 1));
      e.failures.push(now);
      if (e.level > 0 && now - e.until < ACCOUNT_WINDOW_MS) e.level += 1;
      else e.level = e.failures.length >= ACCOUNT_FAILURES ? 1 : 0;
      if (e.level > 0) {
        // 2^level grows past the cap long before it could overflow; the exponent is bounded anyway.
        const wait = ACCOUNT_FIRST_WAIT_MS * 2 ** Math.min(e.level - 1, 20);
        e.until = now + Math.min(wait, ACCOUNT_MAX_WAIT_MS);
      }
      entries.set(key, e);
    },
    succeed(key) {
      entries.delete(key);
    },
  };
}

/**
 * Requests the app server's sessions make with a signed-in session's credentials. They are not guesses: the
 * reference service neither holds them up nor counts them (docs/api.md#session), even from an address whose
 * guesses it has stopped. A WeakSet of the very Request objects, so no header a client sends can claim it.
 */
const sessionRequests = new WeakSet<Request>();

export function markSessionRequest(req: Request): Request {
  sessionRequests.add(req);
  return req;
}

export function isSessionRequest(req: Request): boolean {
  return sessionRequests.has(req);
}
