import type { DayAppointment } from '#api/agenda.ts';
import {
  type DaySection,
  daySections,
  hasPatient,
  minutesSince,
  patientsWhoCame,
  sectionOf,
} from '#components/day-sections.ts';
import type { StateTimes } from './state-times.ts';

/**
 * Today's list, free of React: one row per patient's appointment of the day in time order, the section it belongs
 * to, how long a patient has been here (from `stateChanged`, or as measured on this device) and how late one is;
 * the blocks without a patient (team meeting, phone hour) apart.
 */

export interface TodayRow {
  appt: DayAppointment;
  section: DaySection;
  /** Here: minutes since the state was set; `local` when measured on this device (no `stateChanged`). */
  since: { minutes: number; local: boolean } | null;
  /** Late: minutes past the start. */
  lateBy: number | null;
}

/** The buttons of a row, in the order of a visit, each with its key (digits: the same in every language). */
export const stateActions = [
  { state: '1', key: '1', name: 'arrived' },
  { state: 'W', key: '2', name: 'waiting' },
  { state: '2', key: '3', name: 'done' },
  { state: '-2', key: '4', name: 'noShow' },
  { state: '-1', key: '5', name: 'cancelled' },
] as const;
export type StateAction = (typeof stateActions)[number];

export function actionForKey(key: string): StateAction | undefined {
  return stateActions.find((a) => a.key === key);
}

/**
 * How long the appointment has had its state: from the service's `stateChanged`; without that field (a service
 * that does not send it) from when this device set the same state; null when nobody knows.
 */
export function sinceOf(
  appt: Pick<DayAppointment, 'id' | 'state' | 'stateChanged'>,
  now: number,
  local: StateTimes,
): TodayRow['since'] {
  if (typeof appt.stateChanged === 'string') {
    const minutes = minutesSince(appt.stateChanged, now);
    return minutes === null ? null : { minutes: Math.max(0, minutes), local: false };
  }
  if (appt.stateChanged === null) return null;
  const mine = local[String(appt.id)];
  if (!mine || mine.state !== appt.state) return null;
  const minutes = minutesSince(mine.at, now);
  return minutes === null ? null : { minutes: Math.max(0, minutes), local: true };
}

/** `came`: the patients here or seen today (patientsWhoCame), whose other appointments are never late. */
function toRow(appt: DayAppointment, now: number, local: StateTimes, came: ReadonlySet<number>): TodayRow {
  const section = sectionOf(appt, now, came);
  return {
    appt,
    section,
    since: section === 'here' ? sinceOf(appt, now, local) : null,
    lateBy: section === 'late' ? minutesSince(appt.date, now) : null,
  };
}

export interface TodayDay {
  /** The patients' appointments, each in its section. */
  rows: TodayRow[];
  /** Blocks without a patient (patid 0): no state to set, never late, in none of the day's counts. */
  blocks: DayAppointment[];
  /** Both, in time order: the printed day list. */
  all: DayAppointment[];
}

/**
 * The day's appointments in time order (then by calendar name, then id), of the chosen calendars (null: all), the
 * patients' apart from the blocks without one. Items without a calendar (calendar mode) and provisional ones are
 * left out. Whether a patient came is read from every calendar: arrived with Dr. Favre is not late for Dr. Brunner.
 */
export function buildDay(
  items: readonly DayAppointment[],
  now: number,
  local: StateTimes,
  calendars: readonly number[] | null,
): TodayDay {
  const listed = items.filter((a) => a.state !== 'PR');
  const came = patientsWhoCame(listed);
  const all = listed
    .filter((a) => calendars === null || calendars.includes(a.calendarid))
    .sort((x, y) => x.date.localeCompare(y.date) || x.calendar.localeCompare(y.calendar) || x.id - y.id);
  return {
    rows: all.filter((a) => hasPatient(a)).map((a) => toRow(a, now, local, came)),
    blocks: all.filter((a) => !hasPatient(a)),
    all,
  };
}

/** The rows of each section, each in time order. */
export function bySection(rows: readonly TodayRow[]): Record<DaySection, TodayRow[]> {
  const out = Object.fromEntries(daySections.map((s) => [s, [] as TodayRow[]])) as Record<
    DaySection,
    TodayRow[]
  >;
  for (const r of rows) out[r.section].push(r);
  return out;
}

/** The calendars seen in the day's appointments, by name: `[id, name]`. */
export function calendarsOf(items: readonly DayAppointment[]): { calendarid: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const a of items) if (!seen.has(a.calendarid)) seen.set(a.calendarid, a.calendar);
  return [...seen]
    .map(([calendarid, name]) => ({ calendarid, name }))
    .sort((a, b) => a.calendarid - b.calendarid);
}

/** `95` -> `{h: 1, m: 35}`. */
export function hoursAndMinutes(minutes: number): { h: number; m: number } {
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** The agenda's day of the appointment, its calendar shown and the appointment opened. */
export function agendaHref(appt: Pick<DayAppointment, 'id' | 'date' | 'calendarid'>): string {
  const params = new URLSearchParams({
    view: 'day',
    date: appt.date.slice(0, 10),
    cals: String(appt.calendarid),
    appt: String(appt.id),
  });
  return `/agenda?${params.toString()}`;
}
