import 'dayjs/locale/de';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { localeModules } from './resources.ts';

export const languages = ['de', 'en'] as const;
export type Language = (typeof languages)[number];

/** Only a language chosen in settings is stored; otherwise the browser's language applies on every visit. */
const STORAGE_KEY = 'praxis.language';

const modules = localeModules();
const resources = Object.fromEntries(
  languages.map((lng) => [lng, Object.fromEntries(Object.entries(modules).map(([ns, m]) => [ns, m[lng]]))]),
);

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
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
    fallbackLng: 'en',
    // The resources are bundled: ready at once, no Suspense.
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEY,
      caches: [],
      convertDetectedLanguage: (lng) => lng.split('-')[0].toLowerCase(),
    },
  });

/** The language in use: `de` or `en`. */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'de' ? 'de' : 'en';
}

/** Chosen in settings: kept on this device and applied at once. */
export function setLanguage(lng: Language): Promise<unknown> {
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Without storage the choice lasts until the page is reloaded.
  }
  return i18n.changeLanguage(lng);
}

export { i18n };
