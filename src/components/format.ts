import i18next from 'i18next';
import { zurichDateTime, zurichInstant } from '#contract/practice-time.ts';
import { formatNumber } from '#i18n/number.ts';

/**
 * Dates, times and amounts as a Swiss practice writes them (de-CH, fr-CH, it-CH), always in the practice's zone whatever the
 * browser's. The API speaks `YYYY-MM-DD` and `YYYY-MM-DD HH:MM:SS` in Europe/Zurich (docs/api.md#practice-time).
 * Plain Intl, no dayjs: the first page formats dates and should not wait for it (dayjs.ts is for the areas).
 */

/** A Date, or a practice string `YYYY-MM-DD[ HH:MM[:SS]]` (Zurich time). */
export type DateInput = Date | string | null | undefined;

const practiceRe = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

interface Parts {
  y: string;
  mo: string;
  d: string;
  h: string;
  mi: string;
  s: string;
}

/** `YYYY-MM-DD[ HH:MM[:SS]]` split, or null when it is no such string or no real day and time. */
function splitPractice(value: string): Parts | null {
  const m = practiceRe.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00'] = m;
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d)
  ) {
    return null;
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  return { y, mo, d, h, mi, s: sec };
}

/** The wall-clock fields of an instant in Zurich. */
function zurichParts(date: Date): Parts {
  const t = zurichDateTime(date);
  return {
    y: t.slice(0, 4),
    mo: t.slice(5, 7),
    d: t.slice(8, 10),
    h: t.slice(11, 13),
    mi: t.slice(14, 16),
    s: t.slice(17, 19),
  };
}

/** `2026-11-21 14:30:00` (Zurich) -> the instant; null for anything else (also '' and invalid days). */
export function parsePracticeDateTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const p = splitPractice(value);
  if (!p) return null;
  return zurichInstant(+p.y, +p.mo, +p.d, +p.h, +p.mi, +p.s);
}

/** Practice strings are Zurich wall-clock time already; instants are converted. */
function wallClock(value: DateInput): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return splitPractice(value);
  if (Number.isNaN(value.getTime())) return null;
  return zurichParts(value);
}

/** `21.11.2026`; '' for no date. */
export function formatDate(value: DateInput): string {
  const p = wallClock(value);
  return p ? `${p.d}.${p.mo}.${p.y}` : '';
}

/** `14:30`; '' for no date. */
export function formatTime(value: DateInput): string {
  const p = wallClock(value);
  return p ? `${p.h}:${p.mi}` : '';
}

/** `21.11.2026 14:30`; '' for no date. */
export function formatDateTime(value: DateInput): string {
  const p = wallClock(value);
  return p ? `${p.d}.${p.mo}.${p.y} ${p.h}:${p.mi}` : '';
}

/** The instant as the API wants it: `2026-11-21 14:30:00` in Zurich time. */
export function toPracticeDateTime(date: Date): string {
  const p = zurichParts(date);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}:${p.s}`;
}

/** The practice's calendar day of an instant: `2026-11-21`. */
export function toPracticeDate(date: Date): string {
  const p = zurichParts(date);
  return `${p.y}-${p.mo}-${p.d}`;
}

/** Today in the practice: `2026-11-21`. */
export function practiceToday(now: Date = new Date()): string {
  return toPracticeDate(now);
}

/** Unix seconds (date_unix, dateTs) -> Date. */
export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** The language the app shows (i18next's), reduced to the four it has; German for anything else. */
function uiLanguage(): 'de' | 'fr' | 'it' | 'en' {
  const lng = i18next.resolvedLanguage;
  return lng === 'fr' || lng === 'it' || lng === 'en' ? lng : 'de';
}

/**
 * The Intl locale of a UI language, for weekday and month names: de-CH, fr-CH, it-CH; English as en-GB (the
 * day before the month, Monday first). Dates themselves are always written by formatDate (`21.11.2026`).
 */
export function intlLocale(language: string | undefined = i18next.resolvedLanguage): string {
  switch (language) {
    case 'fr':
      return 'fr-CH';
    case 'it':
      return 'it-CH';
    case 'en':
      return 'en-GB';
    default:
      return 'de-CH';
  }
}

// formatNumber lives beside i18next's setup, which writes every number placeholder with it.
export { formatNumber };

/** A share in percent (`12.5 %`, no-break space before the sign as in all four Swiss languages); '' without a value. */
export function formatPercent(percent: number | null | undefined, decimals = 1): string {
  const n = formatNumber(percent, { decimals, fixed: true });
  return n === '' ? '' : `${n}\u00a0%`;
}

/**
 * A file size in 1024 steps: `812 B`, `12.4 kB`, `3.2 MB`, `1.5 GB`; French writes octets (`3.2 Mo`). One decimal
 * below 10 of a unit, none above; a no-break space before the unit.
 */
export function formatFileSize(bytes: number | null | undefined, language: string = uiLanguage()): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  const units = language === 'fr' ? ['o', 'ko', 'Mo', 'Go'] : ['B', 'kB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const decimals = unit > 0 && size < 10 ? 1 : 0;
  return `${formatNumber(size, { decimals, fixed: decimals > 0 })}\u00a0${units[unit]}`;
}

/**
 * An amount in francs as a Swiss practice writes it in the app's language (docs/decisions/0012-languages.md):
 * `CHF 1'234.50` in German, Italian and English; `1'234.50 CHF` in French (fr-CH: the currency after the amount,
 * a no-break space between). Grouped and rounded to the cent by formatNumber; negative amounts: `CHF -1'234.50`.
 */
export function formatChf(amount: number | null | undefined, language: string = uiLanguage()): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  // The small nudge rounds binary near-halves (1.005) up, as a person would.
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7);
  const number = formatNumber(((amount < 0 ? -1 : 1) * cents) / 100, { decimals: 2, fixed: true });
  return language === 'fr' ? `${number}\u00a0CHF` : `CHF ${number}`;
}
