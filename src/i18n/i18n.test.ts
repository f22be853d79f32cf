import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './index.ts';

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

  it('reads a regional browser language as its language (de-CH is German)', async () => {
    await i18n.changeLanguage('de-CH');
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('nav.patients')).toBe('Patienten');
  });
});
