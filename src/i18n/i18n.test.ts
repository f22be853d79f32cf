import { afterAll, describe, expect, it, vi } from 'vitest';
import { currentLanguage, i18n, loadNamespace, setLanguage } from './index.ts';
import { localeBackend } from './load.ts';
import { localeModules } from './resources.ts';

describe('i18n', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('switches the language, keeps the choice and sets <html lang>', async () => {
    await setLanguage('de');
    expect(i18n.t('nav.tasks')).toBe('Aufgaben');
    expect(i18n.t('title', { ns: 'settings' })).toBe('Einstellungen');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem('praxis.language')).toBe('de');

    await setLanguage('en');
    expect(i18n.t('nav.tasks')).toBe('Tasks');
    expect(document.documentElement.lang).toBe('en');
  });

  it('loads a namespace only when asked, through the backend, and again in the new language after a change', async () => {
    const read = vi.spyOn(localeBackend, 'read');
    try {
      await setLanguage('it');
      for (const lng of ['it', 'fr']) {
        i18n.removeResourceBundle(lng, 'leads');
        i18n.removeResourceBundle(lng, 'leadDetails');
      }
      const asked = () => read.mock.calls.map(([lng, ns]) => `${lng}|${ns}`);
      await loadNamespace('leads');
      expect(i18n.t('title', { ns: 'leads' })).toBe(localeModules().leads.it.title);
      // The board's strings came alone: the lead page's did not come with them.
      expect(asked()).toEqual(['it|leads']);
      expect(i18n.hasResourceBundle('it', 'leadDetails')).toBe(false);
      expect(i18n.t('pageTitle', { ns: 'leadDetails', id: 7 })).toBe('pageTitle');

      await loadNamespace('leads', 'leadDetails');
      expect(asked()).toEqual(['it|leads', 'it|leadDetails']);
      expect(i18n.t('pageTitle', { ns: 'leadDetails', id: 7 })).toBe(
        (localeModules().leadDetails.it.pageTitle as string).replace('{{id}}', '7'),
      );
      // Loaded once: asking again reads nothing.
      await loadNamespace('leadDetails');
      expect(asked()).toHaveLength(2);

      // French was never loaded: the change loads both namespaces in French before it switches.
      await setLanguage('fr');
      expect(asked()).toEqual(expect.arrayContaining(['fr|leads', 'fr|leadDetails']));
      expect(i18n.t('pageTitle', { ns: 'leadDetails', id: 7 })).toBe(
        (localeModules().leadDetails.fr.pageTitle as string).replace('{{id}}', '7'),
      );
      expect(i18n.t('title', { ns: 'leads' })).toBe('Prospects');
    } finally {
      read.mockRestore();
      await setLanguage('en');
    }
  });

  it('fails clearly for a namespace whose file does not come, and asks for it again on the next try', async () => {
    await setLanguage('de');
    i18n.removeResourceBundle('de', 'leadDetails');
    const read = vi.spyOn(localeBackend, 'read').mockImplementation((_lng, _ns, callback) => {
      callback(new Error('offline'), false);
    });
    try {
      await expect(loadNamespace('leadDetails')).rejects.toThrow(/leadDetails did not load/);
      expect(i18n.hasResourceBundle('de', 'leadDetails')).toBe(false);
      read.mockRestore();
      // Back online: the retry reads the file again (i18next alone would keep the failed load as failed).
      await loadNamespace('leadDetails');
      expect(i18n.t('pageTitle', { ns: 'leadDetails', id: 3 })).toBe('Lead #3');
    } finally {
      read.mockRestore();
      await setLanguage('en');
    }
  });

  it('types t() keys by the English strings (i18next.d.ts): a key no language has does not compile', () => {
    // @ts-expect-error tsc fails here when keys are not typed (the key is in no namespace).
    expect(i18n.t('nav.noSuchKey')).toBe('nav.noSuchKey');
    // @ts-expect-error a key of another namespace without its ns.
    expect(i18n.t('pageTitle', { id: 1 })).toBe('pageTitle');
    // @ts-expect-error the lead page's key is not the board's.
    expect(i18n.t('pageTitle', { ns: 'leads', id: 1 })).toBe('pageTitle');
    expect(i18n.t('pageTitle', { ns: 'leadDetails', id: 1 })).not.toBe('pageTitle');
  });

  it('reads a regional browser language as its language (de-CH is German)', async () => {
    await i18n.changeLanguage('de-CH');
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('nav.patients')).toBe('Patienten');
  });

  it('speaks French and Italian, and sets <html lang> to them', async () => {
    await setLanguage('fr');
    expect(i18n.t('nav.recalls')).toBe('Rappels');
    expect(i18n.t('title', { ns: 'leads' })).toBe('Prospects');
    expect(document.documentElement.lang).toBe('fr');
    await setLanguage('it');
    expect(i18n.t('nav.recalls')).toBe('Richiami');
    expect(document.documentElement.lang).toBe('it');
    expect(window.localStorage.getItem('praxis.language')).toBe('it');
  });

  it('reads fr-CH and it-CH as French and Italian, and any other language as German', async () => {
    await i18n.changeLanguage('fr-CH');
    expect(currentLanguage()).toBe('fr');
    await i18n.changeLanguage('it-CH');
    expect(currentLanguage()).toBe('it');
    await i18n.changeLanguage('es-ES');
    expect(currentLanguage()).toBe('de');
    expect(i18n.t('nav.tasks')).toBe('Aufgaben');
    expect(document.documentElement.lang).toBe('de');
  });

  it('takes German for a browser language it does not have', () => {
    const detector = i18n.services.languageDetector as {
      detect: () => string | readonly string[] | undefined;
    };
    const original = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['pt-BR'], configurable: true });
    window.localStorage.removeItem('praxis.language');
    try {
      const detected = detector.detect();
      expect(Array.isArray(detected) ? detected[0] : detected).toBe('de');
    } finally {
      if (original) Object.defineProperty(window.navigator, 'languages', original);
      else Reflect.deleteProperty(window.navigator, 'languages');
    }
  });

  it("takes the language chosen on this device first, else the browser's first language by its base", () => {
    const detector = i18n.services.languageDetector as {
      detect: () => string | readonly string[] | undefined;
    };
    const original = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['fr-CH', 'en'], configurable: true });
    const stored = window.localStorage.getItem('praxis.language');
    try {
      window.localStorage.setItem('praxis.language', 'it');
      expect(detector.detect()).toBe('it');
      window.localStorage.removeItem('praxis.language');
      expect(detector.detect()).toBe('fr');
    } finally {
      if (original) Object.defineProperty(window.navigator, 'languages', original);
      else Reflect.deleteProperty(window.navigator, 'languages');
      if (stored === null) window.localStorage.removeItem('praxis.language');
      else window.localStorage.setItem('praxis.language', stored);
    }
  });

  it('writes numbers in placeholders with the apostrophe in every language, identifiers as they are', async () => {
    for (const lng of ['de', 'fr', 'it', 'en'] as const) {
      await setLanguage(lng);
      i18n.addResource(
        lng,
        'common',
        'zzNumbers',
        '{{shown}}/{{total}} {{size}} {{patid}} {{year}} {{n, plain}} {{name}}',
      );
      // A key added here, not in the typed strings.
      const untyped = i18n.t as (key: string, options: Record<string, unknown>) => string;
      expect(
        untyped('zzNumbers', {
          shown: 50,
          total: 1554,
          size: 19.6,
          patid: 12345,
          year: 2026,
          n: 4711,
          name: '1000',
        }),
      ).toBe("50/1'554 19.6 12345 2026 4711 1000");
    }
    await setLanguage('de');
    // A plural's count is grouped too, and still picks the plural form.
    expect(i18n.t('todayBadge.late', { count: 1554 })).toBe(
      (localeModules().common.de.todayBadge as Record<string, string>).late_other.replace(
        '{{count}}',
        "1'554",
      ),
    );
    await setLanguage('en');
  });
});
