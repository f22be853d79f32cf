import { describe, expect, it } from 'vitest';
import { loadStrings } from './load.ts';
import { localeModules } from './resources.ts';

describe('loading one namespace in one language', () => {
  it('gives the same strings as all files at once, parts merged (leads and its details part)', async () => {
    const all = localeModules();
    for (const [ns, lng] of [
      ['leads', 'fr'],
      ['common', 'de'],
      ['labor', 'it'],
    ] as const) {
      expect(await loadStrings(lng, ns)).toEqual(all[ns][lng]);
    }
    const leads = await loadStrings('en', 'leads');
    expect(leads.title).toBe('Leads');
    expect((leads.details as Record<string, unknown>).pageTitle).toBe('Lead #{{id}}');
  });

  it('refuses a namespace or a language the app does not have', async () => {
    await expect(loadStrings('en', 'nope')).rejects.toThrow(/nope/);
    await expect(loadStrings('es', 'common')).rejects.toThrow(/es/);
    await expect(loadStrings('en', '__proto__')).rejects.toThrow();
  });
});
