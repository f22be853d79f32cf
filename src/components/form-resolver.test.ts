import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limitedText, SEARCH_MAX, searchText, TEXT_MAX } from '#contract/common.ts';
import { i18n } from '#i18n/index.ts';
import { limitMessage } from './field-rules.ts';
import { contractResolver } from './form-resolver.ts';
import { emptyNewPatient, newPatientSchema } from './new-patient/schema.ts';

const schema = z.object({
  contact: z.object({ lastname: limitedText() }),
  search: searchText(),
  name: z.string().min(1, { error: 'A name is required.' }),
});
type Values = z.infer<typeof schema>;

async function messagesOf(values: Values): Promise<Record<string, string | undefined>> {
  const resolve = contractResolver(schema);
  const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolve>[2];
  const { errors } = await resolve(values, undefined, options);
  const e = errors as Record<string, { message?: string } & Record<string, { message?: string }>>;
  return { lastname: e.contact?.lastname?.message, search: e.search?.message, name: e.name?.message };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('contractResolver: the contract length limits in the app language', () => {
  it('says the text limit in German, the number grouped as the app writes it', async () => {
    await i18n.changeLanguage('de');
    const m = await messagesOf({ contact: { lastname: 'x'.repeat(TEXT_MAX + 1) }, search: '', name: 'A' });
    expect(m.lastname).toBe("Höchstens 10'000 Zeichen.");
  });

  it('says the search limit in French and leaves the schema’s other messages alone', async () => {
    await i18n.changeLanguage('fr');
    const m = await messagesOf({
      contact: { lastname: 'Muster' },
      search: 's'.repeat(SEARCH_MAX + 1),
      name: '',
    });
    expect(m.search).toBe('200 caractères au maximum pour une recherche.');
    expect(m.name).toBe('A name is required.');
    expect(m.lastname).toBeUndefined();
  });

  it('passes a message that is not a limit through unchanged', () => {
    expect(limitMessage('Text too long, really.')).toBe('Text too long, really.');
    expect(limitMessage(`Text too long: text (at most ${TEXT_MAX} characters).`)).toBe(
      "At most 10'000 characters.",
    );
  });
  it('says the new patient’s name limit and Swiss postcode in French and German at their fields', async () => {
    const resolve = contractResolver(newPatientSchema);
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolve>[2];
    const values = { ...emptyNewPatient(), lastname: 'M'.repeat(288), firstname: 'Anna', zip: '80011' };
    await i18n.changeLanguage('fr');
    const fr = (await resolve(values, undefined, options)).errors;
    expect(fr.lastname?.message).toBe('200 caractères au maximum.');
    expect(fr.zip?.message).toBe('Un numéro postal suisse compte 4 chiffres.');
    await i18n.changeLanguage('de');
    const de = (await resolve({ ...values, countrycode: 'CH' }, undefined, options)).errors;
    expect(de.lastname?.message).toBe('Höchstens 200 Zeichen.');
    expect(de.zip?.message).toBe('Eine Schweizer Postleitzahl hat 4 Ziffern.');
    // Abroad the postcode is free.
    const abroad = (await resolve({ ...values, countrycode: 'DE' }, undefined, options)).errors;
    expect(abroad.zip).toBeUndefined();
  });
});
