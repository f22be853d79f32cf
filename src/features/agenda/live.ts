import { useEffect, useRef } from 'react';
import type { AgendaItem } from './model.ts';

/**
 * Live agenda: the visible days are read again every 30 s and when the window regains focus, so that two
 * receptionists see each other's bookings; an appointment that changed since it was loaded is highlighted briefly.
 */

export const HIGHLIGHT_MS = 4_000;

/** Query options that keep the visible days fresh (shared with Today: api/agenda.ts). */
export { liveOptions } from '#api/agenda.ts';

export const signature = ({ appt, calendarid }: AgendaItem) =>
  JSON.stringify([calendarid, appt.date, appt.end, appt.appointment, appt.comment, appt.patid, appt.state]);

/** The ids of appointments that are new or different compared with the previous list of the same period. */
export function changedIds(before: ReadonlyMap<number, string>, items: readonly AgendaItem[]): number[] {
  return items.filter((i) => before.get(i.appt.id) !== signature(i)).map((i) => i.appt.id);
}

/**
 * Marks changed appointments (`data-changed` on their element, styled in agenda.module.css) for a few seconds.
 * `period` identifies what is shown: a new period is a new baseline, not a change.
 */
export function useChangedHighlight(items: readonly AgendaItem[], period: string, version: string): void {
  const seen = useRef<{ period: string; map: Map<number, string> } | null>(null);
  const latest = useRef(items);
  latest.current = items;
  // Runs when a list arrived (`version` = the lists' update times, 'loading' while any is pending).
  useEffect(() => {
    if (version === 'loading') return;
    const items = latest.current;
    const map = new Map(items.map((i) => [i.appt.id, signature(i)]));
    const before = seen.current;
    seen.current = { period, map };
    if (!before || before.period !== period) return;
    const ids = changedIds(before.map, items);
    if (ids.length === 0) return;
    const marked: Element[] = [];
    for (const id of ids)
      for (const el of document.querySelectorAll(`[data-appointment-id="${id}"]`)) {
        el.setAttribute('data-changed', '');
        marked.push(el);
      }
    // Not cleared on the next run: a mark always ends.
    setTimeout(() => {
      for (const el of marked) el.removeAttribute('data-changed');
    }, HIGHLIGHT_MS);
  }, [period, version]);
}
