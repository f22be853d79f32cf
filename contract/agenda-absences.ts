import { z } from 'zod';
import { isLocalDateTime } from './agenda.ts';
import {
  defineOperation,
  int,
  isoDate,
  isRealDate,
  jsonSchemaOf,
  limitedText,
  strictInput,
  UNKNOWN_FIELD,
} from './common.ts';
import { clockTimeRe, realDayRe } from './practice-time.ts';

// ---------------------------------------------------------------------------------------------------------------
// Closed time (docs/api.md#absences: getAbsences, createAbsence, deleteAbsence): the public holidays of the
// practice's canton and the absences entered, of one practitioner or of the whole practice (provider 0). getSlots
// offers no time inside them. An addition of the reference service (docs/decisions/0047).

/** The longest period getAbsences reads, in days (from and until at most this far apart). */
export const ABSENCE_PERIOD_MAX_DAYS = 400;

export const absenceMessages = {
  untilBeforeFrom: 'Until is before from.',
  period: `From and until are at most ${ABSENCE_PERIOD_MAX_DAYS} days apart.`,
  provider: 'Provider not found.',
  notFound: 'Absence not found.',
  dateTime: 'Expected a date YYYY-MM-DD or a date-time YYYY-MM-DD HH:MM[:SS].',
} as const;

/** A holiday of the canton or an absence entered. */
export const absence = z.object({
  /** 0 for a holiday (it cannot be deleted). */
  absenceId: z.number().int(),
  /** The practitioner's userid; 0 = the whole practice (every holiday). */
  provider: z.number().int(),
  /** Start, practice time `YYYY-MM-DD HH:MM:SS`. */
  from: z.string(),
  /** End (the first moment that is no longer closed), practice time `YYYY-MM-DD HH:MM:SS`: a holiday ends at the next midnight. */
  until: z.string(),
  kind: z.enum(['holiday', 'absence']),
  /** The holiday's name in the practice's first language, or the reason entered. */
  reason: z.string(),
});
export type Absence = z.infer<typeof absence>;

/** `YYYY-MM-DD` (a whole day) or `YYYY-MM-DD HH:MM[:SS]`, practice time. */
const dayOrDateTime = z
  .string({ error: absenceMessages.dateTime })
  .refine((s) => isRealDate(s) || isLocalDateTime(s), { error: absenceMessages.dateTime })
  .meta({
    pattern: `^${realDayRe}(?:[ T]${clockTimeRe})?$`,
    description: 'Practice time (Europe/Zurich): a day YYYY-MM-DD, or YYYY-MM-DD HH:MM[:SS].',
  });

/** Also when the day is missing. */
const day = 'Expected a date YYYY-MM-DD.';

export const getAbsencesInput = strictInput({
  /** First day, `YYYY-MM-DD`. */
  from: isoDate(day),
  /** Last day (included), `YYYY-MM-DD`; at most 400 days after from. */
  until: isoDate(day),
  /** Only what closes this practitioner: their absences, the whole practice's and the holidays. 0 or missing = all. */
  provider: int()
    .refine((n) => n >= 0, { error: 'Expected 0 or a provider id.' })
    .meta(jsonSchemaOf.nonNegative)
    .optional(),
});

export const createAbsenceInput = strictInput({
  /** The practitioner's userid; 0 = the whole practice. */
  provider: int()
    .refine((n) => n >= 0, { error: 'Expected 0 or a provider id.' })
    .meta(jsonSchemaOf.nonNegative),
  /** Start: a day (from its midnight) or a date-time, practice time. */
  from: dayOrDateTime,
  /** End: a day (through its end) or a date-time (the first moment no longer absent), practice time. */
  until: dayOrDateTime,
  reason: limitedText().optional(),
});

export const absenceOperations = {
  getAbsences: defineOperation({
    area: 'agenda',
    path: '/agenda/getAbsences',
    summary:
      "Closed time from..until (days, both included, at most 400 days apart): the public holidays of the practice's " +
      "canton (kind holiday, absenceId 0, provider 0, reason the name in the practice's first language) and the " +
      'absences entered (kind absence), sorted by start. With provider: only what closes that practitioner.',
    input: getAbsencesInput,
    result: z.array(absence),
    envelope: 'standard',
    errors: { [absenceMessages.untilBeforeFrom]: 400, [absenceMessages.period]: 400, [UNKNOWN_FIELD]: 400 },
    rules: {
      [absenceMessages.untilBeforeFrom]: 'until is not before from.',
      [absenceMessages.period]: `until is at most ${ABSENCE_PERIOD_MAX_DAYS} days after from.`,
    },
  }),
  createAbsence: defineOperation({
    area: 'agenda',
    path: '/agenda/createAbsence',
    summary:
      'Enters an absence of a practitioner (provider 0: the whole practice). from/until: a day (whole day) or a ' +
      'date-time, practice time. getSlots offers no time inside it; appointments can still be made there.',
    input: createAbsenceInput,
    result: z.object({ absenceId: z.number().int() }),
    envelope: 'standard',
    errors: {
      [absenceMessages.untilBeforeFrom]: 400,
      [absenceMessages.provider]: 404,
      [UNKNOWN_FIELD]: 400,
    },
    rules: {
      [absenceMessages.untilBeforeFrom]: 'until is after from (a day as until counts through its end).',
    },
  }),
  deleteAbsence: defineOperation({
    area: 'agenda',
    path: '/agenda/deleteAbsence',
    summary: 'Deletes an absence entered (a holiday, absenceId 0, cannot be deleted: 404).',
    input: strictInput({ absenceId: int() }),
    result: z.null(),
    envelope: 'standard',
    errors: { [absenceMessages.notFound]: 404, [UNKNOWN_FIELD]: 400 },
  }),
};
