import type { ParseKeys, TFunction } from 'i18next';
import { isApiError } from '#api/client.ts';
import { describeError } from '#components/states.tsx';
import { MSG } from '#contract/sales.ts';

/**
 * The server's messages in the user's language where we know them (the contract's exact texts), the server's own
 * words otherwise.
 */
const known: ReadonlyMap<string, ParseKeys<'leadDetails'>> = new Map([
  [MSG.text, 'msg.text'],
  [MSG.identifying, 'msg.identifying'],
  [MSG.createFailed, 'msg.createFailed'],
  [MSG.date, 'msg.date'],
  [MSG.until, 'msg.until'],
  [MSG.reminderDate, 'msg.reminderDate'],
  [MSG.priority, 'msg.priority'],
  [MSG.assignedTo, 'msg.assignedTo'],
  [MSG.userNotFound, 'msg.userNotFound'],
  [MSG.leadNotFound, 'msg.leadNotFound'],
  [MSG.leadDeleted, 'msg.leadDeleted'],
  [MSG.leadNotDeleted, 'msg.leadNotDeleted'],
  [MSG.historyNotFound, 'msg.historyNotFound'],
  [MSG.notATask, 'msg.notATask'],
  [MSG.patientNotFound, 'msg.patientNotFound'],
  [MSG.patid, 'msg.patid'],
  [MSG.disqualifyOnly, 'msg.disqualifyOnly'],
  [MSG.otherPipeline, 'msg.otherPipeline'],
  [MSG.reasonRequired, 'msg.reasonRequired'],
]);

/** A sentence for one message text of the server (or of the contract, checked before sending). */
export function translateMessage(t: TFunction<'leadDetails'>, msg: string): string {
  const key = known.get(msg);
  return key ? t(key, { ns: 'leadDetails' }) : msg;
}

/** A sentence for a failed call: the known message translated, else what the shared states say. */
export function errorMessage(t: TFunction<'leadDetails'>, error: unknown): string {
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

/** A form field's message: this feature's own (an i18n key `newLead.err.…`) or a contract text. */
export function formMessage(t: TFunction<'leadDetails'>, msg: string | undefined): string | undefined {
  if (!msg) return undefined;
  // A field's message is this feature's key as the form's schema wrote it (`newLead.err.…`), a string only here.
  return msg.startsWith('newLead.err.')
    ? t(msg as ParseKeys<'leadDetails'>, { ns: 'leadDetails' })
    : translateMessage(t, msg);
}
