import type { QueryClient } from '@tanstack/react-query';
import {
  type AppointmentRecord,
  changedMeanwhile,
  type DayAppointment,
  fetchDayAppointment,
  findCreatedAppointment,
  invalidateAppointmentWrites,
  modifyInput,
  type NewAppointment,
  practiceDateTimeOf,
  toRecord,
  undoMove,
  visible,
} from '../agenda.ts';
import { fetchFreshSlots } from '../booking.ts';
import { call } from '../client.ts';
import { type CreateOnceState, createOnce } from '../create-once.ts';
import { forgetFreedTime, recordFreedTime } from '../freed-time.ts';
import { scopeOf } from '../queries.ts';
import { serviceOfText, toMinutes } from './gap-basics.ts';
// Registers the waiting list's operations (only the lazily loaded gap panel imports this, never the first page).
import './waitlist.ts';
import type { WaitlistEntry } from '#contract/agenda-waitlist.ts';
import type { BookingService } from '#contract/booking.ts';

/**
 * The gap panel's two writes (decision 0051): book a patient into a gap, and move a later booking into it. Both
 * ask the service whether the time is still free first (getSlots, and the calendar's own list), write on top of
 * what was read, and give back what their undo needs.
 */

/** The time is no longer free: somebody booked it meanwhile. */
export class GapTaken extends Error {
  constructor() {
    super('The time is no longer free.');
    this.name = 'GapTaken';
  }
}

/** The later appointment was changed, moved or deleted since it was listed. */
export class LaterChanged extends Error {
  constructor() {
    super('The appointment changed since it was listed.');
    this.name = 'LaterChanged';
  }
}

interface Span {
  start: string;
  end: string;
}

/** Whether the calendar's list (asked now, never the cache) has nothing but cancelled or missed ones in the span. */
async function calendarFree(calendarid: number, span: Span, ignoreId?: number): Promise<boolean> {
  const day = span.start.slice(0, 10);
  const items = visible(await call('getAppointments', { calendarid, from: day, until: day }));
  const from = toMinutes(span.start);
  const to = toMinutes(span.end);
  return !items.some(
    (a) =>
      a.id !== ignoreId &&
      a.state !== '-1' &&
      a.state !== '-2' &&
      toMinutes(a.date) < to &&
      toMinutes(a.end) > from,
  );
}

/** Whether the booking is now in `span`, in its calendar and still the same patient's (asked now). */
async function movedThere(before: DayAppointment, span: Span): Promise<boolean> {
  const now = await fetchDayAppointment({ id: before.id, date: span.start, patid: before.patid });
  return (
    now !== null &&
    now.date === span.start &&
    now.end === span.end &&
    now.calendarid === before.calendarid &&
    now.patid === before.patid
  );
}

/**
 * Whether getSlots offers the span for the service and practitioner (asked now): a slot that starts there, or
 * slots that cover it. Without a practitioner (a server without getCalendars) only the calendar's list decides.
 */
async function offered(service: BookingService, provider: number | null, span: Span): Promise<boolean> {
  if (provider === null) return true;
  const day = span.start.slice(0, 10);
  const duration = toMinutes(span.end) - toMinutes(span.start);
  const slots = await fetchFreshSlots({
    serviceid: service.serviceid,
    provider,
    duration,
    from: day,
    to: day,
  });
  const own = slots
    .filter((s) => s.provider === provider)
    .map((s) => ({ start: practiceDateTimeOf(s.from), end: practiceDateTimeOf(s.to) }));
  if (own.some((s) => s.start === span.start)) return true;
  let covered = span.start;
  for (const s of own.sort((a, b) => a.start.localeCompare(b.start))) {
    if (s.start > covered) break;
    if (s.end > covered) covered = s.end;
    if (covered >= span.end) return true;
  }
  return false;
}

export interface BookIntoGap {
  /** The gap's calendar. */
  calendarid: number;
  patid: number;
  service: BookingService;
  span: Span;
  provider: number | null;
  /** The waiting entry the patient is booked from: it is closed (booked) on top of its version. */
  entry?: WaitlistEntry;
}

export interface Booked {
  appointmentid: number;
  wanted: NewAppointment;
  /**
   * The waiting entry: closed; `changed` when a colleague changed it meanwhile (409), `failed` when closing it did
   * not reach the service (the appointment stands either way, the entry is still open).
   */
  entry: 'closed' | 'changed' | 'failed' | 'none';
  /** Why closing the entry failed (`failed`). */
  failure?: unknown;
  /** The create's answer was lost and the appointment found in the service. */
  found: boolean;
}

/**
 * Books the patient into the gap, once (createOnce, decision 0040): the time is checked with getSlots and the
 * calendar's list, the appointment created as booking creates it (the service's name as its text), then the
 * waiting entry set to booked with ifVersion.
 */
