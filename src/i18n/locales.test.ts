import { describe, expect, it } from 'vitest';
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

describe('translations', () => {
  it('load common, the sign-in and settings pages and every area under their folder names', () => {
    expect(Object.keys(modules)).toEqual(
      expect.arrayContaining([
        'common',
        'sign-in',
        'settings',
        'leads',
        'tasks',
        'patients',
        'labor',
        'stats',
      ]),
    );
  });

  for (const [ns, { en, de }] of Object.entries(modules)) {
    if (!en || !de) throw new Error(`${ns}: no English or German strings`);
    it(`${ns}: German has every English key, no other, none empty, the same placeholders`, () => {
      const enLeaves = leaves(en);
      const deLeaves = leaves(de);
      expect([...deLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
      for (const [key, text] of enLeaves) {
        expect(text.trim(), `${ns}:${key} (en)`).not.toBe('');
        expect(deLeaves.get(key)?.trim(), `${ns}:${key} (de)`).not.toBe('');
        expect(placeholders(deLeaves.get(key) ?? ''), `${ns}:${key}`).toEqual(placeholders(text));
      }
    });
  }
});
