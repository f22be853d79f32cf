import { z } from 'zod';
import { defineOperation, LABOR_BODY_MAX } from './common.ts';

/** Limits of laborUpload (docs/api.md#limits). */
export const laborLimits = {
  filenameLength: 255,
  /** Characters of the Base64 text: 25 MB. */
  contentLength: 25 * 1024 * 1024,
  versions: 25,
} as const;

/** Exact messages of laborUpload (docs/api.md#labor; the rest decided in 0005). */
export const laborMessages = {
  success: 'successfully uploaded',
  missing: 'missing required parameters in body',
  filenameTooLong: 'Filename too long (at most 255 characters).',
  unsupported: 'Unsupported file type.',
  tooLarge: 'File too large (at most 25 MB).',
  notBase64: 'Content is not valid Base64.',
  invalidHl7: 'Invalid HL7 message.',
  invalidPdf: 'Invalid PDF file.',
  duplicate: 'file already exists, not saving again',
  tooManyVersions: 'Too many versions of this file.',
  noModule: 'API token is not enabled for module labor.',
  importFailed: 'hl7 import failed',
  saveFailed: 'failed to save file',
  error: 'an error occurred',
  /** The start of the mismatch message (docs/api.md#labor); the whole one is patientMismatchMessage(). */
  mismatch: 'Patient data do not match: ',
} as const;

/** `Patient data do not match: number 5 is Steiner Jonas, born 03.04.1961.` (docs/api.md#labor). */
export function patientMismatchMessage(p: {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string | null;
}): string {
  const name = [p.lastname, p.firstname].filter(Boolean).join(' ');
  const born = p.dob ? p.dob.split('-').reverse().join('.') : '?';
  return `${laborMessages.mismatch}number ${p.patid} is ${name}, born ${born}.`;
}

const base64Re = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Whether a file name has an extension laborUpload processes (.hl7 or .pdf, any case). */
export function isLaborFile(filename: string): boolean {
  return /\.(hl7|pdf)$/i.test(filename.trim());
}

/**
 * The body of every laborUpload answer (HTTP 200 always): status 200 (stored), 400 (refused) or 500 (failed).
 * No `result`.
 */
export const laborReply = z.object({
  status: z.union([z.literal(200), z.literal(400), z.literal(500)]),
  msg: z.string(),
});

export const laborOperations = {
  laborUpload: defineOperation({
    area: 'labor',
    path: '/labor/upload',
    longTextFields: ['content'],
    bodyMax: LABOR_BODY_MAX,
    summary:
      'Accepts laboratory results: HL7 messages (.hl7) and their PDF reports (.pdf), paired by base name. The patient comes only from the HL7 content; a patid sent is ignored.',
    input: z.object({
      /** At most 255 characters; the extension decides the processing: .hl7 or .pdf. */
      filename: z
        .string({ error: laborMessages.missing })
        .min(1, { error: laborMessages.missing })
        .max(laborLimits.filenameLength, { error: laborMessages.filenameTooLong })
        .refine(isLaborFile, { error: laborMessages.unsupported })
        .meta({ pattern: '\\.(?:[hH][lL]7|[pP][dD][fF])\\s*$' })
        .describe('At most 255 characters; .hl7 or .pdf decides the processing.'),
      /** The file content in Base64, at most 25 MB of Base64 text. */
      content: z
        .string({ error: laborMessages.missing })
        .min(1, { error: laborMessages.missing })
        .max(laborLimits.contentLength, { error: laborMessages.tooLarge })
        .refine((s) => base64Re.test(s), { error: laborMessages.notBase64 })
        .meta({ pattern: base64Re.source })
        .describe('The file content, Base64, at most 25 MB.'),
    }),
    /** The whole answer body (this envelope has no `result`). */
    result: laborReply,
    envelope: 'labor',
    module: 'labor',
    rules: {
      [laborMessages.invalidHl7]: 'A .hl7 file holds an HL7 message.',
      [laborMessages.invalidPdf]: 'A .pdf file holds a PDF document.',
      [laborMessages.duplicate]: 'The same file was not uploaded before.',
      [laborMessages.tooManyVersions]: 'A file name has at most 99 versions.',
      [laborMessages.mismatch]: "The HL7 message's patient is the practice's patient of that number.",
    },
    /** For laborUpload the number is the integer `status` of the body; HTTP is always 200. */
    errors: {
      [laborMessages.missing]: 400,
      [laborMessages.filenameTooLong]: 400,
      [laborMessages.unsupported]: 400,
      [laborMessages.tooLarge]: 400,
      [laborMessages.notBase64]: 400,
      [laborMessages.invalidHl7]: 400,
      [laborMessages.invalidPdf]: 400,
      [laborMessages.duplicate]: 400,
      [laborMessages.tooManyVersions]: 400,
      [laborMessages.mismatch]: 400,
      [laborMessages.noModule]: 400,
      [laborMessages.importFailed]: 500,
      [laborMessages.saveFailed]: 500,
      [laborMessages.error]: 500,
    },
  }),
};
