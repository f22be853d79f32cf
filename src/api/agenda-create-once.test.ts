import { describe, expect, it } from 'vitest';
import type { CalendarAppointment } from '#contract/agenda.ts';
import { findSame, mayHaveArrived } from './agenda.ts';
import { ApiError } from './client.ts';

const err = (kind: ApiError['kind'], httpStatus = 0) =>
  new ApiError({ op: 'createAppointment', kind, httpStatus, msg: 'x' });

describe('mayHaveArrived', () => {
  it('counts a lost connection, a timeout and a server error as perhaps written', () => {
    expect(mayHaveArrived(err('network'))).toBe(true);
    expect(mayHaveArrived(err('timeout'))).toBe(true);
    expect(mayHaveArrived(err('http', 500))).toBe(true);
    expect(mayHaveArrived(err('http', 503))).toBe(true);
  });

  it('counts a refusal, a contract mismatch and a non-ApiError as not written', () => {
    expect(mayHaveArrived(err('http', 400))).toBe(false);
    expect(mayHaveArrived(err('http', 409))).toBe(false);
    expect(mayHaveArrived(err('contract'))).toBe(false);
    expect(mayHaveArrived(err('unauthorized', 401))).toBe(false);
    expect(mayHaveArrived(new TypeError('bug'))).toBe(false);
  });
});

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
