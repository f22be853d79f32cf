/**
 * `npm run lint:refs` (part of `npm run check`): a comment names only files the repository has.
 *
 * Reads the comments of the TypeScript and CSS files and the whole text of the Markdown files under src, server,
 * contract, scripts, e2e, bench and docs, and README.md, and finds what names a file:
 *
 * - a path: `server/service/agenda/handlers.ts`, `contract/`, `./comment-refs.test.ts`, `#contract/common.ts`,
 *   `docs/decisions/0047` (a record or a migration by its number), `leads/board/column.tsx` (the tail of a path);
 * - a bare file name: `README.md`, `view.tsx`, `theme.ts`;
 * - an anchor of the repository's Markdown: `docs/api.md#agenda` must be a heading of that file.
 *
 * Each must be a file or folder of the repository (tracked, or new and not ignored). Left alone: web addresses,
 * `node:` modules, package paths (`@mantine/core/styles.css`, `react-dom/client`: a folder of node_modules),
 * patterns and placeholders (`*.test.ts`, `<area>.ts`, `${name}.ts`, `x.test.tsx`), an extension alone (`.tsx`),
 * a path out of the repository (`../../x` from README.md) and what a run writes (folders git ignores: `reports/`).
 * The comments of TypeScript come from oxc (rolldown's parser, as scripts/i18n-keys.ts reads them), so a string
 * that looks like a comment is no comment.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, posix } from 'node:path';
import { parseSync } from 'rolldown/utils';

export interface Source {
  /** Relative to the repository, with `/`. */
  path: string;
  text: string;
}

export interface Problem {
  /** `path:line`. */
  where: string;
  /** What the comment names. */
  name: string;
}

/** What the repository holds: its files (relative, `/`), and the Markdown headings' anchors by file. */
export interface Repository {
  files: ReadonlySet<string>;
  /** `#contract/*` -> `contract/`: package.json's imports. */
  aliases: ReadonlyMap<string, string>;
  /** A first path segment that is an installed package (`react-dom/client`). */
  isPackage: (name: string) => boolean;
  /** Folder names git ignores (`reports`, `data`, `dist`): what a run writes, never the repository's. */
  ignored: ReadonlySet<string>;
}

const ROOTS = ['src', 'server', 'contract', 'scripts', 'e2e', 'bench', 'docs'];
const TOP_FILES = ['README.md'];
/** The folders a path may start with and be taken for a path of this repository even without an extension. */
const TOP_FOLDERS = [...ROOTS, 'public', '.ci'];
const CODE = /\.(ts|tsx|mts|cts|css)$/;
const SCANNED = /\.(ts|tsx|mts|cts|css|md)$/;
/** The extensions a bare name must have to count as a file name. */
const FILE_EXT = 'md|tsx|ts|mts|cts|css|json|html|yaml|yml|cjs';

/**
 * A path or a file name: segments of letters, digits, `.`, `_`, `-`, `@`, `#`, joined by `/`, optionally with an
 * anchor. Checked one by one below (most are no file name at all: `and/or`, `sales/getLeads`).
 */
const TOKEN = /[\w.@#~-]*(?:\/[\w.@~-]*)*[\w-]\.?(?:[\w-]*)(?:#[\w-]+)?/g;
/** Right before a token, these make it part of something else: a URL, a pattern, a template, a word. */
const BEFORE_NOT_A_NAME = /(?::\/\/?|[*<>${}\\%=]|\w:)$/;
const AFTER_NOT_A_NAME = /^[*<>${}(\\]/;

/** Line of an offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The comments of a file, each with the offset where it starts. Markdown is all comment. */
export function commentsOf(source: Source): { offset: number; text: string }[] {
  if (source.path.endsWith('.md')) return [{ offset: 0, text: withoutCodeUrls(source.text) }];
  if (source.path.endsWith('.css')) {
    return [...source.text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ offset: m.index, text: m[0] }));
  }
  const ext = extname(source.path).slice(1);
  const lang = ext === 'tsx' ? 'tsx' : 'ts';
  const parsed = parseSync(source.path, source.text, { lang });
  return parsed.comments.map((c) => ({ offset: c.start, text: source.text.slice(c.start, c.end) }));
}

