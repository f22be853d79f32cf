import { laborMessages } from './labor.ts';

// What the app makes of laborUpload's answers. Its own module, so the lab's words stay out of the first load of
// every page, which reads labor.ts for the operation table (decision 0016).

/**
 * What each laborUpload message means, for the person at the desk: the one map from the service's words to the
 * app's (each meaning is translated in the labor area's locales, `answer.<meaning>`). Every message above has one.
 */
export const laborMeanings = {
  success: 'accepted',
  missing: 'incomplete',
  filenameTooLong: 'nameTooLong',
  unsupported: 'unsupportedType',
  tooLarge: 'tooLarge',
  notBase64: 'incomplete',
  invalidHl7: 'notHl7',
  invalidPdf: 'notPdf',
  duplicate: 'alreadyUploaded',
  tooManyVersions: 'tooManyVersions',
  noModule: 'noModule',
  importFailed: 'importFailed',
  saveFailed: 'saveFailed',
  // Nothing is kept after an unexpected failure (0005): for the person it is a save that did not happen.
  error: 'saveFailed',
  mismatch: 'patientMismatch',
} as const satisfies Record<keyof typeof laborMessages, string>;
export type LaborMeaning = (typeof laborMeanings)[keyof typeof laborMeanings];

const meaningByMessage = new Map<string, LaborMeaning>(
  (Object.keys(laborMessages) as (keyof typeof laborMessages)[]).map((k) => [
    laborMessages[k],
    laborMeanings[k],
  ]),
);

/**
 * The meaning of a laborUpload answer: every status 200 is `accepted`; a 400 or 500 by its message (the mismatch
 * message by its start), or null when the service said something this contract does not know.
 */
export function laborMeaning(answer: { status: number; msg: string }): LaborMeaning | null {
  if (answer.status === 200) return 'accepted';
  const msg = answer.msg.trim();
  if (msg.startsWith(laborMessages.mismatch)) return 'patientMismatch';
  return meaningByMessage.get(msg) ?? null;
}

/** The parts of patientMismatchMessage(): `{patid, name, born}` (born as sent, `DD.MM.YYYY` or `?`), or null. */
export function parsePatientMismatch(msg: string): { patid: number; name: string; born: string } | null {
  const text = msg.trim();
  if (!text.startsWith(laborMessages.mismatch)) return null;
  const m = /^number (\d+) is (.*), born (.+)\.$/.exec(text.slice(laborMessages.mismatch.length));
  return m ? { patid: Number(m[1]), name: m[2], born: m[3] } : null;
}
