/**
 * `npm run lint:i18n` (part of `npm run check`): the strings and the code agree.
 *
 * - every language of a namespace has exactly the English keys (no key missing, none extra);
 * - every key the code gives `t()` exists in every language, in the namespaces the call can reach (its `ns`
 *   option, else the file's namespaces and `common`, which index.ts sets as the fallback); so does every string
 *   that starts with a group of keys of its file's namespaces (`details.msg.…` in a message table or a schema,
 *   handed to `t()` later through a cast);
 * - every English key is used somewhere: a string in a file of its namespace, or a dynamic key written as a
 *   template with a fixed start (`action.${a.name}` uses every `action.<x>`). `_one`/`_other` are one key.
 *
 * Typed keys (src/i18n/i18next.d.ts) make tsc refuse a missing key too; this check also sees the other languages,
 * the keys nobody uses and the casts. It reads the TypeScript with oxc (rolldown's parser, which Vite brings, as
 * scripts/import-rules/ does) and imports the locale modules themselves (Node strips their type imports).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseSync } from 'rolldown/utils';

export interface Strings {
  [key: string]: string | Strings;
}

/** Namespace -> language -> strings (parts of a namespace already merged). */
export type Locales = ReadonlyMap<string, ReadonlyMap<string, Strings>>;

export interface Source {
  /** Relative to the repository, with `/`: `src/features/leads/board/column.tsx`. */
  path: string;
  text: string;
}

export interface Problem {
  kind: 'missing-in-language' | 'extra-in-language' | 'used-but-missing' | 'unused';
  ns: string;
  key: string;
  lng?: string;
  where?: string;
}

const reference = 'en';
const fallbackNs = 'common';
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** key path -> text, for every leaf. */
function leaves(strings: Strings, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(strings)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else for (const [p, s] of leaves(v, path)) out.set(p, s);
  }
  return out;
}

/** `a.b.c` -> `a`, `a.b`: the objects that hold keys. */
function groupsOf(leafKeys: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const k of leafKeys) {
    const parts = k.split('.');
    for (let i = 1; i < parts.length; i++) out.add(parts.slice(0, i).join('.'));
  }
  return out;
}

/** The key a call names: `count_one` and `count_other` are `count`. */
const baseKey = (leaf: string) => leaf.replace(pluralSuffix, '');

/** A key as the code writes it: a whole string, or a template's fixed parts around what is computed. */
type KeyUse = { kind: 'literal'; key: string } | { kind: 'pattern'; re: RegExp; text: string };

interface FileUses {
  path: string;
  /** The namespaces this file speaks: named in it (useTranslation, getFixedT, TFunction<…>, ns: …), its feature. */
  namespaces: Set<string>;
  /** Every string and key-like template in the file: what may name a key, directly or through a variable. */
  mentions: (KeyUse & { line: number })[];
  /** The keys given to `t()` / `i18n.t()` directly, with the namespace of an `ns` option. */
  calls: { use: KeyUse; ns: string | undefined; line: number }[];
}

type Node = { type?: string; start?: number; [key: string]: unknown };

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null;
}

function stringOf(node: unknown): string | undefined {
  return isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}

