import { type DaySection, daySections } from '#components/day-sections.ts';

/**
 * Today's address: `/today?show=here&cals=1,3`. Defaults are left out, so `/today` is every section of every
 * calendar.
 */

export type Show = 'all' | DaySection;

export interface TodayView {
  show: Show;
  /** The calendars shown; null = all. */
  cals: number[] | null;
}

export function readView(params: URLSearchParams): TodayView {
  const s = params.get('show') ?? '';
  const show: Show = (daySections as readonly string[]).includes(s) ? (s as DaySection) : 'all';
  const raw = params.get('cals');
  const ids =
    raw === null
      ? null
      : raw
          .split(',')
          .map(Number)
          .filter((n) => Number.isInteger(n) && n > 0);
  return { show, cals: ids && ids.length > 0 ? ids : null };
}

/** The address parameters for a view, changed by `patch`; other parameters are kept. */
export function writeView(prev: URLSearchParams, patch: Partial<TodayView>): URLSearchParams {
  const next = { ...readView(prev), ...patch };
  const out = new URLSearchParams(prev);
  if (next.show === 'all') out.delete('show');
  else out.set('show', next.show);
  if (next.cals === null || next.cals.length === 0) out.delete('cals');
  else out.set('cals', next.cals.join(','));
  return out;
}
