import { z } from 'zod';
import { isLocalDateTime } from './agenda.ts';
import { defineOperation, flag01, id, int, isoDate, jsonSchemaOf, limitedText } from './common.ts';
import { patientDeletedMessage } from './system.ts';

export const recallTypes = ['brief', 'sms', 'mail'] as const;
export const recallType = z.enum(recallTypes);
export type RecallType = z.infer<typeof recallType>;

export const recallStatuses = ['sent', 'pending', 'error'] as const;
export const recallStatus = z.enum(recallStatuses);
export type RecallStatus = z.infer<typeof recallStatus>;

/** A recall as getRecalls returns it (docs/api.md#recall). */
export const recall = z.object({
  id: z.number().int(),
  /** 0 or 1. */
  active: z.number().int(),
  title: z.string(),
  /** Due date and time, `YYYY-MM-DD HH:MM:SS` practice time. */
  recallDate: z.string(),
  recallText: z.string(),
  recallType: recallType,
  /** 0 or 1. */
  recurring: z.number().int(),
  /** Interval of recurring recalls, e.g. `6m`, `1y`; "" for one-time recalls. */
  recurringFrequency: z.string(),
  /** 0 for templates without patient. */
  patid: z.number().int(),
  internalComment: z.string(),
  status: recallStatus,
  /** Error on sending; "" unless status is error. */
  errorMsg: z.string(),
  /** The patient's mobile number ("" when none). */
  customerMobile: z.string(),
  /** The patient's mail address ("" when none). */
  customerMail: z.string(),
});
export type Recall = z.infer<typeof recall>;

/** "Any value other than exactly 1 becomes 0" (modifyRecall `active`); true and "1" count as 1. */
const active01 = z
  .preprocess((v) => (v === 1 || v === '1' || v === true ? 1 : 0), z.union([z.literal(0), z.literal(1)]))
  .meta({ 'x-tolerated': 'Any value other than exactly 1 is taken as 0.' });

// ---------------------------------------------------------------------------------------------------------------
// Messages: the exact texts the service sends (docs/api.md#recall), once; the server answers with these.

export const MSG = {
  title: 'Please provide a title.',
  patid: 'Please provide a valid patient id.',
  patientMissing: 'There is no patient with the provided patid.',
  date: 'Please provide a valid recall date.',
  recallType: 'Please provide a valid recall type.',
  recallId: 'Please provide a valid recallId.',
  recallMissing: 'There is no recall with the provided recallId.',
} as const;

/**
 * Fields of createRecall, in check order; modifyRecall sends them all again (overwrite: a field not sent is
 * written empty / 0). The patient's existence (and patid 0, allowed only for templates) is checked by the handler.
 */
export const recallWriteFields = {
  title: z.string({ error: MSG.title }).trim().min(1, { error: MSG.title }).meta(jsonSchemaOf.notBlank),
  /** The patient; 0 only for a template (preset 1). */
  patid: int(MSG.patid)
    .refine((n) => n >= 0, { error: MSG.patid })
    .meta(jsonSchemaOf.nonNegative),
  /** Due date-time `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD HH:MM`, practice time. */
  nextRecall: z
    .string({ error: MSG.date })
    .refine(isLocalDateTime, { error: MSG.date })
    .meta(jsonSchemaOf.localDateTime),
  recallType: z.enum(recallTypes, { error: MSG.recallType }),
  recallText: limitedText().optional(),
  internalComment: limitedText().optional(),
  /** Any value other than exactly 1 becomes 0; missing = 0. */
  active: active01.optional(),
  recurring: flag01().optional(),
  /** e.g. `6m`, `1y`. */
  recurringFrequency: z.string().optional(),
  /** 1 = a template. */
  preset: flag01().optional(),
};

/** patid 0 only for a template (the handler checks it); for the OpenAPI document, once here. */
const patientOrTemplate = {
  anyOf: [
    { properties: { patid: { minimum: 1 } } },
    { required: ['preset'], properties: { preset: { enum: [1] } } },
  ],
};

