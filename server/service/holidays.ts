import Holidays from 'date-holidays';
import { closedHolidays } from '#contract/holidays.ts';

/**
 * The days a Swiss practice is closed for a public holiday of its canton (docs/decisions/0042,
 * "Demo data"). From `date-holidays`, which keeps the cantons' holidays and the moving feasts
 * (Easter, Ascension, Whit Monday) so that nobody here computes them; which of them close the practice is
 * contract/holidays.ts' rule, the app's too.
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
  days = closedHolidays(calendarOf(canton).getHolidays(year, 'de'));
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
