import type { QueryClient } from '@tanstack/react-query';
import {
  type AppointmentRecord,
  changedMeanwhile,
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

/** What the writes need of a gap (components/gaps/model.ts has the whole). */
interface Gap {
  calendarid: number;
}

/** What the writes need of a later booking offered for a gap. */
interface LaterCandidate {
  appt: AppointmentRecord & { id: number; state: string; calendarid: number; version?: number };
  start: string;
  end: string;
}

export function toMinutes(dt: string): number {
  return (
    Date.UTC(+dt.slice(0, 4), +dt.slice(5, 7) - 1, +dt.slice(8, 10), +dt.slice(11, 13), +dt.slice(14, 16)) /
    60_000
  );
}

/** The service an appointment text names: booking writes the name itself; the agenda may add words after it. */
export function serviceOfText(text: string, services: readonly BookingService[]): BookingService | undefined {
  const t = text.trim().toLocaleLowerCase('de-CH');
  let best: BookingService | undefined;
  for (const s of services) {
    const name = s.name.trim().toLocaleLowerCase('de-CH');
    if (name && (t === name || t.startsWith(`${name} `)) && (!best || name.length > best.name.length))
      best = s;
  }
  return best;
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
  gap: Gap;
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
  /** The entry was closed; false when a colleague changed it meanwhile (the appointment stands). */
  entryClosed: boolean;
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
  { gap, patid, service, span, provider, entry }: BookIntoGap,
): Promise<Booked> {
  const wanted: NewAppointment = {
    calendar: gap.calendarid,
    date: span.start,
    end: span.end,
    patid,
    appointment: service.name,
  };
  const outcome = await createOnce(once, {
    find: () => findCreatedAppointment(client, wanted),
    before: async () => {
      if (!(await offered(service, provider, span)) || !(await calendarFree(gap.calendarid, span)))
        throw new GapTaken();
      return true;
    },
    create: () =>
      call('createAppointment', {
        ...wanted,
        comment: '',
        displayedduration: String(service.duration),
        state: 'P',
      }),
  });
  if ('stopped' in outcome) throw new GapTaken();
  let entryClosed = true;
  if (entry) {
    try {
      await call('modifyWaitlistEntry', {
        entryId: entry.entryId,
        ifVersion: entry.version,
        status: 'booked',
      });
    } catch {
      entryClosed = false;
    }
  }
  await Promise.all([
    invalidateAppointmentWrites(client),
    client.invalidateQueries({ queryKey: scopeOf('getWaitlist') }),
  ]);
  return { appointmentid: outcome.value.appointmentid, wanted, entryClosed, found: outcome.found };
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
  if (entry && booked.entryClosed) {
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
}

/**
 * Moves a later booking into the gap: read as the service has it now (unchanged since it was listed), the gap
 * checked (getSlots for its service when the text names one, and the calendar's list), the complete record written
 * with the new time on top of its version (ifVersion). The time it leaves is recorded as freed: the next gap.
 */
export async function moveEarlier(
  client: QueryClient,
  {
    gap,
    candidate,
    provider,
    services,
    now,
  }: {
    gap: Gap;
    candidate: LaterCandidate;
    provider: number | null;
    services: readonly BookingService[];
    now: string;
  },
): Promise<Moved> {
  const current = await fetchDayAppointment(candidate.appt);
  if (
    !current ||
    current.date !== candidate.appt.date ||
    current.end !== candidate.appt.end ||
    current.calendarid !== gap.calendarid ||
    current.state !== candidate.appt.state
  )
    throw new LaterChanged();
  const span = { start: candidate.start, end: candidate.end };
  const service = serviceOfText(current.appointment, services);
  const free =
    (!service || (await offered(service, provider, span))) &&
    (await calendarFree(gap.calendarid, span, current.id));
  if (!free) throw new GapTaken();
  const previous = toRecord(current, current.calendarid);
  try {
    await call(
      'modifyAppointment',
      modifyInput(current.id, { ...previous, date: span.start, end: span.end }, 0, current.version),
    );
  } catch (e) {
    if (changedMeanwhile(e)) throw new LaterChanged();
    throw e;
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
  return { appointmentid: current.id, previous };
}

export async function undoMoveEarlier(client: QueryClient, moved: Moved): Promise<void> {
  await undoMove(moved.appointmentid, moved.previous);
  forgetFreedTime(moved.previous.calendarid, moved.previous.date);
  await invalidateAppointmentWrites(client);
}
