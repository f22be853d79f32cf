import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '#contract/agenda-waitlist.ts';
import type { BookingService } from '#contract/booking.ts';
import { createPatient } from '#test/factories.ts';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { type DayAppointment, practiceAppointmentsQuery } from '../agenda.ts';
import { createOnceState } from '../create-once.ts';
import { ChangedMeanwhile, isChangedMeanwhile } from '../errors.ts';
import { createQueryClient } from '../query-client.ts';
import { bookIntoGap, GapTaken, LaterChanged, moveEarlier, undoMoveEarlier } from './gap-writes.ts';

/**
 * The gap panel's writes when they do not go through (decision 0051): the time taken meanwhile, the connection
 * lost, the waiting entry or the later booking changed by a colleague. The service's clock is fixed (Wednesday
 * 25.11.2026 09:40 Zurich); the day is a Tuesday ten weeks later, when Dr. Favre (calendar 2, practitioner 3)
 * works mornings and nothing is seeded. Each test takes its own quarter hour.
 */
const api = inProcessService({ now: () => new Date('2026-11-25T08:40:00Z') });

const DAY = '2027-02-02';
const CALENDAR = 2;
const PROVIDER = 3;
const KONTROLLE: BookingService = {
  serviceid: 2,
  name: 'Kontrolle',
  duration: 15,
  providers: [2, 3],
  location: 1,
};
const span = (from: string, to: string) => ({ start: `${DAY} ${from}:00`, end: `${DAY} ${to}:00` });

/** What the service lists in the calendar at a start (its own answer, not the app's). */
async function listedAt(start: string): Promise<{ id: number; patid: number; comment: string }[]> {
  const { body } = await api.send('getAppointments', { calendarid: CALENDAR, from: DAY, until: DAY });
  return (body.result as { id: number; patid: number; date: string; comment: string }[]).filter(
    (a) => a.date === start,
  );
}

async function waitingEntry(patid: number): Promise<WaitlistEntry> {
  await api.send('addWaitlistEntry', { patid, serviceid: 2, provider: PROVIDER, priority: 1 });
  const { body } = await api.send('getWaitlist', { status: 'all', patid });
  return (body.result as WaitlistEntry[])[0];
}

async function entryStatus(entry: WaitlistEntry): Promise<string | undefined> {
  const { body } = await api.send('getWaitlist', { status: 'all', patid: entry.patid });
  return (body.result as WaitlistEntry[]).find((e) => e.entryId === entry.entryId)?.status;
}

/** A client whose practice list (the panel's) is cached, to see whether a write has it read again. */
function clientWithList(): { client: QueryClient; listStale: () => boolean } {
  const client = createQueryClient();
  const { queryKey } = practiceAppointmentsQuery({ from: DAY, until: DAY });
  client.setQueryData(queryKey, []);
  return { client, listStale: () => client.getQueryState(queryKey)?.isInvalidated === true };
}

const creates = () => api.calls.filter((c) => c.op === 'createAppointment').length;

/** What the panel hands bookIntoGap for a patient and a quarter hour of Dr. Favre's Kontrolle. */
const gapBooking = (patid: number, time: { start: string; end: string }, entry?: WaitlistEntry) => ({
  calendarid: CALENDAR,
  patid,
  service: KONTROLLE,
  span: time,
  provider: PROVIDER,
  entry,
});

/** The panel's "Move earlier" of a listed booking into the quarter hour from-to. */
const moveInto = (appt: DayAppointment, from: string, to: string, client = createQueryClient()) =>
  moveEarlier(client, {
    appt,
    span: span(from, to),
    provider: PROVIDER,
    services: [KONTROLLE],
    now: '2026-11-25 09:40:00',
  });

/** A colleague moves the booking in the agenda to the quarter hour from-to. */
async function colleagueMoves(appt: DayAppointment, from: string, to: string): Promise<void> {
  await api.send('modifyAppointment', {
    appointmentid: appt.id,
    calendarid: CALENDAR,
    date: `${DAY} ${from}:00`,
    end: `${DAY} ${to}:00`,
    patid: appt.patid,
    appointment: appt.appointment,
    comment: '',
    displayedduration: '15',
    state: 'P',
  });
}

