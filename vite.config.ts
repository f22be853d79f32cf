import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ModuleInfo } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * `vite build`: a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the highest
 * settings, so that the server sends them as they are (server/compression.ts). index.html is not among them:
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
      const serverModule = new URL('./server/dev-middleware.ts', import.meta.url).href;
      const { createDevMiddleware } = (await import(/* @vite-ignore */ serverModule)) as {
        createDevMiddleware: () => Promise<import('vite').Connect.NextHandleFunction>;
      };
      server.middlewares.use(await createDevMiddleware());
    },
  };
}

/**
 * What every page needs before it shows (the app's shell: app.tsx and i18n/index.ts and all they import, except what
 * index.html's entry already loads) goes into one chunk instead of dozens of small shared ones: fewer requests, each
 * with its headers, and better compression on the first load (issue 16). What only areas, dialogs or deferred parts
 * use keeps the bundler's own splitting. The entry stays apart: main.tsx sets zod up before the shell's schemas run.
 */
type NameOf = (id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }) => string | null;

function shellChunks(): { boot: NameOf; shell: NameOf } {
  const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));
  const shellRoots = new Set([root('./src/app.tsx'), root('./src/i18n/index.ts')]);
  const entryRoots = new Set([root('./src/main.tsx'), root('./index.html')]);
  // A package's index that only re-exports (@mantine/core, the icons) imports every part of it, used or not: a
  // way up through it says nothing about whether the shell uses a part.
  const barrels = new Map<string, boolean>();
  const isBarrel = (info: ModuleInfo) => {
    let known = barrels.get(info.id);
    if (known === undefined) {
      const rest = (info.code ?? 'x')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*(?:export|import)\b[^;]*;?\s*$/gm, '')
        .trim();
      known = info.id.includes('/node_modules/') && rest === '';
      barrels.set(info.id, known);
    }
    return known;
  };
  const boardRoot = root('./src/features/leads/route.tsx');
  const leadsDir = root('./src/features/leads/');
  interface Reach {
    shell: boolean;
    entry: boolean;
    /** Reached from the board's route (the first page)… */
    board: boolean;
    /** …and from a page or part outside the leads area. */
    elsewhere: boolean;
  }
  const memo = new Map<string, Reach>();
  const reach = (id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }): Reach => {
    const known = memo.get(id);
    if (known) return known;
    const out: Reach = { shell: false, entry: false, board: false, elsewhere: false };
    const seen = new Set<string>([id]);
    const todo = [id];
    while (todo.length > 0) {
      const at = todo.pop() as string;
      if (shellRoots.has(at)) out.shell = true;
      if (entryRoots.has(at)) out.entry = true;
      if (at === boardRoot) out.board = true;
      const ups = (ctx.getModuleInfo(at)?.importers ?? []).filter((up) => {
        const info = ctx.getModuleInfo(up);
        return !(info && isBarrel(info));
      });
      // Loaded on its own (an area, a dialog, a deferred part): outside the leads area, another page's.
      if (ups.length === 0 && !at.startsWith(leadsDir) && !shellRoots.has(at) && !entryRoots.has(at)) {
        out.elsewhere = true;
      }
      for (const up of ups) {
        if (!seen.has(up)) {
          seen.add(up);
          todo.push(up);
        }
      }
    }
    memo.set(id, out);
    return out;
  };
  // A part of a package taken through its index (a Mantine component, an icon) has only the index as importer: what
  // uses it is found by name instead, in the imports of the first page's own modules (the shell's and the board's).
  let firstPageNames: Set<string> | null = null;
  const namesOfFirstPage = (ctx: { getModuleInfo(id: string): ModuleInfo | null }) => {
    if (firstPageNames) return firstPageNames;
    const names = new Set<string>();
    const seen = new Set<string>();
    const todo = [...shellRoots, boardRoot];
    while (todo.length > 0) {
      const id = todo.pop() as string;
      if (seen.has(id) || id.includes('/node_modules/')) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      const code = info.code ?? '';
      for (const m of code.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*["'](?:@mantine\/core|@tabler\/icons-react)["']/g,
      )) {
        for (const part of m[1].split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (name) names.add(name);
        }
      }
      todo.push(...info.importedIds);
    }
    firstPageNames = names;
    return names;
  };
  const packagePart =
    /\/node_modules\/(?:@mantine\/core\/esm\/components\/[^/]+|@tabler\/icons-react\/dist\/esm\/icons)\/(\w+)\.mjs$/;

  return {
    boot: (id, ctx) => (reach(id, ctx).entry ? 'boot' : null),
    // The shell, and what the board's first cards share with other pages (small parts: a switch, an icon, the
    // codes): one file instead of a dozen. What only the leads area uses stays in its own chunks.
    shell: (id, ctx) => {
      const r = reach(id, ctx);
      if (r.entry) return null;
      if (r.shell || (r.board && r.elsewhere)) return 'shell';
      const part = packagePart.exec(id);
      return part && namesOfFirstPage(ctx).has(part[1]) ? 'shell' : null;
    },
  };
}

const chunks = shellChunks();

/** `strings-de` for the first page's strings in German (i18n/load.ts loads each namespace file by itself). */
function firstStrings(id: string): string | null {
  const m = /\/src\/(?:i18n\/common|features\/(?:leads|patients|tasks)\/locales)\/([a-z]{2})\.ts$/.exec(id);
  return m ? `strings-${m[1]}` : null;
}

export default defineConfig({
  plugins: [react(), mantineStylesByUse(), practiceService(), precompress(), preloadShell()],
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
          ],
        },
      },
    },
  },
  server: { port: 5173 },
});
