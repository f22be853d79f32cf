/**
 * How `vite build` groups the app's modules into chunks (issue 16, the first page sooner; issue 25, one small module
 * with a test). vite.config.ts only wires these into `build.rolldownOptions.output.codeSplitting.groups`.
 *
 * What every page needs before it shows (the app's shell: app.tsx and i18n/index.ts and all they import, except what
 * index.html's entry already loads) goes into one chunk instead of dozens of small shared ones: fewer requests, each
 * with its headers, and better compression on the first load. What only areas, dialogs or deferred parts use keeps
 * the bundler's own splitting. The entry stays apart (`boot`): main.tsx sets zod up before the shell's schemas run.
 *
 * The module graph is read from the bundler's ModuleInfo (importers, importedIds); where the source has to be read
 * (which names the first page imports from a package, whether a package module only re-exports), it is parsed with
 * the bundler's own parser, never matched as text.
 */
import { dirname, join } from 'node:path';
import type { ModuleInfo } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';

/** The part of the bundler's ModuleInfo the grouping reads (a test can hand in plain objects). */
export type ModuleFacts = Pick<ModuleInfo, 'id' | 'code' | 'importers' | 'importedIds' | 'exports'>;
export interface Graph {
  getModuleInfo(id: string): ModuleFacts | null;
}
/** A group's name for a module, or null to leave it to the bundler (rolldown's `codeSplitting.groups[].name`). */
export type NameOf = (id: string, ctx: Graph) => string | null;

/** The syntax tree the bundler's parser gives (ESTree, as oxc builds it). */
type Program = ReturnType<typeof parseAst>;
type Name = { type: 'Identifier'; name: string } | { type: 'Literal'; value: unknown };
/** `Badge` in `import { Badge }`, `export { Badge }`, `export { 'Badge' }`. */
const nameOf = (n: Name) => (n.type === 'Identifier' ? n.name : String(n.value));

/**
 * The module's syntax tree, or null when the bundler has no code for it. The code the bundler keeps is already
 * transformed (JavaScript: no types, no JSX), so it is parsed as JavaScript.
 */
function parse(info: ModuleFacts): Program | null {
  return info.code === null ? null : parseAst(info.code, { lang: 'js', sourceType: 'module' }, info.id);
}

