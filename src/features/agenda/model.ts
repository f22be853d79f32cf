import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { type AppointmentRecord, normalizeDateTime } from '#api/agenda.ts';
import { addDays } from '#components/practice-clock.ts';
import type { CalendarAppointment } from '#contract/agenda.ts';

dayjs.extend(utc);

/**
 * The agenda's arithmetic, free of React: days of a view, minutes of a practice time, where an appointment sits in
 * its column, and the complete record that modifyAppointment needs (it overwrites every field it is not sent).
 * Every time here is practice wall-clock time (Europe/Zurich), as the API writes it: `YYYY-MM-DD HH:MM:SS`.
 */

export type AgendaView = 'day' | 'week';

// ---------------------------------------------------------------------------------------------------------------
// Days. Plain calendar days are counted in UTC so that a DST change never shifts a day.

const dayRe = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string | null | undefined): value is string {
  return !!value && dayRe.test(value) && dayjs.utc(value, 'YYYY-MM-DD').format('YYYY-MM-DD') === value;
}

export { addDays };

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const d = dayjs.utc(day).day();
  return d === 0 ? 7 : d;
}

/** The Monday of the day's week (a Swiss practice's week starts on Monday). */
export function weekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/**
 * The days a view shows around `day`: that day, or the week's days. `weekend` adds Saturday and Sunday to the week
 * (the practice works then, or the user asked for all seven); without it the week is Monday to Friday.
 */
export function visibleDays(view: AgendaView, day: string, weekend = true): string[] {
  if (view === 'day') return [day];
  const monday = weekStart(day);
  return Array.from({ length: weekend ? 7 : 5 }, (_, i) => addDays(monday, i));
}

/**
 * Does the week need its Saturday and Sunday? The service publishes no opening hours to the agenda, so the data
 * decides: an appointment on a weekend day of the week, or the day in view itself falls on one (today on a Saturday
 * must be in view).
 */
export function weekNeedsWeekend(
  day: string,
  items: readonly { appt: Pick<CalendarAppointment, 'date'> }[],
): boolean {
  if (isoWeekday(day) > 5) return true;
  const saturday = addDays(weekStart(day), 5);
  const sunday = addDays(saturday, 1);
  return items.some(({ appt }) => {
    const d = dayOf(appt.date);
    return d === saturday || d === sunday;
  });
}

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(day: string): number {
  const thursday = addDays(day, 4 - isoWeekday(day));
  const jan1 = `${thursday.slice(0, 4)}-01-01`;
  return Math.floor(dayjs.utc(thursday).diff(dayjs.utc(jan1), 'day') / 7) + 1;
}

/** One step back or forward: a day in the day view, a week in the week view. */
export function shiftDay(view: AgendaView, day: string, direction: -1 | 1): string {
  return addDays(day, direction * (view === 'day' ? 1 : 7));
}

// ---------------------------------------------------------------------------------------------------------------
// Times of day.

export const MINUTES_PER_DAY = 24 * 60;

/** `2026-11-23 09:15:00` -> `2026-11-23`. */
export function dayOf(dateTime: string): string {
  return dateTime.slice(0, 10);
}

