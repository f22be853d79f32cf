import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiError } from '#api/client.ts';
import { MSG_FIELD as recallFields, MSG as recallMessages, recallOperations } from '#contract/recall.ts';
import { MSG_FIELD as salesFields, MSG as salesMessages, salesOperations } from '#contract/sales.ts';
import { patientDeletedMessage } from '#contract/system.ts';
import { i18n } from '#i18n/index.ts';
import { localeModules } from '#i18n/resources.ts';
import type { Strings } from '#i18n/types.ts';
import { messageKeyOf, useMessageWords } from './messages.ts';

/** Every area's message table, and the operations whose input its field map names. */
const areas = [
  { area: 'sales', messages: salesMessages, fields: salesFields, operations: salesOperations },
  { area: 'recall', messages: recallMessages, fields: recallFields, operations: recallOperations },
] as const;

const languages = ['de', 'fr', 'it', 'en'] as const;
const strings = localeModules().messages;

function lookup(tree: Strings | undefined, key: string): string | undefined {
  let at: string | Strings | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof at !== 'object' || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
  }
  return typeof at === 'string' ? at : undefined;
}

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
}

/** The field names an operation's input has (through preprocess pipes and unions). */
function inputKeys(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return [def.in, def.out].flatMap((s) => (s ? inputKeys(s) : []));
  if (def.type === 'union') return (def.options ?? []).flatMap(inputKeys);
  return [];
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the one message table', () => {
  const texts = [...areas.flatMap((a) => Object.values(a.messages)), patientDeletedMessage];

  it('has every message of every area in all four languages', () => {
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) {
      const found = messageKeyOf(text);
      expect(found, text).toBeDefined();
      for (const lng of languages) {
        const words = lookup(strings?.[lng], found?.key ?? '');
        expect(words, `${lng}: ${text}`).toMatch(/\S/);
        // A message the service continues (`Unknown source: abc`) is translated as a start, too.
        if (text.endsWith(': ')) expect(words, `${lng}: ${text}`).toMatch(/:\s$/);
      }
    }
  });

  it('says a message in the language in use, continued ones with the rest as the service sent it', async () => {
    const { result } = renderHook(() => useMessageWords());
    expect(result.current.text(salesMessages.leadDeleted)).toBe('The lead is deleted. Restore it first.');
    await i18n.changeLanguage('de');
    const { result: de } = renderHook(() => useMessageWords());
    expect(de.current.text(salesMessages.leadDeleted)).toBe(
      'Der Lead ist gelöscht. Stellen Sie ihn zuerst wieder her.',
    );
    expect(de.current.text(`${salesMessages.unknownSource}fax`)).toBe('Diese Quelle gibt es nicht: fax');
    expect(de.current.text(recallMessages.title)).toBe('Geben Sie einen Titel ein.');
  });

  it("loads a language's strings on first use, and reads as the service wrote it until then", async () => {
    const french = i18n.getResourceBundle('fr', 'messages') as Strings;
    i18n.removeResourceBundle('fr', 'messages');
    try {
      await i18n.changeLanguage('fr');
      const { result } = renderHook(() => useMessageWords());
      expect(result.current.text(salesMessages.text)).toBe(salesMessages.text);
      await waitFor(() => expect(result.current.text(salesMessages.text)).toBe('Saisissez un texte.'));
    } finally {
      i18n.addResourceBundle('fr', 'messages', french, true, true);
    }
  });

  it('leaves a text it does not know as the service wrote it, also names of inherited properties', () => {
    const { result } = renderHook(() => useMessageWords());
    expect(result.current.text('Something new.')).toBe('Something new.');
    expect(result.current.text('constructor')).toBe('constructor');
    expect(messageKeyOf('toString')).toBeUndefined();
  });

  it('describes a failed call by its message when known, else as the shared states do', () => {
    const { result } = renderHook(() => useMessageWords());
    const refused = (msg: string) => new ApiError({ op: 'addLeadTask', kind: 'http', httpStatus: 422, msg });
    expect(result.current.error(refused(salesMessages.userNotFound))).toBe('This user does not exist.');
    expect(result.current.error(refused('Something new.'))).toBe('Something new.');
    expect(
      result.current.error(new ApiError({ op: 'getLeads', kind: 'network', httpStatus: 0, msg: 'x' })),
    ).toMatch(/connection|network|reach/i);
  });
});

describe("each area's message -> field map", () => {
  for (const { area, messages, fields, operations } of areas) {
    it(`${area}: names messages of its table and fields of its operations' inputs`, () => {
      const inputFields = new Set(Object.values(operations).flatMap((op) => inputKeys(op.input)));
      const own = new Set<string>([...Object.values(messages), patientDeletedMessage]);
      expect(inputFields.size).toBeGreaterThan(3);
      for (const [text, field] of Object.entries(fields)) {
        expect(own.has(text), text).toBe(true);
        expect(inputFields.has(field), `${text} -> ${field}`).toBe(true);
      }
    });
  }
});
