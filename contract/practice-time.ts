/**
 * The practice's clock, once for the app and the service: every date-time the API speaks is Europe/Zurich wall time,
 * `YYYY-MM-DD HH:MM:SS` (extensions.md section 1), whatever the zone of the browser or the server.
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
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
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
