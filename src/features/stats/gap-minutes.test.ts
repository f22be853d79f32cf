import { describe, expect, it } from 'vitest';
import type { DayAppointment } from '#api/agenda.ts';
import { gapMinutesByWeek, mondayOf, statWeeks } from './gap-minutes.ts';

let id = 0;
function appt(day: string, from: string, to: string, state: string, calendarid = 1): DayAppointment {
  id += 1;
  return {
    id,
    date: `${day} ${from}:00`,
    end: `${day} ${to}:00`,
    duration: 0,
    displayedduration: '',
    patid: id,
    appointment: 'Kontrolle',
    comment: '',
    color: '',
    state,
    calendar: '',
    date_unix: 0,
    end_unix: 0,
    calendarid,
  };
}

describe('gapMinutesByWeek', () => {
  it('finds the Monday and the eight weeks ending with this one', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    const weeks = statWeeks('2026-11-25');
    expect(weeks).toHaveLength(8);
    expect(weeks[0]).toBe('2026-10-05');
    expect(weeks[7]).toBe('2026-11-23');
  });

  it('counts freed minutes per week and the part another appointment of the calendar holds now', () => {
    const weeks = ['2026-11-16', '2026-11-23'];
    const rows = gapMinutesByWeek(
      [
        // Week 1: 30 freed, 15 refilled (in the same calendar only).
        appt('2026-11-17', '08:00', '08:30', '-1'),
        appt('2026-11-17', '08:00', '08:15', 'P'),
        appt('2026-11-17', '08:15', '08:30', 'P', 2),
        // Week 2: a no-show of 20 and a cancellation over the same time (counted once), fully refilled twice over.
        appt('2026-11-24', '10:00', '10:20', '-2'),
        appt('2026-11-24', '10:00', '10:20', '-1'),
        appt('2026-11-24', '10:00', '10:20', '2'),
        appt('2026-11-24', '10:10', '10:30', '1'),
        // Outside the weeks.
        appt('2026-11-02', '08:00', '09:00', '-1'),
      ],
      weeks,
    );
    expect(rows).toEqual([
      { week: '2026-11-16', freed: 30, refilled: 15 },
      { week: '2026-11-23', freed: 20, refilled: 20 },
    ]);
  });
});
