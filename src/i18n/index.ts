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
import { loadPart, loadStrings, shellNamespaces } from './load.ts';
import { formatNumber } from './number.ts';

export { type Language, languages } from './detect.ts';

/** Language names are written in their own language (settings and sign-in page). */
export const languageNames: Record<Language, string> = {
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  en: 'English',
};

/**
 * Only the language in use is loaded, one file per namespace (load.ts). On a language change i18next loads every
 * namespace loaded so far in the new language and only then switches (no flash of the old language's keys).
 */
/** Namespace -> the on-demand parts asked for so far (load.ts): a language change loads them too. */
const partsWanted = new Map<string, Set<string>>();

const backend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, callback: (err: unknown, data: unknown) => void) {
    loadStrings(lng, ns, partsWanted.get(ns)).then(
      (data) => callback(null, data),
      (err: unknown) => callback(err, null),
    );
  },
};

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
  .use(backend)
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

/** "<lng>|<ns>|<part>" of the on-demand parts that are there. */
const partsLoaded = new Set<string>();

/**
 * An area's namespace in the language in use (with an on-demand part of it, load.ts: `loadNamespace('leads',
 * 'details')`), before its route shows (router.tsx). Rejects when its file could not
 * be loaded (offline), so that the area offers to retry instead of showing keys.
 */
export async function loadNamespace(ns: string, part?: string): Promise<void> {
  const lng = currentLanguage();
  if (part !== undefined) {
    // From now on a language change loads the part with its namespace.
    const parts = partsWanted.get(ns) ?? new Set<string>();
    parts.add(part);
    partsWanted.set(ns, parts);
    const key = `${lng}|${ns}|${part}`;
    if (partsLoaded.has(key)) return;
    await loadNamespace(ns);
    i18n.addResourceBundle(lng, ns, await loadPart(lng, ns, part), true, true);
    partsLoaded.add(key);
    return;
  }
  if (i18n.hasResourceBundle(lng, ns)) return;
  // reloadResources, not loadNamespaces: i18next keeps a failed load (offline) as failed for good and would never
  // ask for the file again, so the area's retry after the connection is back would fail too.
  await i18n.reloadResources([lng], [ns]);
  if (!i18n.hasResourceBundle(lng, ns)) throw new Error(`The strings of ${ns} did not load`);
}

export { i18n };
