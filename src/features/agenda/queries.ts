import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  appointmentListsKey,
  type CalendarItem,
  practiceAppointmentsQuery,
  type RangeInput,
} from '#api/agenda.ts';
import type { OpData } from '#api/queries.ts';
import type { Calendar } from '#contract/agenda.ts';
import { addDays, dayOf } from './model.ts';

/**
 * What the agenda adds to the agenda area's factories (`api/agenda.ts`): the calendars seen in appointments when the
 * tenant lacks getCalendars, and the optimistic changes of the cached lists.
 */

/** The patient-mode window in which the fallback looks for calendars: four weeks either side of today. */
export function fallbackWindow(today: string) {
  return { from: addDays(today, -28), until: addDays(today, 28) };
}

/**
 * Without getCalendars (docs/api.md#additions): the calendars seen in patient-mode appointments around today.
 * Names come from the appointments' `calendar`; colours are unknown ('').
 */
export function calendarsFallbackQuery(today: string) {
  return {
    ...practiceAppointmentsQuery(fallbackWindow(today)),
    select: (items: OpData<'getAppointments'>): Calendar[] => {
      const seen = new Map<number, Calendar>();
      for (const a of items) {
        if (!('calendarid' in a) || seen.has(a.calendarid)) continue;
        seen.set(a.calendarid, { calendarid: a.calendarid, name: a.calendar, provider: null, color: '' });
      }
      return [...seen.values()].sort((x, y) => x.calendarid - y.calendarid);
    },
    staleTime: 5 * 60_000,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Optimistic changes of the cached lists (moves, deletes), with what is needed to roll them back.

type ListSnapshot = [QueryKey, OpData<'getAppointments'> | undefined][];

function isRangeInput(v: unknown): v is RangeInput {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as RangeInput).calendarid === 'number' &&
    typeof (v as RangeInput).from === 'string' &&
    typeof (v as RangeInput).until === 'string'
  );
}

/**
 * Takes the appointment out of every calendar-mode list and, when `next` is given, puts it into the lists of its
 * calendar whose days hold its start. Provisional appointments are never put anywhere.
 */
export function replaceInLists(client: QueryClient, id: number, next: CalendarItem | null): ListSnapshot {
  const snapshot: ListSnapshot = [];
  for (const query of client.getQueryCache().findAll({ queryKey: appointmentListsKey })) {
    const input = query.queryKey[2];
    if (!isRangeInput(input)) continue;
    const list = query.state.data as OpData<'getAppointments'> | undefined;
    if (!list) continue;
    snapshot.push([query.queryKey, list]);
    let out: OpData<'getAppointments'> = list.filter((a) => a.id !== id);
    if (
      next &&
      next.appt.state !== 'PR' &&
      input.calendarid === next.calendarid &&
      dayOf(next.appt.date) >= input.from &&
      dayOf(next.appt.date) <= input.until
    ) {
      out = [...out, next.appt].sort((a, b) => String(b.date).localeCompare(String(a.date)));
    }
    client.setQueryData(query.queryKey, out);
  }
  return snapshot;
}

export function restoreLists(client: QueryClient, snapshot: ListSnapshot): void {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}
