import type { Appointment } from '../../contract/agenda.ts';
import type { OpInput } from '../../contract/operations.ts';
import { ApiError, call } from './client.ts';
import { type Invalidation, opQuery, opScope } from './queries.ts';

/**
 * What more than one area needs of the contract's agenda operations (the agenda and Today): the calendars, the
 * lists' refresh, the complete record that modifyAppointment overwrites, and what an appointment write makes stale.
 * Every time is practice wall-clock time (Europe/Zurich), as the API writes it: `YYYY-MM-DD HH:MM:SS`.
 */

/** Every getAppointments list (calendar and patient mode): a write makes all of them stale. */
export const appointmentListsKey = opScope('getAppointments');

/** What every appointment write makes stale: the lists, and booking's free times (a cancelled time is free). */
export const appointmentWrites: readonly Invalidation[] = ['getAppointments', 'getSlots'];

/** agenda/getCalendars (reference service addition; a real tenant may answer 404). */
export function calendarsQuery() {
  return opQuery('getCalendars', {});
}

/**
 * Lists of the day are read again every 30 s and when the window regains focus, so that two receptionists see
 * each other's bookings and states.
 */
export const LIVE_REFRESH_MS = 30_000;
export const liveOptions = { refetchInterval: LIVE_REFRESH_MS, refetchOnWindowFocus: 'always' } as const;

/**
 * Every calendar's appointments that start on `day` (patient mode without a patient: one round trip for the whole
 * practice, each item with its calendarid). Never provisional or deleted ones (the service does not list them).
 */
export function dayAppointmentsQuery(day: string) {
  return opQuery('getAppointments', { from: day, until: day }, liveOptions);
}

// ---------------------------------------------------------------------------------------------------------------
// The complete record. modifyAppointment overwrites: a field not sent becomes empty or 0. So every write starts
// from a whole record read from the service and changes only what the user changed.

export interface AppointmentRecord {
  calendarid: number;
  /** `YYYY-MM-DD HH:MM:SS` practice time. */
  date: string;
  end: string;
  patid: number;
  appointment: string;
  comment: string;
  displayedduration: string;
  state: string;
}

type RecordSource = Pick<
  Appointment,
  'date' | 'end' | 'patid' | 'appointment' | 'comment' | 'displayedduration' | 'state'
>;

export function toRecord(appt: RecordSource, calendarid: number): AppointmentRecord {
  return {
    calendarid,
    date: appt.date,
    end: appt.end,
    patid: appt.patid,
    appointment: appt.appointment,
    comment: appt.comment,
    displayedduration: appt.displayedduration,
    state: appt.state,
  };
}

/** `09:00` and `09:00:00` are the same time. */
export function normalizeDateTime(value: string): string {
  return value.length === 16 ? `${value}:00` : value;
}

/**
 * The input of modifyAppointment: every field, always. `ifVersion`: the version the write is based on, when the
 * service gave one (extensions.md section 4); the service then refuses with 409 a write over a newer change.
 */
export function modifyInput(
  appointmentid: number,
  r: AppointmentRecord,
  deleted: 0 | 1 = 0,
  ifVersion?: number,
): OpInput<'modifyAppointment'> {
  return {
    ...(ifVersion !== undefined ? { ifVersion } : {}),
    appointmentid,
    calendar: r.calendarid,
    date: normalizeDateTime(r.date),
    end: normalizeDateTime(r.end),
    patid: r.patid,
    appointment: r.appointment,
    comment: r.comment,
    displayedduration: r.displayedduration,
    state: r.state as OpInput<'modifyAppointment'>['state'],
    deleted,
  };
}

/**
 * The service refused the write because the appointment changed since the version it was based on (HTTP 409,
 * extensions.md section 4). The caller re-reads.
 */
export function changedMeanwhile(e: unknown): boolean {
  return e instanceof ApiError && e.httpStatus === 409;
}

// ---------------------------------------------------------------------------------------------------------------
// Setting an appointment's state (Arrived, Waiting, Done, No-show, Cancelled) from a list: read, merge, write.

/** An appointment of the day list: either mode's item, with the calendar it is in. */
export type DayAppointment = Appointment & { calendarid: number };

/** The appointment is no longer listed on its day: deleted, or moved to another day. Nothing was written. */
export class AppointmentGone extends Error {
  constructor() {
    super('The appointment is no longer there.');
    this.name = 'AppointmentGone';
  }
}

/**
 * The appointment as the service has it now, read in patient mode on its day (of its patient, when it has one),
 * so that it is found in whichever calendar it is now; null when it is not listed there.
 */
export async function fetchDayAppointment(
  appt: Pick<Appointment, 'id' | 'date' | 'patid'>,
  signal?: AbortSignal,
): Promise<DayAppointment | null> {
  const day = appt.date.slice(0, 10);
  const list = await call(
    'getAppointments',
    { ...(appt.patid > 0 ? { patid: appt.patid } : {}), from: day, until: day },
    { signal },
  );
  const hit = list.find((a) => a.id === appt.id);
  return hit && 'calendarid' in hit ? hit : null;
}

export interface StateWrite {
  appt: Pick<Appointment, 'id' | 'date' | 'patid'>;
  /** P, W, 1, 2, -1 or -2. */
  state: string;
}

/**
 * Sets the state on the complete record as the service has it now (every other field as it is there, so nobody's
 * change is lost), on top of the version just read (`ifVersion`, when the service gives versions). A change in
 * between (409) is read again once. Returns the state it replaced (what an undo sets back).
 */
export async function writeAppointmentState({ appt, state }: StateWrite): Promise<{ previous: string }> {
  for (let attempt = 0; ; attempt += 1) {
    const current = await fetchDayAppointment(appt);
    if (!current) throw new AppointmentGone();
    const record = { ...toRecord(current, current.calendarid), state };
    try {
      await call('modifyAppointment', modifyInput(current.id, record, 0, current.version));
      return { previous: current.state };
    } catch (e) {
      if (attempt > 0 || !changedMeanwhile(e)) throw e;
    }
  }
}
