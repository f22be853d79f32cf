/**
 * The practice's clock, once for the app and the service: every date-time the API speaks is Europe/Zurich wall time,
 * `YYYY-MM-DD HH:MM:SS` (docs/api.md#practice-time), whatever the zone of the browser or the server.
 * Plain Intl (no date library): the board formats with it on its first load.
 */
export const PRACTICE_ZONE = 'Europe/Zurich';

// One cached formatter: creating one per call is slow, and cards and rows call this for every item.
let clock: Intl.DateTimeFormat | undefined;

/** `YYYY-MM-DD HH:MM:SS`: the practice's wall time at an instant. */
export function zurichDateTime(instant: Date): string {
  clock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PRACTICE_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p: Record<string, string> = {};
  for (const part of clock.formatToParts(instant)) p[part.type] = part.value;
  // Years before 1000 come without leading zeros; the format has four digits (docs/decisions/0046).
  return `${p.year.padStart(4, '0')}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Zurich's offset from UTC in milliseconds at an instant (whole seconds, as the wall time has them). */
function offsetAt(utcMillis: number): number {
  const t = zurichDateTime(new Date(utcMillis));
  const wall = Date.UTC(
    +t.slice(0, 4),
    +t.slice(5, 7) - 1,
    +t.slice(8, 10),
    +t.slice(11, 13),
    +t.slice(14, 16),
    +t.slice(17, 19),
  );
  return wall - Math.floor(utcMillis / 1000) * 1000;
}

/**
 * The instant of a Zurich wall time given by its fields (month 1-12). The offset is taken at a guess and again at
 * the result, so that it is right on both sides of a daylight-saving change.
 */
export function zurichInstant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let utc = wall - offsetAt(wall);
  utc = wall - offsetAt(utc);
  return new Date(utc);
}

/** `2026-11-21` plus n calendar days (n may be negative); plain date arithmetic, no zone involved. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d + n));
  return Number.isNaN(at.getTime()) ? 'Invalid Date' : at.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD`, a real calendar day (31.02. is none). */
// The same days as regular expressions, for the OpenAPI document (docs/decisions/0046): a client that builds
// its requests from a pattern alone must not make up 31.02. Years 0100-9999 (isRealDate refuses 0000-0099).
const yearRe = '(?:[1-9]\\d{3}|0[1-9]\\d{2})';
const leapYearRe =
  '(?:(?:[1-9]\\d|0[1-9])(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)';
/** A real day `YYYY-MM-DD`, unanchored (for composing). */
export const realDayRe =
  `(?:${yearRe}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)` +
  `|${leapYearRe}-02-29)`;
/** A real day `D.M.YYYY` (one or two digits for day and month), unanchored. */
export const realSwissDayRe =
  `(?:(?:0?[1-9]|1\\d|2[0-8])\\.(?:0?[1-9]|1[0-2])\\.${yearRe}|(?:29|30)\\.(?:0?[13-9]|1[0-2])\\.${yearRe}` +
  `|31\\.(?:0?[13578]|1[02])\\.${yearRe}|29\\.0?2\\.${leapYearRe})`;
/** A wall-clock time `HH:MM`, seconds optional, unanchored. */
export const clockTimeRe = '(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?';

export function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Date.UTC reads years 0-99 as 1900-1999: such a year is no real date here, as before.
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/**
 * What a typed day is for, which decides what an incomplete one means:
 * - `ahead` (appointments, reminders, recalls, filters): `1.12.26` is 2026 (the practice's century), `1.12.` the
 *   next 1 December from today on.
 * - `birth` (dates of birth): `18.9.91` and `1.12.` the most recent such day up to today; a day after today or
 *   before 1900 is refused.
 */
export type DayKind = 'ahead' | 'birth';

/** Why a text is no day: not written as one, a day no calendar has (31.02.2026), or not a possible birth date. */
export type DayRefusal = 'format' | 'noSuchDay' | 'future' | 'before1900';

export type DayReading = { day: string } | { refused: DayRefusal };

const fullDayRe = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/;
const noYearRe = /^(\d{1,2})\.(\d{1,2})\.$/;
const isoDayRe = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/**
 * The year meant by a day written without its century (two-digit year, or no year at all): the candidate year
 * moved by whole steps (100 years for `YY`, 1 for no year) until the day lies on the right side of today
 * (`ahead`: today or later, `birth`: today or earlier). For `ahead` a two-digit year is simply the practice's
 * century (20YY), as receptionists mean it; 29.02. without a year looks up to eight years on for a leap year.
 */
function yearFor(kind: DayKind, today: string, m: number, d: number, yy: number | null): number | null {
  const todayYear = Number(today.slice(0, 4));
  if (yy !== null) {
    const year = Math.floor(todayYear / 100) * 100 + yy;
    if (kind === 'ahead') return year;
    // The comparison is on the written fields, so that 29.02.27 stays in its century even though it is no day.
    return isoOf(year, m, d) > today ? year - 100 : year;
  }
  const step = kind === 'ahead' ? 1 : -1;
  let year = todayYear;
  if (kind === 'ahead' ? isoOf(year, m, d) < today : isoOf(year, m, d) > today) year += step;
  for (let i = 0; i < 8; i++, year += step) if (isRealDate(isoOf(year, m, d))) return year;
  return null;
}

/**
 * A day as a person types it in a date field, once for every date field of the app: `21.11.2026`, `1.2.2026`,
 * `01.12.26`, `1.12.26`, `1.12.` (see DayKind for what the short ones mean) or `2026-11-21`, spaces around it
 * allowed. Gives the day as `YYYY-MM-DD`, or why it is refused: `format` for text that is not written as a day,
 * `noSuchDay` for one written as a day that the calendar does not have (31.02.2026, 29.02.2027, 32.1.2026), and for
 * `birth` `future` and `before1900`. `today` is the practice's (`YYYY-MM-DD`), by default read from its clock now.
 */
export function readDay(
  text: string,
  {
    kind = 'ahead',
    today = zurichDateTime(new Date()).slice(0, 10),
  }: { kind?: DayKind; today?: string } = {},
): DayReading {
  const s = text.trim();
  let y: number | null;
  let m: number;
  let d: number;
  const full = fullDayRe.exec(s);
  const noYear = full ? null : noYearRe.exec(s);
  const iso = full || noYear ? null : isoDayRe.exec(s);
  if (full) {
    d = Number(full[1]);
    m = Number(full[2]);
    y = full[3].length === 4 ? Number(full[3]) : yearFor(kind, today, m, d, Number(full[3]));
  } else if (noYear) {
    d = Number(noYear[1]);
    m = Number(noYear[2]);
    y = yearFor(kind, today, m, d, null);
  } else if (iso) {
    y = Number(iso[1]);
    m = Number(iso[2]);
    d = Number(iso[3]);
  } else {
    return { refused: 'format' };
  }
  if (y === null) return { refused: 'noSuchDay' };
  const day = isoOf(y, m, d);
  if (!isRealDate(day)) return { refused: 'noSuchDay' };
  if (kind === 'birth') {
    if (day > today) return { refused: 'future' };
    if (y < 1900) return { refused: 'before1900' };
  }
  return { day };
}
