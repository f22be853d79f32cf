import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaces } from '../src/i18n/namespaces.ts';
import {
  checkKeys,
  type Locales,
  type Problem,
  readRepository,
  type Source,
  type Strings,
} from './i18n-keys.ts';

/** Two namespaces in four languages, every key used by the sources below. */
function locales(change: (ns: string, lng: string, strings: Strings) => Strings = (_n, _l, s) => s): Locales {
  const base: Record<string, Strings> = {
    common: { save: 'Save', folder: { open: 'Open', closed: 'Closed' } },
    leads: { title: 'Leads', column: { count_one: '{{count}} lead', count_other: '{{count}} leads' } },
  };
  return new Map(
    Object.entries(base).map(([ns, strings]) => [
      ns,
      new Map(['en', 'de', 'fr', 'it'].map((lng) => [lng, change(ns, lng, structuredClone(strings))])),
    ]),
  );
}

const sources: Source[] = [
  {
    path: 'src/features/leads/board/column.tsx',
    text: `import { useTranslation } from 'react-i18next';
export function Column({ n }: { n: number }) {
  const { t } = useTranslation('leads');
  return <h2 title={t('save')}>{t('title')} {t('column.count', { count: n })}</h2>;
}`,
  },
  {
    path: 'src/components/codes.ts',
    text: `import i18next from 'i18next';
export const folderName = (key: 'open' | 'closed') => i18next.t(\`folder.\${key}\`, { ns: 'common' });`,
  },
];

const kinds = (problems: Problem[]) =>
  problems.map((p) => `${p.kind} ${p.ns}:${p.key}${p.lng ? ` (${p.lng})` : ''}`);

describe('the i18n key check', () => {
  it('passes when every language has the English keys and the code uses each of them', () => {
    expect(checkKeys(locales(), sources)).toEqual([]);
  });

  it('fails on a key the code uses that no language has, naming the file and line', () => {
    const withTypo: Source = {
      path: 'src/features/leads/route.tsx',
      text: "import { useTranslation } from 'react-i18next';\nconst { t } = useTranslation('leads');\nexport const x = t('titel');\n",
    };
    const problems = checkKeys(locales(), [...sources, withTypo]);
    expect(kinds(problems)).toEqual(
      ['en', 'de', 'fr', 'it'].map((lng) => `used-but-missing leads|common:titel (${lng})`),
    );
    expect(problems[0].where).toBe('src/features/leads/route.tsx:3');
  });

  it('fails on a key given an ns option that namespace lacks, even when another namespace has it', () => {
    const wrongNs: Source = {
      path: 'src/features/leads/x.ts',
      text: "import i18n from 'i18next';\nexport const x = i18n.t('title', { ns: 'common' });\n",
    };
    expect(kinds(checkKeys(locales(), [...sources, wrongNs]))).toContain(
      'used-but-missing common:title (en)',
    );
  });

  it("fails on a string in a group of keys that names none (a schema's message handed to t() later)", () => {
    const schema: Source = {
      path: 'src/features/leads/form.ts',
      text: "export const messages = { ok: 'column.count', typo: 'column.cuont', other: 'contact.dob' };\n",
    };
    const problems = checkKeys(locales(), [...sources, schema]);
    expect(kinds(problems)).toEqual(
      ['en', 'de', 'fr', 'it'].map((lng) => `used-but-missing leads|common:column.cuont (${lng})`),
    );
    expect(problems[0].where).toBe('src/features/leads/form.ts:1');
  });

  it('fails on an English key that no code uses', () => {
    const extra = locales((ns, lng, s) => (ns === 'leads' ? { ...s, forgotten: `Forgotten ${lng}` } : s));
    expect(kinds(checkKeys(extra, sources))).toEqual(['unused leads:forgotten']);
  });

  it('counts a key used through a template with a fixed start, and no other key by it', () => {
    const onlyOpen: Source = { ...sources[1], text: "export const k = 'folder.open';" };
    expect(kinds(checkKeys(locales(), [sources[0], onlyOpen]))).toEqual(['unused common:folder.closed']);
  });

  it('fails when a language lacks a key English has, and when it has one English lacks', () => {
    const frLacks = locales((ns, lng, s) => {
      if (ns !== 'common' || lng !== 'fr') return s;
      const { save: _gone, ...rest } = s;
      return { ...rest, sauver: 'Enregistrer' };
    });
    const problems = kinds(checkKeys(frLacks, sources));
    expect(problems).toContain('missing-in-language common:save (fr)');
    expect(problems).toContain('extra-in-language common:sauver (fr)');
    // The key the code uses is then missing in French too.
    expect(problems).toContain('used-but-missing leads|common:save (fr)');
  });

  it('reads this repository: every namespace, the app code without tests, and finds nothing to report', async () => {
    const started = performance.now();
    const { locales: real, sources: code } = await readRepository(join(import.meta.dirname, '..'));
    expect([...real.keys()].sort()).toEqual([...namespaces].sort());
    expect(real.get('leadDetails')?.get('de')?.pageTitle).toBeDefined();
    expect(code.length).toBeGreaterThan(100);
    expect(code.some((s) => s.path.endsWith('.test.ts') || s.path.includes('/locales/'))).toBe(false);
    expect(checkKeys(real, code)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
