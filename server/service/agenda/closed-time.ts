import Holidays from 'date-holidays';
import type { Absence } from '#contract/agenda-absences.ts';
import { addDays, fromZurich, unixSeconds } from '../../time.ts';
import { type Db, sql } from '../db/database.ts';
import { publicHolidays } from '../holidays.ts';
import type { TenantConfig } from '../tenants.ts';

/**
 * Closed time of the practice (docs/api.md#absences, docs/decisions/0047): the public holidays of its canton
 * (which days: server/service/holidays.ts) and the absences entered. getAbsences lists it, getSlots offers nothing inside it.
 */

/** A stretch of closed time: the listed absence and its instants (Unix seconds, end exclusive). */
export interface ClosedTime extends Absence {
  start: number;
  end: number;
}

/** Holiday names by canton, language and year: day -> name. Keys are built here, never taken from a request. */
const names = new Map<string, Map<string, string>>();

/** The holidays' names in a language date-holidays knows (de, fr, it, en for Switzerland); German otherwise. */
function namesIn(canton: string, language: string, year: number): Map<string, string> {
  const key = `${canton}:${language}:${year}`;
  let byDay = names.get(key);
  if (byDay) return byDay;
  byDay = new Map();
  const calendar = new Holidays('CH', canton, { languages: [language], timezone: 'Europe/Zurich' });
  for (const h of calendar.getHolidays(year, language)) byDay.set(h.date.slice(0, 10), h.name);
  names.set(key, byDay);
  return byDay;
}

/** The canton's public holidays on the days first..last (both included), named in the practice's first language. */
export function holidaysBetween(tenant: TenantConfig, first: string, last: string): ClosedTime[] {
  const language = tenant.languages[0] ?? 'de';
  const out: ClosedTime[] = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    const local = language === 'de' ? undefined : namesIn(tenant.canton, language, year);
    for (const h of publicHolidays(tenant.canton, year)) {
      if (h.date < first || h.date > last) continue;
      const next = addDays(h.date, 1);
      out.push({
        absenceId: 0,
        provider: 0,
        from: `${h.date} 00:00:00`,
        until: `${next} 00:00:00`,
        kind: 'holiday',
        reason: local?.get(h.date) ?? h.name,
        start: unixSeconds(fromZurich(h.date)),
        end: unixSeconds(fromZurich(next)),
      });
    }
  }
  return out;
}

interface AbsenceRow {
  absence_id: number;
  provider: number;
  start_ts: number;
  end_ts: number;
  from_local: string;
  until_local: string;
  reason: string;
}

/**
 * The absences entered that overlap [start, end) (Unix seconds). With `provider`: only those that close that
 * practitioner, theirs and the whole practice's (provider 0).
 */
export function absencesBetween(db: Db, start: number, end: number, provider?: number): ClosedTime[] {
  const who = provider ? 'AND provider IN (0, ?)' : '';
  const params = provider ? [end, start, provider] : [end, start];
  const rows = sql(
    db,
    `SELECT absence_id, provider, start_ts, end_ts, from_local, until_local, reason FROM absences
     WHERE start_ts < ? AND end_ts > ? ${who} ORDER BY start_ts, absence_id`,
  ).all(...params) as unknown as AbsenceRow[];
  return rows.map((r) => ({
    absenceId: r.absence_id,
    provider: r.provider,
    from: r.from_local,
    until: r.until_local,
    kind: 'absence',
    reason: r.reason,
    start: r.start_ts,
    end: r.end_ts,
  }));
}

/** Everything that closes `provider` (or, without, anybody) on the days first..last, sorted by start. */
export function closedTimeBetween(
  db: Db,
  tenant: TenantConfig,
  first: string,
  last: string,
  provider?: number,
): ClosedTime[] {
  const start = unixSeconds(fromZurich(first));
  const end = unixSeconds(fromZurich(addDays(last, 1)));
  return [...holidaysBetween(tenant, first, last), ...absencesBetween(db, start, end, provider)].sort(
    (a, b) => a.start - b.start || a.absenceId - b.absenceId,
  );
}
