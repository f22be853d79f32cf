/** Practice time: every date-time string is in Europe/Zurich (docs/api.md#practice-time). */

import { zurichDateTime, zurichInstant } from '#contract/practice-time.ts';

export { zurichDateTime };

/** `YYYY-MM-DD` in Zurich for an instant. */
export function zurichDate(d: Date): string {
  return zurichDateTime(d).slice(0, 10);
}

/** The instant of a Zurich wall-clock `YYYY-MM-DD HH:MM[:SS]` (or `YYYY-MM-DD`, midnight). */
export function fromZurich(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!m) throw new Error(`Not a practice date-time: ${local}`);
  return zurichInstant(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
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

/**
 * The reference service's clock. `PRACTICE_NOW` (an ISO instant; tests only) sets the practice's moment: the clock
 * reads it at `PRACTICE_NOW_AT` (epoch milliseconds, default the start of this process) and runs on from there at
 * the real pace. The end-to-end suite gives the service and the browser the same moment, so a test sees the same day,
 * weekday and hour whenever it runs (docs/decisions/0035-a-fixed-practice-clock-for-tests.md). Without it: real time.
 */
export function clockFromEnv(env: Record<string, string | undefined>): (() => Date) | undefined {
  const fixed = env.PRACTICE_NOW?.trim();
  if (!fixed) return undefined;
  const at = Date.parse(fixed);
  if (!Number.isFinite(at)) throw new Error(`PRACTICE_NOW is not an instant: ${fixed}`);
  const origin = env.PRACTICE_NOW_AT ? Number(env.PRACTICE_NOW_AT) : Date.now();
  if (!Number.isFinite(origin)) throw new Error(`PRACTICE_NOW_AT is not a number: ${env.PRACTICE_NOW_AT}`);
  return () => new Date(at + Date.now() - origin);
}