/** `details.field.${f}` -> /^details\.field\..+$/; undefined when the template does not start with a key path. */
function templateUse(node: Node): KeyUse | undefined {
  const quasis = (node.quasis as Node[]).map((q) => (q.value as { cooked: string | null }).cooked ?? '');
  if (quasis.length === 1) return { kind: 'literal', key: quasis[0] };
  // `leads:details.${x}`: the keys are matched without their namespace.
  quasis[0] = quasis[0].replace(/^[a-z][\w-]*:/, '');
  if (!/^[A-Za-z]\w*\./.test(quasis[0])) return undefined;
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^${quasis.map(quote).join('.+')}$`);
  return { kind: 'pattern', re, text: quasis.join('…') };
}

function keyUse(node: unknown): KeyUse | undefined {
  const s = stringOf(node);
  if (s !== undefined) return { kind: 'literal', key: s };
  return isNode(node) && node.type === 'TemplateLiteral' ? templateUse(node) : undefined;
}

/** The `ns` of a call's options object (`t('x', { ns: 'common' })`). */
function nsOption(node: unknown): string | undefined {
  if (!isNode(node) || node.type !== 'ObjectExpression') return undefined;
  for (const p of node.properties as Node[]) {
    const key = p.key as Node | undefined;
    if (p.type === 'Property' && key?.type === 'Identifier' && key.name === 'ns') return stringOf(p.value);
  }
  return undefined;
}

const isTCall = (callee: Node) =>
  (callee.type === 'Identifier' && callee.name === 't') ||
  (callee.type === 'MemberExpression' &&
    (callee.property as Node).type === 'Identifier' &&
    (callee.property as Node).name === 't');

/** Type names whose literal arguments name a namespace: `TFunction<'leads'>`, `ParseKeys<'agenda'>`. */
const namespaceTypes = new Set(['TFunction', 'ParseKeys']);

function readUses(source: Source, known: ReadonlySet<string>): FileUses {
  const lang = source.path.endsWith('.tsx') ? 'tsx' : 'ts';
  const parsed = parseSync(source.path, source.text, { lang });
  if (parsed.errors.length > 0) {
    throw new Error(
      `i18n check: cannot read ${source.path}: ${parsed.errors.map((e) => e.message).join('; ')}`,
    );
  }
  const uses: FileUses = { path: source.path, namespaces: new Set(), mentions: [], calls: [] };
  const feature = /^src\/features\/([^/]+)\//.exec(source.path);
  if (feature && known.has(feature[1])) uses.namespaces.add(feature[1]);
  const addNs = (value: string | undefined) => {
    if (value !== undefined && known.has(value)) uses.namespaces.add(value);
  };
  const lineOf = (offset: number) => source.text.slice(0, offset).split('\n').length;

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (!isNode(node)) return;
    switch (node.type) {
      case 'Literal':
      case 'TemplateLiteral': {
        const use = keyUse(node);
        if (use) uses.mentions.push({ ...use, line: lineOf(node.start ?? 0) });
        break;
      }
      case 'CallExpression': {
        const callee = node.callee as Node;
        const args = node.arguments as Node[];
        if (callee.type === 'Identifier' && callee.name === 'useTranslation') {
          const first = args[0];
          if (first?.type === 'ArrayExpression') for (const e of first.elements as Node[]) addNs(stringOf(e));
          else addNs(stringOf(first));
        }
        if (callee.type === 'MemberExpression' && (callee.property as Node).name === 'getFixedT') {
          addNs(stringOf(args[1]));
        }
        if (isTCall(callee) && args.length > 0) {
          // `t(cond ? 'a' : 'b')` names both.
          const first = args[0];
          const keys = (
            first.type === 'ConditionalExpression' ? [first.consequent, first.alternate] : [first]
          ) as Node[];
          for (const k of keys) {
            const use = keyUse(k);
            if (use) uses.calls.push({ use, ns: nsOption(args[1]), line: lineOf(k.start ?? 0) });
          }
        }
        break;
      }
      case 'Property': {
        const key = node.key as Node;
        if (key.type === 'Identifier' && key.name === 'ns') addNs(stringOf(node.value));
        break;
      }
      case 'TSTypeReference': {
        const name = node.typeName as Node;
        const params = (node.typeArguments as Node | null)?.params as Node[] | undefined;
        if (name.type === 'Identifier' && namespaceTypes.has(name.name as string) && params) {
          for (const p of params) if (p.type === 'TSLiteralType') addNs(stringOf(p.literal));
        }
        break;
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'type' && isNode(v)) visit(v);
  };
  visit(parsed.program);
  return uses;
}

/** `leads:details.x` -> ['leads', 'details.x'] when `leads` is a namespace. */
function splitNs(key: string, known: ReadonlySet<string>): [string | undefined, string] {
  const i = key.indexOf(':');
  if (i > 0 && known.has(key.slice(0, i))) return [key.slice(0, i), key.slice(i + 1)];
  return [undefined, key];
}

/** Does `use` name a key of `keys` (bases of the leaves)? */
function names(use: KeyUse, keys: ReadonlySet<string>, known: ReadonlySet<string>): boolean {
  if (use.kind === 'literal') return keys.has(splitNs(use.key, known)[1]);
  for (const k of keys) if (use.re.test(k)) return true;
  return false;
}

export function checkKeys(locales: Locales, sources: readonly Source[]): Problem[] {
  const problems: Problem[] = [];
  const known = new Set(locales.keys());

  // 1. Every language has exactly the English keys.
  const bases = new Map<string, Map<string, Set<string>>>(); // ns -> lng -> base keys
  const groups = new Map<string, Set<string>>(); // ns -> the English group paths (`details`, `details.msg`)
  for (const [ns, byLanguage] of locales) {
    const en = byLanguage.get(reference);
    if (!en) {
      problems.push({ kind: 'missing-in-language', ns, key: '(all)', lng: reference });
      continue;
    }
    const enLeaves = new Set(leaves(en).keys());
    for (const [lng, strings] of byLanguage) {
      const own = new Set(leaves(strings).keys());
      if (lng !== reference) {
        for (const k of enLeaves)
          if (!own.has(k)) problems.push({ kind: 'missing-in-language', ns, key: k, lng });
        for (const k of own)
          if (!enLeaves.has(k)) problems.push({ kind: 'extra-in-language', ns, key: k, lng });
      }
      const perLng = bases.get(ns) ?? new Map<string, Set<string>>();
      perLng.set(lng, new Set([...own].map(baseKey)));
      bases.set(ns, perLng);
      if (lng === reference) groups.set(ns, groupsOf(enLeaves));
    }
  }

  const files = sources.map((s) => readUses(s, known));

  // 2. Every key given to t() exists, in every language, in a namespace the call reaches.
  for (const file of files) {
    for (const call of file.calls) {
      const [prefixNs, key] = call.use.kind === 'literal' ? splitNs(call.use.key, known) : [undefined, ''];
      const explicit = prefixNs ?? call.ns;
      const reach = explicit !== undefined ? [explicit] : [...file.namespaces, fallbackNs];
      const shown = call.use.kind === 'literal' ? key : call.use.text;
      for (const lng of bases.get(reach[0])?.keys() ?? [reference]) {
        const found = reach.some((ns) => {
          const keys = bases.get(ns)?.get(lng);
          return keys !== undefined && names(call.use, keys, known);
        });
        if (!found) {
          problems.push({
            kind: 'used-but-missing',
            ns: reach.join('|'),
            key: shown,
            lng,
            where: `${file.path}:${call.line}`,
          });
        }
      }
    }
  }

  // 2b. A string that starts with a group of the file's namespaces (`details.msg.…`, as a form schema's message or a
  // table of keys writes it) is a key given to t() later, through a cast: it must exist too.
  for (const file of files) {
    const reach = [...file.namespaces, fallbackNs];
    for (const m of file.mentions) {
      if (m.kind !== 'literal' || !/^[A-Za-z]\w*(\.\w+)+$/.test(m.key)) continue;
      const group = m.key.slice(0, m.key.lastIndexOf('.'));
      if (!reach.some((ns) => groups.get(ns)?.has(group))) continue;
      for (const lng of bases.get(reach[0])?.keys() ?? [reference]) {
        const one: KeyUse = { kind: 'literal', key: m.key };
        if (reach.some((ns) => names(one, bases.get(ns)?.get(lng) ?? new Set(), known))) continue;
        if (reach.some((ns) => groups.get(ns)?.has(m.key))) continue;
        problems.push({
          kind: 'used-but-missing',
          ns: reach.join('|'),
          key: m.key,
          lng,
          where: `${file.path}:${m.line}`,
        });
      }
    }
  }

  // 3. Every English key is named somewhere in a file of its namespace (any file for the fallback namespace).
  for (const [ns, perLng] of bases) {
    const enKeys = perLng.get(reference);
    if (!enKeys) continue;
    const readers = files.filter((f) => ns === fallbackNs || f.namespaces.has(ns));
    for (const key of enKeys) {
      const one = new Set([key]);
      const used = readers.some((f) => f.mentions.some((m) => names(m, one, known)));
      if (!used) problems.push({ kind: 'unused', ns, key });
    }
  }
  // A key given to t() is a string of its file too (2 and 2b): report it once.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = `${p.kind}|${p.ns}|${p.key}|${p.lng}|${p.where}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

// ——— Reading the repository ———

const languages = ['de', 'fr', 'it', 'en'];
const localeFile =
  /(?:^src\/i18n\/(common|messages)|^src\/features\/([^/]+)\/locales)\/([a-z]{2})(?:-[a-z-]+)?\.ts$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** The app's code (no tests, no locale files, no test harness) and its locale modules, merged by namespace. */
export async function readRepository(root: string): Promise<{ locales: Locales; sources: Source[] }> {
  const all = walk(join(root, 'src')).map((p) => relative(root, p).split(sep).join('/'));
  const locales = new Map<string, Map<string, Strings>>();
  for (const path of all.sort()) {
    const m = localeFile.exec(path);
    if (!m || path.endsWith('.test.ts')) continue;
    const [ns, lng] = [m[1] ?? m[2], m[3]];
    if (!languages.includes(lng)) continue;
    const mod = (await import(join(root, path))) as Record<string, Strings | undefined>;
    const strings = mod[lng];
    if (!strings) throw new Error(`i18n check: ${path} does not export the const \`${lng}\``);
    const byLanguage = locales.get(ns) ?? new Map<string, Strings>();
    byLanguage.set(lng, { ...byLanguage.get(lng), ...strings });
    locales.set(ns, byLanguage);
  }
  const sources = all
    .filter((p) => /\.tsx?$/.test(p) && !/\.(test|d)\.tsx?$/.test(p))
    .filter((p) => !p.startsWith('src/test/') && !localeFile.test(p))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  return { locales, sources };
}

export function problemText(p: Problem): string {
  switch (p.kind) {
    case 'missing-in-language':
      return `${p.ns}: ${p.lng} lacks ${p.key} (English has it)`;
    case 'extra-in-language':
      return `${p.ns}: ${p.lng} has ${p.key}, which English lacks`;
    case 'used-but-missing':
      return `${p.where}: t('${p.key}') is in no ${p.lng} strings of ${p.ns}`;
    case 'unused':
      return `${p.ns}: ${p.key} is used nowhere (remove it from all four languages)`;
  }
}

if (import.meta.main) {
  const started = performance.now();
  const root = join(import.meta.dirname, '..');
  const { locales, sources } = await readRepository(root);
  const problems = checkKeys(locales, sources);
  for (const p of problems) console.error(problemText(p));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (sources.length < 100 || locales.size < 5) {
    console.error(
      `i18n check: read only ${sources.length} files and ${locales.size} namespaces: nothing was checked.`,
    );
    process.exit(1);
  }
  if (problems.length > 0) {
    console.error(
      `i18n check: ${problems.length} problems (${sources.length} files, ${locales.size} namespaces).`,
    );
    process.exit(1);
  }
  console.log(
    `i18n check: ${locales.size} namespaces in ${languages.length} languages, ${sources.length} files, every key used and everywhere (${seconds} s).`,
  );
}
