import { describe, expect, it } from 'vitest';
import {
  clockTimeRe,
  type DayKind,
  isRealDate,
  readDay,
  realDayRe,
  realSwissDayRe,
  zurichDateTime,
  zurichInstant,
} from './practice-time.ts';

describe('the practice clock (Europe/Zurich)', () => {
  it('gives the wall time of an instant in winter (UTC+1) and summer (UTC+2)', () => {
    expect(zurichDateTime(new Date('2026-01-15T23:30:05Z'))).toBe('2026-01-16 00:30:05');
    expect(zurichDateTime(new Date('2026-07-01T10:00:00Z'))).toBe('2026-07-01 12:00:00');
    expect(zurichDateTime(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31 23:59:59');
  });

  it('finds the instant of a wall time, also around the daylight-saving changes', () => {
    expect(zurichInstant(2026, 1, 16, 0, 30, 5).toISOString()).toBe('2026-01-15T23:30:05.000Z');
    expect(zurichInstant(2026, 7, 1, 12).toISOString()).toBe('2026-07-01T10:00:00.000Z');
    // 29 March 2026: 02:00 becomes 03:00; 01:59 is still winter time, 03:00 already summer time.
    expect(zurichInstant(2026, 3, 29, 1, 59).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(zurichInstant(2026, 3, 29, 3, 0).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 03:00 becomes 02:00 again; 04:00 is winter time.
    expect(zurichInstant(2026, 10, 25, 4, 0).toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(zurichInstant(2026, 10, 24, 12).toISOString()).toBe('2026-10-24T10:00:00.000Z');
  });

  it('goes there and back for every hour of a year', () => {
    for (let h = 0; h < 365 * 24; h += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
      const t = zurichDateTime(instant);
      const back = zurichInstant(
        +t.slice(0, 4),
        +t.slice(5, 7),
        +t.slice(8, 10),
        +t.slice(11, 13),
        +t.slice(14, 16),
      );
      // The hour that happens twice in October maps back to its first occurrence.
      if (back.getTime() !== instant.getTime()) expect(t.slice(0, 13)).toBe('2026-10-25 02');
    }
  });
});

describe('readDay: a day as a person types it, once for every date field', () => {
  // Wednesday 25.11.2026, the e2e tests' practice day.
  const today = '2026-11-25';
  const read = (text: string, kind: DayKind = 'ahead', on = today) => readDay(text, { kind, today: on });

  it.each([
    ['21.11.2026', '2026-11-21'],
    ['1.2.2026', '2026-02-01'],
    ['01.12.2026', '2026-12-01'],
    ['1.12.26', '2026-12-01'],
    ['01.12.26', '2026-12-01'],
    ['  1.12.26 ', '2026-12-01'],
    ['1.12.', '2026-12-01'],
    ['2026-11-21', '2026-11-21'],
    ['2026-2-1', '2026-02-01'],
  ])('reads %j as %s', (text, day) => {
    expect(read(text)).toEqual({ day });
  });

  it('takes a two-digit year as the practice century for appointments and reminders', () => {
    expect(read('3.1.27')).toEqual({ day: '2027-01-03' });
    // Even when that day has passed: 20YY, as the receptionist means it (a past appointment is allowed).
    expect(read('3.1.26')).toEqual({ day: '2026-01-03' });
    expect(read('3.1.99')).toEqual({ day: '2099-01-03' });
  });

  it('takes a two-digit year of a birth date as the most recent past one', () => {
    expect(read('18.9.91', 'birth')).toEqual({ day: '1991-09-18' });
    expect(read('18.9.49', 'birth')).toEqual({ day: '1949-09-18' });
    expect(read('1.2.25', 'birth')).toEqual({ day: '2025-02-01' });
    expect(read('25.11.26', 'birth')).toEqual({ day: '2026-11-25' });
    // 24.12.2026 is still to come: the century before.
    expect(read('24.12.26', 'birth')).toEqual({ day: '1926-12-24' });
  });

  it('takes D.M. as the next such day from today on (today itself included), across the year end', () => {
    expect(read('25.11.')).toEqual({ day: '2026-11-25' });
    expect(read('24.11.')).toEqual({ day: '2027-11-24' });
    expect(read('31.12.')).toEqual({ day: '2026-12-31' });
    expect(read('1.1.')).toEqual({ day: '2027-01-01' });
    expect(read('31.12.', 'ahead', '2026-12-31')).toEqual({ day: '2026-12-31' });
    expect(read('1.1.', 'ahead', '2026-12-31')).toEqual({ day: '2027-01-01' });
    expect(read('31.12.', 'ahead', '2027-01-01')).toEqual({ day: '2027-12-31' });
    // For a birth date the most recent one up to today.
    expect(read('3.11.', 'birth')).toEqual({ day: '2026-11-03' });
    expect(read('24.12.', 'birth')).toEqual({ day: '2025-12-24' });
  });

  it('finds 29.02. in the next (or last) leap year, and refuses 29.02. in a year that has none', () => {
    expect(read('29.02.2028')).toEqual({ day: '2028-02-29' });
    expect(read('29.2.2024')).toEqual({ day: '2024-02-29' });
    expect(read('29.02.2026')).toEqual({ refused: 'noSuchDay' });
    expect(read('29.02.27')).toEqual({ refused: 'noSuchDay' });
    expect(read('29.02.28')).toEqual({ day: '2028-02-29' });
    expect(read('29.02.2100')).toEqual({ refused: 'noSuchDay' });
    expect(read('29.02.2000')).toEqual({ day: '2000-02-29' });
    expect(read('29.02.')).toEqual({ day: '2028-02-29' });
    expect(read('29.02.', 'birth')).toEqual({ day: '2024-02-29' });
    expect(read('29.2.00', 'birth')).toEqual({ day: '2000-02-29' });
  });

  it('tells a day that does not exist from text that is no day', () => {
    for (const text of [
      '31.02.2026',
      '31.02.',
      '31.2.26',
      '32.1.2026',
      '0.1.2026',
      '1.13.2026',
      '2026-02-30',
      '31.04.2026',
    ]) {
      expect(read(text), text).toEqual({ refused: 'noSuchDay' });
    }
    for (const text of [
      '',
      'morgen',
      '1.12',
      '1.12.2',
      '1.12.202',
      '1.12.20266',
      '12/01/2026',
      '1,12,2026',
      '1. 12. 2026',
      '123.1.2026',
    ]) {
      expect(read(text), text).toEqual({ refused: 'format' });
    }
  });

  it('refuses a birth date in the future or before 1900, and takes 1900 and today', () => {
    expect(read('26.11.2026', 'birth')).toEqual({ refused: 'future' });
    expect(read('25.11.2026', 'birth')).toEqual({ day: '2026-11-25' });
    expect(read('31.12.1899', 'birth')).toEqual({ refused: 'before1900' });
    expect(read('1.1.1900', 'birth')).toEqual({ day: '1900-01-01' });
    expect(read('31.02.1980', 'birth')).toEqual({ refused: 'noSuchDay' });
    // The same days are fine for an appointment.
    expect(read('26.11.2026')).toEqual({ day: '2026-11-26' });
    expect(read('31.12.1899')).toEqual({ day: '1899-12-31' });
  });

  it('reads today from the practice clock when not told', () => {
    const reading = readDay('1.12.');
    expect('day' in reading && isRealDate(reading.day)).toBe(true);
  });
});

describe('the day patterns of the OpenAPI document', () => {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const years = [
    ...Array.from({ length: 450 }, (_, i) => i),
    ...Array.from({ length: 220 }, (_, i) => 1890 + i),
    2400,
    9996,
    9999,
  ];

  it('say of every YYYY-MM-DD what isRealDate says', () => {
    const iso = new RegExp(`^${realDayRe}$`);
    const wrong: string[] = [];
    for (const y of years) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
          if (iso.test(s) !== isRealDate(s)) wrong.push(s);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('say of every D.M.YYYY what the day of birth parser says', () => {
    const swiss = new RegExp(`^${realSwissDayRe}$`);
    const wrong: string[] = [];
    for (const y of years) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          for (const s of [`${pad(d)}.${pad(m)}.${pad(y, 4)}`, `${d}.${m}.${pad(y, 4)}`]) {
            if (swiss.test(s) !== isRealDate(`${pad(y, 4)}-${pad(m)}-${pad(d)}`)) wrong.push(s);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('take wall-clock times 00:00 to 23:59:59 only', () => {
    const time = new RegExp(`^${clockTimeRe}$`);
    expect(['00:00', '23:59', '23:59:59', '09:05:00'].every((t) => time.test(t))).toBe(true);
    expect(['24:00', '9:05', '12:60', '12:00:60', '12:00:'].some((t) => time.test(t))).toBe(false);
  });
});
