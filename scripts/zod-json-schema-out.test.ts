import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stubModule } from './zod-json-schema-out.ts';

const zodDir = dirname(createRequire(import.meta.url).resolve('zod/package.json'));

describe("the app build's stubs of zod's JSON Schema generator", () => {
  for (const file of ['to-json-schema.js', 'json-schema-processors.js']) {
    it(`export what ${file} exports, and throw when called`, async () => {
      const real = (await import(pathToFileURL(join(zodDir, 'v4/core', file)).href)) as Record<
        string,
        unknown
      >;
      const code = stubModule(file, real);
      const stub = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<
        string,
        unknown
      >;
      expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort());
      for (const [name, value] of Object.entries(stub)) {
        if (typeof value !== 'function') continue;
        const call = name.startsWith('create') ? (value as () => () => unknown)() : value;
        expect(() => (call as () => unknown)()).toThrow(/JSON Schema is made by the service/);
      }
    });
  }
});
