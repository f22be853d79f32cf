import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `node bench/chunks.ts --dist <dir>` after `npx vite build --manifest --outDir <dir>`: the compressed (brotli) bytes
 * of the JS and CSS an area pulls in before it shows: index.html's entry and its static imports, then the area's
 * route file and its static imports, and the area's strings in one language. Dynamic imports (lazy dialogs, other
 * areas) are not counted: they load later or never. Without a browser, so it says what the build would send, not
 * what a page measured (bench/app.ts measures that).
 * Options: --dist (default dist), --area (default leads), --lang (default en), --top (largest chunks to list).
 */
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    area: { type: 'string', default: 'leads' },
    lang: { type: 'string', default: 'en' },
    top: { type: 'string', default: '15' },
  },
});
const dist = values.dist;
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest`);

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = new Map(
  Object.entries(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>),
);

function brSize(file: string): number {
  const path = join(dist, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
}

/** Every chunk key reached from the given ones through static imports. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest.get(key)?.imports ?? [], seen);
  }
  return seen;
}

const entry = [...manifest.entries()].find(([, c]) => c.isEntry)?.[0];
if (!entry) throw new Error('no entry in the manifest');
const area = values.area;
// A first page's route is in its group (vite.config.ts: `_leads-first-…`, `_today-first-…`), another's on its own.
const route =
  [...manifest.keys()].find((k) => k.startsWith(`_${area}-first-`) && k.endsWith('.js')) ??
  `src/features/${area}/route.tsx`;
if (!manifest.has(route)) throw new Error(`${route} is not in the build`);
const strings = [...manifest.keys()].filter((k) =>
  new RegExp(
    // Parts loaded on demand (i18n/load.ts onDemandParts: the lead page's `-details`) are not part of the area's load.
    `^src/(i18n/common|features/(${area}|patients|tasks)/locales)/${values.lang}(-(?!details)[a-z-]+)?\\.ts$`,
  ).test(k),
);
// The first page's strings of one language may be one chunk of their own (vite.config.ts firstStrings).
strings.push(...[...manifest.keys()].filter((k) => k.startsWith(`_strings-${values.lang}-`)));
// main.tsx imports i18n/index.ts and app.tsx dynamically, before anything shows: they count too.
const start = [
  ...['src/i18n/index.ts', 'src/app.tsx'].filter((k) => manifest.has(k)),
  ...[...manifest.keys()].filter((k) => /^_shell-[\w-]+\.js$/.test(k)),
];
const keys = closure([entry, ...start, route, ...strings]);

const rows: { file: string; src: string; bytes: number }[] = [];
const css = new Set<string>();
for (const key of keys) {
  const c = manifest.get(key);
  if (!c) continue;
  rows.push({ file: c.file, src: c.src ?? key, bytes: brSize(c.file) });
  for (const f of c.css ?? []) css.add(f);
}
const js = rows.reduce((n, r) => n + r.bytes, 0);
const cssBytes = [...css].reduce((n, f) => n + brSize(f), 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `before /${area} shows (${values.lang}): JS ${kb(js)} in ${rows.length} files (target 200 KB), CSS ${kb(cssBytes)} (target 40 KB), brotli`,
);
for (const r of rows.sort((a, b) => b.bytes - a.bytes).slice(0, Number(values.top))) {
  console.log(`  ${kb(r.bytes).padStart(9)}  ${r.file}  (${r.src})`);
}
