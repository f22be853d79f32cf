import type { QueryClient } from '@tanstack/react-query';
import type { Appointment, CalendarAppointment } from '#contract/agenda.ts';
import type { OpInput } from '#contract/operations.ts';
import { addDays, zurichDateTime } from '#contract/practice-time.ts';
import { ApiError, call } from './client.ts';
import { ChangedMeanwhile } from './errors.ts';
import { type OpData, opMutation, opQuery, opScope, scopeOf } from './queries.ts';
import { appointmentWrites } from './query-client.ts';

/**
 * The contract's agenda area (contract/agenda.ts, server/service/agenda/): every query and mutation factory of it, once
 * (the agenda, Today, booking and the patient page read them): the calendars, the lists and their refresh, the
 * complete record that modifyAppointment overwrites, the combined writes (a state set from a list, a move with its
 * undo, a create that may have arrived), and what an appointment write makes stale.
 * Every time is practice wall-clock time (Europe/Zurich), as the API writes it: `YYYY-MM-DD HH:MM:SS`.
 */

/** Every getAppointments list (calendar and patient mode): a write makes all of them stale. */
export const appointmentListsKey = opScope('getAppointments');

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

/** Every calendar's appointments within the days (patient mode without a patient); the caller reshapes. */
export function practiceAppointmentsQuery(window: { from: string; until: string }) {
  return opQuery('getAppointments', window);
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

export type AppointmentPeriod = 'future' | 'past' | 'all';

/** A patient's appointments (the patient page). */
export function patientAppointmentsQuery(
  patid: number,
  filter: { period: AppointmentPeriod; appointment?: string; comment?: string },
) {
  const input = {
    patid,
    period: filter.period,
    ...(filter.appointment?.trim() ? { appointment: filter.appointment.trim() } : {}),
    ...(filter.comment?.trim() ? { comment: filter.comment.trim() } : {}),
  };
  return opQuery('getAppointments', input);
}

/** The first day of the two years up to `today` (`YYYY-MM-DD`): the same day two years before (28 February for 29th). */
export function twoYearsBefore(today: string): string {
  const day = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
  return day.endsWith('-02-29') ? `${day.slice(0, 8)}28` : day;
}

/**
 * How many appointments a patient missed (state -2) in the two years up to `today`: booking shows it when a patient
 * is chosen. Patient mode, the patient's appointments of those two years, counted in `select`.
 */
export function missedAppointmentsQuery(patid: number, today: string) {
  return opQuery(
    'getAppointments',
    { patid, from: twoYearsBefore(today), until: today },
    // patid 0 in patient mode is no filter at all: it would count everyone's.
    { select: (items) => items.filter((a) => a.state === '-2').length, enabled: patid > 0 },
  );
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
 * service gave one (docs/api.md#versions); the service then refuses with 409 a write over a newer change.
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
 * docs/api.md#versions). The caller re-reads.
 */
export function changedMeanwhile(e: unknown): boolean {
  return e instanceof ApiError && e.httpStatus === 409;
}

// ---------------------------------------------------------------------------------------------------------------
// Setting an appointment's state (Arrived, Waiting, Done, No-show, Cancelled) from a list: read, merge, write.

/** An appointment of the day list: either mode's item, with the calendar it is in. */
export type DayAppointment = Appointment & { calendarid: number };

/** An item of a patient-mode list (it names its calendar), not of calendar mode. */
export function isDayAppointment(a: object): a is DayAppointment {
  return 'calendarid' in a;
}

/** The appointment is no longer listed on its day: deleted, or moved to another day. Nothing was written. */
export class AppointmentGone extends ChangedMeanwhile {
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
  return hit && isDayAppointment(hit) ? hit : null;
}

export interface StateWrite {
  appt: Pick<Appointment, 'id' | 'date' | 'patid'>;
  /** P, W, 1, 2, -1 or -2. */
  state: string;
  /**
   * Write only while the state is still this one (an undo: the state this device set); another state means a
   * colleague set it since, and the write is refused with ChangedMeanwhile.
   */
  expected?: string;
}

/**
 * Sets the state on the complete record as the service has it now (every other field as it is there, so nobody's
 * change is lost), on top of the version just read (`ifVersion`, when the service gives versions). A change in
 * between (409) is read again once. Returns the state it replaced (what an undo sets back). An undo passes
 * `expected`, so that a state a colleague set meanwhile is kept.
 */
export async function writeAppointmentState({
  appt,
  state,
  expected,
}: StateWrite): Promise<{ previous: string }> {
  for (let attempt = 0; ; attempt += 1) {
    const current = await fetchDayAppointment(appt);
    if (!current) throw new AppointmentGone();
    if (expected !== undefined && current.state !== expected) throw new ChangedMeanwhile();
    const record = { ...toRecord(current, current.calendarid), state };
    try {
      await call('modifyAppointment', modifyInput(current.id, record, 0, current.version));
      return { previous: current.state };
    } catch (e) {
      if (attempt > 0 || !changedMeanwhile(e)) throw e;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Writes of the agenda's dialog: the complete record (modifyAppointment overwrites every field).

export interface AppointmentWrite {
  id: number;
  record: AppointmentRecord;
  /** The version the record was based on, when the service gives versions: sent as ifVersion. */
  version?: number;
}

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

/** The agenda's dialog and booking: the lists and the free times. */
export function createAppointmentMutation() {
  return opMutation('createAppointment', { invalidates: appointmentWrites, silent: true });
}

// ---------------------------------------------------------------------------------------------------------------
// A move by drag, with its undo: read what the service has now, write over it only when nobody changed it since it
// was loaded, on top of its version.

/** An appointment of calendar mode, with the calendar it is in. */
export interface CalendarItem {
  appt: CalendarAppointment;
  calendarid: number;
}

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
  const day = appt.date.slice(0, 10);
  const around = visible(
    await call(
      'getAppointments',
      { calendarid, from: addDays(day, -62), until: addDays(day, 62) },
      { signal },
    ),
  );
  return around.find((a) => a.id === appt.id) ?? null;
}

/** Somebody changed (or deleted) the appointment since it was loaded; `current` is what the service has now. */
export class AppointmentChanged extends ChangedMeanwhile {
  readonly current: CalendarItem | null;
  constructor(current: CalendarItem | null) {
    super('The appointment changed since it was loaded.');
    this.name = 'AppointmentChanged';
    this.current = current;
  }
}

export interface RecordMove {
  item: CalendarItem;
  /** The record to write, from the record it replaces. */
  change: (previous: AppointmentRecord) => AppointmentRecord;
  /** Whether the service's copy differs from the loaded one (then nothing is written). */
  differs: (loaded: AppointmentRecord, current: AppointmentRecord) => boolean;
  /** Write on top of this one instead of checking (the user chose "move anyway"). */
  base?: CalendarItem;
}

/**
 * Checks that nobody changed the appointment since it was loaded, then writes the changed complete record on top
 * of the version just read (a change after the read is refused with 409, not overwritten). Throws
 * AppointmentChanged in both cases. Returns the complete record as it was: what an undo writes back.
 */
export async function moveAppointment({ item, change, differs, base }: RecordMove) {
  let from = base;
  if (!from) {
    const current = await fetchCurrent(item.appt, item.calendarid);
    const found = current ? { appt: current, calendarid: item.calendarid } : null;
    const loaded = toRecord(item.appt, item.calendarid);
    if (!found || differs(loaded, toRecord(found.appt, found.calendarid)))
      throw new AppointmentChanged(found);
    from = found;
  }
  const previous = toRecord(from.appt, from.calendarid);
  try {
    await call('modifyAppointment', modifyInput(item.appt.id, change(previous), 0, from.appt.version));
  } catch (e) {
    if (!changedMeanwhile(e)) throw e;
    const now = await fetchCurrent(item.appt, item.calendarid);
    throw new AppointmentChanged(now ? { appt: now, calendarid: item.calendarid } : null);
  }
  return { appointmentid: item.appt.id, previous };
}

/**
 * The undo of a move: the appointment goes back to its calendar and times, written on top of the record and version
 * the service has now (a text or comment a colleague changed since stays), and only while it is still where the move
 * left it (`moved`); a colleague's move or state change since then is kept and the undo refused with ChangedMeanwhile
 * (the caller reads the lists again).
 */
export async function undoMove(
  appointmentid: number,
  previous: AppointmentRecord,
  moved: AppointmentRecord,
): Promise<void> {
  const now = await fetchDayAppointment({ id: appointmentid, date: moved.date, patid: moved.patid });
  if (!now || !sameRecord(toRecord(now, now.calendarid), moved)) throw new ChangedMeanwhile();
  try {
    const back = {
      ...toRecord(now, now.calendarid),
      calendarid: previous.calendarid,
      date: previous.date,
      end: previous.end,
    };
    await call('modifyAppointment', modifyInput(appointmentid, back, 0, now.version));
  } catch (e) {
    if (changedMeanwhile(e)) throw new ChangedMeanwhile();
    throw e;
  }
}

/** Still where, when, whose and in the state the move left it (`09:00` and `09:00:00` the same time). */
function sameRecord(a: AppointmentRecord, b: AppointmentRecord): boolean {
  return (
    a.calendarid === b.calendarid &&
    normalizeDateTime(a.date) === normalizeDateTime(b.date) &&
    normalizeDateTime(a.end) === normalizeDateTime(b.end) &&
    a.patid === b.patid &&
    a.state === b.state
  );
}

/** Reads again what every appointment write makes stale. */
export function invalidateAppointmentWrites(client: QueryClient): Promise<unknown> {
  return Promise.all(appointmentWrites.map((w) => client.invalidateQueries({ queryKey: scopeOf(w) })));
}

// ---------------------------------------------------------------------------------------------------------------
// createAppointment has no idempotency key (docs/decisions/0002): the agenda's dialog and booking create through
// createOnce (create-once.ts, docs/decisions/0040), with this look for what was sent.

/** What the agenda's dialog and booking send to createAppointment (the fields that tell one appointment from another). */
export interface NewAppointment {
  calendar: number;
  /** Start and end, `YYYY-MM-DD HH:MM:SS` practice time. */
  date: string;
  end: string;
  patid: number;
  appointment: string;
}

/** A start or end sent as Unix seconds (booking), as the practice's wall time. */
export function practiceDateTimeOf(unixSeconds: number): string {
  return zurichDateTime(new Date(unixSeconds * 1000));
}

/** The listed appointment that is the one asked for: same patient, start, end and text. */
export function findSame(
  items: readonly CalendarAppointment[],
  wanted: NewAppointment,
): CalendarAppointment | undefined {
  const text = wanted.appointment.trim();
  return items.find(
    (a) =>
      a.date === wanted.date &&
      a.end === wanted.end &&
      a.patid === wanted.patid &&
      a.appointment.trim() === text,
  );
}

/**
 * The appointment asked for, when the service (never the cache) has it in the calendar already: what
 * createAppointment would have answered. When it is there, the lists that show it are fetched again, as after a
 * create.
 */
export async function findCreatedAppointment(
  client: QueryClient,
  wanted: NewAppointment,
): Promise<{ appointmentid: number } | undefined> {
  const day = wanted.date.slice(0, 10);
  const items = await call('getAppointments', { calendarid: wanted.calendar, from: day, until: day });
  const hit = findSame(visible(items), wanted);
  if (!hit) return undefined;
  await invalidateAppointmentWrites(client);
  return { appointmentid: hit.id };
}
