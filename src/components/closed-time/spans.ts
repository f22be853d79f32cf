import type { Absence } from '#contract/agenda-absences.ts';
import { addDays } from '#contract/practice-time.ts';

/**
 * Closed time as the agenda and booking draw it: a holiday of the canton or an absence entered, in the shape of
 * getAbsences' result (contract/agenda-absences.ts; provider 0 = the whole practice, every holiday). Times are
 * practice-time strings `YYYY-MM-DD HH:MM:SS`, which compare as text; `until` is the first moment no longer closed.
 */
export type ClosedSpan = Absence;

/** Whether the span closes a calendar of this practitioner (null: a calendar of no practitioner, only the practice's). */
export function closes(span: ClosedSpan, provider: number | null): boolean {
  return span.provider === 0 || (provider !== null && span.provider === provider);
}

/** The part of the span on `day`, in minutes of the day (0..1440), or null. */
export function spanOnDay(span: ClosedSpan, day: string): { start: number; end: number } | null {
  const dayStart = `${day} 00:00:00`;
  const dayEnd = `${addDays(day, 1)} 00:00:00`;
  if (span.until <= dayStart || span.from >= dayEnd) return null;
  const minutes = (s: string) => Number(s.slice(11, 13)) * 60 + Number(s.slice(14, 16));
  return {
    start: span.from <= dayStart ? 0 : minutes(span.from),
    end: span.until >= dayEnd ? 24 * 60 : minutes(span.until),
  };
}

/** What closes this practitioner on the day, with its minutes, holidays first. */
export function closedOnDay(
  spans: readonly ClosedSpan[],
  day: string,
  provider: number | null,
): { span: ClosedSpan; start: number; end: number }[] {
  return spans
    .filter((s) => closes(s, provider))
    .flatMap((span) => {
      const part = spanOnDay(span, day);
      return part ? [{ span, ...part }] : [];
    })
    .sort((a, b) => (a.span.kind === b.span.kind ? a.start - b.start : a.span.kind === 'holiday' ? -1 : 1));
}

/** The spans that close the whole day for this practitioner (a holiday, a whole-day absence). */
export function wholeDayClosures(
  spans: readonly ClosedSpan[],
  day: string,
  provider: number | null,
): ClosedSpan[] {
  return closedOnDay(spans, day, provider)
    .filter((p) => p.start === 0 && p.end === 24 * 60)
    .map((p) => p.span);
}

/** The first span that closes [date, end) for this practitioner, if any. */
export function closedDuring(
  spans: readonly ClosedSpan[],
  provider: number | null,
  date: string,
  end: string,
): ClosedSpan | undefined {
  return spans.find((s) => closes(s, provider) && s.from < end && s.until > date);
}

/** A span's names, without repeating one (two practitioners away for the same course). */
export function namesOf(spans: readonly ClosedSpan[]): string {
  return [...new Set(spans.map((s) => s.reason).filter(Boolean))].join(', ');
}
