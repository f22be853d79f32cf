import { describe, expect, it } from 'vitest';
import type { DayAppointment } from '#api/agenda.ts';
import { parsePracticeDateTime } from '#components/format.ts';
import {
  actionForKey,
  agendaHref,
  buildDay,
  bySection,
  calendarsOf,
  hoursAndMinutes,
  sinceOf,
} from './model.ts';

const at = (practice: string) => (parsePracticeDateTime(practice) as Date).getTime();
const NOW = at('2026-11-25 10:00:00');

let nextId = 1;
/** A patient-mode appointment as getAppointments lists it. */
function appt(patch: Partial<DayAppointment> = {}): DayAppointment {
  const id = nextId++;
  return {
    id,
    date: '2026-11-25 09:00:00',
    end: '2026-11-25 09:20:00',
    duration: 20,
    displayedduration: '20',
    patid: 10 + id,
    appointment: 'Kontrolle',
    comment: '',
    color: '',
    state: 'P',
    calendar: 'Dr. Brunner',
    calendarid: 1,
    date_unix: 0,
    end_unix: 0,
    version: 1,
    stateChanged: null,
    ...patch,
  };
}

describe("today's rows", () => {
  it('are in time order, of the chosen calendars only', () => {
    const a = appt({ date: '2026-11-25 11:00:00' });
    const b = appt({ date: '2026-11-25 08:00:00', calendarid: 2, calendar: 'Dr. Favre' });
    const c = appt({ date: '2026-11-25 09:30:00' });
    expect(buildDay([a, b, c], NOW, {}, null).rows.map((r) => r.appt.id)).toEqual([b.id, c.id, a.id]);
    expect(buildDay([a, b, c], NOW, {}, [1]).rows.map((r) => r.appt.id)).toEqual([c.id, a.id]);
  });

  it('put a planned patient 10 or more minutes past the start under late, with the minutes', () => {
    const late = appt({ date: '2026-11-25 09:45:00' });
    const soon = appt({ date: '2026-11-25 09:55:00' });
    const { rows } = buildDay([late, soon], NOW, {}, null);
    expect(rows.map((r) => [r.section, r.lateBy])).toEqual([
      ['late', 15],
      ['expected', null],
    ]);
  });

  it('put arrived and waiting patients under here, with the minutes since the state was set', () => {
    const arrived = appt({ state: '1', stateChanged: '2026-11-25 09:48:00' });
    const waiting = appt({ state: 'W', stateChanged: '2026-11-25 08:30:00' });
    const { rows } = buildDay([arrived, waiting], NOW, {}, null);
    expect(rows.map((r) => [r.section, r.since])).toEqual([
      ['here', { minutes: 12, local: false }],
      ['here', { minutes: 90, local: false }],
    ]);
    expect(hoursAndMinutes(90)).toEqual({ h: 1, m: 30 });
  });

  it('without stateChanged from the service, measure from when this device set the same state, marked as such', () => {
    const a = appt({ state: '1', stateChanged: undefined });
    const local = { [String(a.id)]: { state: '1', at: '2026-11-25 09:53:00' } };
    expect(sinceOf(a, NOW, local)).toEqual({ minutes: 7, local: true });
    // Another state since (set elsewhere): this device does not know since when.
    expect(sinceOf({ ...a, state: 'W' }, NOW, local)).toBeNull();
    // The service says "never changed": nothing to show, whatever this device noted.
    expect(sinceOf({ ...a, stateChanged: null }, NOW, local)).toBeNull();
  });

  it('group into sections, done and cancelled or no-show apart', () => {
    const { rows } = buildDay(
      [appt({ state: '2' }), appt({ state: '-1' }), appt({ state: '-2' }), appt({ state: 'W' })],
      NOW,
      {},
      null,
    );
    const s = bySection(rows);
    expect(Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.length]))).toEqual({
      here: 1,
      late: 0,
      expected: 0,
      done: 1,
      missed: 2,
    });
  });

  it('list blocks without a patient apart: no section, never late, in none of the counts, printed in time order', () => {
    // A team meeting set "arrived" in the agenda, and a phone hour long past its start.
    const meeting = appt({ patid: 0, appointment: 'Teamsitzung', state: '1', date: '2026-11-25 08:00:00' });
    const phone = appt({ patid: 0, appointment: 'Telefonsprechstunde', date: '2026-11-25 09:00:00' });
    const patient = appt({ date: '2026-11-25 08:30:00' });
    const day = buildDay([phone, patient, meeting], NOW, {}, null);
    expect(day.rows.map((r) => r.appt.id)).toEqual([patient.id]);
    expect(day.blocks.map((b) => b.id)).toEqual([meeting.id, phone.id]);
    expect(day.all.map((a) => a.id)).toEqual([meeting.id, patient.id, phone.id]);
    expect(Object.fromEntries(Object.entries(bySection(day.rows)).map(([k, v]) => [k, v.length]))).toEqual({
      here: 0,
      late: 1,
      expected: 0,
      done: 0,
      missed: 0,
    });
    // The calendars chosen count for blocks too.
    expect(buildDay([meeting], NOW, {}, [2]).blocks).toEqual([]);
  });

  it('never show a patient late who arrived, waits or is done on another appointment of the day', () => {
    // Anna arrived at 08:30 for the blood test; her consultation at 08:35 is not "1 h 25 min late".
    const blood = appt({ patid: 7, state: '1', date: '2026-11-25 08:30:00' });
    const consult = appt({ patid: 7, date: '2026-11-25 08:35:00' });
    // Beat waits in Dr. Favre's calendar; Carla's first appointment is done; Dora never came.
    const beatWaits = appt({ patid: 8, state: 'W', calendarid: 2, calendar: 'Dr. Favre' });
    const beatNext = appt({ patid: 8, date: '2026-11-25 09:30:00' });
    const carlaDone = appt({ patid: 9, state: '2', date: '2026-11-25 08:00:00' });
    const carlaNext = appt({ patid: 9, date: '2026-11-25 09:00:00' });
    const dora = appt({ patid: 10, date: '2026-11-25 09:00:00' });
    const items = [blood, consult, beatWaits, beatNext, carlaDone, carlaNext, dora];
    const of = (rows: { appt: { id: number }; section: string; lateBy: number | null }[], id: number) =>
      rows.find((r) => r.appt.id === id);
    const { rows } = buildDay(items, NOW, {}, null);
    expect(of(rows, consult.id)).toMatchObject({ section: 'expected', lateBy: null });
    expect(of(rows, beatNext.id)).toMatchObject({ section: 'expected', lateBy: null });
    expect(of(rows, carlaNext.id)).toMatchObject({ section: 'expected', lateBy: null });
    expect(of(rows, dora.id)).toMatchObject({ section: 'late', lateBy: 60 });
    // Beat's waiting is in a calendar not shown: he is still here, not late in Dr. Brunner's.
    expect(of(buildDay(items, NOW, {}, [1]).rows, beatNext.id)).toMatchObject({ section: 'expected' });
  });

  it('name the calendars of the day, and lead to the agenda at the appointment', () => {
    const a = appt({ calendarid: 3, calendar: 'Dr. Rossi' });
    const b = appt({ calendarid: 1, calendar: 'Dr. Brunner' });
    expect(calendarsOf([a, b, appt({ calendarid: 3, calendar: 'Dr. Rossi' })])).toEqual([
      { calendarid: 1, name: 'Dr. Brunner' },
      { calendarid: 3, name: 'Dr. Rossi' },
    ]);
    expect(agendaHref(a)).toBe(`/agenda?view=day&date=2026-11-25&cals=3&appt=${a.id}`);
  });

  it('take the states by the keys 1 to 5', () => {
    expect(['1', '2', '3', '4', '5'].map((k) => actionForKey(k)?.state)).toEqual(['1', 'W', '2', '-2', '-1']);
    expect(actionForKey('6')).toBeUndefined();
  });
});
