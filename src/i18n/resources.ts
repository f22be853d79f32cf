import type { LocaleModule, Strings } from './types.ts';

// Eager, for tests (src/test/setup.ts, locales.test.ts); the app loads the same files one by one (load.ts).
// One file per language and namespace, so that no file grows past a reviewable size:
//   src/i18n/common/<lang>.ts                  -> namespace `common`
//   src/i18n/messages/<lang>.ts                -> namespace `messages` (the app loads it in components/messages.ts)
//   src/features/<area>/locales/<lang>.ts      -> namespace `<area>` (the folder name)
// A namespace may be split into parts (`<lang>-<part>.ts`, e.g. leads/locales/en-details.ts): the parts of a
// language are merged into the one namespace. Each file exports a const named after its language
// (`export const fr: Translation<typeof en> = …`), which makes a missing or extra key a type error.
const files = import.meta.glob<Record<string, Strings>>(
  ['./common/*.ts', './messages/*.ts', '../features/*/locales/*.ts'],
  {
    eager: true,
  },
);

const fileRe = /(?:^\.\/(common|messages)|features\/([^/]+)\/locales)\/([a-z]{2})(?:-[a-z-]+)?\.ts$/;

/** Namespace -> language -> strings: `common` and one per feature folder. */
export function localeModules(): Record<string, LocaleModule> {
  const out: Record<string, LocaleModule> = {};
  for (const [path, mod] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const m = fileRe.exec(path);
    if (!m || path.endsWith('.test.ts')) continue;
    const ns = m[1] ?? m[2];
    const lng = m[3];
    const strings = mod[lng];
    if (!strings) throw new Error(`${path} must export the const \`${lng}\``);
    out[ns] ??= {};
    out[ns][lng] = { ...out[ns][lng], ...strings };
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
