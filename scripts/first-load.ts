/**
 * `npm run lint:first-load`: fails when a first page's first load (the JavaScript before the board's first cards or
 * Today's first rows, brotli as the server sends it) passes 200 KB (issue 16, docs/decisions/0016-first-load.md).
 * A quick guard for `npm run check`, without a browser; the budget that counts (180 KB and 25 requests, headers
 * included, as Chromium counts them) is e2e/first-load.spec.ts's (issue 38, docs/decisions/0052).
 *
 * Builds the app into a temporary folder (or reads `--dist <dir>`, a build made with `--manifest`), then walks the
 * manifest as the browser loads a first page: index.html's entry and its static imports, what main.tsx imports before
 * anything shows (app.tsx, i18n/index.ts: the shell chunk), the page's group (its route and all it needs beyond the
 * shell, vite.config.ts) and the strings, each with their static imports. Dynamic imports (deferred parts, dialogs,
 * other areas) load later and are not counted. Every file is measured as served: brotli at the highest quality from
 * 1 KB up (vite.config.ts precompress), as it is below. The largest of the pages and four languages counts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';

export const budgetBytes = 200 * 1024;
const languages = ['de', 'fr', 'it', 'en'] as const;
/** The two first pages: the board and Today (the start page). */
export type FirstPage = 'leads' | 'today';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface FirstLoad {
  page: FirstPage;
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
export function firstLoad(
  dist: string,
  lang: string,
  served = new Map<string, number>(),
  page: FirstPage = 'leads',
): FirstLoad {
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
      // The shell's strings and the page's own (not the lead page's, namespace leadDetails, loaded on demand) ...
      new RegExp(`^src/(i18n/common|features/${page}/locales)/${lang}\\.ts$`).test(k) ||
      // ... the shell's in one chunk per language (vite.config.ts firstStrings).
      k.startsWith(`_strings-${lang}-`),
  );
  if (strings.length === 0) throw new Error(`no strings for ${lang} in the build`);
  // main.tsx imports app.tsx and i18n/index.ts before anything shows; vite.config.ts puts them into the shell chunk
  // (which index.html preloads), and the page's route with all it needs beyond the shell into its group.
  const group = (name: string) =>
    [...manifest.keys()].filter((k) => new RegExp(`^_${name}-[\\w-]+\\.js$`).test(k));
  const shell = group('shell');
  const first = group(`${page}-first`);
  if (shell.length === 0 || first.length === 0)
    throw new Error(`the shell's or ${page}'s chunk is not in the build`);
  const roots = [entry, ...shell, ...first, ...strings];
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
  return { page, lang, bytes: files.reduce((n, f) => n + f.bytes, 0), files };
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
    const loads = (['leads', 'today'] as const).flatMap((page) =>
      languages.map((lang) => firstLoad(dist, lang, served, page)),
    );
    const worst = loads.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const each = loads.map((l) => `${l.page} ${l.lang} ${kb(l.bytes)}`).join(', ');
    if (!(worst.bytes <= budget)) {
      console.error(
        `first load of /${worst.page}: ${kb(worst.bytes)} of JavaScript (brotli) in ${worst.lang}, over the budget of ${kb(budget)} (${each}).`,
      );
      for (const f of worst.files) console.error(`  ${kb(f.bytes).padStart(9)}  ${f.file}`);
      console.error(
        'Anything added to the first page has to be paid for by something taken out (decision 0016).',
      );
      process.exitCode = 1;
    } else {
      console.log(
        `first load (largest: /${worst.page} ${worst.lang}): ${kb(worst.bytes)} of JavaScript (brotli) in ${worst.files.length} files, budget ${kb(budget)} (${each}; ${seconds} s).`,
      );
    }
  } finally {
    if (!values.dist) rmSync(dist, { recursive: true, force: true });
  }
}
