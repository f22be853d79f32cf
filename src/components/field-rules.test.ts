import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '#i18n/index.ts';
import {
  birthDay,
  isSwissAddress,
  limitMessage,
  NAME_MAX,
  nameText,
  postcodeRefusal,
  SWISS_POSTCODE,
  searchTextRefusal,
} from './field-rules.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Swiss postcodes', () => {
  it('wants 4 digits where the address is Swiss: by its code, its country text, or by default', () => {
    expect(postcodeRefusal({ zip: '80011' })).toBe(SWISS_POSTCODE);
    expect(postcodeRefusal({ zip: '800', countryCode: 'ch' })).toBe(SWISS_POSTCODE);
    expect(postcodeRefusal({ zip: 'CH-8001', country: 'Schweiz' })).toBe(SWISS_POSTCODE);
    expect(postcodeRefusal({ zip: '0800', country: 'Suisse' })).toBe(SWISS_POSTCODE);
    expect(postcodeRefusal({ zip: ' 8001 ', countryCode: 'CH' })).toBeNull();
    expect(postcodeRefusal({ zip: '1200', country: 'Svizzera' })).toBeNull();
    expect(postcodeRefusal({ zip: '', countryCode: 'CH' })).toBeNull();
  });

  it('leaves other countries free', () => {
    expect(postcodeRefusal({ zip: '79539', countryCode: 'DE' })).toBeNull();
    expect(postcodeRefusal({ zip: 'SW1A 1AA', country: 'United Kingdom' })).toBeNull();
    // The code decides over the text.
    expect(postcodeRefusal({ zip: '75001', country: 'Schweiz', countryCode: 'FR' })).toBeNull();
    expect(isSwissAddress('Deutschland', '')).toBe(false);
    expect(isSwissAddress('', '')).toBe(true);
  });
});

describe('birthDay', () => {
  const schema = birthDay('dob');
  it('takes an empty value and a past day, refuses a future day, one before 1900 and no day', () => {
    expect(schema.safeParse('').success).toBe(true);
    expect(schema.safeParse('1950-03-01').success).toBe(true);
    expect(schema.safeParse('2999-01-01').success).toBe(false);
    expect(schema.safeParse('1899-12-31').success).toBe(false);
    expect(schema.safeParse('2026-02-31').success).toBe(false);
  });
});

describe('the words of the field limits', () => {
  it('says a name over the search limit as a text limit of 200, in German and French', async () => {
    const result = z.object({ lastname: nameText() }).safeParse({ lastname: 'x'.repeat(NAME_MAX + 1) });
    const message = result.error?.issues[0]?.message ?? '';
    expect(message).toBe('Text too long: lastname (at most 200 characters).');
    await i18n.changeLanguage('de');
    expect(limitMessage(message)).toBe('Höchstens 200 Zeichen.');
    await i18n.changeLanguage('fr');
    expect(limitMessage(message)).toBe('200 caractères au maximum.');
  });

  it('says the postcode rule in the user’s language', async () => {
    await i18n.changeLanguage('de');
    expect(limitMessage(SWISS_POSTCODE)).toBe('Eine Schweizer Postleitzahl hat 4 Ziffern.');
    await i18n.changeLanguage('fr');
    expect(limitMessage(SWISS_POSTCODE)).toBe('Un numéro postal suisse compte 4 chiffres.');
  });

  it('refuses a search text over 200 characters, counted without the spaces around it', async () => {
    await i18n.changeLanguage('de');
    expect(searchTextRefusal(`  ${'s'.repeat(200)}  `)).toBeUndefined();
    expect(searchTextRefusal('s'.repeat(201))).toBe('Höchstens 200 Zeichen für eine Suche.');
  });
});
