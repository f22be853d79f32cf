import { z } from 'zod';
import { defineOperation, id, searchText } from './common.ts';

/** An attachment as listed on a history entry; the md5 is what getAttachment expects. */
export const attachment = z.object({
  file: z.string(),
  md5: z.string(),
  /** Bytes. */
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachment>;

/** getAttachment's result: the listed fields plus the MIME type and the content in Base64. */
export const attachmentFile = attachment.extend({
  mime: z.string(),
  /** Base64. */
  content: z.string(),
});
export type AttachmentFile = z.infer<typeof attachmentFile>;

/** Patient history entry (docs/api.md#history). */
export const patientHistoryEntry = z.object({
  historyid: z.number().int(),
  /** Category or title, e.g. Konsultation, Labor, Diagnose, Rezept, Bericht. */
  category: z.string(),
  text: z.string(),
  /** `YYYY-MM-DD HH:MM:SS`, practice time. */
  date: z.string(),
  /** The procedure field (right column). */
  teaser: z.string(),
  author: z.string(),
  /** The author's user id, delivered as a string. */
  userid: z.string(),
  /** Always an array, empty when there are none. */
  attachments: z.array(attachment),
});
export type PatientHistoryEntry = z.infer<typeof patientHistoryEntry>;

const md5Message = 'Provide a valid md5.';

export const hxOperations = {
  getPatientHistory: defineOperation({
    area: 'hx',
    path: '/hx/getPatientHistory',
    searchFields: ['text', 'teaser', 'category'],
    summary:
      "A patient's history entries, newest first; deleted entries never appear. Filters: category prefix, text and teaser contains.",
    input: z.object({
      /** 0 or missing: `Please provide a patient id.` */
      patid: id('Please provide a patient id.').describe('Required; 0 gives Please provide a patient id.'),
      /** 0 or missing = all entries. */
      limit: z
        .preprocess(
          (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
          z.number({ error: 'Provide a valid limit.' }).int({ error: 'Provide a valid limit.' }).min(0, {
            error: 'Provide a valid limit.',
          }),
        )
        .optional()
        .describe('0 or missing = all entries.'),
      /** Prefix match on the category (case-insensitive); empty = all. */
      category: searchText().optional().describe('Prefix match on the category; empty = all.'),
      /** Contains-match on the entry text (case-insensitive). */
      text: searchText().optional().describe('Contains-match on the entry text.'),
      /** Contains-match on the procedure field (case-insensitive). */
      teaser: searchText().optional().describe('Contains-match on the procedure field.'),
    }),
    result: z.array(patientHistoryEntry),
    envelope: 'standard',
    errors: {
      'Please provide a patient id.': 400,
      'Provide a valid limit.': 400,
      'Patient not found.': 404,
    },
  }),
  getAttachment: defineOperation({
    area: 'hx',
    path: '/hx/getAttachment',
    summary: 'One attachment of a history entry by its md5, with the content in Base64.',
    input: z.object({
      md5: z
        .string({ error: md5Message })
        .trim()
        .regex(/^[0-9a-fA-F]{32}$/, { error: md5Message })
        .transform((s) => s.toLowerCase()),
    }),
    result: attachmentFile,
    envelope: 'standard',
    errors: { [md5Message]: 400, 'Attachment not found.': 404 },
  }),
};
