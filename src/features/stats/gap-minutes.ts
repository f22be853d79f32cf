import { toMinutes } from '#api/agenda/gap-basics.ts';
import type { DayAppointment } from '#api/agenda.ts';
import { addDays } from '#contract/practice-time.ts';

/**
 * What the gap offers bring, measured (issue 37, decision 0051): per week, the minutes freed (cancelled or missed
 * appointments, by the week of their start) and the minutes refilled (of that freed time, what another appointment
 * of the same calendar holds now: booked into the gap within the gap's time). Deleted appointments are not listed
 * by the service, so they are not counted.
 */

export interface WeekMinutes {
  /** The week's Monday, `YYYY-MM-DD`. */
  week: string;
  freed: number;
  refilled: number;
}

/** Weeks shown: this one and the seven before. */
export const STAT_WEEKS = 8;

/** The Monday of a day's week. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The Mondays of the STAT_WEEKS weeks that end with today's. */
export function statWeeks(today: string): string[] {
  const last = mondayOf(today);
  return Array.from({ length: STAT_WEEKS }, (_, i) => addDays(last, 7 * (i - STAT_WEEKS + 1)));
}

/** Minutes of [from, to) that the intervals cover, each minute once. */
function covered(from: number, to: number, busy: readonly { from: number; to: number }[]): number {
  const parts = busy
    .map((b) => ({ from: Math.max(from, b.from), to: Math.min(to, b.to) }))
    .filter((b) => b.to > b.from)
    .sort((a, b) => a.from - b.from);
  let total = 0;
  let reached = from;
  for (const p of parts) {
    const start = Math.max(p.from, reached);
    if (p.to > start) {
      total += p.to - start;
      reached = p.to;
    }
  }
  return total;
}

const freeing = (state: string) => state === '-1' || state === '-2';

export function gapMinutesByWeek(items: readonly DayAppointment[], weeks: readonly string[]): WeekMinutes[] {
  const byWeek = new Map<string, WeekMinutes>(weeks.map((w) => [w, { week: w, freed: 0, refilled: 0 }]));
  const busy = new Map<number, { from: number; to: number }[]>();
  for (const a of items) {
    if (freeing(a.state)) continue;
    const list = busy.get(a.calendarid) ?? [];
    list.push({ from: toMinutes(a.date), to: toMinutes(a.end) });
    busy.set(a.calendarid, list);
  }
  // Overlapping freed appointments of one calendar count once.
  const seen = new Map<number, { from: number; to: number }[]>();
  const freed = items
    .filter((a) => freeing(a.state))
    .sort((a, b) => a.calendarid - b.calendarid || a.date.localeCompare(b.date));
  for (const a of freed) {
    const row = byWeek.get(mondayOf(a.date.slice(0, 10)));
    if (!row) continue;
    const from = toMinutes(a.date);
    const to = toMinutes(a.end);
    const before = seen.get(a.calendarid) ?? [];
    const fresh = to - from - covered(from, to, before);
    if (fresh <= 0) continue;
    // The part of this appointment not counted already, and of it what is booked now.
    const all = covered(from, to, [...before, ...(busy.get(a.calendarid) ?? [])]);
    const old = covered(from, to, before);
    row.freed += fresh;
    row.refilled += all - old;
    before.push({ from, to });
    seen.set(a.calendarid, before);
  }
  return weeks.map((w) => byWeek.get(w) ?? { week: w, freed: 0, refilled: 0 });
}
