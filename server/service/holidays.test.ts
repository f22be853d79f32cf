import { describe, expect, it } from 'vitest';
import { isPublicHoliday, publicHolidays } from './holidays.ts';

describe('the public holidays of a canton', () => {
  it('are, in Zürich 2026, the ten days a practice there is closed on a weekday, and its Sundays', () => {
    expect(publicHolidays('ZH', 2026).map((h) => h.date)).toEqual([
      '2026-01-01', // Neujahr
      '2026-01-02', // Berchtoldstag
      '2026-04-03', // Karfreitag
      '2026-04-05', // Ostersonntag
      '2026-04-06', // Ostermontag
      '2026-05-01', // Tag der Arbeit
      '2026-05-14', // Auffahrt
      '2026-05-24', // Pfingstsonntag
      '2026-05-25', // Pfingstmontag
      '2026-08-01', // Bundesfeiertag
      '2026-09-20', // Bettag
      '2026-12-25', // Weihnachtstag
      '2026-12-26', // Stephanstag
    ]);
  });

  it('move with Easter, and leave half days and observances open', () => {
    expect(isPublicHoliday('ZH', '2027-03-26')).toBe(true); // Karfreitag 2027
    expect(isPublicHoliday('ZH', '2027-05-17')).toBe(true); // Pfingstmontag 2027
    expect(isPublicHoliday('ZH', '2026-09-14')).toBe(false); // Knabenschiessen: an afternoon in the city only
    expect(isPublicHoliday('ZH', '2026-04-02')).toBe(false); // Gründonnerstag
    expect(isPublicHoliday('ZH', '2026-11-25')).toBe(false);
  });

  it('differ by canton, and refuse what is no canton', () => {
    // 1 May is a holiday in Zürich, not in Bern; Berchtoldstag in both.
    expect(isPublicHoliday('BE', '2026-05-01')).toBe(false);
    expect(isPublicHoliday('BE', '2026-01-02')).toBe(true);
    expect(() => isPublicHoliday('XX', '2026-01-01')).toThrow('Not a Swiss canton');
    expect(() => isPublicHoliday('__proto__', '2026-01-01')).toThrow('Not a Swiss canton');
  });
});