describe('bookIntoGap', () => {
  it('books the patient into the free time and closes the waiting entry', async () => {
    signInForTest();
    const { patid } = await createPatient(api);
    const entry = await waitingEntry(patid);
    const time = span('08:00', '08:15');

    const booked = await bookIntoGap(createQueryClient(), createOnceState(), gapBooking(patid, time, entry));

    expect(await listedAt(time.start)).toEqual([
      expect.objectContaining({ id: booked.appointmentid, patid }),
    ]);
    expect(booked).toMatchObject({ entry: 'closed', found: false });
    expect(await entryStatus(entry)).toBe('booked');
  });

  it('says the time is taken when a colleague booked it meanwhile, creates nothing and reads the lists again', async () => {
    signInForTest();
    const { patid } = await createPatient(api);
    const { patid: other } = await createPatient(api);
    const entry = await waitingEntry(patid);
    const time = span('08:15', '08:30');
    await api.send('createAppointment', {
      calendar: CALENDAR,
      date: time.start,
      end: time.end,
      patid: other,
      appointment: 'Kontrolle',
    });
    const { client, listStale } = clientWithList();

    await expect(
      bookIntoGap(client, createOnceState(), gapBooking(patid, time, entry)),
    ).rejects.toBeInstanceOf(GapTaken);

    expect((await listedAt(time.start)).map((a) => a.patid)).toEqual([other]);
    expect(creates()).toBe(0);
    expect(await entryStatus(entry)).toBe('waiting');
    expect(listStale()).toBe(true);
  });

  it('offline: throws the failure, leaves the entry open, and the next click creates exactly one', async () => {
    signInForTest();
    const { patid } = await createPatient(api);
    const entry = await waitingEntry(patid);
    const time = span('08:30', '08:45');
    const once = createOnceState();
    const input = gapBooking(patid, time, entry);
    api.intercept('createAppointment', () => 'network');

    await expect(bookIntoGap(createQueryClient(), once, input)).rejects.toMatchObject({ kind: 'network' });
    expect(await listedAt(time.start)).toEqual([]);
    expect(await entryStatus(entry)).toBe('waiting');

    api.intercept('createAppointment', () => undefined);
    const booked = await bookIntoGap(createQueryClient(), once, input);
    expect(await listedAt(time.start)).toHaveLength(1);
    expect(booked).toMatchObject({ entry: 'closed', found: false });
    expect(creates()).toBe(2);
  });

  it('takes a create whose answer was lost for booked, without a second appointment', async () => {
    signInForTest();
    const { patid } = await createPatient(api);
    const time = span('08:45', '09:00');
    api.intercept('createAppointment', () => 'answer-lost');

    const booked = await bookIntoGap(createQueryClient(), createOnceState(), gapBooking(patid, time));

    expect(await listedAt(time.start)).toEqual([expect.objectContaining({ id: booked.appointmentid })]);
    expect(booked).toMatchObject({ entry: 'none', found: true });
    expect(creates()).toBe(1);
  });

  it('keeps the appointment when the entry was changed meanwhile (409), and says the entry is open', async () => {
    signInForTest();
    const { patid } = await createPatient(api);
    const entry = await waitingEntry(patid);
    await api.send('modifyWaitlistEntry', { entryId: entry.entryId, note: 'Ruft zurück' });
    const time = span('09:00', '09:15');

    const booked = await bookIntoGap(createQueryClient(), createOnceState(), gapBooking(patid, time, entry));

    expect(booked.entry).toBe('changed');
    expect(await listedAt(time.start)).toHaveLength(1);
    expect(await entryStatus(entry)).toBe('waiting');
  });

  it('keeps the appointment when closing the entry did not reach the service, and gives the failure', async () => {
    signInForTest();
    const { patid } = await createPatient(api);
    const entry = await waitingEntry(patid);
    const time = span('09:15', '09:30');
    api.intercept('modifyWaitlistEntry', () => 'network');

    const booked = await bookIntoGap(createQueryClient(), createOnceState(), gapBooking(patid, time, entry));

    expect(booked).toMatchObject({ entry: 'failed', failure: { kind: 'network' } });
    expect(await listedAt(time.start)).toHaveLength(1);
    expect(await entryStatus(entry)).toBe('waiting');
  });
});

