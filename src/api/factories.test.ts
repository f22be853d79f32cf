import { describe, expect, it } from 'vitest';
import { operations } from '#contract/operations.ts';

/**
 * "Where is operation X?" has one answer: `src/api/<area>.ts` (or a module under `src/api/<area>/` that it
 * re-exports). These checks read the contract table, the source of `src/` and the exports of every `src/api/*.ts`
 * module, and fail when an operation's factory (of one shape: a composed result is its own) is written in two
 * modules, in a module of another area, or names an operation the contract does not know, and when code outside
 * `src/api/` calls the service itself.
 */

// Every source file of the app, as text (Vite reads them; src/ does not import node:fs), by its path from the
// repository's root: `src/features/leads/route.tsx`.
const tree = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const files = new Map(
  Object.entries(tree).map(([path, text]) => [new URL(path, 'file:///r/src/api/').pathname.slice(3), text]),
);

/** The source files under `dir` (`src/api`, `src`). */
function sources(dir: string): Map<string, string> {
  return new Map([...files].filter(([path]) => path.startsWith(`${dir}/`)));
}

/** The source without comments, so that prose about `call()` is not taken for a call. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const isOperation = (name: string): name is keyof typeof operations => Object.hasOwn(operations, name);

/**
 * `opQuery('getLeads'`, `opMutation<'updateLead', Vars>('updateLead'` …: the operations a module builds factories of.
 * A composed result (`opComposedQuery(op, input, 'name', …)`) is a shape of its own, under its own key (decision
 * 0010), so its name is read too.
 */
