import { zurichDateTime } from '#contract/practice-time.ts';

/**
 * Time that this app's own writes freed: an appointment deleted, or moved to another time or calendar (decision
 * 0051). The service lists a cancelled or missed appointment with its state, so that freed time is seen in the
 * lists; a deleted one is no longer listed and a moved one is listed at its new time only, so the app remembers the
 * time it left, on this device, until it has passed. The gap offers (components/gaps/) read it; whether the time is
 * still free is always decided against the lists (and getSlots before a booking), never by this record alone.
 */

export interface FreedTime {
  calendarid: number;
  /** Start and end, `YYYY-MM-DD HH:MM:SS` practice time. */
  date: string;
  end: string;
  /** The appointment's text (booking writes the service's name) and its patient (0 for a block). */
  appointment: string;
  patid: number;
  cause: 'deleted' | 'moved';
  /** When it was freed, `YYYY-MM-DD HH:MM:SS` practice time. */
  at: string;
}

export const FREED_TIME_KEY = 'praxis.freed-time';
/** Enough for a busy week; the oldest go first. */
const MAX_RECORDS = 200;
const dateTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: readonly FreedTime[] } = { raw: null, list: [] };

function isFreedTime(v: unknown): v is FreedTime {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    Number.isInteger(r.calendarid) &&
    Number.isInteger(r.patid) &&
    typeof r.date === 'string' &&
    dateTime.test(r.date) &&
    typeof r.end === 'string' &&
    dateTime.test(r.end) &&
    typeof r.appointment === 'string' &&
    r.appointment.length <= 1000 &&
    (r.cause === 'deleted' || r.cause === 'moved') &&
    typeof r.at === 'string'
  );
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(FREED_TIME_KEY);
  } catch {
    return null;
  }
}

/** What is recorded (a stable array between changes, for useSyncExternalStore). */
export function readFreedTime(): readonly FreedTime[] {
  const raw = readRaw();
  if (raw === cache.raw) return cache.list;
  let list: FreedTime[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isFreedTime).slice(-MAX_RECORDS);
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: readonly FreedTime[]): void {
  try {
    window.localStorage.setItem(FREED_TIME_KEY, JSON.stringify(list.slice(-MAX_RECORDS)));
  } catch {
    // Without storage the gap shows once the lists say so (a cancelled one) or not at all (deleted, moved).
  }
  for (const l of listeners) l();
}

/**
 * Remembers the time an appointment held before a delete or a move (`now`: practice time, to forget what has
 * passed). A write that left the time as it was records nothing.
 */
export function recordFreedTime(
  before: Omit<FreedTime, 'cause' | 'at'>,
  cause: FreedTime['cause'],
  now: string,
): void {
  const date = before.date.length === 16 ? `${before.date}:00` : before.date;
  const end = before.end.length === 16 ? `${before.end}:00` : before.end;
  if (end <= now) return;
  const kept = readFreedTime().filter(
    (f) => f.end > now && !(f.calendarid === before.calendarid && f.date === date && f.end === end),
  );
  write([...kept, { ...before, date, end, cause, at: now }]);
}

interface Held {
  calendarid: number;
  date: string;
  end: string;
  appointment: string;
  patid: number;
}

/**
 * After a write of the agenda: `before` as the appointment was, `after` as written (null: deleted). Records the
 * time it held when it left it (deleted, or another calendar or time).
 */
export function freedBy(before: Held, after: Held | null): void {
  const same = (a: string, b: string) => a.slice(0, 16) === b.slice(0, 16);
  if (
    after &&
    after.calendarid === before.calendarid &&
    same(after.date, before.date) &&
    same(after.end, before.end)
  )
    return;
  const { calendarid, date, end, appointment, patid } = before;
  recordFreedTime(
    { calendarid, date, end, appointment, patid },
    after ? 'moved' : 'deleted',
    zurichDateTime(new Date()),
  );
}

/** Forgets a record (the move that made it was undone). */
export function forgetFreedTime(calendarid: number, date: string): void {
  const list = readFreedTime();
  const kept = list.filter((f) => !(f.calendarid === calendarid && f.date === date));
  if (kept.length !== list.length) write(kept);
}

/** For useSyncExternalStore: this tab's writes and other tabs' (the storage event). */
export function subscribeFreedTime(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === FREED_TIME_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
