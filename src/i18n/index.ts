import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  detectLanguage,
  isLanguage,
  type Language,
  languages,
  storeLanguage,
} from './detect.ts';
import { localeBackend } from './load.ts';
import { type Namespace, shellNamespaces } from './namespaces.ts';
import { formatNumber } from './number.ts';

export { type Language, languages } from './detect.ts';

/** Language names are written in their own language (settings and sign-in page). */
export const languageNames: Record<Language, string> = {
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  en: 'English',
};

// Only the language in use is loaded, one file per namespace, by i18next's backend (load.ts). On a language change
// i18next loads every namespace loaded so far in the new language and only then switches (no flash of the old
// language's keys).

/**
 * Placeholders that carry a number are written by formatNumber (`1'554`, `19.6`): interpolation is told to format
 * every value (alwaysFormat), and this formatter takes numbers only. Identifiers are numbers too but no amounts:
 * a patient number or a year is written as it is (`Nr. 12345`, `2026`); so is `{{x, plain}}`.
 */
const identifierKeys = new Set(['id', 'patid', 'leadId', 'year', 'week', 'key', 'tenant', 'user', 'lead']);
export function formatPlaceholder(
  value: unknown,
  format: string | undefined,
  key: string | undefined,
): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value) || format === 'plain') return value;
  if (!format && key !== undefined && identifierKeys.has(key)) return value;
  return formatNumber(value);
}

const numberFormatter = {
  type: 'formatter' as const,
  init() {},
  format: (
    value: unknown,
    format: string | undefined,
    _lng: string | undefined,
    options?: { interpolationkey?: string },
  ) => formatPlaceholder(value, format, options?.interpolationkey),
  add() {},
  addCached() {},
};

const languageDetector = {
  type: 'languageDetector' as const,
  init() {},
  detect: detectLanguage,
  cacheUserLanguage() {},
};

i18n.on('languageChanged', () => {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
});

/** Resolves once the shell's strings in the detected language are there (main.tsx waits for it). */
export const i18nReady: Promise<unknown> = i18n
  .use(languageDetector)
  .use(localeBackend)
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    ns: [...shellNamespaces],
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: [...languages],
    // Every language has every key (locales.test.ts), so a language of the app needs no other one beside it; only a
    // language the app does not have falls back to German.
    fallbackLng: (code?: string) =>
      code && isLanguage(code.split('-')[0].toLowerCase()) ? [] : [defaultLanguage],
    initAsync: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    react: { useSuspense: false },
  });

/** The language in use: `de`, `fr`, `it` or `en`. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage;
  return isLanguage(lng) ? lng : defaultLanguage;
}

/** Chosen in settings or on the sign-in page: kept on this device and applied at once. */
export function setLanguage(lng: Language): Promise<unknown> {
  storeLanguage(lng);
  return i18n.changeLanguage(lng);
}

/**
 * Namespaces in the language in use, before the screen that speaks them shows: an area's by its route (router.tsx),
 * a part's or a dialog's with its code (`lazyPart`). Rejects when a file could not be loaded (offline), so that
 * the area or part offers to retry (components/load-later.ts) instead of showing keys.
 */
export async function loadNamespace(...names: Namespace[]): Promise<void> {
  const lng = currentLanguage();
  const missing = names.filter((ns) => !i18n.hasResourceBundle(lng, ns));
  if (missing.length === 0) return;
  // Remembered, so that a language change loads them too (i18next loads its `ns` in the new language).
  await i18n.loadNamespaces(missing);
  // A load that failed (offline) stays failed in i18next: it would never ask for the file again, so the retry
  // after the connection is back asks anew.
  const failed = missing.filter((ns) => !i18n.hasResourceBundle(lng, ns));
  if (failed.length > 0) await i18n.reloadResources([lng], failed);
  const still = failed.filter((ns) => !i18n.hasResourceBundle(lng, ns));
  if (still.length > 0) throw new Error(`The strings of ${still.join(', ')} did not load`);
}

export { i18n };
