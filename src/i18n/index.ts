import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { localeModules } from './resources.ts';

/** The languages of the app; any other browser language gets German, the language of most Swiss practices. */
export const languages = ['de', 'fr', 'it', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'de';

/** Language names are written in their own language (settings and sign-in page). */
export const languageNames: Record<Language, string> = {
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  en: 'English',
};

/** The Swiss locale of each language, for Intl formats (weekday and month names, numbers). */
export const swissLocales: Record<Language, string> = {
  de: 'de-CH',
  fr: 'fr-CH',
  it: 'it-CH',
  en: 'en-CH',
};

/** Only a language chosen (settings, sign-in page) is stored; otherwise the browser's language applies on every visit. */
const STORAGE_KEY = 'praxis.language';

const modules = localeModules();
const resources = Object.fromEntries(
  languages.map((lng) => [lng, Object.fromEntries(Object.entries(modules).map(([ns, m]) => [ns, m[lng]]))]),
);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

i18n.on('languageChanged', () => {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: Object.keys(modules),
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: [...languages],
    fallbackLng: defaultLanguage,
    // The resources are bundled: ready at once, no Suspense.
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEY,
      caches: [],
      // fr-CH -> fr; a language the app does not have (es, pt-BR, …) -> German.
      convertDetectedLanguage: (lng) => {
        const base = lng.split('-')[0].toLowerCase();
        return isLanguage(base) ? base : defaultLanguage;
      },
    },
  });

/** The language in use: `de`, `fr`, `it` or `en`. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage;
  return isLanguage(lng) ? lng : defaultLanguage;
}

/** Chosen in settings or on the sign-in page: kept on this device and applied at once. */
export function setLanguage(lng: Language): Promise<unknown> {
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Without storage the choice lasts until the page is reloaded.
  }
  return i18n.changeLanguage(lng);
}

export { i18n };
