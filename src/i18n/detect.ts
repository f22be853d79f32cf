/**
 * Which language this device uses, without i18next: the entry (boot.ts) needs it before the app's code has loaded,
 * to fetch the first page's strings early.
 */

/** The languages of the app; any other browser language gets German, the language of most Swiss practices. */
export const languages = ['de', 'fr', 'it', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'de';

/** Only a language chosen (settings, sign-in page) is stored; otherwise the browser's language applies on every visit. */
const STORAGE_KEY = 'praxis.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The language of this device: the one chosen here (stored), else the browser's first; fr-CH gives fr, a language the
 * app does not have (es, pt-BR, …) German. A few lines instead of i18next-browser-languagedetector, which added
 * 6 KB to the first load.
 */
export function detectLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // No storage: the browser's language.
  }
  const first = stored || navigator.languages?.[0] || navigator.language || defaultLanguage;
  const base = first.split('-')[0].toLowerCase();
  return isLanguage(base) ? base : defaultLanguage;
}

/** Kept on this device (a choice in settings or on the sign-in page). Without storage it lasts until a reload. */
export function storeLanguage(lng: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Nothing kept then.
  }
}
