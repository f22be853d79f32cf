import Holidays from 'date-holidays';

/**
 * The days a Swiss practice is closed for a public holiday of its canton (docs/decisions/0042,
 * "Demo data"). From `date-holidays`, which keeps the cantons' holidays and the moving feasts
 * (Easter, Ascension, Whit Monday) so that nobody here computes them: its `public` holidays, and the whole-day
 * `optional` ones most employers of the canton give (Berchtoldstag on 2 January in Zürich). Half days (the
 * Knabenschiessen afternoon in the city of Zürich) and mere observances (Mother's Day) leave the practice open.
 *
 * For the demo's seed now, and for the service's slots later: one place that says which days are closed.
 */

/** A holiday: its day `YYYY-MM-DD` and its German name. */
export interface Holiday {
  date: string;
  name: string;
}

/** The cantons' codes as date-holidays knows them (`ZH`, `BE`, ... `JU`). */
const calendars = new Map<string, Holidays>();
const years = new Map<string, Map<string, string>>();

function calendarOf(canton: string): Holidays {
  let calendar = calendars.get(canton);
  if (calendar) return calendar;
  const known = new Holidays().getStates('CH') ?? {};
  if (!Object.hasOwn(known, canton)) throw new Error(`Not a Swiss canton: ${canton}`);
  calendar = new Holidays('CH', canton, { languages: ['de'], timezone: 'Europe/Zurich' });
  calendars.set(canton, calendar);
  return calendar;
}

/** The closed days of a canton's year, by day. */
function closedDays(canton: string, year: number): Map<string, string> {
  const key = `${canton}:${year}`;
  let days = years.get(key);
  if (days) return days;
  days = new Map();
  for (const h of calendarOf(canton).getHolidays(year, 'de')) {
    // `date` is the wall-clock start in the canton's zone: `2026-01-02 00:00:00`, `2026-09-14 13:00:00`.
    const wholeDay = h.date.endsWith(' 00:00:00');
    if (h.type === 'public' || (h.type === 'optional' && wholeDay)) days.set(h.date.slice(0, 10), h.name);
  }
  years.set(key, days);
  return days;
}

/** The practice's closed days of a year, in order. */
export function publicHolidays(canton: string, year: number): Holiday[] {
  return [...closedDays(canton, year)].map(([date, name]) => ({ date, name }));
}

/** Whether `day` (`YYYY-MM-DD`) is a public holiday of the canton. */
export function isPublicHoliday(canton: string, day: string): boolean {
  const year = Number(day.slice(0, 4));
  return Number.isInteger(year) && closedDays(canton, year).has(day);
}
