import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDef } from '#contract/common.ts';
import { type OpName, operations } from '#contract/operations.ts';
import { buildOpenApi } from './openapi.ts';
import { startService, type TestService } from './test-support.ts';

/**
 * Bounded fuzzing (issue 11): random bodies to every operation of the table. Whatever arrives, the service answers
 * below 500, with a JSON envelope that fits the OpenAPI document (the test helper checks each answer), and still
 * answers afterwards. Bodies are built from each operation's request schema (its field names, enums, nesting) and
 * mixed with wrong types, nulls, huge and unicode strings, deep nesting and prototype keys.
 */

const RUNS_PER_OPERATION = 70;
const SEED = 11;

type Schema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};

const prototypeKeys = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];

const nested = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Values of the wrong kind, or of the right kind at their edges. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5, Number.MIN_VALUE),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '1',
    'true',
    '2026-02-30',
    '2026-11-23',
    '2026-11-23 10:00:00',
    '%',
    '_',
    "'",
  ),
  fc.constantFrom('x'.repeat(201), 'ü'.repeat(10_001), '%_'.repeat(5000), `${'a'.repeat(300)}%`),
  fc.constantFrom(nested(40), nested(33), nested(5)),
  fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(
    fc.oneof(fc.string(), fc.constantFrom(...prototypeKeys)),
    fc.oneof(fc.string(), fc.integer()),
    {
      maxKeys: 4,
    },
  ),
);

/** A value shaped after a request schema node, often valid, sometimes junk. */
function shapedValue(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => shapedValue(v, depth + 1)), junk);
  if (schema.enum?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, junk);
  switch (schema.type) {
    case 'object':
      return schema.properties ? fc.oneof({ weight: 3, arbitrary: objectOf(schema, depth + 1) }, junk) : junk;
    case 'array':
      return fc.oneof(fc.array(shapedValue(schema.items, depth + 1), { maxLength: 4 }), junk);
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 400 }), junk);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom(0, 1), junk);
    case 'string':
      return fc.oneof(fc.string({ maxLength: 30 }), junk);
    default:
      return junk;
  }
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const known = fc.record(Object.fromEntries(fields.map(([k, s]) => [k, shapedValue(s, depth)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom(...prototypeKeys), fc.string({ maxLength: 8 })),
    junk,
    {
      maxKeys: 2,
    },
  );
  return fc
    .tuple(known, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, extra))
    .map(([a, b]) => ({ ...a, ...b }));
}

/** A whole request body: mostly shaped objects, sometimes not JSON objects at all. */
function bodyOf(schema: Schema): fc.Arbitrary<{ raw: string }> {
  return fc.oneof(
    { weight: 8, arbitrary: objectOf(schema, 0).map((o) => ({ raw: JSON.stringify(o) })) },
    { weight: 1, arbitrary: junk.map((v) => ({ raw: JSON.stringify(v) ?? '' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{',
          '',
          '{"__proto__":{"isAdmin":true}}',
          `{"constructor":{"prototype":{"x":1}}}`,
          `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
          `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
        )
        .map((raw) => ({ raw })),
    },
  );
}

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('fuzz: random bodies to every operation', () => {
  it('never answers 5xx, always a JSON envelope, and keeps answering', async () => {
    const doc = buildOpenApi() as {
      paths: Record<
        string,
        { post: { requestBody: { content: { 'application/json': { schema: Schema } } } } }
      >;
    };
    const counts = { requests: 0, '2xx': 0, '4xx': 0, '5xx': 0, other: 0 };
    const started = performance.now();
    for (const name of Object.keys(operations) as OpName[]) {
      const op = operations[name] as OperationDef;
      const schema = doc.paths[op.path].post.requestBody.content['application/json'].schema;
      await fc.assert(
        fc.asyncProperty(bodyOf(schema), fc.boolean(), async ({ raw }, apiKey) => {
          const r = await svc.post(op.path, undefined, apiKey ? { raw, apiKey: 'demo-key' } : { raw });
          counts.requests++;
          const bucket =
            r.http >= 500 ? '5xx' : r.http >= 400 ? '4xx' : r.http >= 200 && r.http < 300 ? '2xx' : 'other';
          counts[bucket]++;
          expect(r.http, `${name} ${raw.slice(0, 200)}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
          if (name === 'openapi' && r.http === 200) return; // The document itself, not an envelope.
          expect(r.headers['content-type'], name).toMatch(/^application\/json/);
          expect(r.body, name).toBeTypeOf('object');
          expect(r.body, name).toHaveProperty('status');
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
      const alive = await svc.post('/system/whoami', {});
      expect(alive.http, `after ${name}`).toBe(200);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${counts.requests} requests to ${Object.keys(operations).length} operations in ${seconds} s: ` +
        `${counts['2xx']} 2xx, ${counts['4xx']} 4xx, ${counts['5xx']} 5xx`,
    );
    expect(counts['5xx']).toBe(0);
    expect(counts.requests).toBe(Object.keys(operations).length * RUNS_PER_OPERATION);
  }, 60_000);
});
