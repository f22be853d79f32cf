import type { Strings } from './types.ts';

// The same files as resources.ts, each its own small chunk, imported only when its language and namespace are needed:
//   src/i18n/common/<lang>.ts                  -> namespace `common`
//   src/features/<area>/locales/<lang>.ts      -> namespace `<area>`, with its parts `<lang>-<part>.ts`
// Nothing but strings in these files (type imports only), so their chunks import nothing back.
const files = import.meta.glob<Record<string, Strings>>([
  './common/*.ts',
  '../features/*/locales/*.ts',
  '!**/*.test.ts',
]);

const fileRe = /(?:^\.\/(common)|features\/([^/]+)\/locales)\/([a-z]{2})(?:-[a-z-]+)?\.ts$/;

/** "<ns>|<lng>" -> the loaders of its files, in path order. Built from the fixed glob, so a lookup is by own key. */
const loaders = new Map<string, (() => Promise<Record<string, Strings>>)[]>();
for (const path of Object.keys(files).sort()) {
  const m = fileRe.exec(path);
  if (!m) continue;
  const key = `${m[1] ?? m[2]}|${m[3]}`;
  const list = loaders.get(key) ?? [];
  list.push(files[path]);
  loaders.set(key, list);
}

/** One namespace's strings in one language, its parts merged; a namespace or language the app lacks is an error. */
export async function loadStrings(lng: string, ns: string): Promise<Strings> {
  const list = loaders.get(`${ns}|${lng}`);
  if (!list) throw new Error(`No strings for namespace ${ns} in ${lng}`);
  const mods = await Promise.all(list.map((load) => load()));
  const out: Strings = {};
  for (const mod of mods) {
    const strings = mod[lng];
    if (!strings) throw new Error(`A locale file of ${ns} does not export the const \`${lng}\``);
    Object.assign(out, strings);
  }
  return out;
}
