import { describe, expect, it } from 'vitest';
import type { CalendarAppointment } from '#contract/agenda.ts';
import {
  type AgendaItem,
  type AppointmentRecord,
  changedFields,
  durationMinutes,
  isDay,
  isoWeek,
  itemMinutes,
  mergeRecords,
  modifyInput,
  movedRecord,
  placeItems,
  practiceDateTime,
  shiftDay,
  shortPatientName,
  stateLook,
  textColorOn,
  visibleDays,
  visibleHours,
  weekNeedsWeekend,
} from './model.ts';

function appt(
  id: number,
  date: string,
  end: string,
  extra: Partial<CalendarAppointment> = {},
): CalendarAppointment {
  return {
    id,
    date,
    end,
    duration: durationMinutes(date, end),
    displayedduration: '',
    patid: 0,
    appointment: `A${id}`,
    comment: '',
    color: '#228be6',
    state: 'P',
    calendar: 'Dr. Brunner',
    dateTs: 0,
    endTs: 0,
    ...extra,
  };
}

const item = (a: CalendarAppointment, calendarid = 1): AgendaItem => ({ appt: a, calendarid });

describe('days of a view', () => {
  it('shows one day, or Monday to Sunday of its week, also across a year end', () => {
    expect(visibleDays('day', '2026-11-25')).toEqual(['2026-11-25']);
    expect(visibleDays('week', '2026-11-25')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(visibleDays('week', '2027-01-01')[0]).toBe('2026-12-28');
    expect(visibleDays('week', '2026-11-29')[0]).toBe('2026-11-23');
  });

  it('steps a day or a week, through the change to summer time', () => {
    expect(shiftDay('day', '2026-03-28', 1)).toBe('2026-03-29');
    expect(shiftDay('day', '2026-03-29', 1)).toBe('2026-03-30');
    expect(shiftDay('week', '2026-03-25', 1)).toBe('2026-04-01');
    expect(shiftDay('week', '2026-01-02', -1)).toBe('2025-12-26');
  });

  it('numbers weeks as ISO 8601 does', () => {
    expect(isoWeek('2026-11-23')).toBe(48);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2024-12-30')).toBe(1);
  });

  it('accepts only real days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('23.11.2026')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('placing appointments', () => {
  it('puts overlapping appointments side by side and lets later ones reuse a free lane', () => {
    const placed = placeItems(
      [
        item(appt(1, '2026-11-23 09:00:00', '2026-11-23 10:00:00')),
        item(appt(2, '2026-11-23 09:30:00', '2026-11-23 10:30:00')),
        item(appt(3, '2026-11-23 10:00:00', '2026-11-23 10:15:00')),
        item(appt(4, '2026-11-23 11:00:00', '2026-11-23 11:15:00')),
      ],
      '2026-11-23',
    );
    const byId = new Map(placed.map((p) => [p.appt.id, p]));
    expect(byId.get(1)).toMatchObject({ start: 540, end: 600, lane: 0, lanes: 2 });
    expect(byId.get(2)).toMatchObject({ lane: 1, lanes: 2 });
    // 10:00 starts when the first one ends: its lane is free again.
    expect(byId.get(3)).toMatchObject({ lane: 0, lanes: 2 });
    // Not overlapping anything: the whole width.
    expect(byId.get(4)).toMatchObject({ lane: 0, lanes: 1 });
  });

  it('lays short appointments drawn taller than their length side by side, not one over the other', () => {
    const items = [
      item(appt(1, '2026-11-23 09:00:00', '2026-11-23 09:10:00')),
      item(appt(2, '2026-11-23 09:10:00', '2026-11-23 09:20:00')),
    ];
    // By time they follow each other: one lane.
    expect(placeItems(items, '2026-11-23').map((p) => p.lanes)).toEqual([1, 1]);
    // Drawn at least 20 minutes tall (a 24 px target), they would overlap: two lanes.
    const drawn = placeItems(items, '2026-11-23', 20);
    expect(drawn.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('clips an appointment running past midnight to each day it touches', () => {
    const a = appt(1, '2026-11-23 22:00:00', '2026-11-24 01:00:00');
    expect(itemMinutes(a, '2026-11-23')).toEqual({ start: 1320, end: 1440 });
    expect(itemMinutes(a, '2026-11-24')).toEqual({ start: 0, end: 60 });
    expect(placeItems([item(a)], '2026-11-24')).toHaveLength(1);
    expect(placeItems([item(a)], '2026-11-25')).toHaveLength(0);
    // Ending exactly at midnight belongs to the day before only.
    const b = appt(2, '2026-11-23 23:00:00', '2026-11-24 00:00:00');
    expect(placeItems([item(b)], '2026-11-24')).toHaveLength(0);
  });

  it('shows 07:00 to 19:00, widened to early and late appointments', () => {
    expect(visibleHours([], ['2026-11-23'])).toEqual({ from: 420, to: 1140 });
    const early = item(appt(1, '2026-11-23 06:40:00', '2026-11-23 07:10:00'));
    const late = item(appt(2, '2026-11-23 19:30:00', '2026-11-23 20:10:00'));
    expect(visibleHours([early, late], ['2026-11-23'])).toEqual({ from: 360, to: 1260 });
    // Only the days shown count.
    expect(visibleHours([early], ['2026-11-24'])).toEqual({ from: 420, to: 1140 });
  });

  it('writes minutes beyond the day into the next day', () => {
    expect(practiceDateTime('2026-11-23', 555)).toBe('2026-11-23 09:15:00');
    expect(practiceDateTime('2026-11-23', 1440 + 30)).toBe('2026-11-24 00:30:00');
  });
});

describe('text colour on an appointment colour', () => {
  it('picks black or white, whichever is readable', () => {
    expect(textColorOn('#fab005')).toBe('#000000');
    expect(textColorOn('#15aabf')).toBe('#000000');
    expect(textColorOn('#7950f2')).toBe('#ffffff');
    expect(textColorOn('#000')).toBe('#ffffff');
    // Unknown colours fall back to grey, with black text.
    expect(textColorOn('red')).toBe('#000000');
  });
});

describe('the complete record', () => {
  const loaded: AppointmentRecord = {
    calendarid: 1,
    date: '2026-11-23 09:00:00',
    end: '2026-11-23 09:30:00',
    patid: 12,
    appointment: 'Kontrolle',
    comment: 'Bitte nüchtern',
    displayedduration: '30',
    state: 'P',
  };

  it('sends every field to modifyAppointment, since what is not sent is overwritten empty', () => {
    expect(modifyInput(7, loaded)).toEqual({
      appointmentid: 7,
      calendar: 1,
      date: '2026-11-23 09:00:00',
      end: '2026-11-23 09:30:00',
      patid: 12,
      appointment: 'Kontrolle',
      comment: 'Bitte nüchtern',
      displayedduration: '30',
      state: 'P',
      deleted: 0,
    });
    expect(modifyInput(7, { ...loaded, date: '2026-11-23 09:15' }, 1)).toMatchObject({
      date: '2026-11-23 09:15:00',
      deleted: 1,
    });
  });

  it('finds the fields that changed, a time with or without seconds being the same', () => {
    expect(changedFields(loaded, { ...loaded, date: '2026-11-23 09:00' })).toEqual([]);
    expect(changedFields(loaded, { ...loaded, comment: 'x', state: '1' })).toEqual(['comment', 'state']);
  });

  it('merges: my changed fields over their current version, nothing of theirs lost', () => {
    const mine = { ...loaded, appointment: 'Kontrolle Blutdruck', date: '2026-11-23 10:00:00' };
    const current = { ...loaded, comment: 'Dolmetscher', state: 'W' };
    expect(mergeRecords(loaded, mine, current)).toEqual({
      ...loaded,
      appointment: 'Kontrolle Blutdruck',
      date: '2026-11-23 10:00:00',
      comment: 'Dolmetscher',
      state: 'W',
    });
  });

  it('moves times and calendar; a displayed duration that showed the length follows it', () => {
    const resized = movedRecord(loaded, { calendarid: 2, date: loaded.date, end: '2026-11-23 09:45:00' });
    expect(resized).toEqual({
      ...loaded,
      calendarid: 2,
      end: '2026-11-23 09:45:00',
      displayedduration: '45',
    });
    const own = movedRecord(
      { ...loaded, displayedduration: '20' },
      { calendarid: 1, date: '2026-11-23 11:00:00', end: '2026-11-23 11:45:00' },
    );
    expect(own.displayedduration).toBe('20');
    expect(own.comment).toBe('Bitte nüchtern');
  });
});

describe('the week without its weekend', () => {
  it('is Monday to Friday, unless Saturday or Sunday holds an appointment or is the day in view', () => {
    expect(visibleDays('week', '2026-11-25', false)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(
      weekNeedsWeekend('2026-11-25', [item(appt(1, '2026-11-24 09:00:00', '2026-11-24 09:30:00'))]),
    ).toBe(false);
    expect(
      weekNeedsWeekend('2026-11-25', [item(appt(1, '2026-11-29 09:00:00', '2026-11-29 09:30:00'))]),
    ).toBe(true);
    // The weekend of another week does not count.
    expect(
      weekNeedsWeekend('2026-11-25', [item(appt(1, '2026-12-05 09:00:00', '2026-12-05 09:30:00'))]),
    ).toBe(false);
    expect(weekNeedsWeekend('2026-11-28', [])).toBe(true);
  });
});

describe('states and names on the blocks', () => {
  it('gives every state its look, an unknown one none', () => {
    expect(['P', 'W', '1', '2', '-1', '-2', '', 'X'].map(stateLook)).toEqual([
      'planned',
      'waiting',
      'arrived',
      'done',
      'cancelled',
      'noShow',
      'none',
      'none',
    ]);
  });

  it('draws cancelled and no-show appointments behind, without taking a lane from the others', () => {
    const open = item(appt(1, '2026-11-23 09:00:00', '2026-11-23 09:30:00'));
    const gone = item(appt(2, '2026-11-23 09:00:00', '2026-11-23 09:30:00', { state: '-1' }));
    const noShow = item(appt(3, '2026-11-23 09:15:00', '2026-11-23 09:30:00', { state: '-2' }));
    const placed = placeItems([open, gone, noShow], '2026-11-23');
    const of = (id: number) => placed.find((p) => p.appt.id === id);
    expect(of(1)).toMatchObject({ lane: 0, lanes: 1 });
    // Drawn first (behind), sharing only among themselves.
    expect(placed.map((p) => p.appt.id)).toEqual([2, 3, 1]);
    expect(of(2)?.lanes).toBe(2);
  });

  it('writes the patient as the last name whole and the first initial', () => {
    expect(shortPatientName({ lastname: 'Moser', firstname: 'Daniel' })).toBe('Moser D.');
    expect(shortPatientName({ lastname: 'Zimmermann-Moser', firstname: 'élise' })).toBe(
      'Zimmermann-Moser É.',
    );
    expect(shortPatientName({ lastname: 'Moser', firstname: '' })).toBe('Moser');
  });
});
