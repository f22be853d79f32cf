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

/**
 * The namespaces of the shell (navigation, global patient search, overdue badge), loaded before the first render.
 * An area's own namespace is loaded by its route before the area shows (router.tsx), so no key ever flashes.
 */
export const shellNamespaces = ['common', 'patients', 'tasks'] as const;

const fileRe = /(?:^\.\/(common)|features\/([^/]+)\/locales)\/([a-z]{2})(?:-([a-z-]+))?\.ts$/;

/**
 * Parts of a namespace that load only when asked for (`loadStrings(…, parts)`), not with the namespace: the lead
 * page's strings (`leads/locales/<lang>-details.ts`) are not needed by the board's first cards.
 */
export const onDemandParts: ReadonlySet<string> = new Set(['details']);

interface Loader {
  part: string | undefined;
  load: () => Promise<Record<string, Strings>>;
}

/** "<ns>|<lng>" -> the loaders of its files, in path order. Built from the fixed glob, so a lookup is by own key. */
const loaders = new Map<string, Loader[]>();
for (const path of Object.keys(files).sort()) {
  const m = fileRe.exec(path);
  if (!m) continue;
  const key = `${m[1] ?? m[2]}|${m[3]}`;
  const list = loaders.get(key) ?? [];
  list.push({ part: m[4], load: files[path] });
  loaders.set(key, list);
}

/**
 * One namespace's strings in one language, its parts merged (those of `onDemandParts` only when named in `parts`);
 * a namespace or language the app lacks is an error.
 */
export async function loadStrings(
  lng: string,
  ns: string,
  parts: ReadonlySet<string> = new Set(),
): Promise<Strings> {
  const list = loaders.get(`${ns}|${lng}`);
  if (!list) throw new Error(`No strings for namespace ${ns} in ${lng}`);
  const wanted = list.filter((l) => l.part === undefined || !onDemandParts.has(l.part) || parts.has(l.part));
  const mods = await Promise.all(wanted.map((l) => l.load()));
  const out: Strings = {};
  for (const mod of mods) {
    const strings = mod[lng];
    if (!strings) throw new Error(`A locale file of ${ns} does not export the const \`${lng}\``);
    Object.assign(out, strings);
  }
  return out;
}

/** One on-demand part of a namespace in one language (rejects offline, or when there is no such part). */
export async function loadPart(lng: string, ns: string, part: string): Promise<Strings> {
  const loader = loaders.get(`${ns}|${lng}`)?.find((l) => l.part === part);
  if (!loader) throw new Error(`No part ${part} of ${ns} in ${lng}`);
  const strings = (await loader.load())[lng];
  if (!strings) throw new Error(`The part ${part} of ${ns} does not export the const \`${lng}\``);
  return strings;
}
