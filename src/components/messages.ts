import type { ParseKeys } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#api/client.ts';
import { waitlistMessages } from '#contract/agenda-waitlist.ts';
import { MSG as recallMessages } from '#contract/recall.ts';
import { MSG as salesMessages } from '#contract/sales.ts';
import { patientDeletedMessage, updateCustomerMessages } from '#contract/system.ts';
import { currentLanguage, loadNamespace } from '#i18n/index.ts';
import { describeError } from './states.tsx';

/*
 * The one message -> translation map of the app (docs/decisions/0032): each text of an area's `MSG` table
 * (contract/<area>.ts, the exact words the service sends) has one key in the `messages` namespace
 * (src/i18n/messages/<lang>.ts), under the area's name. A form translates a message through here, never through a
 * table of its own; which field a message belongs to is the area's `MSG_FIELD` (components/server-error.ts).
 * The strings load with this module's first use (i18next's backend, i18n/load.ts), not with the shell: the board's
 * first load does not carry them; until they are there (or when they cannot load) a message reads as the service
 * wrote it.
 */

type MessageKey = ParseKeys<'messages'>;

/** Exact text -> key. A text two areas share (`Patient not found.`) keeps the first area's words. */
const exact = new Map<string, MessageKey>();
/** Texts the service continues (`Unknown source: ` + the code) -> key: translated as a start, the rest kept. */
const starts: [string, MessageKey][] = [];

function add(text: string, key: MessageKey) {
  if (text.endsWith(': ')) starts.push([text, key]);
  else if (!exact.has(text)) exact.set(text, key);
}
for (const [name, text] of Object.entries(salesMessages)) add(text, `sales.${name}` as MessageKey);
for (const [name, text] of Object.entries(recallMessages)) add(text, `recall.${name}` as MessageKey);
add(patientDeletedMessage, 'system.patientDeleted');
add(updateCustomerMessages.changed, 'system.patientChanged');
for (const [name, text] of Object.entries(waitlistMessages)) add(text, `waitlist.${name}` as MessageKey);

/** The key of a message of the service, and what follows a continued one; undefined for a text we do not know. */
export function messageKeyOf(msg: string): { key: MessageKey; rest: string } | undefined {
  const key = exact.get(msg);
  if (key) return { key, rest: '' };
  for (const [start, k] of starts)
    if (msg.startsWith(start)) return { key: k, rest: msg.slice(start.length) };
  return undefined;
}

export interface MessageWords {
  /** One message text of the service (or of the contract, checked before sending) in the user's language; a text
   * we do not know as the service wrote it. */
  text: (msg: string) => string;
  /** A failed call: its message in the user's language when we know it, else what the shared states say. */
  error: (error: unknown) => string;
}

/** The service's messages in the user's language (loads the `messages` strings on first use). */
export function useMessageWords(): MessageWords {
  const { t } = useTranslation('common');
  const lng = currentLanguage();
  const [, setLoaded] = useState('');
  useEffect(() => {
    // Asked again after a failure (e.g. offline) on the next use.
    loadNamespace('messages').then(
      () => setLoaded(lng),
      () => undefined,
    );
  }, [lng]);
  const text = (msg: string) => {
    const found = messageKeyOf(msg);
    // Until the strings are there (or when they cannot load), the service's own words.
    if (!found) return msg;
    const start = msg.slice(0, msg.length - found.rest.length);
    return t(found.key, { ns: 'messages', defaultValue: start }) + found.rest;
  };
  const error = (e: unknown) =>
    isApiError(e) && (e.kind === 'http' || e.kind === 'contract') && messageKeyOf(e.msg)
      ? text(e.msg)
      : describeError(e, t);
  return { text, error };
}