export const createRecallInput = z.object(recallWriteFields).meta(patientOrTemplate);

/**
 * modifyRecall checks recallId (and that the recall exists) before createRecall's checks, so here the required
 * fields are optional; the handler then answers a missing one with createRecall's message, in the same order.
 * Clients send the complete record anyway (docs/api.md#recall: read, merge, write).
 */
export const modifyRecallInput = z
  .object({
    recallId: id(MSG.recallId),
    ...recallWriteFields,
    title: recallWriteFields.title.optional(),
    patid: recallWriteFields.patid.optional(),
    nextRecall: recallWriteFields.nextRecall.optional(),
    recallType: recallWriteFields.recallType.optional(),
  })
  // The document asks for the complete record (the handler refuses a missing field, after recallId).
  .meta({ ...patientOrTemplate, required: ['recallId', 'title', 'patid', 'nextRecall', 'recallType'] });

/** The input field each message is about (a form maps it onto its own field, recalls/recall-form.ts). */
export const MSG_FIELD = {
  [MSG.title]: 'title',
  [MSG.patid]: 'patid',
  [MSG.patientMissing]: 'patid',
  /** A deleted patient gets no recall (docs/decisions/0019): system's text. */
  [patientDeletedMessage]: 'patid',
  [MSG.date]: 'nextRecall',
  [MSG.recallType]: 'recallType',
  [MSG.recallId]: 'recallId',
  [MSG.recallMissing]: 'recallId',
} as const satisfies Record<string, keyof z.input<typeof modifyRecallInput>>;

const writeErrors = {
  [MSG.title]: 200,
  [MSG.patid]: 200,
  [MSG.patientMissing]: 200,
  [MSG.date]: 200,
  [MSG.recallType]: 200,
  [patientDeletedMessage]: 200,
};

/** "" counts as not sent for the optional day filters. */
const optionalDay = z.union([z.literal(''), isoDate()]).optional();

export const recallOperations = {
  getRecalls: defineOperation({
    area: 'recall',
    path: '/recall/getRecalls',
    summary:
      "Recalls joined with the patient's mobile and mail. Without filters every recall except templates, by recall " +
      'date; preset 1 = only templates, by title.',
    input: z.object({
      /** Greater than 0 filters to one patient. */
      patid: int().optional(),
      /** Recall date from this day, YYYY-MM-DD. */
      from: optionalDay,
      /** Recall date up to this day (included). */
      until: optionalDay,
      /** 1 = only templates (sorted by title); otherwise templates are excluded. */
      preset: flag01().optional(),
      /** 1 = only recalls with status error. */
      error: flag01().optional(),
      /** 1 = only one-time (non-recurring) recalls. */
      sent: flag01().optional(),
      /** A practitioner (userid) who is the first, second or third practitioner of the recall; 0 = all. */
      mandant: int().optional(),
    }),
    result: z.array(recall),
    envelope: 'standard',
    errors: {},
  }),
  createRecall: defineOperation({
    area: 'recall',
    path: '/recall/createRecall',
    summary: 'Creates a recall (or a template with preset 1). New recalls are pending.',
    input: createRecallInput,
    result: z.object({ recallId: z.number().int() }),
    envelope: 'standard',
    errors: writeErrors,
    successMsg: 'Recall created',
  }),
  modifyRecall: defineOperation({
    area: 'recall',
    path: '/recall/modifyRecall',
    summary:
      'Overwrites a recall: recallId is checked first, then createRecall runs; fields not sent are written empty or 0, ' +
      'active other than exactly 1 becomes 0. Send the complete record. Status and practitioners are kept.',
    input: modifyRecallInput,
    result: z.object({ recallId: z.number().int() }),
    envelope: 'standard',
    errors: {
      [MSG.recallId]: 200,
      [MSG.recallMissing]: 200,
      ...writeErrors,
    },
    successMsg: 'Recall modified',
  }),
};
