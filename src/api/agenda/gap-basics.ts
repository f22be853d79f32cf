import type { BookingService } from '#contract/booking.ts';

/**
 * What the gap offers' writes (gap-writes.ts), their model (components/gaps/model.ts) and the statistics of freed
 * time (features/stats/gap-minutes.ts) measure with, once (decision 0051). No side effects: the statistics load it
 * without the writes and the waiting list's operations.
 */

/** A practice wall time (`YYYY-MM-DD HH:MM[:SS]`) as minutes on a clock without zones (a gap never spans a night). */
export function toMinutes(dt: string): number {
  return (
    Date.UTC(+dt.slice(0, 4), +dt.slice(5, 7) - 1, +dt.slice(8, 10), +dt.slice(11, 13), +dt.slice(14, 16)) /
    60_000
  );
}

/** The wall time `YYYY-MM-DD HH:MM:00` of toMinutes' minutes. */
export function fromMinutes(m: number): string {
  const d = new Date(m * 60_000).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 16)}:00`;
}

/** The service an appointment text names: booking writes the name itself; the agenda may add words after it. */
export function serviceOfText(text: string, services: readonly BookingService[]): BookingService | undefined {
  const t = text.trim().toLocaleLowerCase('de-CH');
  let best: BookingService | undefined;
  for (const s of services) {
    const name = s.name.trim().toLocaleLowerCase('de-CH');
    if (name && (t === name || t.startsWith(`${name} `)) && (!best || name.length > best.name.length))
      best = s;
  }
  return best;
}