export async function bookIntoGap(
  client: QueryClient,
  once: CreateOnceState,
  { calendarid, patid, service, span, provider, entry }: BookIntoGap,
): Promise<Booked> {
  const wanted: NewAppointment = {
    calendar: calendarid,
    date: span.start,
    end: span.end,
    patid,
    appointment: service.name,
  };
  const outcome = await createOnce(once, {
    find: () => findCreatedAppointment(client, wanted),
    before: async () => (await offered(service, provider, span)) && (await calendarFree(calendarid, span)),
    create: () =>
      call('createAppointment', {
        ...wanted,
        comment: '',
        displayedduration: String(service.duration),
        state: 'P',
      }),
  });
  if ('stopped' in outcome) {
    // Somebody booked it: the lists are read again, so the gap goes.
    await invalidateAppointmentWrites(client);
    throw new GapTaken();
  }
  let closed: Booked['entry'] = entry ? 'closed' : 'none';
  let failure: unknown;
  if (entry) {
    try {
      await call('modifyWaitlistEntry', {
        entryId: entry.entryId,
        ifVersion: entry.version,
        status: 'booked',
      });
    } catch (e) {
      closed = changedMeanwhile(e) ? 'changed' : 'failed';
      failure = e;
    }
  }
  await Promise.all([
    invalidateAppointmentWrites(client),
    client.invalidateQueries({ queryKey: scopeOf('getWaitlist') }),
  ]);
  return { appointmentid: outcome.value.appointmentid, wanted, entry: closed, failure, found: outcome.found };
}

/** The undo of a booking into a gap: the appointment deleted (on top of its version), the entry waiting again. */
export async function undoBooking(client: QueryClient, booked: Booked, entry?: WaitlistEntry): Promise<void> {
  const current = await fetchDayAppointment({
    id: booked.appointmentid,
    date: booked.wanted.date,
    patid: booked.wanted.patid,
  });
  if (current)
    await call(
      'modifyAppointment',
      modifyInput(current.id, toRecord(current, current.calendarid), 1, current.version),
    );
  if (entry && booked.entry === 'closed') {
    const list = await call('getWaitlist', { status: 'all', patid: entry.patid });
    const now = list.find((e) => e.entryId === entry.entryId);
    if (now?.status === 'booked')
      await call('modifyWaitlistEntry', { entryId: now.entryId, ifVersion: now.version, status: 'waiting' });
  }
  await Promise.all([
    invalidateAppointmentWrites(client),
    client.invalidateQueries({ queryKey: scopeOf('getWaitlist') }),
  ]);
}

export interface Moved {
  appointmentid: number;
  previous: AppointmentRecord;
  /** Where the move put it: the undo writes back only while it is still there. */
  moved: AppointmentRecord;
}

/**
 * Moves a later booking into the gap: read as the service has it now (unchanged since it was listed), the gap
 * checked (getSlots for its service when the text names one, and the calendar's list), the complete record written
 * with the new time on top of its version (ifVersion). The time it leaves is recorded as freed: the next gap.
 */
export async function moveEarlier(
  client: QueryClient,
  {
    appt,
    span,
    provider,
    services,
    now,
  }: {
    /** The later booking as the gap's list has it (in the gap's calendar). */
    appt: DayAppointment;
    /** Where in the gap it goes. */
    span: Span;
    provider: number | null;
    services: readonly BookingService[];
    now: string;
  },
): Promise<Moved> {
  const current = await fetchDayAppointment(appt);
  if (
    !current ||
    current.date !== appt.date ||
    current.end !== appt.end ||
    current.calendarid !== appt.calendarid ||
    current.state !== appt.state
  ) {
    // The lists are read again: the panel offers what is there now.
    await invalidateAppointmentWrites(client);
    throw new LaterChanged();
  }
  const service = serviceOfText(current.appointment, services);
  const free =
    (!service || (await offered(service, provider, span))) &&
    (await calendarFree(appt.calendarid, span, current.id));
  if (!free) {
    await invalidateAppointmentWrites(client);
    throw new GapTaken();
  }
  const previous = toRecord(current, current.calendarid);
  const moved = { ...previous, date: span.start, end: span.end };
  try {
    await call('modifyAppointment', modifyInput(current.id, moved, 0, current.version));
  } catch (e) {
    if (changedMeanwhile(e)) throw new LaterChanged();
    // The answer may have been lost after the service moved it: a booking that is now where this move put it
    // was moved (by this click), and is not reported as failed, nor as changed when the person tries again.
    if (!(await movedThere(current, span).catch(() => false))) throw e;
  } finally {
    await invalidateAppointmentWrites(client);
  }
  recordFreedTime(
    {
      calendarid: previous.calendarid,
      date: previous.date,
      end: previous.end,
      appointment: previous.appointment,
      patid: previous.patid,
    },
    'moved',
    now,
  );
  return { appointmentid: current.id, previous, moved };
}

export async function undoMoveEarlier(client: QueryClient, moved: Moved): Promise<void> {
  await undoMove(moved.appointmentid, moved.previous, moved.moved);
  forgetFreedTime(moved.previous.calendarid, moved.previous.date);
  await invalidateAppointmentWrites(client);
}
