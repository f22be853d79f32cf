import { describe, expect, it } from 'vitest';
import { loadStrings, localeBackend } from './load.ts';
import { namespaces } from './namespaces.ts';
import { localeModules } from './resources.ts';

/** What the backend hands i18next for one namespace in one language. */
function read(lng: string, ns: string): Promise<{ err: unknown; data: unknown }> {
  return new Promise((resolve) => {
    localeBackend.read(lng, ns, (err, data) => resolve({ err, data }));
  });
}

describe('the backend: one namespace in one language, one file', () => {
  it('gives the same strings as the eager files, for every namespace of namespaces.ts', async () => {
    const all = localeModules();
    expect(Object.keys(all).sort()).toEqual([...namespaces].sort());
    for (const [ns, lng] of [
      ['leads', 'fr'],
      ['leadDetails', 'it'],
      ['common', 'de'],
      ['labor', 'en'],
    ] as const) {
      const { err, data } = await read(lng, ns);
      expect(err).toBeNull();
      expect(data).toEqual(all[ns][lng]);
    }
  });

  it("keeps the lead page's strings out of the board's namespace", async () => {
    const board = await loadStrings('de', 'leads');
    expect(board.title).toBe(localeModules().leads.de.title);
    expect(board.pageTitle).toBeUndefined();
    const page = await loadStrings('de', 'leadDetails');
    expect(page.pageTitle).toBe('Lead #{{id}}');
    expect(page.title).toBeUndefined();
  });

  it('refuses a namespace or a language the app does not have, naming it', async () => {
    for (const [lng, ns, named] of [
      ['en', 'nope', /nope/],
      ['es', 'common', /es/],
      ['en', '__proto__', /__proto__/],
      ['en', 'constructor', /constructor/],
    ] as const) {
      const { err, data } = await read(lng, ns);
      expect(err).toBeInstanceOf(Error);
      expect(String(err)).toMatch(named);
      expect(data).toBe(false);
    }
    await expect(loadStrings('es', 'leads')).rejects.toThrow(/es/);
  });
});
