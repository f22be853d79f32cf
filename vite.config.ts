import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstStrings, shellChunks } from './scripts/chunks.ts';
import { stripContractDocs } from './scripts/contract-docs.ts';
import { zodJsonSchemaOut } from './scripts/zod-json-schema-out.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * `vite build`: a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the highest
 * settings, so that the server sends them as they are (server/host/compression.ts). index.html is not among them:
 * the server fills in a nonce per answer and compresses it then.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const names = await readdir(dir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        names
          .filter((n) => /\.(js|mjs|css|svg|json|webmanifest|txt)$/.test(n))
          .map(async (name) => {
            const path = join(dir, name);
            const data = await readFile(path);
            if (data.byteLength < 1024) return;
            const [b, g] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
                },
              }),
              gz(data, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, b), writeFile(`${path}.gz`, g)]);
          }),
      );
    },
  };
}

/**
 * index.html asks for the shell chunk beside the entry (modulepreload): every page needs it, and otherwise the
 * browser learns of it only once the entry has run (issue 16, the first page sooner).
 */
function preloadShell(): Plugin {
  return {
    name: 'preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const shell = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'shell');
        if (!shell) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${shell.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Only the Mantine CSS that is used, and with the code that uses it (issue 16). Every Mantine component reads its
 * class names from its own `<Name>.module.mjs`; the build makes that module import the component's stylesheet
 * (`@mantine/core/styles/<Name>.layer.css`). A component the app never renders is left out of the bundle and its
 * styles with it, and a component that only an area uses brings its styles with that area's chunk. Mantine's rules
 * are in the `mantine` cascade layer, so the app's own (unlayered) rules win whatever order the files load in.
 * `npm run dev` takes the whole package instead (src/mantine.css): its dependencies are pre-bundled, past plugins.
 */
function mantineStylesByUse(): Plugin {
  const classNames = /\/@mantine\/core\/esm\/(?:[^/]+\/)*(\w+)\.module\.mjs$/;
  let serving = false;
  return {
    name: 'mantine-styles-by-use',
    // Before Vite's own CSS handling, which turns src/mantine.css into a module under `npm run dev`.
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform: {
      filter: { id: /\.(?:module\.mjs|css)(?:\?.*)?$/ },
      handler(code, id) {
        if (serving) {
          return id.split('?')[0] === mantineGlobals ? '@import "@mantine/core/styles.layer.css";\n' : null;
        }
        const m = classNames.exec(id);
        return m ? { code: `import '@mantine/core/styles/${m[1]}.layer.css';\n${code}`, map: null } : null;
      },
    },
  };
}
const mantineGlobals = fileURLToPath(new URL('./src/mantine.css', import.meta.url));

/**
 * `npm run dev`: the reference service is mounted at /v1 inside the Vite dev server, so the app and the
 * API share one origin just as under `npm start`. Loaded lazily so that `vite build` never opens a database.
 */
function practiceService(): Plugin {
  return {
    name: 'practice-service',
    apply: 'serve',
    async configureServer(server) {
      // Beside this file: the config runs from a bundled copy elsewhere, so a bare relative path would miss it.
      const serverModule = new URL('./server/host/dev-middleware.ts', import.meta.url).href;
      const { createDevMiddleware } = (await import(/* @vite-ignore */ serverModule)) as {
        createDevMiddleware: () => Promise<import('vite').Connect.NextHandleFunction>;
      };
      server.middlewares.use(await createDevMiddleware());
    },
  };
}

// Which modules go into the entry's chunk, the shell's, and the first page's strings: scripts/chunks.ts.
const chunks = shellChunks(fileURLToPath(new URL('.', import.meta.url)));

/**
 * The app's build leaves out what only the OpenAPI document reads: operations' `summary` and `rules`, schemas'
 * `.meta()` (scripts/contract-docs.ts; the service and `npm run dev`'s service read the whole contract).
 */
function contractDocsOut(): Plugin {
  const contract = `${fileURLToPath(new URL('./contract/', import.meta.url))}`;
  return {
    name: 'contract-docs-out',
    apply: 'build',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !id.startsWith(contract) || !id.endsWith('.ts') || id.endsWith('.test.ts'))
        return null;
      return { code: stripContractDocs(code), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    contractDocsOut(),
    zodJsonSchemaOut(),
    mantineStylesByUse(),
    practiceService(),
    precompress(),
    preloadShell(),
  ],
  // Source maps stay beside the build for whoever reads a stack trace, never linked from the files; the server
  // refuses .map addresses.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The strings the first page needs (the shell's namespaces and the board's), one file per language.
            { name: firstStrings, debugName: 'first-strings', priority: 3 },
            // First, so that the shell's group does not take the entry's modules along as its dependencies.
            { name: chunks.boot, debugName: 'boot', priority: 2 },
            { name: chunks.shell, debugName: 'shell', priority: 1 },
            // Each first page's route with all it needs beyond the shell, one file each (issue 38).
            { name: chunks.leads, debugName: 'leads-first', priority: 1 },
            { name: chunks.today, debugName: 'today-first', priority: 1 },
          ],
        },
      },
    },
  },
  // Module workers (extract-client.ts starts them with type 'module'), so that a worker's dynamic import stays its
  // own file: the accounting worker loads exceljs only when a workbook is asked for (components/xlsx.ts).
  worker: { format: 'es' },
  server: { port: 5173 },
});
