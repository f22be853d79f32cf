import { z } from 'zod';
import {
  defineOperation,
  flag01,
  id,
  int,
  isRealDate,
  jsonSchemaOf,
  limitedText,
  searchText,
} from './common.ts';
import { clockTimeRe, realDayRe } from './practice-time.ts';

// ---------------------------------------------------------------------------------------------------------------
// Date-times of the agenda: `YYYY-MM-DD HH:MM:SS` (or without seconds) in Europe/Zurich, or Unix seconds.

const localDateTimeRe = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DD HH:MM[:SS]` with a real day and a real wall-clock time (practice zone). */
export function isLocalDateTime(s: string): boolean {
  const m = localDateTimeRe.exec(s);
  if (!m || !isRealDate(m[1])) return false;
  return Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60;
}

/**
 * The largest Unix seconds the agenda takes (in the year 5138): beyond, no date exists to compute with, and such
 * a value was answered with HTTP 500 (docs/decisions/0046). At most 11 digits.
 */
export const UNIX_MAX = 99_999_999_999;
const digitsRe = /^\d{1,11}$/;

/** A day `YYYY-MM-DD`, a date-time `YYYY-MM-DD HH:MM[:SS]` or Unix seconds (number or digits). */
export function isDateOrUnix(v: string | number): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 && v <= UNIX_MAX;
  const s = v.trim();
  return digitsRe.test(s) || isRealDate(s) || isLocalDateTime(s);
}

const dateOrUnix = z
  .union([z.string(), z.number()])
  .refine(isDateOrUnix, { error: 'Expected a date YYYY-MM-DD, a date-time or Unix seconds.' })
  .meta({
    anyOf: [
      {
        type: 'string',
        pattern: `^(?:\\d{1,11}|${realDayRe}|${realDayRe}[ T]${clockTimeRe})$`,
        description:
          'A day YYYY-MM-DD, a date-time YYYY-MM-DD HH:MM[:SS] (practice time) or Unix seconds as digits.',
      },
      { type: 'integer', minimum: 0, maximum: UNIX_MAX, description: 'Unix seconds.' },
    ],
    'x-tolerated': 'Spaces around the text are ignored.',
  });

/** Numbers sent where the document has strings (state 1, displayedduration 30) are read as their text. */
function numberAsText(v: unknown): unknown {
  return typeof v === 'number' ? String(v) : v;
}

// ---------------------------------------------------------------------------------------------------------------
// Appointment (docs/api.md#appointments).

/** States a client may set. PR (provisional) is accepted on write but never listed. */
export const appointmentStates = ['P', 'W', '1', '2', '-1', '-2'] as const;
/** What createAppointment and modifyAppointment accept as `state`: the listed states, PR, or empty. */
export const writableAppointmentState = z.preprocess(
  numberAsText,
  z.enum([...appointmentStates, 'PR', ''], { error: 'Unknown state.' }),
);

/** Fields of both modes. `date`/`end` are practice time (Europe/Zurich) `YYYY-MM-DD HH:MM:SS`. */
export const appointmentBase = z.object({
  id: z.number().int(),
  date: z.string(),
  end: z.string(),
  /** Minutes between start and end. */
  duration: z.number().int(),
  /** Visible duration in minutes as entered (may differ from duration, may be ""). */
  displayedduration: z.string(),
  /** 0 for appointments without patient. */
  patid: z.number().int(),
  /** Appointment text. */
  appointment: z.string(),
  comment: z.string(),
  /** Colour of the appointment type, or of the calendar when the appointment has no type colour. */
  color: z.string(),
  /** P, W, 1, 2, -1, -2 or "" (PR is never listed). */
  state: z.string(),
  /** Calendar name. */
  calendar: z.string(),
  /**
   * Reference service (docs/api.md#versions): grows with every change; modifyAppointment's `ifVersion`.
   * A real tenant may not send it: the client then re-reads and compares before it writes.
   */
  version: z.number().int().optional(),
  /** Reference service: when `state` last changed, practice time `YYYY-MM-DD HH:MM:SS`; null before any change. */
  stateChanged: z.string().nullable().optional(),
});

/** getAppointments with calendarid: Unix timestamps as dateTs/endTs, no calendarid. */
export const calendarAppointment = appointmentBase.extend({
  dateTs: z.number().int(),
  endTs: z.number().int(),
});
export type CalendarAppointment = z.infer<typeof calendarAppointment>;

/** getAppointments without calendarid (patient mode): date_unix/end_unix and calendarid. */
export const patientAppointment = appointmentBase.extend({
  date_unix: z.number().int(),
  end_unix: z.number().int(),
  calendarid: z.number().int(),
});
export type PatientAppointment = z.infer<typeof patientAppointment>;

/** An item of getAppointments: either mode. `date`/`end` are present in both; narrow with `'dateTs' in a`. */
export const appointment = z.union([calendarAppointment, patientAppointment]);
export type Appointment = z.infer<typeof appointment>;

/** A calendar (reference service addition, agenda/getCalendars). provider is null for a calendar without one. */
export const calendar = z.object({
  calendarid: z.number().int(),
  name: z.string(),
  provider: z.number().int().nullable(),
  color: z.string(),
});
export type Calendar = z.infer<typeof calendar>;

// ---------------------------------------------------------------------------------------------------------------
// Writing: createAppointment and modifyAppointment share their fields (docs/api.md#appointments).
// Key order is check order. Missing start/end, end before start and an unknown calendar are checked by the
// handler (they need both date forms or the database); their messages are listed in `errors`.

const startMsg = 'Please provide a valid start date.';
const endMsg = 'Please provide a valid end date.';

/** A date-time string; "" counts as not sent (the Unix alternative may carry the value). */
function localDateTimeField(message: string) {
  return z
    .string({ error: message })
    .refine((s) => s === '' || isLocalDateTime(s), { error: message })
    .meta({ ...jsonSchemaOf.localDateTime, pattern: `^(?:${realDayRe}[ T]${clockTimeRe})?$` })
    .optional();
}

/** Fields of an appointment as written, without calendar (create requires it, modify defaults it to 0). */
export const appointmentWriteFields = {
  /** Start, `YYYY-MM-DD HH:MM:SS` practice time; alternative dateTs. */
  date: localDateTimeField(startMsg),
  /** Start in Unix seconds; used when date is not sent. */
  dateTs: int(startMsg)
    .refine((n) => n > 0 && n <= UNIX_MAX, { error: startMsg })
    .meta({ minimum: 1, maximum: UNIX_MAX })
    .optional(),
  /** End, same format as date; alternative endTs. */
  end: localDateTimeField(endMsg),
  endTs: int(endMsg)
    .refine((n) => n > 0 && n <= UNIX_MAX, { error: endMsg })
    .meta({ minimum: 1, maximum: UNIX_MAX })
    .optional(),
  /** 0 = no patient. */
  patid: int()
    .refine((n) => n >= 0, { error: 'Expected 0 or a patient id.' })
    .meta(jsonSchemaOf.nonNegative)
    .optional(),
  appointment: limitedText().optional(),
  comment: limitedText().optional(),
  /** Minutes, as text. */
  displayedduration: z
    .preprocess(numberAsText, z.string())
    .meta({ 'x-tolerated': 'A number is read as its text.' })
    .optional(),
  state: writableAppointmentState.optional(),
  /** 1 marks the appointment deleted (it is then never listed). */
  deleted: flag01().optional(),
};

/**
 * The start is `date` or `dateTs`, the end `end` or `endTs` (the handler checks it, in the documented order); for
 * the OpenAPI document, once here.
 */
const startAndEnd = {
  allOf: [
    ['date', 'dateTs'],
    ['end', 'endTs'],
  ].map(([text, unix]) => ({
    anyOf: [{ required: [text], properties: { [text]: { minLength: 1 } } }, { required: [unix] }],
  })),
};

/** Rules of both writes that JSON Schema cannot say. */
const writeRules = { 'The end must be after the start.': 'The end is after the start.' };

export const createAppointmentInput = z
  .object({
    calendar: id('Please provide a calendar id.'),
    ...appointmentWriteFields,
  })
  .meta(startAndEnd);

export const modifyAppointmentInput = z
  .object({
    appointmentid: id('The appointment id is invalid'),
    /** 0 or missing leaves the calendar unchanged. */
    calendar: int()
      .refine((n) => n >= 0, { error: 'Unknown calendar.' })
      .meta(jsonSchemaOf.nonNegative)
      .optional(),
    ...appointmentWriteFields,
    /**
     * The `version` the caller read (docs/api.md#versions). Not the current one: nothing changes, HTTP 409
     * `The appointment was changed meanwhile.` Missing: the write happens whatever the version.
     */
    ifVersion: int().optional(),
  })
  .meta(startAndEnd);

/** modifyAppointment's answer when `ifVersion` is not the current version. */
export const appointmentChangedMsg = 'The appointment was changed meanwhile.';

const writeErrors = {
  'Please provide a valid start date.': 200,
  'Please provide a valid end date.': 200,
  'The end must be after the start.': 200,
  'Unknown calendar.': 200,
  'Unknown state.': 200,
  /** A deleted patient is not booked (docs/decisions/0019). */
  'Patient is deleted.': 200,
};

export const agendaOperations = {
  getAppointments: defineOperation({
    area: 'agenda',
    path: '/agenda/getAppointments',
    searchFields: ['appointment', 'comment'],
    summary:
      'Appointments, descending by date; never PR or deleted ones. With calendarid: calendar mode (period from/until; ' +
      'dateTs/endTs). Without: patient mode (patid, appointment, comment, from+until or period; date_unix/end_unix, calendarid).',
    input: z.object({
      /** Activates calendar mode; 0 is refused. */
      calendarid: id('Please provide a calendar id.').optional(),
      /** Patient mode: 0 or missing = no patient filter. */
      patid: int().optional(),
      /** Patient mode: contains-match on the appointment text. */
      appointment: searchText().optional(),
      /** Patient mode: contains-match on the comment. */
      comment: searchText().optional(),
      /**
       * Start of the period: a day (from its midnight), a date-time, or Unix seconds. Patient mode: only when until
       * is set too. Calendar mode: each bound applies on its own.
       */
      from: dateOrUnix.optional(),
      /** End of the period: a day (through its end), a date-time, or Unix seconds. */
      until: dateOrUnix.optional(),
      /** Patient mode, only when from and until are both missing. Default all. */
      period: z.enum(['future', 'past', 'all']).optional(),
    }),
    result: z.array(appointment),
    envelope: 'standard',
    errors: { 'Please provide a calendar id.': 400 },
  }),
  createAppointment: defineOperation({
    area: 'agenda',
    path: '/agenda/createAppointment',
    summary:
      'Creates an appointment in a calendar. Dates as date/end (practice time) or dateTs/endTs (Unix seconds).',
    input: createAppointmentInput,
    result: z.object({ appointmentid: z.number().int() }),
    envelope: 'standard',
    errors: { 'Please provide a calendar id.': 200, ...writeErrors },
    rules: writeRules,
  }),
  modifyAppointment: defineOperation({
    area: 'agenda',
    path: '/agenda/modifyAppointment',
    summary:
      'Overwrites an appointment: fields not sent become empty (appointment, comment, displayedduration, state) or 0 ' +
      '(patid, deleted); calendar 0 or missing keeps the calendar. Send the complete record. deleted 1 deletes it.',
    input: modifyAppointmentInput,
    result: z.null(),
    envelope: 'standard',
    errors: { 'The appointment id is invalid': 200, ...writeErrors, [appointmentChangedMsg]: 409 },
    rules: writeRules,
    errorWithoutResult: true,
  }),
  getCalendars: defineOperation({
    area: 'agenda',
    path: '/agenda/getCalendars',
    summary:
      'Calendars of the practice (reference service addition; fallback: calendars seen in patient-mode appointments).',
    input: z.object({}),
    result: z.array(calendar),
    envelope: 'standard',
    errors: {},
  }),
};
