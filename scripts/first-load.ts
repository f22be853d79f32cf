/**
 * `npm run lint:first-load`: fails when the board's first load (the JavaScript before its first cards, brotli as the
 * server sends it) passes 200 KB (issue 16, docs/decisions/0016-first-load.md).
 *
 * Builds the app into a temporary folder (or reads `--dist <dir>`, a build made with `--manifest`), then walks the
 * manifest as the browser loads the board: index.html's entry and its static imports, what main.tsx imports before
 * anything shows (app.tsx, i18n/index.ts), the board's route (main.tsx fetches it beside the shell on /leads) and the
 * first page's strings, each with their static imports. Dynamic imports (deferred parts, dialogs, other areas) load
 * later and are not counted. Every file is measured as served: brotli at the highest quality from 1 KB up
 * (vite.config.ts precompress), as it is below. The largest of the four languages counts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';

export const budgetBytes = 200 * 1024;
const languages = ['de', 'fr', 'it', 'en'] as const;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface FirstLoad {
  lang: string;
  bytes: number;
  files: { file: string; bytes: number }[];
}

/**
 * The bytes a file costs on the wire: its `.br` copy when the build wrote one (vite.config.ts precompress, brotli at
 * the highest quality from 1 KB up), else the same compression here; smaller files as they are.
 */
function servedBytes(path: string, served: Map<string, number>): number {
  const known = served.get(path);
  if (known !== undefined) return known;
  const data = readFileSync(path);
  let bytes = data.byteLength;
  if (existsSync(`${path}.br`)) bytes = statSync(`${path}.br`).size;
  else if (data.byteLength >= 1024) {
    bytes = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    }).byteLength;
  }
  served.set(path, bytes);
  return bytes;
}

/** `served` keeps each file's size between the languages of one build. */
export function firstLoad(dist: string, lang: string, served = new Map<string, number>()): FirstLoad {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest`);
  const manifest = new Map(
    Object.entries(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>),
  );
  const need = (key: string) => {
    if (!manifest.has(key)) throw new Error(`${key} is not in the build: the walk no longer matches the app`);
    return key;
  };
  const entry = [...manifest.entries()].find(([, c]) => c.isEntry && c.src === 'index.html')?.[0];
  if (!entry) throw new Error('index.html is not an entry of the build');
  const strings = [...manifest.keys()].filter(
    (k) =>
      // The shell's and the board's strings (not the lead page's, namespace leadDetails, loaded on demand) ...
      new RegExp(`^src/(i18n/common|features/(leads|patients|tasks)/locales)/${lang}\\.ts$`).test(k) ||
      // ... which vite.config.ts (firstStrings) puts into one chunk per language.
      k.startsWith(`_strings-${lang}-`),
  );
  if (strings.length === 0) throw new Error(`no strings for ${lang} in the build`);
  // main.tsx imports app.tsx and i18n/index.ts before anything shows; vite.config.ts puts them into the shell chunk
  // (which index.html preloads).
  const shell = [...manifest.keys()].filter(
    (k) => k === 'src/app.tsx' || k === 'src/i18n/index.ts' || /^_shell-[\w-]+\.js$/.test(k),
  );
  if (shell.length === 0) throw new Error('neither the shell chunk nor app.tsx is in the build');
  const roots = [entry, ...shell, need('src/features/leads/route.tsx'), ...strings];
  const keys = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const key = todo.pop() as string;
    if (keys.has(key)) continue;
    keys.add(key);
    todo.push(...(manifest.get(key)?.imports ?? []));
  }
  const files = [...new Set([...keys].map((k) => need(k) && (manifest.get(k) as Chunk).file))]
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, bytes: servedBytes(join(dist, file), served) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { lang, bytes: files.reduce((n, f) => n + f.bytes, 0), files };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, 'budget-kb': { type: 'string' } } });
  const budget = values['budget-kb'] ? Number(values['budget-kb']) * 1024 : budgetBytes;
  const started = performance.now();
  const dist = values.dist ?? mkdtempSync(join(tmpdir(), 'first-load-'));
  try {
    if (!values.dist) {
      const vite = join(import.meta.dirname, '../node_modules/vite/bin/vite.js');
      execFileSync(
        process.execPath,
        [vite, 'build', '--manifest', '--logLevel', 'error', '--emptyOutDir', '--outDir', dist],
        {
          cwd: join(import.meta.dirname, '..'),
          stdio: 'inherit',
        },
      );
    }
    const served = new Map<string, number>();
    const loads = languages.map((lang) => firstLoad(dist, lang, served));
    const worst = loads.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const each = loads.map((l) => `${l.lang} ${kb(l.bytes)}`).join(', ');
    if (!(worst.bytes <= budget)) {
      console.error(
        `first load of the board: ${kb(worst.bytes)} of JavaScript (brotli) in ${worst.lang}, over the budget of ${kb(budget)} (${each}).`,
      );
      for (const f of worst.files) console.error(`  ${kb(f.bytes).padStart(9)}  ${f.file}`);
      console.error(
        'Anything added to the first page has to be paid for by something taken out (decision 0016).',
      );
      process.exitCode = 1;
    } else {
      console.log(
        `first load of the board: ${kb(worst.bytes)} of JavaScript (brotli) in ${worst.files.length} files, budget ${kb(budget)} (${each}; ${seconds} s).`,
      );
    }
  } finally {
    if (!values.dist) rmSync(dist, { recursive: true, force: true });
  }
}
