import type { ParseKeys, TFunction } from 'i18next';
import type { MessageWords } from '#components/messages.ts';

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

/**
 * A form field's message: this feature's own (an i18n key `newLead.err.…` of `leadDetails`) or a message of the service, in the words
 * of the one message table (components/messages.ts).
 */
export function formMessage(
  t: TFunction<'leadDetails'>,
  words: MessageWords,
  msg: string | undefined,
): string | undefined {
  if (!msg) return undefined;
  // A field's message is this feature's key as the form's schema wrote it (`newLead.err.…`), a string only here.
  return msg.startsWith('newLead.err.')
    ? t(msg as ParseKeys<'leadDetails'>, { ns: 'leadDetails' })
    : words.text(msg);
}
