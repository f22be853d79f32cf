import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { z } from 'zod';
import type { EnvelopeKind, OperationDef } from '../contract/common.ts';
import { type OpName, operations } from '../contract/operations.ts';

/**
 * The OpenAPI 3.0.0 document of POST /v1/system/openapi, generated from the contract table: every operation with
 * its request schema (the input zod schema as the client sends it), its response by envelope kind and its error
 * messages. Nothing is written twice.
 */

type Json = Record<string, unknown>;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Drops zod's ±2^53 bounds on integers: true but noise for readers of the document. */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'minimum' || k === 'maximum') && (v === MAX_SAFE || v === -MAX_SAFE)) continue;
    if (k === '$schema') continue;
    out[k] = tidy(v);
  }
  return out;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  try {
    return tidy(z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' })) as Json;
  } catch {
    // A schema the converter cannot handle (e.g. a cycle) must not take the whole document down.
    return {};
  }
}

/** The object shape behind an input schema (through preprocess pipes), to find the fields that may be left out. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.out as z.ZodType) ?? shapeOf(schema.in as z.ZodType);
  return undefined;
}

/** Request schema: fields with a default (paging) or that accept nothing are not required of the caller. */
function requestSchema(input: z.ZodType): Json {
  const schema = jsonSchema(input, 'input');
  const shape = shapeOf(input);
  if (shape && Array.isArray(schema.required)) {
    const required = (schema.required as string[]).filter((k) => !shape[k]?.safeParse(undefined).success);
    if (required.length) schema.required = required;
    else delete schema.required;
  }
  return schema;
}

const errorEnvelope: Json = {
  type: 'object',
  properties: {
    status: { type: 'boolean', enum: [false] },
    msg: { type: 'string' },
    result: { nullable: true },
  },
  required: ['status', 'msg'],
};

function envelopeSchema(kind: EnvelopeKind, result: Json): Json {
  switch (kind) {
    case 'list':
      return {
        type: 'object',
        properties: {
          status: { type: 'boolean' },
          msg: { type: 'string' },
          result,
          pagination: { $ref: '#/components/schemas/Pagination' },
        },
        required: ['status', 'msg', 'result', 'pagination'],
      };
    case 'labor':
      return result;
    case 'providers':
      return {
        type: 'object',
        properties: { status: { type: 'string', enum: ['ok'] }, result },
        required: ['status', 'result'],
      };
    case 'accounting':
      return {
        type: 'object',
        properties: { status: { type: 'boolean' }, result },
        required: ['status', 'result'],
      };
    case 'searchPatients':
      return {
        type: 'object',
        properties: {
          status: { type: 'boolean' },
          msg: { type: 'string', description: 'Matched N customers, or the error.' },
          results: { ...result, nullable: true, description: 'null when nothing matches or on error.' },
        },
        required: ['status', 'msg', 'results'],
      };
    default:
      return {
        type: 'object',
        properties: { status: { type: 'boolean' }, msg: { type: 'string' }, result },
        required: ['status', 'msg', 'result'],
      };
  }
}

function messagesByStatus(errors: Record<string, number>): Map<number, string[]> {
  const by = new Map<number, string[]>();
  for (const [msg, status] of Object.entries(errors)) {
    const label = msg.endsWith(': ') ? `${msg}<value>` : msg;
    by.set(status, [...(by.get(status) ?? []), label]);
  }
  return by;
}