/** Markdown links' targets stay (they name files), but `https://…` addresses go, whole. */
function withoutCodeUrls(text: string): string {
  return text.replace(/\b[a-z][a-z+.-]*:\/\/[^\s)>\]]+/gi, (url) => ' '.repeat(url.length));
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to `-`. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (`#`-headings outside fenced code), GitHub's way with `-1` for repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = anchorOf(m[1]);
    let anchor = base;
    for (let i = 1; out.has(anchor); i++) anchor = `${base}-${i}`;
    out.add(anchor);
  }
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]);
  return out;
}

/** Does the repository hold what `name` (met in file `from`) names? `undefined`: it is no file name at all. */
export function resolves(
  name: string,
  from: string,
  repo: Repository,
  anchorsIn: (path: string) => ReadonlySet<string>,
): boolean | undefined {
  const hash = name.indexOf('#', 1);
  const anchor = hash > 0 ? name.slice(hash + 1) : '';
  let path = hash > 0 ? name.slice(0, hash) : name;
  path = path.replace(/\.+$/, '');
  // `…/src/x.ts`: the tail of a path.
  if (path.startsWith('/')) path = path.replace(/^\/+/, '');
  if (!path || path.startsWith('node:') || /^@[\w-]/.test(path)) return undefined;
  // An extension alone (`.layer.css`, `.ts/.tsx`) or a placeholder (`x.test.tsx`, `./x.ts`, `features/x`).
  if (/^\.[\w]/.test(path)) return undefined;
  const base = path.split('/').at(-1) ?? '';
  if (/^\w(\.|$)/.test(base)) return undefined;
  if (path.split('/').some((segment) => repo.ignored.has(segment))) return undefined;
  let candidates: string[] = [];
  if (path.startsWith('#')) {
    const slash = path.indexOf('/');
    const target = slash > 0 ? repo.aliases.get(path.slice(0, slash + 1)) : undefined;
    if (!target) return undefined;
    candidates = [target + path.slice(slash + 1)];
  } else if (path.startsWith('./') || path.startsWith('../')) {
    const target = posix.normalize(posix.join(posix.dirname(from), path));
    // Outside the repository: an example of a wrong import, not a file.
    if (target.startsWith('../')) return undefined;
    if (!new RegExp(`\\.(${FILE_EXT})$`).test(path) && /\.\w+$/.test(base)) return undefined;
    candidates = [target];
  } else {
    const hasExt = new RegExp(`\\.(${FILE_EXT})$`).test(path);
    const first = path.split('/')[0];
    const inRepo = TOP_FOLDERS.includes(first) || TOP_FILES.includes(path) || (path.includes('/') && hasExt);
    if (!hasExt && !inRepo) return undefined;
    if (!hasExt && !path.includes('/')) return undefined;
    if (path.includes('/') && !TOP_FOLDERS.includes(first) && repo.isPackage(first)) return undefined;
    candidates = [path, posix.normalize(posix.join(posix.dirname(from), path))];
    if (!path.includes('/')) {
      // A bare name: some file of that name, anywhere.
      for (const f of repo.files)
        if (f === path || f.endsWith(`/${path}`)) return anchorHolds(f, anchor, anchorsIn);
      return false;
    }
  }
  for (const c of candidates) {
    const found = findPath(c.replace(/\/$/, ''), repo);
    if (found) return anchorHolds(found, anchor, anchorsIn);
  }
  // The tail of a path (`leads/board/column.tsx`, `server/service/agenda/` written from the feature's point of view).
  if (!path.startsWith('.') && !path.startsWith('#') && path.includes('/')) {
    const tail = `/${path.replace(/\/$/, '')}`;
    for (const f of repo.files) {
      if (f.endsWith(tail) || f.includes(`${tail}/`))
        return anchorHolds(f.endsWith(tail) ? f : '', anchor, anchorsIn);
    }
  }
  return false;
}

