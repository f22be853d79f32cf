import { describe, expect, it } from 'vitest';
import { loadPart, loadStrings } from './load.ts';
import { localeModules } from './resources.ts';

describe('loading one namespace in one language', () => {
  it('gives the same strings as all files at once, parts merged (leads and its details part)', async () => {
    const all = localeModules();
    for (const [ns, lng] of [
      ['leads', 'fr'],
      ['common', 'de'],
      ['labor', 'it'],
    ] as const) {
      expect(await loadStrings(lng, ns, new Set(['details']))).toEqual(all[ns][lng]);
    }
    const leads = await loadStrings('en', 'leads', new Set(['details']));
    expect(leads.title).toBe('Leads');
    expect((leads.details as Record<string, unknown>).pageTitle).toBe('Lead #{{id}}');
  });

  it('leaves an on-demand part out until it is asked for, and loads it alone', async () => {
    const board = await loadStrings('de', 'leads');
    expect(board.title).toBe(localeModules().leads.de.title);
    expect(board.details).toBeUndefined();
    const part = await loadPart('de', 'leads', 'details');
    expect(part.details).toEqual(localeModules().leads.de.details);
    expect(part.title).toBeUndefined();
    await expect(loadPart('de', 'leads', 'nope')).rejects.toThrow(/nope/);
    await expect(loadPart('de', '__proto__', 'details')).rejects.toThrow();
  });

  it('refuses a namespace or a language the app does not have', async () => {
    await expect(loadStrings('en', 'nope')).rejects.toThrow(/nope/);
    await expect(loadStrings('es', 'common')).rejects.toThrow(/es/);
    await expect(loadStrings('en', '__proto__')).rejects.toThrow();
  });
});