function operationObject(name: string, op: OperationDef): Json {
  const responses: Json = {};
  const byStatus = messagesByStatus(op.errors);

  if (op.envelope === 'raw') {
    responses['200'] = {
      description: 'The document itself, YAML or JSON by `format`. Carries an ETag.',
      headers: { ETag: { schema: { type: 'string' } } },
      content: {
        'application/yaml': { schema: { type: 'string' } },
        'application/json': { schema: { type: 'object' } },
      },
    };
    responses['304'] = { description: 'Not modified: If-None-Match matched the current ETag.' };
  } else if (op.envelope === 'labor') {
    const lines = [...byStatus].map(([s, msgs]) => `status ${s}: ${msgs.join(' | ')}`);
    responses['200'] = {
      description: `Always HTTP 200; the outcome is the integer status of the body. ${[
        `status 200: ${op.successMsg ?? 'successfully uploaded'}`,
        ...lines,
      ].join('; ')}`,
      content: { 'application/json': { schema: envelopeSchema('labor', jsonSchema(op.result, 'output')) } },
    };
  } else {
    const ok = byStatus.get(200);
    responses['200'] = {
      description: ok
        ? `Success (msg ${op.successMsg ?? 'Success'}), or status false with HTTP 200: ${ok.join(' | ')}`
        : 'Success.',
      content: {
        'application/json': { schema: envelopeSchema(op.envelope, jsonSchema(op.result, 'output')) },
      },
    };
  }
  if (op.envelope !== 'labor') {
    for (const [status, msgs] of [...byStatus].sort((a, b) => a[0] - b[0])) {
      if (status === 200) continue;
      responses[String(status)] = {
        description: msgs.join(' | '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    if (!responses['400']) {
      responses['400'] = {
        description: 'Invalid JSON body. | <field>: <problem>',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
  }
  responses['401'] = {
    description: 'Unauthorized.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };

  return {
    operationId: name,
    tags: [op.area],
    summary: op.summary,
    requestBody: {
      required: false,
      description: 'JSON object; an empty body counts as {}.',
      content: { 'application/json': { schema: requestSchema(op.input) } },
    },
    responses,
    'x-envelope': op.envelope,
    'x-error-messages': Object.entries(op.errors).map(([message, status]) => ({ message, status })),
    ...(op.module ? { 'x-module': op.module } : {}),
  };
}

/** The document as a plain object. */
export function buildOpenApi(): Json {
  const paths: Json = {};
  const areas = new Set<string>();
  for (const name of Object.keys(operations) as OpName[]) {
    const op = operations[name] as OperationDef;
    areas.add(op.area);
    paths[op.path] = { post: operationObject(name, op) };
  }
  return {
    openapi: '3.0.0',
    info: {
      title: 'Practice Management Service',
      version: '1.0.0',
      description:
        'Tenant-based HTTP/JSON API of a medical-practice management system. Every operation is a POST with a JSON ' +
        'body below /v1; dates YYYY-MM-DD and date-times YYYY-MM-DD HH:MM:SS in Europe/Zurich.',
    },
    servers: [
      {
        url: 'https://{tenant}.example.ch/v1',
        description: 'The tenant is the first label of the host name.',
        variables: { tenant: { default: 'demo', description: 'Tenant name' } },
      },
    ],
    security: [{ basicAuth: [] }, { apiKey: [] }],
    tags: [...areas].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas: {
        Error: errorEnvelope,
        Pagination: {
          type: 'object',
          properties: {
            offset: { type: 'integer' },
            limit: { type: 'integer' },
            total: { type: 'integer' },
            hasMore: { type: 'boolean' },
          },
          required: ['offset', 'limit', 'total', 'hasMore'],
        },
      },
    },
  };
}

interface Rendered {
  body: string;
  etag: string;
  contentType: string;
}

const TTL_MS = 60 * 60 * 1000;
let cache: { at: number; yaml: Rendered; json: Rendered } | undefined;

function render(body: string, contentType: string): Rendered {
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
}

/** Both renderings, generated once and kept for an hour (practice-api.md, "specification cache"). */
export function openapiDocument(format: 'yaml' | 'json', now = Date.now()): Rendered {
  if (!cache || now - cache.at >= TTL_MS || now < cache.at) {
    const doc = buildOpenApi();
    cache = {
      at: now,
      yaml: render(stringify(doc, { aliasDuplicateObjects: false }), 'application/yaml; charset=utf-8'),
      json: render(JSON.stringify(doc), 'application/json; charset=utf-8'),
    };
  }
  return cache[format];
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and * included). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/** The raw answer of system/openapi: the document with its ETag, or 304 when the caller has it already. */
export function openapiResponse(request: Request, format: 'yaml' | 'json', now = Date.now()): Response {
  const doc = openapiDocument(format, now);
  const headers = { ETag: doc.etag, 'Cache-Control': 'no-cache' };
  if (matches(request.headers.get('if-none-match'), doc.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(doc.body, { status: 200, headers: { ...headers, 'Content-Type': doc.contentType } });
}
