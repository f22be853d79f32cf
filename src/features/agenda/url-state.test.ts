import { describe, expect, it } from 'vitest';
import { readAddress, withoutAppointment, writeAddress } from './url-state.ts';

const TODAY = '2026-11-25';
const read = (search: string) => readAddress(new URLSearchParams(search), TODAY);

describe("the agenda's address", () => {
  it('is the day view of today, no calendars named, no dialog, when it says nothing', () => {
    expect(read('')).toEqual({
      view: 'day',
      date: TODAY,
      cals: null,
      weekCalendar: 0,
      allSeven: false,
      appt: 0,
    });
  });

  it('reads the week, the day, the calendars, one week calendar, the weekend and the appointment', () => {
    expect(read('view=week&date=2026-12-24&cals=1,3&wcal=3&days=7&appt=12')).toEqual({
      view: 'week',
      date: '2026-12-24',
      cals: [1, 3],
      weekCalendar: 3,
      allSeven: true,
      appt: 12,
    });
  });

  it('takes today for a day that does not exist, and the day view for an unknown view', () => {
    expect(read('view=month&date=2026-02-30')).toMatchObject({ view: 'day', date: TODAY });
    expect(read('date=25.11.2026').date).toBe(TODAY);
  });

  it('changes only what the navigation names and keeps the other parameters', () => {
    const prev = new URLSearchParams('view=week&date=2026-11-25&cals=1&wcal=1&days=7&appt=12');
    expect(writeAddress(prev, { date: '2026-12-02' }).toString()).toBe(
      'view=week&date=2026-12-02&cals=1&wcal=1&days=7&appt=12',
    );
    expect(writeAddress(prev, { weekCalendar: null, allSeven: false, cals: [1, 2] }).toString()).toBe(
      'view=week&date=2026-11-25&cals=1%2C2&appt=12',
    );
    expect(writeAddress(prev, { cals: null }).has('cals')).toBe(false);
    expect(prev.toString()).toBe('view=week&date=2026-11-25&cals=1&wcal=1&days=7&appt=12');
  });

  it('forgets the appointment once its dialog is closed', () => {
    expect(withoutAppointment(new URLSearchParams('date=2026-11-25&appt=12')).toString()).toBe(
      'date=2026-11-25',
    );
  });
});
