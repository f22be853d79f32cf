import type { BackendModule, ReadCallback } from 'i18next';
import { localeFileOf, type Namespace } from './namespaces.ts';
import type { Strings } from './types.ts';

// The locale files of namespaces.ts, each its own small chunk, imported only when its language and namespace are
// needed. Nothing but strings in these files (type imports only), so their chunks import nothing back.
const files = import.meta.glob<Record<string, Strings>>([
  './common/*.ts',
  './messages/*.ts',
  './gaps/*.ts',
  '../features/*/locales/*.ts',
  '../features/*/*/locales/*.ts',
  '!**/*.test.ts',
]);

/** "<ns>|<lng>" -> its file's loader. Built from the fixed glob, so a lookup is by own key. */
const loaders = new Map<string, () => Promise<Record<string, Strings>>>();
for (const [path, load] of Object.entries(files)) {
  const file = localeFileOf(path);
  if (file) loaders.set(`${file.ns}|${file.lng}`, load);
}

/** One namespace's strings in one language; a namespace or language the app lacks is an error. */
export async function loadStrings(lng: string, ns: Namespace | string): Promise<Strings> {
  const load = loaders.get(`${ns}|${lng}`);
  if (!load) throw new Error(`No strings for namespace ${ns} in ${lng}`);
  const strings = (await load())[lng];
  if (!strings) throw new Error(`The strings of ${ns} do not export the const \`${lng}\``);
  return strings;
}

/**
 * i18next's backend (index.ts): i18next asks for a namespace in a language (`loadNamespaces`, a language change,
 * `useTranslation(ns)`), this reads its one file. Rejects offline; i18next then keeps the namespace unloaded.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  // read(language, namespace, callback), said, not guessed from its parameters.
  callbackApi: true,
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    loadStrings(lng, ns).then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};
