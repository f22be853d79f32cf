import { z } from 'zod';
import { defineOperation, int, isoDate, jsonSchemaOf, strictInput, UNKNOWN_FIELD } from './common.ts';

// ---------------------------------------------------------------------------------------------------------------
// The waiting list (docs/api.md#waiting-list: getWaitlist, addWaitlistEntry, modifyWaitlistEntry): patients
// who want an earlier or a first appointment, with what and when they would take one. An addition of the reference
// service; a real tenant answers 404 and the app then offers no waiting list (docs/decisions/0047).

/** Where an entry stands: waiting, offered a time, booked from it (ends it), withdrawn. */
export const waitlistStatuses = ['waiting', 'offered', 'booked', 'withdrawn'] as const;

/** When in the day the patient can come: any time, mornings (before 12:00), afternoons (from 12:00). */
export const waitlistTimes = ['any', 'morning', 'afternoon'] as const;

/** 0 normal, 1 high, 2 urgent. */
const waitlistPriorities: readonly number[] = [0, 1, 2];

/** Characters of an entry's note. */
export const WAITLIST_NOTE_MAX = 1000;

export const waitlistMessages = {
  patid: 'Please provide a valid patient id.',
  patientNotFound: 'Patient not found.',
  patientDeleted: 'Patient is deleted.',
  service: 'Unknown service.',
  provider: 'Provider not found.',
  window: 'Latest is before earliest.',
  priority: 'Expected a priority 0 (normal), 1 (high) or 2 (urgent).',
  note: `Text too long: note (at most ${WAITLIST_NOTE_MAX} characters).`,
  notFound: 'Waitlist entry not found.',
  changed: 'The waitlist entry was changed meanwhile.',
} as const;

