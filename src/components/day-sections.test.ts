import { describe, expect, it } from 'vitest';
import {
  countSections,
  LATE_AFTER_MINUTES,
  minutesSince,
  patientsWhoCame,
  sectionOf,
} from './day-sections.ts';
import { parsePracticeDateTime } from './format.ts';

/** An instant given as practice time (Zurich). */
const at = (practice: string) => (parsePracticeDateTime(practice) as Date).getTime();

describe('where a patient of today stands', () => {
  const now = at('2026-11-25 09:20:00');

  it('is here when arrived or waiting, whatever the time', () => {
    expect(sectionOf({ state: '1', date: '2026-11-25 08:00:00' }, now)).toBe('here');
    expect(sectionOf({ state: 'W', date: '2026-11-25 11:00:00' }, now)).toBe('here');
  });

  it('is late 10 minutes after the start without having arrived, expected before', () => {
    expect(LATE_AFTER_MINUTES).toBe(10);
    expect(sectionOf({ state: 'P', date: '2026-11-25 09:10:00' }, now)).toBe('late');
    expect(sectionOf({ state: 'P', date: '2026-11-25 09:11:00' }, now)).toBe('expected');
    expect(sectionOf({ state: '', date: '2026-11-25 09:05:00' }, now)).toBe('late');
    expect(sectionOf({ state: 'P', date: '2026-11-25 10:00:00' }, now)).toBe('expected');
  });

  it('is never late without a patient (a phone hour, administration: nobody is coming)', () => {
    expect(sectionOf({ state: 'P', date: '2026-11-25 08:00:00', patid: 0 }, now)).toBe('expected');
    expect(sectionOf({ state: 'P', date: '2026-11-25 08:00:00', patid: 7 }, now)).toBe('late');
  });

  it('is done, or missed when cancelled or a no-show, never late', () => {
    expect(sectionOf({ state: '2', date: '2026-11-25 08:00:00' }, now)).toBe('done');
    expect(sectionOf({ state: '-1', date: '2026-11-25 08:00:00' }, now)).toBe('missed');
    expect(sectionOf({ state: '-2', date: '2026-11-25 08:00:00' }, now)).toBe('missed');
  });

  it('counts by section (the navigation badge)', () => {
    expect(
      countSections(
        [
          { state: '1', date: '2026-11-25 09:00:00' },
          { state: 'W', date: '2026-11-25 09:15:00' },
          { state: 'P', date: '2026-11-25 08:30:00' },
          { state: 'P', date: '2026-11-25 14:00:00' },
          { state: '-2', date: '2026-11-25 08:00:00' },
        ],
        now,
      ),
    ).toEqual({ here: 2, late: 1, expected: 1, done: 0, missed: 1 });
  });

  it('is never late when the patient came for another appointment of the day (arrived, waiting or done)', () => {
    const day = [
      { state: '1', date: '2026-11-25 08:00:00', patid: 7 },
      { state: 'P', date: '2026-11-25 08:20:00', patid: 7 },
      { state: '2', date: '2026-11-25 07:30:00', patid: 8 },
      { state: 'P', date: '2026-11-25 08:30:00', patid: 8 },
      { state: 'P', date: '2026-11-25 08:30:00', patid: 9 },
      { state: '1', date: '2026-11-25 08:00:00', patid: 0 },
    ];
    const came = patientsWhoCame(day);
    expect([...came].sort()).toEqual([7, 8]);
    expect(sectionOf(day[1], now, came)).toBe('expected');
    expect(sectionOf(day[3], now, came)).toBe('expected');
    expect(sectionOf(day[4], now, came)).toBe('late');
    // The navigation counts the same way, and leaves the block without a patient out.
    expect(countSections(day, now)).toEqual({ here: 1, late: 1, expected: 2, done: 1, missed: 0 });
  });

  it('measures minutes in practice time, across the change to winter time too', () => {
    expect(minutesSince('2026-11-25 09:08:00', now)).toBe(12);
    expect(minutesSince('', now)).toBeNull();
    // 25.10.2026: clocks go back at 03:00 (CEST -> CET), so 02:30 to 03:30 wall clock is two hours.
    expect(minutesSince('2026-10-25 01:30:00', at('2026-10-25 03:30:00'))).toBe(180);
  });
});