/** `2026-11-23 09:15:00` -> 555. */
export function minutesOf(dateTime: string): number {
  const m = /(\d{2}):(\d{2})/.exec(dateTime.slice(10));
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/** 555 -> `09:15`; 1440 -> `24:00`. */
export function hhmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** `09:15` -> 555; null for anything else. */
export function parseHhmm(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

/** The practice date-time of a day and a minute of it; 1440 and more run into the next days. */
export function practiceDateTime(day: string, minutes: number): string {
  const extraDays = Math.floor(minutes / MINUTES_PER_DAY);
  const rest = minutes - extraDays * MINUTES_PER_DAY;
  return `${addDays(day, extraDays)} ${hhmm(rest)}:00`;
}

export function snap(minutes: number, step: number): number {
  return Math.round(minutes / step) * step;
}

// ---------------------------------------------------------------------------------------------------------------
// The grid: business hours and the hours shown.

/** Shaded as business hours: Monday to Friday, 08:00 to 18:00 (the service does not publish opening hours). */
export const BUSINESS_HOURS = { weekdays: [1, 2, 3, 4, 5], from: 8 * 60, to: 18 * 60 } as const;

export function isBusinessDay(day: string): boolean {
  return (BUSINESS_HOURS.weekdays as readonly number[]).includes(isoWeekday(day));
}

/** An appointment in the column of its calendar. */
export interface AgendaItem {
  appt: CalendarAppointment;
  calendarid: number;
}

/** Start and end minute of an item within `day` (clipped to the day). */
export function itemMinutes(appt: Pick<CalendarAppointment, 'date' | 'end'>, day: string) {
  const startDay = dayOf(appt.date);
  const endDay = dayOf(appt.end);
  const start = startDay < day ? 0 : minutesOf(appt.date);
  const end = endDay > day ? MINUTES_PER_DAY : minutesOf(appt.end);
  return { start, end: Math.max(end, start) };
}

/** Hours shown: 07:00 to 19:00, widened to every appointment on the visible days. */
export function visibleHours(
  items: readonly AgendaItem[],
  days: readonly string[],
): { from: number; to: number } {
  let from = 7 * 60;
  let to = 19 * 60;
  for (const { appt } of items) {
    for (const day of days) {
      if (dayOf(appt.date) > day || dayOf(appt.end) < day) continue;
      const m = itemMinutes(appt, day);
      from = Math.min(from, Math.floor(m.start / 60) * 60);
      to = Math.max(to, Math.ceil(m.end / 60) * 60);
    }
  }
  return { from, to: Math.min(to, MINUTES_PER_DAY) };
}

export interface PlacedItem extends AgendaItem {
  start: number;
  end: number;
  /** 0-based lane among overlapping appointments, and how many lanes the overlapping group needs. */
  lane: number;
  lanes: number;
}

/**
 * Lanes for overlapping appointments of one column and day: each takes the first lane free at its start; a group of
 * appointments that overlap one another shares the width equally. `minMinutes`: how long the shortest appointment
 * looks on screen (a 10-minute one is drawn as tall as a target must be), so that what looks overlapping is laid
 * side by side instead of one over the other.
 */
export function placeItems(items: readonly AgendaItem[], day: string, minMinutes = 1): PlacedItem[] {
  // Cancelled and no-show appointments free their time: they are laid out among themselves and drawn behind the
  // others, so that they never push a real appointment into a narrower lane.
  const open = items.filter(({ appt }) => !isCancelledState(appt.state));
  const gone = items.filter(({ appt }) => isCancelledState(appt.state));
  return [...placeLanes(gone, day, minMinutes), ...placeLanes(open, day, minMinutes)];
}

function placeLanes(items: readonly AgendaItem[], day: string, minMinutes: number): PlacedItem[] {
  const onDay = items
    .filter(({ appt }) => dayOf(appt.date) <= day && dayOf(appt.end) >= day)
    .map((item) => ({ ...item, ...itemMinutes(item.appt, day), lane: 0, lanes: 1 }))
    // An appointment that ends at this day's midnight belongs to the day before.
    .filter((p) => p.end > p.start || dayOf(p.appt.date) === day)
    .sort((a, b) => a.start - b.start || b.end - a.end || a.appt.id - b.appt.id);

  const out: PlacedItem[] = [];
  let group: PlacedItem[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const p of group) p.lanes = laneEnds.length;
    out.push(...group);
    group = [];
    laneEnds = [];
  };
  for (const p of onDay) {
    // A zero-length or short appointment still takes its room on screen.
    const end = Math.max(p.end, p.start + Math.max(1, minMinutes));
    if (p.start >= groupEnd && group.length > 0) closeGroup();
    let lane = laneEnds.findIndex((e) => e <= p.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else {
      laneEnds[lane] = end;
    }
    p.lane = lane;
    group.push(p);
    groupEnd = Math.max(groupEnd, end);
  }
  closeGroup();
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Colours: text on an appointment's own colour must stay readable (WCAG AA), so black or white, whichever
// contrasts more.

const fallbackColor = '#868e96';

function parseHex(color: string): [number, number, number] | null {
  const s = color.trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(s);
  if (short)
    return [short[1], short[2], short[3]].map((c) => Number.parseInt(c + c, 16)) as [number, number, number];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(s);
  if (long) return [long[1], long[2], long[3]].map((c) => Number.parseInt(c, 16)) as [number, number, number];
  return null;
}

/** The appointment's colour when it is a hex colour the app can check; grey otherwise. */
export function backgroundOf(color: string): string {
  return parseHex(color) ? color.trim() : fallbackColor;
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** `#000000` or `#ffffff`, whichever has the higher contrast on the colour (at least 4.58:1 either way). */
export function textColorOn(color: string): '#000000' | '#ffffff' {
  const rgb = parseHex(backgroundOf(color)) ?? [134, 142, 150];
  const l = luminance(rgb);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}

// ---------------------------------------------------------------------------------------------------------------
// The complete record (its type and the write's input live in api/agenda.ts, shared with Today).
// modifyAppointment overwrites: a field not sent becomes empty or 0. So every write starts from a whole record read
// from the service and changes only what the user changed.

export type { AppointmentRecord } from '#api/agenda.ts';
export { modifyInput, toRecord } from '#api/agenda.ts';

export const recordFields = [
  'calendarid',
  'date',
  'end',
  'patid',
  'appointment',
  'comment',
  'displayedduration',
  'state',
] as const satisfies readonly (keyof AppointmentRecord)[];
export type RecordField = (typeof recordFields)[number];

/** `09:00` and `09:00:00` are the same time. */
function sameValue(field: RecordField, a: AppointmentRecord, b: AppointmentRecord): boolean {
  if (field === 'date' || field === 'end') return normalizeDateTime(a[field]) === normalizeDateTime(b[field]);
  return a[field] === b[field];
}

/** The fields in which two records differ. */
export function changedFields(a: AppointmentRecord, b: AppointmentRecord): RecordField[] {
  return recordFields.filter((f) => !sameValue(f, a, b));
}

/**
 * Three-way merge: the fields the user changed (mine differs from what was loaded) from mine, every other field
 * from the service's current version, so that neither side's changes are lost.
 */
export function mergeRecords(
  loaded: AppointmentRecord,
  mine: AppointmentRecord,
  current: AppointmentRecord,
): AppointmentRecord {
  const out = { ...current };
  for (const f of changedFields(loaded, mine)) {
    (out as Record<RecordField, string | number>)[f] = mine[f];
  }
  return out;
}

/** Minutes between two practice date-times (wall clock). */
export function durationMinutes(date: string, end: string): number {
  const days = dayjs.utc(dayOf(end)).diff(dayjs.utc(dayOf(date)), 'day');
  return days * MINUTES_PER_DAY + minutesOf(end) - minutesOf(date);
}

/**
 * The record after moving or resizing: new times (and calendar). A displayed duration that showed the real length
 * follows the new length; one that said something else is the user's and stays.
 */
export function movedRecord(
  r: AppointmentRecord,
  target: { calendarid: number; date: string; end: string },
): AppointmentRecord {
  const oldLength = durationMinutes(r.date, r.end);
  const newLength = durationMinutes(target.date, target.end);
  const displayedduration =
    r.displayedduration === String(oldLength) ? String(newLength) : r.displayedduration;
  return { ...r, calendarid: target.calendarid, date: target.date, end: target.end, displayedduration };
}

/** What the list shows after a write, before the service answers (optimistic). */
export function applyRecord(appt: CalendarAppointment, r: AppointmentRecord, calendarName: string) {
  const date = normalizeDateTime(r.date);
  const end = normalizeDateTime(r.end);
  const length = durationMinutes(date, end);
  const shift = durationMinutes(appt.date, date) * 60;
  return {
    ...appt,
    date,
    end,
    duration: length,
    dateTs: appt.dateTs + shift,
    endTs: appt.dateTs + shift + length * 60,
    patid: r.patid,
    appointment: r.appointment,
    comment: r.comment,
    displayedduration: r.displayedduration,
    state: r.state,
    calendar: calendarName,
  } satisfies CalendarAppointment;
}

/** States a user may choose, in the order of a day's course. */
export const STATE_CHOICES = ['P', 'W', '1', '2', '-1', '-2'] as const;

/** Cancelled and no-show appointments are drawn struck through, pale and behind free time. */
export function isCancelledState(state: string): boolean {
  return state === '-1' || state === '-2';
}

/** How an appointment's state looks in the agenda (one name per look, the `data-state` of its marker). */
export type StateLook = 'planned' | 'waiting' | 'arrived' | 'done' | 'cancelled' | 'noShow' | 'none';

const stateLooks: Record<string, StateLook> = {
  P: 'planned',
  W: 'waiting',
  '1': 'arrived',
  '2': 'done',
  '-1': 'cancelled',
  '-2': 'noShow',
};

export function stateLook(state: string): StateLook {
  return stateLooks[state] ?? 'none';
}

/** The looks in the order of a day's course, for the legend. */
export const STATE_LOOKS: readonly { state: string; look: StateLook }[] = [
  { state: 'P', look: 'planned' },
  { state: 'W', look: 'waiting' },
  { state: '1', look: 'arrived' },
  { state: '2', look: 'done' },
  { state: '-1', look: 'cancelled' },
  { state: '-2', look: 'noShow' },
];

/** `Moser D.`: the last name whole, the first name's initial. */
export function shortPatientName(p: { lastname: string; firstname: string }): string {
  const initial = p.firstname.trim().charAt(0);
  return [p.lastname.trim(), initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}