describe('moveEarlier', () => {
  /** A later booking of a new patient, as the panel's practice list has it. */
  async function laterBooking(from: string, to: string): Promise<DayAppointment> {
    const { patid } = await createPatient(api);
    const time = span(from, to);
    await api.send('createAppointment', {
      calendar: CALENDAR,
      date: time.start,
      end: time.end,
      patid,
      appointment: 'Kontrolle',
    });
    const { body } = await api.send('getAppointments', { patid, from: DAY, until: DAY });
    return (body.result as DayAppointment[])[0];
  }

  it('moves nothing when the booking was moved since it was listed, and reads the lists again', async () => {
    signInForTest();
    const appt = await laterBooking('11:00', '11:15');
    await colleagueMoves(appt, '11:15', '11:30');
    const { client, listStale } = clientWithList();

    await expect(moveInto(appt, '09:30', '09:45', client)).rejects.toBeInstanceOf(LaterChanged);

    expect(await listedAt(`${DAY} 09:30:00`)).toEqual([]);
    expect(await listedAt(`${DAY} 11:15:00`)).toHaveLength(1);
    expect(listStale()).toBe(true);
  });

  it("undo puts the booking back while it is where the move left it, and keeps a colleague's later change", async () => {
    signInForTest();
    const untouched = await laterBooking('12:00', '12:15');
    const back = await moveInto(untouched, '10:15', '10:30');
    expect(await listedAt(`${DAY} 10:15:00`)).toHaveLength(1);
    await undoMoveEarlier(createQueryClient(), back);
    expect(await listedAt(`${DAY} 10:15:00`)).toEqual([]);
    expect(await listedAt(`${DAY} 12:00:00`)).toHaveLength(1);

    const appt = await laterBooking('12:15', '12:30');
    const moved = await moveInto(appt, '10:30', '10:45');
    // Before the undo is clicked.
    await colleagueMoves(appt, '10:45', '11:00');
    const error = await undoMoveEarlier(createQueryClient(), moved).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChangedMeanwhile);
    expect(isChangedMeanwhile(error)).toBe(true);
    expect(await listedAt(`${DAY} 10:45:00`)).toHaveLength(1);
    expect(await listedAt(`${DAY} 12:15:00`)).toEqual([]);
  });

  it('undo keeps a comment a colleague wrote on the moved booking since, and puts only its time back', async () => {
    signInForTest();
    const appt = await laterBooking('12:30', '12:45');
    const moved = await moveInto(appt, '11:45', '12:00');
    const { body } = await api.send('getAppointments', { patid: appt.patid, from: DAY, until: DAY });
    const now = (body.result as DayAppointment[])[0];
    await api.send('modifyAppointment', {
      appointmentid: appt.id,
      calendarid: CALENDAR,
      date: now.date,
      end: now.end,
      patid: appt.patid,
      appointment: appt.appointment,
      comment: 'Dolmetscherin kommt mit',
      displayedduration: now.displayedduration,
      state: now.state,
    });

    await undoMoveEarlier(createQueryClient(), moved);

    const back = await listedAt(`${DAY} 12:30:00`);
    expect(back).toEqual([expect.objectContaining({ id: appt.id, comment: 'Dolmetscherin kommt mit' })]);
  });

  it('takes a move whose answer was lost for moved: the undo has what it needs, and a refusal is still a failure', async () => {
    signInForTest();
    const appt = await laterBooking('16:00', '16:15');
    api.intercept('modifyAppointment', () => 'answer-lost');
    const moved = await moveInto(appt, '14:00', '14:15');
    expect(moved).toMatchObject({ appointmentid: appt.id, moved: { date: `${DAY} 14:00:00` } });
    expect(await listedAt(`${DAY} 14:00:00`)).toHaveLength(1);
    expect(await listedAt(`${DAY} 16:00:00`)).toEqual([]);
    // Its Undo works: the move is put back.
    api.intercept('modifyAppointment', () => undefined);
    await undoMoveEarlier(createQueryClient(), moved);
    expect(await listedAt(`${DAY} 14:00:00`)).toEqual([]);
    expect(await listedAt(`${DAY} 16:00:00`)).toHaveLength(1);

    // The request never arrived: nothing moved, and the failure is given as it is.
    const other = await laterBooking('16:30', '16:45');
    api.intercept('modifyAppointment', () => 'network');
    await expect(moveInto(other, '14:30', '14:45')).rejects.toThrow();
    expect(await listedAt(`${DAY} 14:30:00`)).toEqual([]);
    expect(await listedAt(`${DAY} 16:30:00`)).toHaveLength(1);
  });

  it('takes a refusal on top of another version (409) for changed, and says the gap is taken when it is', async () => {
    signInForTest();
    const appt = await laterBooking('11:30', '11:45');
    api.intercept('modifyAppointment', () => ({ http: 409, msg: 'Changed meanwhile.' }));

    await expect(moveInto(appt, '09:45', '10:00')).rejects.toBeInstanceOf(LaterChanged);
    expect(await listedAt(`${DAY} 11:30:00`)).toHaveLength(1);

    await laterBooking('10:00', '10:15');
    const { client, listStale } = clientWithList();
    await expect(moveInto(appt, '10:00', '10:15', client)).rejects.toBeInstanceOf(GapTaken);
    expect(listStale()).toBe(true);
  });
});
