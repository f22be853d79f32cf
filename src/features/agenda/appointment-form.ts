import { z } from 'zod';
import { appointmentBase } from '#contract/agenda.ts';
import { isoDate } from '#contract/common.ts';
import type { CreateRange } from './grid-geometry.ts';
import {
  type AgendaItem,
  type AppointmentRecord,
  dayOf,
  hhmm,
  MINUTES_PER_DAY,
  minutesOf,
  parseHhmm,
} from './model.ts';

export type DialogMode = { kind: 'edit'; item: AgendaItem } | { kind: 'create'; range: CreateRange };

const timeRe = /^\d{2}:\d{2}$/;

/** The form: the contract's appointment fields plus the calendar, the day and the times as the inputs hold them. */
export const formSchema = appointmentBase
  .pick({ appointment: true, comment: true, patid: true, state: true })
  .extend({
    calendar: z.string().regex(/^\d+$/, 'validation.calendar'),
    day: isoDate('validation.day'),
    start: z.string().regex(timeRe, 'validation.time'),
    end: z.string().regex(timeRe, 'validation.time'),
    displayedduration: z.string().regex(/^\d*$/, 'validation.duration'),
  })
  .refine((v) => v.end > v.start, { path: ['end'], error: 'validation.endAfterStart' })
  // An appointment nobody can read: neither a text nor a patient.
  .refine((v) => v.appointment.trim() !== '' || v.patid > 0, {
    path: ['appointment'],
    error: 'validation.textOrPatient',
  });

export type FormValues = z.infer<typeof formSchema>;

export function valuesOf(mode: DialogMode): FormValues {
  if (mode.kind === 'edit') {
    const { appt, calendarid } = mode.item;
    return {
      calendar: String(calendarid),
      day: dayOf(appt.date),
      start: hhmm(minutesOf(appt.date)),
      end: hhmm(minutesOf(appt.end)),
      appointment: appt.appointment,
      comment: appt.comment,
      patid: appt.patid,
      displayedduration: appt.displayedduration,
      state: appt.state,
    };
  }
  const { calendarid, day, start, end } = mode.range;
  const last = Math.min(end, MINUTES_PER_DAY - 1);
  return {
    calendar: String(calendarid),
    day,
    start: hhmm(start),
    end: hhmm(last),
    appointment: '',
    comment: '',
    patid: 0,
    displayedduration: String(last - start),
    state: 'P',
  };
}

/**
 * The record the form stands for. Times the user left as they were keep the loaded text exactly (seconds, an end on
 * another day), so that saving changes nothing the user did not change.
 */
export function recordOf(values: FormValues, loaded: AppointmentRecord | null): AppointmentRecord {
  const startSame =
    loaded !== null && values.day === dayOf(loaded.date) && values.start === hhmm(minutesOf(loaded.date));
  const endSame = loaded !== null && startSame && values.end === hhmm(minutesOf(loaded.end));
  return {
    calendarid: Number(values.calendar),
    date: startSame && loaded ? loaded.date : `${values.day} ${values.start}:00`,
    end: endSame && loaded ? loaded.end : `${values.day} ${values.end}:00`,
    patid: values.patid,
    appointment: values.appointment,
    comment: values.comment,
    displayedduration: values.displayedduration,
    state: values.state,
  };
}

export function lengthOf(start: string, end: string): number | null {
  const a = parseHhmm(start);
  const b = parseHhmm(end);
  return a === null || b === null || b <= a ? null : b - a;
}

/** A time as typed (`915`, `9:15`, `09.15`, `9`) in 24-hour `HH:MM`; null when it is no time of day. */
export function tidyTimeText(text: string): string | null {
  const m = /^(\d{1,2})(?:[:.]?(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}
