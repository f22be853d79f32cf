/**
 * The app's build leaves out zod's JSON Schema generator (issue 38, docs/decisions/0052): every classic schema
 * carries a `toJSONSchema()` method and a `processJSONSchema` hook, so the generator (`to-json-schema.js`,
 * `json-schema-processors.js`, 4-5 KB brotli) comes into the first load with the first schema, although only the
 * service's OpenAPI document calls it. In the app's build both modules are replaced by stubs with the same exports
 * that throw when called; the service and the tests import the real ones. What the stubs export is read from the
 * real modules at build time, so a zod update that adds an export cannot break the build silently.
 */
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const generator = /\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;

/** Exported names that build a method at schema creation: they return the thrower instead of throwing. */
const makers = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/** The stub of one generator module, given the real module's exports. */
export function stubModule(file: string, real: Record<string, unknown>): string {
  const lines = [
    `const unavailable = () => { throw new Error('zod ${file}: JSON Schema is made by the service, not in the app (decision 0052)'); };`,
  ];
  for (const [name, value] of Object.entries(real)) {
    if (typeof value !== 'function') lines.push(`export const ${name} = {};`);
    else if (makers.has(name)) lines.push(`export const ${name} = () => unavailable;`);
    else lines.push(`export const ${name} = unavailable;`);
  }
  return lines.join('\n');
}

export function zodJsonSchemaOut(): Plugin {
  return {
    name: 'zod-json-schema-out',
    apply: 'build',
    enforce: 'pre',
    load: {
      filter: { id: generator },
      async handler(id, options) {
        if (options?.ssr) return null;
        const m = generator.exec(id);
        if (!m) return null;
        const real = (await import(/* @vite-ignore */ pathToFileURL(id).href)) as Record<string, unknown>;
        return { code: stubModule(`${m[1]}.js`, real), map: null };
      },
    },
  };
}
