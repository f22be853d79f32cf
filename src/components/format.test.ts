import { describe, expect, it } from 'vitest';
import { dayjs } from './dayjs.ts';
import {
  formatChf,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPercent,
  formatTime,
  fromUnixSeconds,
  intlLocale,
  parsePracticeDateTime,
  practiceToday,
  toPracticeDate,
  toPracticeDateTime,
} from './format.ts';

describe('dates and times in the practice zone', () => {
  it('formats an instant in Zurich winter time (UTC+1)', () => {
    const d = new Date('2026-11-21T13:30:00Z');
    expect(formatDate(d)).toBe('21.11.2026');
    expect(formatTime(d)).toBe('14:30');
    expect(formatDateTime(d)).toBe('21.11.2026 14:30');
  });

  it('formats an instant in Zurich summer time (UTC+2), also across midnight', () => {
    expect(formatDateTime(new Date('2026-07-01T12:00:00Z'))).toBe('01.07.2026 14:00');
    // 22:30 UTC is already the next day in Zurich.
    expect(formatDate(new Date('2026-07-01T22:30:00Z'))).toBe('02.07.2026');
  });

  it('reads practice strings as Zurich time', () => {
    expect(parsePracticeDateTime('2026-11-21 14:30:00')?.toISOString()).toBe('2026-11-21T13:30:00.000Z');
    expect(parsePracticeDateTime('2026-07-01 14:00')?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(parsePracticeDateTime('2026-03-29')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(formatDateTime('2026-11-21 14:30:00')).toBe('21.11.2026 14:30');
    expect(formatDate('2026-11-21')).toBe('21.11.2026');
  });

  it('refuses what is not a practice date', () => {
    expect(parsePracticeDateTime('')).toBeNull();
    expect(parsePracticeDateTime(null)).toBeNull();
    expect(parsePracticeDateTime('21.11.2026')).toBeNull();
    expect(parsePracticeDateTime('2026-02-30')).toBeNull();
    expect(parsePracticeDateTime('2026-11-21T14:30:00')).toBeNull();
    expect(formatDate('')).toBe('');
    expect(formatTime(null)).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });

  it('writes instants as practice strings, round trip included', () => {
    const d = new Date('2026-03-29T01:30:00Z'); // just after the spring change: 03:30 in Zurich
    expect(toPracticeDateTime(d)).toBe('2026-03-29 03:30:00');
    expect(parsePracticeDateTime(toPracticeDateTime(d))?.getTime()).toBe(d.getTime());
    expect(toPracticeDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(practiceToday(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(formatDateTime(fromUnixSeconds(1_795_000_000))).toBe('18.11.2026 12:06');
  });
});

describe('the zone arithmetic', () => {
  it('reads both sides of the autumn change right', () => {
    expect(parsePracticeDateTime('2026-10-25 01:30:00')?.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(parsePracticeDateTime('2026-10-25 03:30:00')?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(parsePracticeDateTime('2026-11-21 24:00:00')).toBeNull();
    expect(formatDateTime('2026-02-30 10:00:00')).toBe('');
  });

  it('agrees with dayjs in the Zurich zone on instants over ten years', () => {
    let t = Date.UTC(2020, 0, 1);
    for (let i = 0; i < 400; i++) {
      t += 9_123_457_000; // about 105 days and some hours, so every season and hour comes round
      const d = new Date(t);
      const expected = dayjs(d).tz('Europe/Zurich').format('YYYY-MM-DD HH:mm:ss');
      expect(toPracticeDateTime(d)).toBe(expected);
      expect(parsePracticeDateTime(expected)?.getTime()).toBe(Math.floor(t / 1000) * 1000);
    }
  });
});

describe('formatChf', () => {
  it("groups thousands with ' and shows two decimals", () => {
    expect(formatChf(1234.5)).toBe("CHF 1'234.50");
    expect(formatChf(1234567.891)).toBe("CHF 1'234'567.89");
    expect(formatChf(0)).toBe('CHF 0.00');
    expect(formatChf(999)).toBe('CHF 999.00');
    expect(formatChf(1000)).toBe("CHF 1'000.00");
  });

  it('rounds to the cent and keeps the sign', () => {
    expect(formatChf(1.005)).toBe('CHF 1.01');
    expect(formatChf(999.995)).toBe("CHF 1'000.00");
    expect(formatChf(-12.3)).toBe('CHF -12.30');
    expect(formatChf(-0.001)).toBe('CHF 0.00');
    expect(formatChf(null)).toBe('');
  });
});

describe('formats per language (de-CH, fr-CH, it-CH, en)', () => {
  it('writes amounts as each language writes them: CHF first in German, Italian and English, last in French', () => {
    expect(formatChf(1234.5, 'de')).toBe("CHF 1'234.50");
    expect(formatChf(1234.5, 'it')).toBe("CHF 1'234.50");
    expect(formatChf(1234.5, 'en')).toBe("CHF 1'234.50");
    expect(formatChf(1234.5, 'fr')).toBe("1'234.50\u00a0CHF");
    expect(formatChf(-1234567.891, 'fr')).toBe("-1'234'567.89\u00a0CHF");
    expect(formatChf(-0.001, 'it')).toBe('CHF 0.00');
  });

  it('follows the language in use when none is given', async () => {
    const { i18n } = await import('#i18n/index.ts');
    await i18n.changeLanguage('fr');
    expect(formatChf(99)).toBe('99.00\u00a0CHF');
    await i18n.changeLanguage('it');
    expect(formatChf(99)).toBe('CHF 99.00');
    await i18n.changeLanguage('de');
  });

  it('names weekdays and months in the language, the date itself always DD.MM.YYYY', () => {
    const day = new Date('2026-11-23T12:00:00Z'); // a Monday
    const weekday = (lng: string) =>
      new Intl.DateTimeFormat(intlLocale(lng), { weekday: 'long', timeZone: 'UTC' }).format(day);
    expect(weekday('de')).toBe('Montag');
    expect(weekday('fr')).toBe('lundi');
    expect(weekday('it')).toBe('lunedì');
    expect(weekday('en')).toBe('Monday');
    expect(weekday('es')).toBe('Montag');
    expect(formatDate(day)).toBe('23.11.2026');
    expect(dayjs('2026-11-01').locale('fr').format('MMMM YYYY')).toBe('novembre 2026');
    expect(dayjs('2026-11-01').locale('it').format('MMMM YYYY')).toBe('novembre 2026');
    expect(dayjs('2026-03-01').locale('it').format('MMMM')).toBe('marzo');
    expect(dayjs('2026-03-01').locale('fr').format('MMMM')).toBe('mars');
  });
});

describe('formatNumber: the apostrophe and the point in every language', () => {
  it('groups thousands with U+0027 and writes decimals after a point', () => {
    expect(formatNumber(1554)).toBe("1'554");
    expect(formatNumber(100000)).toBe("100'000");
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234567.891)).toBe("1'234'567.89");
    expect(formatNumber(19.6)).toBe('19.6');
    expect(formatNumber(19.64, { decimals: 1 })).toBe('19.6');
    expect(formatNumber(3, { decimals: 1, fixed: true })).toBe('3.0');
    expect(formatNumber(-1234.5)).toBe("-1'234.5");
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('percentages and file sizes go through it', () => {
    expect(formatPercent(12.345)).toBe('12.3\u00a0%');
    expect(formatPercent(100)).toBe('100.0\u00a0%');
    expect(formatFileSize(812, 'de')).toBe('812\u00a0B');
    expect(formatFileSize(12.4 * 1024, 'de')).toBe('12\u00a0kB');
    expect(formatFileSize(3.25 * 1024 * 1024, 'de')).toBe('3.3\u00a0MB');
    expect(formatFileSize(3.25 * 1024 * 1024, 'fr')).toBe('3.3\u00a0Mo');
    expect(formatFileSize(1500 * 1024 * 1024, 'it')).toBe('1.5\u00a0GB');
    expect(formatFileSize(-1, 'de')).toBe('');
  });
});
