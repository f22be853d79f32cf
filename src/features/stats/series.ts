import { addDays } from '#components/practice-clock.ts';
import type { StatGroupBy, StatRow } from '#contract/sales.ts';

/**
 * getLeadStats leaves out the days, weeks and months without leads. A time series shows them as 0, so that the
 * line does not jump over gaps; up to MAX_FILLED points (a longer span is shown as it came).
 */
export const MAX_FILLED = 1500;

/** ISO 8601 week of a `YYYY-MM-DD`: `YYYY-Www` (the service's week keys). */
export function isoWeekOf(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - weekday + 3); // the week's Thursday decides its year
  const year = d.getUTCFullYear();
  const week = Math.floor((d.getTime() - Date.UTC(year, 0, 1, 12)) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday of an ISO week `YYYY-Www`, as `YYYY-MM-DD`; null for another text. */
export function mondayOfIsoWeek(key: string): string | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(key);
  if (!m) return null;
  const jan4 = new Date(Date.UTC(Number(m[1]), 0, 4, 12));
  const weekday = (jan4.getUTCDay() + 6) % 7;
  jan4.setUTCDate(jan4.getUTCDate() - weekday + (Number(m[2]) - 1) * 7);
  return jan4.toISOString().slice(0, 10);
}

function nextKey(groupBy: 'day' | 'week' | 'month', key: string): string | null {
  if (groupBy === 'day') return /^\d{4}-\d{2}-\d{2}$/.test(key) ? addDays(key, 1) : null;
  if (groupBy === 'week') {
    const monday = mondayOfIsoWeek(key);
    return monday ? isoWeekOf(addDays(monday, 7)) : null;
  }
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
}

/** The rows in time order, missing periods between the first and the last added with value 0. */
export function fillTimeGaps(groupBy: StatGroupBy, rows: readonly StatRow[]): StatRow[] {
  const sorted = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if ((groupBy !== 'day' && groupBy !== 'week' && groupBy !== 'month') || sorted.length < 2) return sorted;
  const byKey = new Map(sorted.map((r) => [r.key, r]));
  const last = sorted[sorted.length - 1].key;
  const out: StatRow[] = [];
  let key: string | null = sorted[0].key;
  while (key !== null && key <= last) {
    out.push(byKey.get(key) ?? { key, label: key, value: 0 });
    if (out.length > MAX_FILLED) return sorted;
    key = nextKey(groupBy, key);
  }
  // A key the walk did not meet (not in the expected form): show the rows as they came.
  return out.length >= sorted.length && sorted.every((r) => out.includes(r)) ? out : sorted;
}
