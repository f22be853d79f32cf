import * as common from './common.ts';
import type { LocaleModule } from './types.ts';

// Every feature's strings, under the namespace of its folder name (src/features/tasks/locales.ts -> `tasks`).
// A feature may split its strings (`locales-details.ts`): the parts are merged into the one namespace.
const featureModules = import.meta.glob<LocaleModule>('../features/*/locales{,-*}.ts', { eager: true });

/** Namespace -> {en, de}: `common` and one per feature folder. */
export function localeModules(): Record<string, LocaleModule> {
  const out: Record<string, LocaleModule> = { common };
  for (const [path, mod] of Object.entries(featureModules).sort(([a], [b]) => a.localeCompare(b))) {
    const ns = /features\/([^/]+)\/locales(?:-[a-z-]+)?\.ts$/.exec(path)?.[1];
    if (!ns) continue;
    const prev = out[ns];
    out[ns] = prev
      ? { en: { ...prev.en, ...mod.en }, de: { ...prev.de, ...mod.de } }
      : { en: mod.en, de: mod.de };
  }
  return out;
}