/** The package a module under node_modules belongs to (`@mantine/core` for …/node_modules/@mantine/core/esm/…). */
function packageOfModule(id: string): string | null {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [first, second] = id.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** The package an import names (`@mantine/core` for '@mantine/core'), or null for the app's own modules. */
function packageOfImport(source: string): string | null {
  if (source.startsWith('.') || source.startsWith('/') || source.startsWith('#')) return null;
  const [first, second] = source.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * A module that only imports and re-exports (a package's index such as @mantine/core's or the icons'): every
 * top-level statement is an import, an `export … from`, an `export { … }` list or a directive, and nothing else runs.
 */
export function onlyReExports(program: Program): boolean {
  return program.body.every(
    (s) =>
      // A directive such as 'use client' runs nothing.
      (s.type === 'ExpressionStatement' && s.directive !== undefined && s.directive !== null) ||
      s.type === 'ImportDeclaration' ||
      s.type === 'ExportAllDeclaration' ||
      (s.type === 'ExportNamedDeclaration' && s.declaration === null),
  );
}

/** What a module imports by name from packages: `import { Badge } from '@mantine/core'` gives @mantine/core → Badge. */
function namedImports(program: Program): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const s of program.body) {
    if (s.type !== 'ImportDeclaration') continue;
    const from = packageOfImport(s.source.value);
    if (from === null) continue;
    for (const spec of s.specifiers) {
      // `import { Badge as MantineBadge }`: the package's `Badge`. A namespace or default import names no part.
      if (spec.type !== 'ImportSpecifier') continue;
      const names = out.get(from) ?? new Set<string>();
      names.add(nameOf(spec.imported));
      out.set(from, names);
    }
  }
  return out;
}

/**
 * What a re-exporting module exports from each module it imports, by the imported module's id: the names of
 * `export { Badge } from './Badge.mjs'`, of `import { Badge } from './Badge.mjs'; export { Badge }`, and of
 * `export { default as IconX } from './icons/IconX.mjs'`; `'*'` for `export * from './x.js'` (all of its exports).
 * Relative sources are resolved beside the module; a source that does not name a file exactly is left out.
 */
function reExportsByModule(id: string, program: Program): Map<string, Set<string>> {
  const resolve = (source: string) => (source.startsWith('.') ? join(dirname(id), source) : null);
  const imported = new Map<string, string>();
  const out = new Map<string, Set<string>>();
  const add = (source: string | null | undefined, name: string) => {
    const from = source ? resolve(source) : null;
    if (from === null) return;
    const names = out.get(from) ?? new Set<string>();
    names.add(name);
    out.set(from, names);
  };
  for (const s of program.body) {
    if (s.type === 'ImportDeclaration') {
      for (const spec of s.specifiers) imported.set(spec.local.name, s.source.value);
    } else if (s.type === 'ExportAllDeclaration') {
      add(s.source.value, s.exported ? nameOf(s.exported) : '*');
    } else if (s.type === 'ExportNamedDeclaration' && s.declaration === null) {
      for (const spec of s.specifiers) {
        const source = s.source ? s.source.value : imported.get(nameOf(spec.local));
        add(source, nameOf(spec.exported));
      }
    }
  }
  return out;
}

interface Reach {
  shell: boolean;
  entry: boolean;
  /** Reached from the board's route (a first page)… */
  board: boolean;
  /** …from Today's route (the other first page, the start page). */
  today: boolean;
}

/** What the build's groups are called: the entry's chunk, the shell's, and each first page's. */
export interface FirstChunks {
  boot: NameOf;
  shell: NameOf;
  /** The board's first screen beyond the shell: its route and what it shares with other pages. */
  leads: NameOf;
  /** Today's first screen beyond the shell, the same way. */
  today: NameOf;
}

/**
 * `boot`, `shell` and one group per first page for the app in `appDir` (the folder of index.html and src/). What
 * both first pages need goes into the shell; what one of them needs (its route, the parts it shares with other
 * pages, the package parts it names) into that page's group, so that neither loads the other's parts and neither
 * loads a dozen small shared chunks (issue 38).
 */
export function shellChunks(appDir: string): FirstChunks {
  const root = (p: string) => join(appDir, p);
  const shellRoots = new Set([root('src/app.tsx'), root('src/i18n/index.ts')]);
  const entryRoots = new Set([root('src/main.tsx'), root('index.html')]);
  const boardRoot = root('src/features/leads/route.tsx');
  const todayRoot = root('src/features/today/route.tsx');
  // A package's index that only re-exports (@mantine/core, the icons) imports every part of it, used or not: a
  // way up through it says nothing about whether the shell uses a part.
  const barrels = new Map<string, boolean>();
  const isBarrel = (info: ModuleFacts) => {
    let known = barrels.get(info.id);
    if (known === undefined) {
      const program = info.id.includes('/node_modules/') ? parse(info) : null;
      known = program !== null && onlyReExports(program);
      barrels.set(info.id, known);
    }
    return known;
  };

  // Walks up from a module through its importers (past package indexes) to what loads it.
  const memo = new Map<string, Reach>();
  const reach = (id: string, ctx: Graph): Reach => {
    const known = memo.get(id);
    if (known) return known;
    const out: Reach = { shell: false, entry: false, board: false, today: false };
    const seen = new Set<string>([id]);
    const todo = [id];
    while (todo.length > 0) {
      const at = todo.pop() as string;
      if (shellRoots.has(at)) out.shell = true;
      if (entryRoots.has(at)) out.entry = true;
      if (at === boardRoot) out.board = true;
      if (at === todayRoot) out.today = true;
      const ups = (ctx.getModuleInfo(at)?.importers ?? []).filter((up) => {
        const info = ctx.getModuleInfo(up);
        return !(info && isBarrel(info));
      });
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

  // A part of a package taken through its index (a Mantine component, an icon, a TanStack hook) has only the index
  // as importer: what uses it is found by name instead. The first page's own modules (the shell's and the board's)
  // name what they take from each package; the index says which of its names come from which part.
  const namesCache = new Map<string, Map<string, Set<string>>>();
  const namesFrom = (key: string, roots: string[], ctx: Graph) => {
    const known = namesCache.get(key);
    if (known) return known;
    const names = new Map<string, Set<string>>();
    const seen = new Set<string>();
    const todo = [...roots];
    while (todo.length > 0) {
      const id = todo.pop() as string;
      if (seen.has(id) || id.includes('/node_modules/')) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      const program = parse(info);
      for (const [from, taken] of program ? namedImports(program) : []) {
        names.set(from, new Set([...(names.get(from) ?? []), ...taken]));
      }
      todo.push(...info.importedIds);
    }
    namesCache.set(key, names);
    return names;
  };
  const shellNames = (ctx: Graph) => namesFrom('shell', [...shellRoots], ctx);
  const boardNames = (ctx: Graph) => namesFrom('board', [boardRoot], ctx);
  const todayNames = (ctx: Graph) => namesFrom('today', [todayRoot], ctx);
  const reExports = new Map<string, Map<string, Set<string>>>();
  const reExportsOf = (index: ModuleFacts) => {
    let known = reExports.get(index.id);
    if (!known) {
      const program = parse(index);
      known = program ? reExportsByModule(index.id, program) : new Map<string, Set<string>>();
      reExports.set(index.id, known);
    }
    return known;
  };
  /** Whether a package part taken through its index is named by the first page whose names `names` gives. */
  const usedThroughIndex = (id: string, ctx: Graph, names: (ctx: Graph) => Map<string, Set<string>>) => {
    const part = ctx.getModuleInfo(id);
    for (const up of part?.importers ?? []) {
      const index = ctx.getModuleInfo(up);
      if (!part || !index || !isBarrel(index)) continue;
      const used = names(ctx).get(packageOfModule(up) ?? '');
      const exportedHere = reExportsOf(index).get(id);
      if (!used || !exportedHere) continue;
      // `export * from './part.js'`: every name the part exports.
      const exported = exportedHere.has('*') ? [...exportedHere, ...part.exports] : [...exportedHere];
      if (exported.some((name) => used.has(name))) return true;
    }
    return false;
  };

  /** Which first page a module goes with: the shell (both, or the frame), one of them, or neither (null). */
  const firstPage = (id: string, ctx: Graph): 'shell' | 'leads' | 'today' | null => {
    const r = reach(id, ctx);
    if (r.entry) return null;
    if (r.shell || (r.board && r.today) || usedThroughIndex(id, ctx, shellNames)) return 'shell';
    const board = usedThroughIndex(id, ctx, boardNames);
    const today = usedThroughIndex(id, ctx, todayNames);
    if (board && today) return 'shell';
    // The page's route and all it imports statically, its own modules and those it shares with other pages.
    if (r.board || board) return 'leads';
    if (r.today || today) return 'today';
    return null;
  };

  return {
    boot: (id, ctx) => (reach(id, ctx).entry ? 'boot' : null),
    shell: (id, ctx) => (firstPage(id, ctx) === 'shell' ? 'shell' : null),
    leads: (id, ctx) => (firstPage(id, ctx) === 'leads' ? 'leads-first' : null),
    today: (id, ctx) => (firstPage(id, ctx) === 'today' ? 'today-first' : null),
  };
}

/**
 * `strings-de` for the shell's strings in German (i18n/namespaces.ts shellNamespaces; i18n/load.ts loads each
 * namespace file by itself). A page's own strings (the board's, Today's) are files of their own: the other first
 * page does not need them.
 */
export function firstStrings(id: string): string | null {
  const m = /\/src\/i18n\/common\/([a-z]{2})\.ts$/.exec(id);
  return m ? `strings-${m[1]}` : null;
}