const factoryOf = /\bop(Query|Mutation|InfiniteQuery|ComposedQuery)\s*(?:<[^()]*?>)?\(\s*'(\w+)'/g;
/** The composition's name: the first string argument after the input (`, 'reasonCounts',`). */
const compositionAt = /^[\s\S]*?,\s*'(\w+)'\s*,/;
/** `call('getLeads'`: the operations a module sends itself (combined calls). */
const callOf = /(?<![.\w$])call\(\s*()'(\w+)'/g;

/** The area a module of `src/api/` belongs to: `src/api/sales.ts` and `src/api/sales/leads.ts` are sales. */
function areaOfModule(path: string): string | undefined {
  return /^src\/api\/([\w-]+)(?:\.ts|\/)/.exec(path)?.[1];
}

function placementProblems(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  /** `getLeads` (its plain answer, its pages, its mutation) or `getLeads reasonCounts` (a composition) -> modules. */
  const factoryModules = new Map<string, Set<string>>();
  for (const [path, source] of files) {
    const text = code(source);
    for (const [kind, pattern] of [
      ['factory', factoryOf],
      ['call', callOf],
    ] as const) {
      for (const m of text.matchAll(pattern)) {
        const [, builder, op] = m;
        if (!isOperation(op)) {
          problems.push(`${path}: ${kind} of '${op}', which the contract does not know`);
          continue;
        }
        const area = operations[op].area;
        if (areaOfModule(path) !== area) {
          problems.push(`${path}: ${kind} of '${op}' belongs in src/api/${area}.ts`);
        }
        if (kind === 'factory') {
          const composition =
            builder === 'ComposedQuery'
              ? compositionAt.exec(text.slice((m.index ?? 0) + m[0].length))?.[1]
              : '';
          const shape = composition ? `${op} ${composition}` : op;
          const modules = factoryModules.get(shape) ?? new Set<string>();
          modules.add(path);
          factoryModules.set(shape, modules);
        }
      }
    }
  }
  for (const [op, modules] of factoryModules) {
    if (modules.size > 1) problems.push(`'${op}' has factories in ${[...modules].sort().join(' and ')}`);
  }
  return problems.sort();
}

function callsOutsideApi(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [path, source] of files) {
    if (path.startsWith('src/api/') || path.startsWith('src/test/')) continue;
    const text = code(source);
    if (/(?<![.\w$])call\(/.test(text)) found.push(`${path}: call(`);
    if (/\bop(?:Query|Mutation|InfiniteQuery|ComposedQuery)\s*[<(]/.test(text)) {
      found.push(`${path}: builds a factory (its place is src/api/<area>.ts)`);
    }
  }
  return found.sort();
}

describe('one place per operation', () => {
  it('puts every factory and combined call of an operation in its area module, once', () => {
    expect(sources('src/api').size).toBeGreaterThan(20);
    expect(placementProblems(sources('src/api'))).toEqual([]);
  });

  it('leaves no call( and no factory outside src/api', () => {
    expect(sources('src/features').size).toBeGreaterThan(200);
    expect(callsOutsideApi(sources('src'))).toEqual([]);
  });

  it('reports a second module, a wrong area and an unknown operation', () => {
    const files = new Map([
      ['src/api/sales/leads.ts', "export const a = () => opQuery('getLeads', {});"],
      ['src/api/sales/history.ts', "export const b = () => opInfiniteQuery<'getLeads'>('getLeads', {}, {});"],
      ['src/api/agenda.ts', "export const c = () => opMutation('createLead'); call('getLeadz', {});"],
      // A composition is a shape of its own: in another module it is fine, once.
      [
        'src/api/sales/stats.ts',
        "opComposedQuery(\n  'getLeads',\n  { of: [1, 2], f },\n  'counts',\n  fetch,\n)",
      ],
      ['src/api/sales/tasks.ts', "opComposedQuery('getTasks', { a: 1, b: 2 }, 'all', f)"],
      ['src/api/sales/lead-data.ts', "opComposedQuery('getTasks', {}, 'all', g)"],
      // Prose is not code.
      ['src/api/booking.ts', "/** opQuery('getLeads') */\n// call('nothing')\nexport const d = 1;"],
    ]);
    expect(placementProblems(files)).toEqual([
      "'getLeads' has factories in src/api/sales/history.ts and src/api/sales/leads.ts",
      "'getTasks all' has factories in src/api/sales/lead-data.ts and src/api/sales/tasks.ts",
      "src/api/agenda.ts: call of 'getLeadz', which the contract does not know",
      "src/api/agenda.ts: factory of 'createLead' belongs in src/api/sales.ts",
    ]);
  });

  it('reports call( and factories in features and components, not in tests or src/api', () => {
    const files = new Map([
      ['src/features/x/queries.ts', "await call('getLeads', {});"],
      ['src/components/y.tsx', "useQuery(opQuery('getTasks', {}))"],
      ['src/features/z/view.tsx', "fn.call(this); // call('getLeads')\nconst s = 'recall(';"],
      ['src/api/sales/leads.ts', "call('getLeads', {})"],
    ]);
    expect(callsOutsideApi(files)).toEqual([
      'src/components/y.tsx: builds a factory (its place is src/api/<area>.ts)',
      'src/features/x/queries.ts: call(',
    ]);
  });
});

describe('the exports of src/api/*.ts', () => {
  const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts']);

  it('export each factory name from one module only (a re-export of the same function aside)', async () => {
    const byName = new Map<string, { value: unknown; modules: string[] }>();
    for (const [path, load] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(await load())) {
        if (typeof value !== 'function' || !/(Query|Mutation)$/.test(name)) continue;
        const seen = byName.get(name);
        if (!seen) byName.set(name, { value, modules: [path] });
        else if (seen.value !== value) seen.modules.push(path);
      }
    }
    const twice = [...byName].filter(([, v]) => v.modules.length > 1).map(([n, v]) => `${n}: ${v.modules}`);
    expect(byName.size).toBeGreaterThan(40);
    expect(twice).toEqual([]);
  });

  it('key every factory without arguments by an operation of its own area', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, load] of Object.entries(modules)) {
      const area = /^\.\/([\w-]+)\.ts$/.exec(path)?.[1];
      for (const [name, value] of Object.entries(await load())) {
        if (typeof value !== 'function' || value.length > 0 || !/(Query|Mutation)$/.test(name)) continue;
        const options = value() as { queryKey?: readonly unknown[]; mutationKey?: readonly unknown[] };
        const [keyArea, op] = options.queryKey ?? options.mutationKey ?? [];
        checked++;
        if (typeof op !== 'string' || !isOperation(op))
          wrong.push(`${path} ${name}: unknown operation ${op}`);
        else if (operations[op].area !== keyArea || keyArea !== area) {
          wrong.push(`${path} ${name}: ${op} is ${operations[op].area}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
