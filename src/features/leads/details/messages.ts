import type { ParseKeys, TFunction } from 'i18next';
import { isApiError } from '#api/client.ts';
import { describeError } from '#components/states.tsx';
import { MSG } from '#contract/sales.ts';

/**
 * The server's messages in the user's language where we know them (the contract's exact texts), the server's own
 * words otherwise.
 */
const known: ReadonlyMap<string, ParseKeys<'leads'>> = new Map([
  [MSG.text, 'details.msg.text'],
  [MSG.identifying, 'details.msg.identifying'],
  [MSG.createFailed, 'details.msg.createFailed'],
  [MSG.date, 'details.msg.date'],
  [MSG.until, 'details.msg.until'],
  [MSG.reminderDate, 'details.msg.reminderDate'],
  [MSG.priority, 'details.msg.priority'],
  [MSG.assignedTo, 'details.msg.assignedTo'],
  [MSG.userNotFound, 'details.msg.userNotFound'],
  [MSG.leadNotFound, 'details.msg.leadNotFound'],
  [MSG.leadDeleted, 'details.msg.leadDeleted'],
  [MSG.leadNotDeleted, 'details.msg.leadNotDeleted'],
  [MSG.historyNotFound, 'details.msg.historyNotFound'],
  [MSG.notATask, 'details.msg.notATask'],
  [MSG.patientNotFound, 'details.msg.patientNotFound'],
  [MSG.patid, 'details.msg.patid'],
  [MSG.disqualifyOnly, 'details.msg.disqualifyOnly'],
  [MSG.otherPipeline, 'details.msg.otherPipeline'],
  [MSG.reasonRequired, 'details.msg.reasonRequired'],
]);

/** A sentence for one message text of the server (or of the contract, checked before sending). */
export function translateMessage(t: TFunction<'leads'>, msg: string): string {
  const key = known.get(msg);
  return key ? t(key, { ns: 'leads' }) : msg;
}

/** A sentence for a failed call: the known message translated, else what the shared states say. */
export function errorMessage(t: TFunction<'leads'>, error: unknown): string {
  if (isApiError(error) && (error.kind === 'http' || error.kind === 'contract') && known.has(error.msg)) {
    return translateMessage(t, error.msg);
  }
  return describeError(error, t);
}

/**
 * The form field a message is about: `contact.dob: …` (the server names the path of other validation issues),
 * `Invalid input at input.contact.dob: …` (the client's check before sending), `Unknown field: contact.foo.`.
 * null when it names none.
 */
export function fieldOfMessage(msg: string): string | null {
  const m =
    /^Invalid input at input\.([A-Za-z0-9_.]+): /.exec(msg) ??
    /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*): /.exec(msg);
  return m ? m[1] : null;
}

/** A form field's message: this feature's own (an i18n key `details.…`) or a contract text. */
export function formMessage(t: TFunction<'leads'>, msg: string | undefined): string | undefined {
  if (!msg) return undefined;
  // A field's message is this feature's key as the form's schema wrote it (`details.…`), a string only here.
  return msg.startsWith('details.')
    ? t(msg as ParseKeys<'leads'>, { ns: 'leads' })
    : translateMessage(t, msg);
}
