import { describe, expect, it } from 'vitest';
import { namespaces } from './namespaces.ts';
import { localeModules } from './resources.ts';
import type { Strings } from './types.ts';

/** key path -> string, for every leaf. */
function leaves(strings: Strings, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(strings)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else for (const [p, s] of leaves(v, path)) out.set(p, s);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const modules = localeModules();
const translations = ['de', 'fr', 'it'] as const;

/**
 * French or Italian strings that are rightly the same as the English one: names, codes, units, and words the
 * three languages share. Anything else identical to the English is an untranslated string.
 */
const sameAsEnglish: Record<'fr' | 'it', ReadonlySet<string>> = {
  fr: new Set([
    'Praxis Front Office',
    'Agenda',
    'Patients',
    'Patient',
    'Pipeline',
    'Actions',
    'Action',
    'Contacts',
    'Date',
    'Minutes',
    'Total',
    'Code',
    'Type',
    'Communication',
    'Admissions',
    'Admission',
    'Note',
    'SMS',
    'E-mail',
    'Mobile',
    'Journal',
    'Page {{page}}',
    'Pages',
    'Patient {{id}}',
    'Patients {{from}}–{{to}}',
    'min',
    '{{count}} min',
    '{{name}} · {{when}}',
    '{{calendar}}, {{day}}',
    '{{day}} {{time}}, {{provider}}',
    '{{count}} minute',
    '{{count}} minutes',
    '{{name}} ({{count}})',
    '{{h}} h {{m}} min',
    '{{name}} ({{minutes}} min)',
  ]),
  it: new Set([
    'Praxis Front Office',
    // A label and its value: Italian writes the colon as English does.
    '{{label}}: {{value}}',
    'Agenda',
    'Pipeline',
    'Lead',
    'No',
    'SMS',
    'E-mail',
    'Password',
    'Newsletter',
    'File',
    'min',
    '{{count}} min',
    '{{name}} ({{minutes}} min)',
    '{{count}} lead',
    '{{name}} · {{when}}',
    '{{calendar}}, {{day}}',
    '{{day}} {{time}}, {{provider}}',
    '{{name}} ({{count}})',
    '{{h}} h {{m}} min',
    '{{patient}}: {{state}}',
  ]),
};

describe('translations', () => {
  it('load every namespace of namespaces.ts (common, the sign-in and settings pages, every area), no other', () => {
    expect(Object.keys(modules).sort()).toEqual([...namespaces].sort());
  });

  for (const [ns, module] of Object.entries(modules)) {
    const en = module.en;
    if (!en) throw new Error(`${ns}: no English strings`);
    const enLeaves = leaves(en);

    for (const lng of translations) {
      it(`${ns}: ${lng} has every English key, no other, none empty, the same placeholders`, () => {
        const strings = module[lng];
        expect(strings, `${ns} has no ${lng} file`).toBeDefined();
        const own = leaves(strings ?? {});
        expect([...own.keys()].sort()).toEqual([...enLeaves.keys()].sort());
        for (const [key, text] of enLeaves) {
          expect(text.trim(), `${ns}:${key} (en)`).not.toBe('');
          expect(own.get(key)?.trim(), `${ns}:${key} (${lng})`).not.toBe('');
          expect(placeholders(own.get(key) ?? ''), `${ns}:${key} (${lng})`).toEqual(placeholders(text));
        }
      });
    }

    for (const lng of ['fr', 'it'] as const) {
      it(`${ns}: no ${lng} string is the English one, unless listed as rightly the same`, () => {
        const own = leaves(module[lng] ?? {});
        const untranslated = [...enLeaves]
          .filter(([key, text]) => own.get(key) === text && !sameAsEnglish[lng].has(text))
          .map(([key, text]) => `${ns}:${key} = ${JSON.stringify(text)}`);
        expect(untranslated).toEqual([]);
      });
    }
  }

  it('the checks above fail on a missing key and on an English string left in French', () => {
    const en = leaves({ a: 'Save', b: { c: 'Close' } });
    const fr = leaves({ a: 'Save' });
    expect([...fr.keys()].sort()).not.toEqual([...en.keys()].sort());
    expect(fr.get('a') === en.get('a') && !sameAsEnglish.fr.has('Save')).toBe(true);
  });
});
