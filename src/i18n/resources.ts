import { localeFileOf } from './namespaces.ts';
import type { LocaleModule, Strings } from './types.ts';

// Eager, for tests (src/test/setup.ts, locales.test.ts); the app loads the same files one by one (load.ts). The
// namespaces and their folders are listed in namespaces.ts; each file exports a const named after its language
// (`export const fr: Translation<typeof en> = …`), which makes a missing or extra key a type error.
const files = import.meta.glob<Record<string, Strings>>(
  [
    './common/*.ts',
    './messages/*.ts',
    './gaps/*.ts',
    '../features/*/locales/*.ts',
    '../features/*/*/locales/*.ts',
    '!**/*.test.ts',
  ],
  { eager: true },
);

/** The locale-looking files (`…/locales/<lang>.ts`) of no namespace in namespaces.ts: none, locales.test.ts. */
export const unlistedLocaleFiles = Object.keys(files).filter((path) => !localeFileOf(path));

/** Namespace -> language -> strings. */
export function localeModules(): Record<string, LocaleModule> {
  const out: Record<string, LocaleModule> = {};
  for (const [path, mod] of Object.entries(files)) {
    const file = localeFileOf(path);
    if (!file) continue;
    const strings = mod[file.lng];
    if (!strings) throw new Error(`${path} must export the const \`${file.lng}\``);
    out[file.ns] ??= {};
    out[file.ns][file.lng] = strings;
  }
  return out;
}

/** Tests: every namespace in every language at once, as the app's files would load them one by one. */
export function addAllResources(i18n: {
  addResourceBundle: (lng: string, ns: string, strings: Strings) => unknown;
}) {
  for (const [ns, byLanguage] of Object.entries(localeModules())) {
    for (const [lng, strings] of Object.entries(byLanguage)) i18n.addResourceBundle(lng, ns, strings);
  }
}
