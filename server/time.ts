/** Practice time: every date-time string is in Europe/Zurich (extensions.md section 1). */

export const ZONE = 'Europe/Zurich';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD HH:MM:SS` in Zurich for an instant. */
export function zurichDateTime(d: Date): string {
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `YYYY-MM-DD` in Zurich for an instant. */
export function zurichDate(d: Date): string {
  return zurichDateTime(d).slice(0, 10);
}

/** Offset of Zurich from UTC in minutes at an instant. */
function offsetMinutes(d: Date): number {
  const local = zurichDateTime(d);
  const asUtc = Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(5, 7)) - 1,
    Number(local.slice(8, 10)),
    Number(local.slice(11, 13)),
    Number(local.slice(14, 16)),
    Number(local.slice(17, 19)),
  );
  return Math.round((asUtc - Math.floor(d.getTime() / 1000) * 1000) / 60000);
}

/** The instant of a Zurich wall-clock `YYYY-MM-DD HH:MM[:SS]` (or `YYYY-MM-DD`, midnight). */
export function fromZurich(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!m) throw new Error(`Not a practice date-time: ${local}`);
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  // Two passes settle the offset also around the DST switches.
  let guess = new Date(wall - offsetMinutes(new Date(wall)) * 60000);
  guess = new Date(wall - offsetMinutes(guess) * 60000);
  return guess;
}

export function unixSeconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}

/** Adds days to a `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