/** A file, a folder (some file below it), or a numbered record or migration (`docs/decisions/0047`). */
function findPath(path: string, repo: Repository): string | undefined {
  if (repo.files.has(path)) return path;
  for (const f of repo.files) {
    if (f.startsWith(`${path}/`)) return `${path}/`;
    if (/\/\d{4}$/.test(path) && f.startsWith(`${path}-`)) return f;
  }
  return undefined;
}

function anchorHolds(
  file: string,
  anchor: string,
  anchorsIn: (path: string) => ReadonlySet<string>,
): boolean {
  return !anchor || !file.endsWith('.md') || anchorsIn(file).has(anchor);
}

/** Every name in the sources' comments that the repository lacks. */
export function checkRefs(sources: Source[], repo: Repository, read: (path: string) => string): Problem[] {
  const problems: Problem[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (path: string) => {
    let found = anchors.get(path);
    if (!found) {
      found = anchorsOf(read(path));
      anchors.set(path, found);
    }
    return found;
  };
  for (const source of sources) {
    for (const comment of commentsOf(source)) {
      for (const m of comment.text.matchAll(TOKEN)) {
        const name = m[0].replace(/\.+$/, '');
        if (!name.includes('.') && !name.includes('/')) continue;
        const before = comment.text.slice(Math.max(0, m.index - 3), m.index);
        const after = comment.text.slice(m.index + name.length, m.index + name.length + 1);
        if (BEFORE_NOT_A_NAME.test(before) || AFTER_NOT_A_NAME.test(after)) continue;
        if (resolves(name, source.path, repo, anchorsIn) === false) {
          problems.push({ where: `${source.path}:${lineAt(source.text, comment.offset + m.index)}`, name });
        }
      }
    }
  }
  return problems;
}

/** The repository as git sees it: tracked files and new ones not ignored. */
export function readRepository(root: string): { sources: Source[]; repo: Repository } {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f && existsSync(join(root, f)));
  const files = new Set(listed);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    imports?: Record<string, string>;
  };
  const aliases = new Map(
    Object.entries(pkg.imports ?? {}).map(([k, v]) => [
      k.replace(/\*$/, ''),
      v.replace(/^\.\//, '').replace(/\*$/, ''),
    ]),
  );
  const sources = listed
    .filter((f) => TOP_FILES.includes(f) || (ROOTS.includes(f.split('/')[0]) && SCANNED.test(f)))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  const isPackage = (name: string) => /^[\w.-]+$/.test(name) && existsSync(join(root, 'node_modules', name));
  const ignored = new Set(
    readFileSync(join(root, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => /^\/?([\w.-]+)\/$/.exec(line.trim())?.[1])
      .filter((name): name is string => Boolean(name)),
  );
  return { sources, repo: { files, aliases, isPackage, ignored } };
}

if (import.meta.main) {
  const started = performance.now();
  const root = join(dirname(new URL(import.meta.url).pathname), '..');
  const { sources, repo } = readRepository(root);
  const problems = checkRefs(sources, repo, (path) => readFileSync(join(root, path), 'utf8'));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const p of problems) console.error(`${p.where}: names ${p.name}, which the repository lacks`);
  if (problems.length) {
    console.error(
      `\n${problems.length} comment(s) name files the repository lacks (${seconds} s). Cite docs/api.md#<section> ` +
        'or docs/decisions/<record>.md instead of a document outside the repository, and the new name of a moved file.',
    );
    process.exit(1);
  }
  const checked = sources.filter((s) => CODE.test(s.path) || s.path.endsWith('.md')).length;
  console.log(`Comments name only files the repository has (${checked} files, ${seconds} s).`);
}
