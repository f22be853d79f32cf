/**
 * Which of a canton's holidays close a Swiss practice (docs/decisions/0047), once for the service and for the app
 * (which computes them itself where the practice's server has no getAbsences). The list comes from `date-holidays`,
 * which keeps the cantons' holidays and the moving feasts; this module does not import it (the app loads it only
 * when needed): its `public` holidays and the whole-day `optional` ones most employers of the canton give
 * (Berchtoldstag on 2 January in Zürich). Half days (the Knabenschiessen afternoon) and mere observances (Mother's
 * Day) leave the practice open.
 */

/** A holiday as date-holidays lists it: `date` is its wall-clock start in the canton's zone (`2026-09-14 13:00:00`). */
export interface ListedHoliday {
  date: string;
  name: string;
  type: string;
}

/** The days the listed holidays close the practice (`YYYY-MM-DD` -> name), in the list's order. */
export function closedHolidays(listed: readonly ListedHoliday[]): Map<string, string> {
  const days = new Map<string, string>();
  for (const h of listed) {
    const wholeDay = h.date.endsWith(' 00:00:00');
    if (h.type === 'public' || (h.type === 'optional' && wholeDay)) days.set(h.date.slice(0, 10), h.name);
  }
  return days;
}