/** An entry as getWaitlist lists it. */
export const waitlistEntry = z.object({
  entryId: z.number().int(),
  patid: z.number().int(),
  /** booking/getServices' serviceid; 0 = any service. */
  serviceid: z.number().int(),
  /** The practitioner's userid; 0 = any. */
  provider: z.number().int(),
  /** First day the patient can come, `YYYY-MM-DD`; null = from now on. */
  earliest: z.string().nullable(),
  /** Last day, `YYYY-MM-DD`; null = open. */
  latest: z.string().nullable(),
  times: z.enum(waitlistTimes),
  priority: z.number().int(),
  note: z.string(),
  status: z.enum(waitlistStatuses),
  /** When it was entered, practice time `YYYY-MM-DD HH:MM:SS`. */
  created: z.string(),
  /** userid of who entered it. */
  createdBy: z.number().int(),
  /** Grows with every change; modifyWaitlistEntry's `ifVersion`. */
  version: z.number().int(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

/** 0 = any, else an id (whether it exists is the service's check). */
function anyOrId() {
  return int()
    .refine((n) => n >= 0, { error: 'Expected 0 (any) or an id.' })
    .meta(jsonSchemaOf.nonNegative);
}

/** A day or null (open). */
const windowDay = isoDate().nullable().optional();

/**
 * What an entry holds besides its patient; addWaitlistEntry and modifyWaitlistEntry share it (forms `.pick`/
 * `.extend` it). Whether latest is before earliest is checked by the service on the whole entry (a change of one
 * bound is checked against the other one stored): `waitlistWindowOk`.
 */
export const waitlistEntryFields = {
  serviceid: anyOrId().optional(),
  provider: anyOrId().optional(),
  earliest: windowDay,
  latest: windowDay,
  times: z.enum(waitlistTimes).optional(),
  priority: int(waitlistMessages.priority)
    .refine((n) => waitlistPriorities.includes(n), { error: waitlistMessages.priority })
    .meta({ minimum: 0, maximum: 2 })
    .optional(),
  note: z.string().max(WAITLIST_NOTE_MAX, { error: waitlistMessages.note }).optional(),
};

/** Whether a window is one: an open bound always is; otherwise latest is not before earliest. */
export function waitlistWindowOk(earliest: string | null | undefined, latest: string | null | undefined) {
  return !earliest || !latest || latest >= earliest;
}

export const addWaitlistEntryInput = strictInput({
  patid: int(waitlistMessages.patid)
    .refine((n) => n > 0, { error: waitlistMessages.patid })
    .meta({ minimum: 1 }),
  ...waitlistEntryFields,
});

export const modifyWaitlistEntryInput = strictInput({
  /** No such entry (0 and below included): 404. */
  entryId: int(),
  /** The `version` the caller read. Not the current one: nothing changes, HTTP 409. Missing: written anyway. */
  ifVersion: int().optional(),
  ...waitlistEntryFields,
  status: z.enum(waitlistStatuses).optional(),
});

export const getWaitlistInput = strictInput({
  /** Default `waiting`; `all` lists every status. */
  status: z.enum([...waitlistStatuses, 'all']).optional(),
  /** Only this patient's entries; 0 or missing = everyone's. */
  patid: int()
    .refine((n) => n >= 0, { error: 'Expected 0 or a patient id.' })
    .meta(jsonSchemaOf.nonNegative)
    .optional(),
});

/** What the service checks beyond the schema (docs/decisions/0046: the document's `x-rules`). */
const waitlistRules = {
  [waitlistMessages.service]: 'serviceid is 0 (any) or one of booking/getServices.',
  [waitlistMessages.window]: 'latest is not before earliest (the one stored, when only one is sent).',
};

export const waitlistOperations = {
  getWaitlist: defineOperation({
    area: 'agenda',
    path: '/agenda/getWaitlist',
    summary:
      'The waiting list (reference service addition). status: waiting (default), offered, booked, withdrawn or all. ' +
      'Waiting entries first, by priority (urgent first), then oldest first; the others after them, the most ' +
      'recently changed first.',
    input: getWaitlistInput,
    result: z.array(waitlistEntry),
    envelope: 'standard',
    errors: { [UNKNOWN_FIELD]: 400 },
  }),
  addWaitlistEntry: defineOperation({
    area: 'agenda',
    path: '/agenda/addWaitlistEntry',
    summary:
      'Puts a patient on the waiting list (status waiting). serviceid and provider 0 or missing = any; earliest/' +
      'latest YYYY-MM-DD or null (open); times any, morning (before 12:00) or afternoon (from 12:00); priority 0 ' +
      'normal, 1 high, 2 urgent; note at most 1000 characters.',
    input: addWaitlistEntryInput,
    result: z.object({ entryId: z.number().int() }),
    envelope: 'standard',
    errors: {
      [waitlistMessages.patid]: 400,
      [waitlistMessages.patientNotFound]: 404,
      [waitlistMessages.patientDeleted]: 422,
      [waitlistMessages.service]: 400,
      [waitlistMessages.provider]: 404,
      [waitlistMessages.window]: 400,
      [waitlistMessages.note]: 400,
      [UNKNOWN_FIELD]: 400,
    },
    rules: waitlistRules,
  }),
  modifyWaitlistEntry: defineOperation({
    area: 'agenda',
    path: '/agenda/modifyWaitlistEntry',
    summary:
      'Changes a waitlist entry: only the fields sent change (null clears earliest/latest). status booked ends it ' +
      'when the patient is booked from it. ifVersion not the current version: nothing changes, HTTP 409.',
    input: modifyWaitlistEntryInput,
    result: z.null(),
    envelope: 'standard',
    errors: {
      [waitlistMessages.notFound]: 404,
      [waitlistMessages.changed]: 409,
      [waitlistMessages.service]: 400,
      [waitlistMessages.provider]: 404,
      [waitlistMessages.window]: 400,
      [waitlistMessages.note]: 400,
      [UNKNOWN_FIELD]: 400,
    },
    rules: waitlistRules,
  }),
};
