import { describe, expect, it } from 'vitest';
import type { CalendarAppointment, PatientAppointment } from '#contract/agenda.ts';
import {
  createAppointmentMutation,
  dayAppointmentsQuery,
  deleteAppointmentMutation,
  findSame,
  LIVE_REFRESH_MS,
  modifyInput,
  saveAppointmentMutation,
  toRecord,
  twoYearsBefore,
  visible,
} from './agenda.ts';
import { opScope } from './queries.ts';

describe('the day list of the practice', () => {
  it('is one getAppointments in patient mode for the day, read again every 30 s and on focus', () => {
    const q = dayAppointmentsQuery('2026-11-25');
    expect(q.queryKey).toEqual(['agenda', 'getAppointments', { from: '2026-11-25', until: '2026-11-25' }]);
    expect(LIVE_REFRESH_MS).toBe(30_000);
    expect(q.refetchInterval).toBe(30_000);
    expect(q.refetchOnWindowFocus).toBe('always');
  });

  it('writes the complete record, with ifVersion when the service gave a version', () => {
    const record = toRecord(
      {
        date: '2026-11-25 09:00',
        end: '2026-11-25 09:20:00',
        patid: 7,
        appointment: 'Kontrolle',
        comment: 'Dolmetscher',
        displayedduration: '20',
        state: 'P',
      },
      3,
    );
    expect(modifyInput(12, { ...record, state: '1' }, 0, 4)).toEqual({
      ifVersion: 4,
      appointmentid: 12,
      calendar: 3,
      date: '2026-11-25 09:00:00',
      end: '2026-11-25 09:20:00',
      patid: 7,
      appointment: 'Kontrolle',
      comment: 'Dolmetscher',
      displayedduration: '20',
      state: '1',
      deleted: 0,
    });
    expect(modifyInput(12, record)).not.toHaveProperty('ifVersion');
  });
});

const base = {
  date: '2026-11-23 09:00:00',
  end: '2026-11-23 09:30:00',
  duration: 30,
  displayedduration: '',
  patid: 0,
  appointment: 'Kontrolle',
  comment: '',
  color: '',
  calendar: 'Dr. Brunner',
};
const inCalendar = (id: number, state: string): CalendarAppointment => ({
  ...base,
  id,
  state,
  dateTs: 1_795_420_800,
  endTs: 1_795_422_600,
});

describe('visible (the agenda keeps what calendar mode lists)', () => {
  it('leaves out a provisional appointment, should a service list one', () => {
    const shown = visible([inCalendar(1, 'P'), inCalendar(2, 'PR'), inCalendar(3, ''), inCalendar(4, '-1')]);
    expect(shown.map((a) => a.id)).toEqual([1, 3, 4]);
  });

  it('leaves out an item of patient mode (no dateTs to place it by)', () => {
    const patientMode: PatientAppointment = {
      ...base,
      id: 5,
      state: 'P',
      date_unix: 1_795_420_800,
      end_unix: 1_795_422_600,
      calendarid: 1,
    };
    expect(visible([patientMode, inCalendar(6, 'W')]).map((a) => a.id)).toEqual([6]);
  });
});

describe('appointment writes', () => {
  it('make the free slots stale, so booking shows a cancelled or moved time at once', () => {
    for (const options of [
      saveAppointmentMutation(),
      deleteAppointmentMutation(),
      createAppointmentMutation(),
    ]) {
      expect(options.meta?.invalidates).toContainEqual(opScope('getSlots'));
      expect(options.meta?.invalidates).toContainEqual(opScope('getAppointments'));
    }
  });
});

// Create once (create-once.ts): the appointment that is already there.
describe('findSame', () => {
  const appt = (over: Partial<CalendarAppointment>): CalendarAppointment => ({
    id: 1,
    date: '2026-11-23 10:00:00',
    end: '2026-11-23 10:30:00',
    duration: 30,
    displayedduration: '30',
    patid: 7,
    appointment: 'Kontrolle',
    comment: '',
    color: '',
    state: 'W',
    calendar: 'Labor',
    dateTs: 0,
    endTs: 0,
    ...over,
  });
  const wanted = {
    calendar: 5,
    date: '2026-11-23 10:00:00',
    end: '2026-11-23 10:30:00',
    patid: 7,
    appointment: 'Kontrolle ',
  };

  it('finds the appointment with the same times, patient and text', () => {
    expect(findSame([appt({ id: 1, appointment: 'Impfung' }), appt({ id: 2 })], wanted)?.id).toBe(2);
  });

  it('finds nothing when the time, the patient or the text differ', () => {
    expect(findSame([appt({ end: '2026-11-23 10:45:00' })], wanted)).toBeUndefined();
    expect(findSame([appt({ date: '2026-11-23 09:45:00' })], wanted)).toBeUndefined();
    expect(findSame([appt({ patid: 8 })], wanted)).toBeUndefined();
    expect(findSame([appt({ appointment: 'Kontrolle 2' })], wanted)).toBeUndefined();
    expect(findSame([], wanted)).toBeUndefined();
  });
});

describe('twoYearsBefore (the no-show count at booking)', () => {
  it('is the same day two years before, 28 February for a 29th', () => {
    expect(twoYearsBefore('2026-11-25')).toBe('2024-11-25');
    expect(twoYearsBefore('2028-02-29')).toBe('2026-02-28');
  });
});
