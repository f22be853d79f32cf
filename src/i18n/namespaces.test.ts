import type { CustomTypeOptions } from 'i18next';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isNamespace, localeFileOf, type Namespace, namespaces } from './namespaces.ts';
import { localeModules, unlistedLocaleFiles } from './resources.ts';

describe('the one list of namespaces', () => {
  it('is what the typed keys name (i18next.d.ts): tsc fails here when one list has a namespace the other lacks', () => {
    expectTypeOf<keyof CustomTypeOptions['resources']>().toEqualTypeOf<Namespace>();
  });

  it('holds every locale file of the app, and each of its namespaces has the four languages', () => {
    expect(unlistedLocaleFiles).toEqual([]);
    const modules = localeModules();
    for (const ns of namespaces)
      expect(Object.keys(modules[ns] ?? {}).sort(), ns).toEqual(['de', 'en', 'fr', 'it']);
  });

  it('reads a namespace and a language from a path, by the folder, nothing else', () => {
    expect(localeFileOf('/repo/src/features/leads/details/locales/fr.ts')).toEqual({
      ns: 'leadDetails',
      lng: 'fr',
    });
    expect(localeFileOf('../features/leads/locales/de.ts')).toEqual({ ns: 'leads', lng: 'de' });
    expect(localeFileOf('src/i18n/common/it.ts')).toEqual({ ns: 'common', lng: 'it' });
    expect(localeFileOf('./common/en.ts')).toEqual({ ns: 'common', lng: 'en' });
    expect(localeFileOf('src/features/leads/board/locales/de.ts')).toBeUndefined();
    expect(localeFileOf('src/features/leads/locales/de-details.ts')).toBeUndefined();
    expect(localeFileOf('src/features/leads/route.tsx')).toBeUndefined();
    expect(isNamespace('leadDetails')).toBe(true);
    expect(isNamespace('__proto__')).toBe(false);
    expect(isNamespace('toString')).toBe(false);
  });
});
