import { useEffect, useState } from 'react';
import { parsePracticeDateTime } from './format.ts';

/**
 * Where a patient of today's list stands, from the appointment's state and the practice clock: the sections of the
 * Today area and the counts beside "Today" in the navigation (one rule for both).
 *
 * States (docs/api.md#appointments: their meaning is open; docs/decisions/0012 names them): P planned, W waiting,
 * 1 arrived, 2 done, -1 cancelled by the patient, -2 no-show; '' and unknown codes count as planned.
 */

export const daySections = ['here', 'late', 'expected', 'done', 'missed'] as const;
export type DaySection = (typeof daySections)[number];

/** A patient who has not arrived this many minutes after the start is late. */
export const LATE_AFTER_MINUTES = 10;

/** Arrived or waiting: in the practice. */
export function isHereState(state: string): boolean {
  return state === '1' || state === 'W';
}

/** Cancelled by the patient or no-show: not coming (their time is free again, docs/decisions/0020). */
export function isMissedState(state: string): boolean {
  return state === '-1' || state === '-2';
}

/** Whole minutes from a practice date-time (`YYYY-MM-DD HH:MM:SS`, Zurich) to the instant `now`; null if unreadable. */
export function minutesSince(practiceDateTime: string | null | undefined, now: number): number | null {
  const at = parsePracticeDateTime(practiceDateTime);
  if (!at) return null;
  return Math.floor((now - at.getTime()) / 60_000);
}

/**
 * An appointment with a patient. Without one (patid 0: a team meeting, a phone hour, administration) it is a block
 * of the calendar: nobody arrives, waits or is late, and the day's counts leave it out (docs/decisions/0037-no-state-no-late-no-send-again-that-cannot-go-out.md).
 */
export function hasPatient(appt: { patid?: number }): boolean {
  return appt.patid === undefined || appt.patid > 0;
}

/**
 * The patients who came today: arrived, waiting or done on any of the day's appointments. Their other appointments
 * of the day are never late (a patient with two appointments in a row, already in the practice, was shown arrived
 * on one and "1 h 25 min late" on the other).
 */
export function patientsWhoCame(appts: readonly { state: string; patid?: number }[]): Set<number> {
  const out = new Set<number>();
  for (const a of appts)
    if (a.patid !== undefined && a.patid > 0 && (isHereState(a.state) || a.state === '2')) out.add(a.patid);
  return out;
}

/**
 * here: arrived or waiting; done; missed: cancelled or no-show; late: not arrived `LATE_AFTER_MINUTES` or more after
 * the start, and not here or seen today on another appointment (`came`: patientsWhoCame of the whole day);
 * expected: every other one (planned, start not yet that far past). An appointment without a patient is never late:
 * nobody is coming (the Today page lists those apart, countSections leaves them out).
 */
export function sectionOf(
  appt: { state: string; date: string; patid?: number },
  now: number,
  came: ReadonlySet<number> = new Set(),
): DaySection {
  if (isHereState(appt.state)) return 'here';
  if (appt.state === '2') return 'done';
  if (isMissedState(appt.state)) return 'missed';
  if (!hasPatient(appt)) return 'expected';
  if (appt.patid !== undefined && came.has(appt.patid)) return 'expected';
  const since = minutesSince(appt.date, now);
  return since !== null && since >= LATE_AFTER_MINUTES ? 'late' : 'expected';
}

/** How many patients' appointments are in each section; blocks without a patient are not counted. */
export function countSections(
  appts: readonly { state: string; date: string; patid?: number }[],
  now: number,
): Record<DaySection, number> {
  const out: Record<DaySection, number> = { here: 0, late: 0, expected: 0, done: 0, missed: 0 };
  const came = patientsWhoCame(appts);
  for (const a of appts) if (hasPatient(a)) out[sectionOf(a, now, came)] += 1;
  return out;
}

/** The instant now (ms), refreshed every `everyMs` (half a minute: "late" and "since" move on by the minute). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
