import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Calendar, CalendarAppointment } from '../../../contract/agenda.ts';
import { appointmentListsKey, appointmentWrites } from '../../api/agenda.ts';
import { call } from '../../api/client.ts';
import { type OpData, opMutation, opQuery } from '../../api/queries.ts';
import { type AgendaItem, type AppointmentRecord, addDays, dayOf, modifyInput } from './model.ts';

/**
 * Queries and mutations of the agenda, from the query layer (`api/queries.ts`): every appointment list is a
 * getAppointments query, so a write invalidates all of them (the patient page's lists included).
 */

// Shared with Today (api/agenda.ts): the lists' key, the calendars, what a write makes stale, a refused version.
export {
  appointmentListsKey,
  calendarsQuery,
  changedMeanwhile,
} from '../../api/agenda.ts';

/** The patient-mode window in which the fallback looks for calendars: four weeks either side of today. */
export function fallbackWindow(today: string) {
  return { from: addDays(today, -28), until: addDays(today, 28) };
}

/**
 * Without getCalendars (extensions.md section 4): the calendars seen in patient-mode appointments around today.
 * Names come from the appointments' `calendar`; colours are unknown ('').
 */
export function calendarsFallbackQuery(today: string) {
  return opQuery('getAppointments', fallbackWindow(today), {
    select: (items): Calendar[] => {
      const seen = new Map<number, Calendar>();
      for (const a of items) {
        if (!('calendarid' in a) || seen.has(a.calendarid)) continue;
        seen.set(a.calendarid, { calendarid: a.calendarid, name: a.calendar, provider: null, color: '' });
      }
      return [...seen.values()].sort((x, y) => x.calendarid - y.calendarid);
    },
    staleTime: 5 * 60_000,
  });
}

/** Only what calendar mode lists, never a provisional one (the service filters them; this keeps it so). */
export function visible(items: OpData<'getAppointments'>): CalendarAppointment[] {
  return items.filter((a): a is CalendarAppointment => 'dateTs' in a && a.state !== 'PR');
}

export interface RangeInput {
  calendarid: number;
  /** First and last day shown, `YYYY-MM-DD` (the service reads a day as from its start / through its end). */
  from: string;
  until: string;
}

/** Calendar mode: the appointments that start within the visible days. */
export function appointmentsQuery(input: RangeInput) {
  return opQuery('getAppointments', input, { select: visible });
}

/** One patient, for names on hover and in the dialog. */
export { customerQuery as patientQuery } from '../../api/queries.ts';

/**
 * The appointment as the service has it now: first at its own start time in its calendar, then within two months
 * either side (it may have been moved). null when it is not there: deleted, or moved to another calendar.
 */
export async function fetchCurrent(
  appt: Pick<CalendarAppointment, 'id' | 'date' | 'dateTs'>,
  calendarid: number,
  signal?: AbortSignal,
): Promise<CalendarAppointment | null> {
  const exact = visible(
    await call('getAppointments', { calendarid, from: appt.dateTs, until: appt.dateTs }, { signal }),
  );
  const hit = exact.find((a) => a.id === appt.id);
  if (hit) return hit;
  const day = dayOf(appt.date);
  const around = visible(
    await call(
      'getAppointments',
      { calendarid, from: addDays(day, -62), until: addDays(day, 62) },
      { signal },
    ),
  );
  return around.find((a) => a.id === appt.id) ?? null;
}

export interface AppointmentWrite {
  id: number;
  record: AppointmentRecord;
  /** The version the record was based on, when the service gives versions: sent as ifVersion. */
  version?: number;
}

/** Writes the complete record (modifyAppointment overwrites every field). */
export function saveAppointmentMutation() {
  return opMutation('modifyAppointment', {
    input: ({ id, record, version }: AppointmentWrite) => modifyInput(id, record, 0, version),
    invalidates: appointmentWrites,
    silent: true,
  });
}

/** Deleting is a write of the complete record with deleted = 1. */
export function deleteAppointmentMutation() {
  return opMutation('modifyAppointment', {
    input: ({ id, record, version }: AppointmentWrite) => modifyInput(id, record, 1, version),
    invalidates: appointmentWrites,
    silent: true,
  });
}

export function createAppointmentMutation() {
  return opMutation('createAppointment', { invalidates: appointmentWrites, silent: true });
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
export function replaceInLists(client: QueryClient, id: number, next: AgendaItem | null): ListSnapshot {
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
