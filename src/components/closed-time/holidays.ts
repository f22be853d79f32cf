import { queryOptions } from '@tanstack/react-query';
import { closedHolidays } from '#contract/holidays.ts';
import { addDays } from '#contract/practice-time.ts';
import type { ClosedSpan } from './spans.ts';

/**
 * The canton's public holidays computed in the app, for a practice's server without getAbsences
 * (docs/api.md#absences), by the reference service's rule (contract/holidays.ts). date-holidays is large: loaded only
 * when needed.
 */
export async function cantonHolidays(
  canton: string,
  from: string,
  until: string,
  language: string,
): Promise<ClosedSpan[]> {
  const { default: Holidays } = await import('date-holidays');
  const calendar = new Holidays('CH', canton, { languages: [language, 'de'], timezone: 'Europe/Zurich' });
  const out: ClosedSpan[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(until.slice(0, 4)); year += 1) {
    for (const [day, name] of closedHolidays(calendar.getHolidays(year, language))) {
      if (day < from || day > until) continue;
      out.push({
        absenceId: 0,
        provider: 0,
        from: `${day} 00:00:00`,
        // The next midnight, as getAbsences gives a holiday.
        until: `${addDays(day, 1)} 00:00:00`,
        kind: 'holiday',
        reason: name,
      });
    }
  }
  return out;
}

/**
 * The canton's holidays from..until as a query (not an operation of the practice: computed here), shared by the
 * agenda's shading (useClosedTime) and the question before a booking (fetchClosedTime). They never change.
 */
export function cantonHolidaysQuery(canton: string, from: string, until: string, language: string) {
  return queryOptions({
    queryKey: ['closed-time', 'canton-holidays', canton, from, until, language],
    queryFn: () => cantonHolidays(canton, from, until, language),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
