import { describe, expect, it } from 'vitest';
import { localeModules } from './resources.ts';
import type { Strings } from './types.ts';

/**
 * What a person reads in the four languages, beyond the words: French punctuation and numbers written in the
 * locale files (docs/decisions/0028-one-date-field-one-number-format.md).
 */

function leaves(strings: Strings, prefix = ''): [string, string][] {
  return Object.entries(strings).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [[path, v] as [string, string]] : leaves(v, path);
  });
}

const modules = localeModules();
const strings = (lng: string) =>
  Object.entries(modules).flatMap(([ns, byLanguage]) =>
    leaves(byLanguage[lng] ?? {}).map(([key, text]) => [`${ns}:${key}`, text] as const),
  );

/**
 * French puts a no-break space (U+00A0, or the narrow U+202F) before `:` `;` `!` `?` — a plain space lets the sign
 * wrap onto the next line alone. Only where the sign ends a clause (a space or the end follows): `10:30`,
 * `https://` and `{{h}}:{{m}}` are no punctuation.
 */
function frenchPunctuationSlips(text: string): string[] {
  const withoutPlaceholders = text.replace(/\{\{[^}]*\}\}/g, 'X');
  return [...withoutPlaceholders.matchAll(/(.)([:;!?])(?=\s|$|[»”)])/gu)]
    .filter((m) => m[1] !== '\u00a0' && m[1] !== '\u202f' && m[1] !== m[2])
    .map((m) => `${m[1]}${m[2]}`);
}

/** Numbers of four digits and more written with a space, a comma or a point between thousands; a decimal comma. */
function numberSlips(text: string): string[] {
  return (
    [...text.matchAll(/\b[1-9]\d{0,2}(?:[ ,.\u00a0\u202f’]\d{3})+\b(?![.:]\d)|\b\d+,\d+\b/g)]
      .map((m) => m[0])
      // Phone numbers (079 100 79 19) and dates (21.11.1980) are no amounts.
      .filter((n) => !/^\d{1,2}\.\d{2}$/.test(n))
  );
}

describe('French punctuation', () => {
  it('finds a plain space or none before the sign, and leaves times and addresses', () => {
    expect(frenchPunctuationSlips('ENVOYÉ: 23')).toEqual(['É:']);
    expect(frenchPunctuationSlips('Supprimer ?')).toEqual([' ?']);
    expect(frenchPunctuationSlips('Oui; non!')).toEqual(['i;', 'n!']);
    expect(frenchPunctuationSlips('{{name}}: {{msg}}')).toEqual(['X:']);
    expect(frenchPunctuationSlips('Envoyé\u202f: 23, vraiment\u00a0? à 10:30, https://x.ch')).toEqual([]);
  });

  it('has a no-break space before : ; ! ? in every French string', () => {
    const found = strings('fr').flatMap(([key, text]) =>
      frenchPunctuationSlips(text).map((slip) => `${key}: «${slip}» in ${text}`),
    );
    expect(found).toEqual([]);
  });
});

describe('numbers written in the strings', () => {
  it('finds grouped numbers not written with the apostrophe, and decimal commas', () => {
    expect(numberSlips('100 000 Zeilen, 19,6 MB, 1.554 Leads, 100,000 rows')).toEqual([
      '100 000',
      '19,6',
      '1.554',
      '100,000',
    ]);
    expect(numberSlips("100'000 Zeilen, 19.6 MB, 21.11.1980, 079 100 79 19, 10:30")).toEqual([]);
  });

  it.each(['de', 'fr', 'it', 'en'])("%s writes 1'234 and 19.6", (lng) => {
    const found = strings(lng).flatMap(([key, text]) => numberSlips(text).map((n) => `${key}: ${n}`));
    expect(found).toEqual([]);
  });
});

/** An elision written with the straight apostrophe (`l'absence`); the app writes `l’absence` (U+2019). */
function straightApostrophes(text: string): string[] {
  return [...text.matchAll(/\p{L}'\p{L}/gu)].map((m) => m[0]);
}

describe('apostrophes', () => {
  it("finds l'absence and leaves l’absence and 100'000", () => {
    expect(straightApostrophes("Enregistrer l'absence, Jusqu'à")).toEqual(["l'a", "u'à"]);
    expect(straightApostrophes("l’absence, 100'000")).toEqual([]);
  });

  it.each(['fr', 'it'])('%s elides with ’, never with the straight apostrophe', (lng) => {
    const found = strings(lng).flatMap(([key, text]) =>
      straightApostrophes(text).map((slip) => `${key}: «${slip}» in ${text}`),
    );
    expect(found).toEqual([]);
  });
});
