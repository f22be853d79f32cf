import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDef } from '#contract/common.ts';
import { type OpName, operations } from '#contract/operations.ts';
import { isRealDate } from '#contract/practice-time.ts';
import { buildOpenApi } from './openapi.ts';
import { startService, type TestService } from './test-support.ts';

/**
 * The OpenAPI document's request schemas, taken at their word (issue 34, docs/decisions/0046): a client that builds
 * its requests from the document alone must not be refused for the shape of a request the document allows, and a
 * request the document does not allow must be refused (unless the document marks the field `x-tolerated`).
 * Requests are generated from the document's own schemas (not from the contract), checked against them with ajv,
 * and sent to the reference service over HTTP. Fixed seed, bounded runs.
 */

const SEED = 34;
const VALID_RUNS = 12;
const INVALID_RUNS = 6;

interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  enum?: unknown[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  'x-tolerated'?: string;
}

interface Post {
  'x-rules'?: { message: string; rule: string }[];
  requestBody: { required?: boolean; content: { 'application/json': { schema: Schema } } };
}

const doc = buildOpenApi() as unknown as { paths: Record<string, { post: Post }> };

// ---------------------------------------------------------------------------------------------------------------
// The document's schemas as ajv reads them (OpenAPI 3.0 booleans for exclusive bounds become draft-07 numbers).

function toDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (!node || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'exclusiveMinimum' || k === 'exclusiveMaximum') {
      if (v === true) out[k] = o[k === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
      continue;
    }
    out[k] = toDraft7(v);
  }
  if (o.exclusiveMinimum === true) delete out.minimum;
  if (o.exclusiveMaximum === true) delete out.maximum;
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: false });
// RFC 3339 full-date: a real calendar day.
ajv.addFormat('date', { type: 'string', validate: isRealDate });
const validators = new Map<string, ValidateFunction>();
function validatorOf(path: string, schema: Schema): ValidateFunction {
  let v = validators.get(path);
  if (!v) {
    v = ajv.compile(toDraft7(schema) as object);
    validators.set(path, v);
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------------------
// Values a schema allows. Deliberately plain: what a generic schema-driven client would send.

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const day = fc
  .record({
    y: fc.integer({ min: 1900, max: 2100 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`)
  .filter(isRealDate);

function stringOf(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  const fits = (v: string) =>
    v.length >= min && v.length <= max && (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  if (s.format === 'date')
    return fc.oneof(day, s.pattern ? fc.stringMatching(new RegExp(s.pattern)) : day).filter(fits);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  const short = fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 24)) });
  // Now and then a text at its very limit (10,000 characters, 200 for a search).
  const full = fc.constantFrom('é', 'a', ' x').map((c) => c.repeat(Math.ceil(max / c.length)).slice(0, max));
  return fc.oneof({ weight: 12, arbitrary: short }, { weight: 1, arbitrary: full }).filter(fits);
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const exMin = s.exclusiveMinimum === true;
  const exMax = s.exclusiveMaximum === true;
  if (integer) {
    const lo = s.minimum === undefined ? -(2 ** 31) : s.minimum + (exMin ? 1 : 0);
    const hi = s.maximum === undefined ? 2 ** 31 : s.maximum - (exMax ? 1 : 0);
    // Small values often, so that ids name seeded records and the handlers get past "not found".
    const near = fc.integer({ min: Math.max(lo, Math.min(hi, 0)), max: Math.min(hi, Math.max(lo, 0) + 30) });
    return fc.oneof(
      { weight: 3, arbitrary: near },
      { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
    );
  }
  return fc
    .double({
      min: s.minimum ?? -1e9,
      max: s.maximum ?? 1e9,
      minExcluded: exMin,
      maxExcluded: exMax,
      noNaN: true,
      noDefaultInfinity: true,
    })
    .map((n) => (Object.is(n, -0) ? 0 : n));
}

function objectOf(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  // "At least one of" (anyOf of required sets, several of them under allOf): one branch of each is made to hold,
  // the rest of the object as it says.
  const groups = [s.anyOf ?? s.oneOf, ...(s.allOf ?? []).map((a) => a.anyOf ?? a.oneOf)].filter(
    (g): g is Schema[] => Boolean(g?.length),
  );
  if (groups.length > 0) {
    const { anyOf: _a, oneOf: _o, allOf: _all, ...base } = s;
    const choices = groups.map((g) => fc.constantFrom(...g));
    return fc.tuple(...choices).chain((picked) =>
      plainObjectOf(
        picked.reduce<Schema>((acc, b) => mergeObject(acc, b), base),
        depth,
      ),
    );
  }
  return plainObjectOf(s, depth);
}

function plainObjectOf(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const known = fc.record(
    Object.fromEntries(Object.entries(props).map(([k, p]) => [k, anyValueOf(p, depth + 1)])),
    { requiredKeys: Object.keys(props).filter((k) => required.has(k)) },
  );
  const extra =
    s.additionalProperties && typeof s.additionalProperties === 'object'
      ? fc.dictionary(
          fc.stringMatching(/^[a-z][a-zA-Z]{0,7}$/),
          anyValueOf(s.additionalProperties, depth + 1),
          {
            maxKeys: 3,
          },
        )
      : fc.constant({});
  return fc.tuple(extra, known).map(([a, b]) => ({ ...a, ...b }));
}

/** An object schema with one branch of its anyOf folded in (its required set and property constraints). */
function mergeObject(s: Schema, branch: Schema): Schema {
  const { anyOf: _a, oneOf: _o, ...base } = s;
  const properties = { ...(base.properties ?? {}) };
  for (const [k, p] of Object.entries(branch.properties ?? {})) {
    properties[k] = properties[k] ? mergeSchema(properties[k], p) : p;
  }
  return {
    ...base,
    properties,
    required: [...new Set([...(base.required ?? []), ...(branch.required ?? [])])],
  };
}

function mergeSchema(a: Schema, b: Schema): Schema {
  if ((a.type === 'object' || a.properties) && (b.properties || b.required)) return mergeObject(a, b);
  return { ...a, ...b };
}

function anyValueOf(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  const base = plainAnyValueOf(s, depth);
  return s.nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function plainAnyValueOf(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.type === 'object' || s.properties) return objectOf(s, depth);
  if (s.allOf?.length) return anyValueOf(s.allOf.reduce(mergeSchema, {} as Schema), depth);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => anyValueOf({ ...b }, depth)));
  switch (s.type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items ? anyValueOf(s.items, depth + 1) : fc.constant(null), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    default:
      // No type: the document allows anything here.
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One thing wrong with an otherwise valid request.

type Mutation = { at: string; apply: (body: Record<string, unknown>) => unknown };

function unmatched(pattern: string): string | undefined {
  const re = new RegExp(pattern, 'u');
  return ['', ' ', 'x', '2026-02-30', '31.02.2026', '2026-11-25 24:00', '-1', '@'].find((c) => !re.test(c));
}

/** Every single wrong value the schema rules out at a field, skipping what it marks as tolerated. */
function mutationsOf(s: Schema, path: string[], out: Mutation[]): void {
  if (s['x-tolerated'] && path.length > 0) return;
  const set = (v: unknown) => (body: Record<string, unknown>) => {
    setAt(body, path, v);
    return body;
  };
  const at = path.join('.') || '(body)';
  // The body itself not an object: every operation refuses it (Invalid JSON body.).
  if (path.length === 0) out.push({ at: 'body a list', apply: () => [] });
  // None of "at least one of": every field a branch asks for left out.
  const needed = (s.anyOf ?? []).flatMap((b) => b.required ?? []);
  if (needed.length > 0 && (s.anyOf ?? []).every((b) => b.required?.length)) {
    out.push({
      at: `${at} none of ${needed.join(', ')}`,
      apply: (body) => {
        for (const key of needed) deleteAt(body, [...path, key]);
        return body;
      },
    });
  }
  // A tolerant body (intakeLead) takes any field names and kinds: only the whole is checked.
  if (s['x-tolerated']) return;
  if (path.length > 0) {
    if (s.type === 'string') {
      out.push({ at: `${at} not a text`, apply: set({ zz: 1 }) });
      // Not the 25 MB of laborUpload's content: its own test sends that.
      if (s.maxLength !== undefined && s.maxLength <= 10_000) {
        out.push({ at: `${at} too long`, apply: set('a'.repeat(s.maxLength + 1)) });
      }
      if (s.minLength) out.push({ at: `${at} too short`, apply: set('') });
      const bad = s.pattern ? unmatched(s.pattern) : undefined;
      if (bad !== undefined) out.push({ at: `${at} pattern`, apply: set(bad) });
      if (s.format === 'date') out.push({ at: `${at} no such day`, apply: set('2026-02-30') });
      if (s.enum) out.push({ at: `${at} not listed`, apply: set('zz-not-listed') });
    }
    if (s.type === 'integer' || s.type === 'number') {
      out.push({ at: `${at} not a number`, apply: set('x') });
      if (s.type === 'integer') out.push({ at: `${at} fraction`, apply: set(1.5) });
      if (s.minimum !== undefined)
        out.push({ at: `${at} below`, apply: set(s.minimum - (s.exclusiveMinimum ? 0 : 1)) });
      if (s.maximum !== undefined)
        out.push({ at: `${at} above`, apply: set(s.maximum + (s.exclusiveMaximum ? 0 : 1)) });
      if (s.enum) out.push({ at: `${at} not listed`, apply: set(7) });
    }
    if (s.type === 'boolean') out.push({ at: `${at} not a boolean`, apply: set('maybe') });
    if (s.type === 'array') {
      out.push({ at: `${at} not a list`, apply: set('x') });
      if (s.maxItems !== undefined && s.maxItems < 1000) {
        out.push({
          at: `${at} too many`,
          apply: set(Array.from({ length: s.maxItems + 1 }, (_, i) => `i${i}`)),
        });
      }
    }
    if (s.type === 'object') out.push({ at: `${at} not an object`, apply: set('x') });
  }
  if (s.type === 'object' || s.properties) {
    if (s.additionalProperties === false) {
      out.push({ at: `${at} unknown field`, apply: set({ ...(getAt(path) ?? {}), zzUnknown: 1 }) });
    }
    for (const key of s.required ?? []) {
      out.push({
        at: `${[...path, key].join('.')} missing`,
        apply: (body) => {
          deleteAt(body, [...path, key]);
          return body;
        },
      });
    }
    for (const [key, p] of Object.entries(s.properties ?? {})) mutationsOf(p, [...path, key], out);
  }
}

// The body under mutation, read by `set({...getAt(path)})` above; set per case.
let current: Record<string, unknown> = {};
function getAt(path: string[]): Record<string, unknown> | undefined {
  let node: unknown = current;
  for (const k of path)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
  return node && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}
function setAt(body: Record<string, unknown>, path: string[], v: unknown): void {
  let node = body;
  for (const k of path.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = v;
}
function deleteAt(body: Record<string, unknown>, path: string[]): void {
  let node: unknown = body;
  for (const k of path.slice(0, -1))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
  if (node && typeof node === 'object') delete (node as Record<string, unknown>)[path[path.length - 1]];
}

// ---------------------------------------------------------------------------------------------------------------
// What counts as a refusal for the request's shape. A refusal about the practice's data (a record that is not
// there, a code the practice does not use, another writer's version) is not one: no schema can know it.

const aboutTheData =
  /not found|no (patient|recall) with|is invalid$|^Unknown (calendar|category|reasonCode)|changed meanwhile|is deleted|already|other pipeline|not a task/i;

/** A refusal by a rule the operation's document states beside its schema (`x-rules`). */
function byRule(post: Post, msg: string): boolean {
  return (post['x-rules'] ?? []).some((r) =>
    r.message.endsWith(': ') ? msg.startsWith(r.message) : msg === r.message,
  );
}

function refusal(name: OpName, http: number, body: unknown): string | undefined {
  const b = (body ?? {}) as { status?: unknown; msg?: unknown };
  const msg = String(b.msg ?? '');
  const refused = http === 400 || http === 422 || (http === 200 && (b.status === false || b.status === 400));
  if (!refused) return undefined;
  if ((operations[name] as OperationDef).envelope === 'raw' && http === 200) return undefined;
  return msg;
}

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const names = Object.keys(operations) as OpName[];

describe('the OpenAPI document taken at its word (issue 34)', () => {
  it.each(names)(
    '%s: an empty body is refused exactly when the document says a body is required',
    async (name) => {
      const op = operations[name] as OperationDef;
      const post = doc.paths[op.path].post;
      const r = await svc.post(op.path, undefined, { raw: '' });
      const msg = refusal(name, r.http, r.body);
      if (post.requestBody.required) {
        expect(msg, `${name}: HTTP ${r.http} ${r.text.slice(0, 200)}`).toBeDefined();
      } else {
        const refusedForShape = msg !== undefined && !aboutTheData.test(msg) && !byRule(post, msg);
        expect(refusedForShape, `${name}: HTTP ${r.http} ${r.text.slice(0, 200)}`).toBe(false);
      }
    },
  );

  it.each(names)('%s: a request the document allows is never refused for its shape', async (name) => {
    const op = operations[name] as OperationDef;
    const post = doc.paths[op.path].post;
    const schema = post.requestBody.content['application/json'].schema;
    const validate = validatorOf(op.path, schema);
    await fc.assert(
      fc.asyncProperty(objectOf(schema, 0), async (body) => {
        fc.pre(validate(body));
        const r = await svc.post(op.path, body);
        const msg = refusal(name, r.http, r.body);
        if (msg === undefined || aboutTheData.test(msg) || byRule(post, msg)) return;
        expect.fail(
          `${name} refused a request its schema allows (HTTP ${r.http} ${msg}): ${JSON.stringify(body).slice(0, 400)}`,
        );
      }),
      { numRuns: VALID_RUNS, seed: SEED, endOnFailure: true },
    );
  });

  it.each(names)('%s: a request the document rules out is refused', async (name) => {
    const op = operations[name] as OperationDef;
    const schema = doc.paths[op.path].post.requestBody.content['application/json'].schema;
    const validate = validatorOf(op.path, schema);
    await fc.assert(
      fc.asyncProperty(objectOf(schema, 0), fc.nat(), async (valid, pick) => {
        fc.pre(validate(valid));
        current = valid;
        const found: Mutation[] = [];
        mutationsOf(schema, [], found);
        fc.pre(found.length > 0);
        const mutation = found[pick % found.length];
        const body = mutation.apply(structuredClone(valid));
        fc.pre(!validate(body));
        const r = await svc.post(op.path, body);
        const refused =
          r.http === 400 ||
          r.http === 422 ||
          (r.http === 200 && (r.body?.status === false || r.body?.status === 400));
        expect(
          refused,
          `${name} accepted ${mutation.at} (HTTP ${r.http} ${r.text.slice(0, 200)}): ${JSON.stringify(body).slice(0, 400)}`,
        ).toBe(true);
      }),
      { numRuns: INVALID_RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
