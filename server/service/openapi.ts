import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { z } from 'zod';
import { type EnvelopeKind, ITEMS_MAX, type OperationDef, SEARCH_MAX, TEXT_MAX } from '#contract/common.ts';
import { type OpName, operations } from '#contract/operations.ts';
import { busyMessage } from './labor/gate.ts';

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

/**
 * The limits every request has (docs/api.md#limits), on every node of the request schema: a text at most
 * 10,000 characters (200 for the operation's search fields, its long texts their own), a list at most 1,000 items.
 * `path` is the field's path as the service names it (dot-separated, as sent).
 */
function withLimits(node: unknown, op: OperationDef, path: string): void {
  if (!node || typeof node !== 'object') return;
  const s = node as Json;
  if (s.type === 'string' && !s.enum && !op.longTextFields?.includes(path)) {
    const max = op.searchFields?.includes(path) ? SEARCH_MAX : TEXT_MAX;
    s.maxLength = Math.min(typeof s.maxLength === 'number' ? s.maxLength : max, max);
  }
  if (s.type === 'array') {
    s.maxItems = Math.min(typeof s.maxItems === 'number' ? s.maxItems : ITEMS_MAX, ITEMS_MAX);
    withLimits(s.items, op, `${path}.*`);
  }
  for (const [key, child] of Object.entries((s.properties as Json | undefined) ?? {})) {
    withLimits(child, op, path ? `${path}.${key}` : key);
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    withLimits(s.additionalProperties, op, `${path}.*`);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const branch of (s[key] as unknown[] | undefined) ?? []) withLimits(branch, op, path);
  }
}

/** Request schema: fields with a default (paging) or that accept nothing are not required of the caller. */
function requestSchema(op: OperationDef): Json {
  const schema = jsonSchema(op.input, 'input');
  const shape = shapeOf(op.input);
  // What the contract declares required for the document (`.meta({ required })`, modifyRecall's whole record).
  const declared = (z.globalRegistry.get(op.input) as { required?: string[] } | undefined)?.required ?? [];
  if (shape && Array.isArray(schema.required)) {
    const required = (schema.required as string[]).filter(
      (k) => declared.includes(k) || !shape[k]?.safeParse(undefined).success,
    );
    if (required.length) schema.required = required;
    else delete schema.required;
  }
  withLimits(schema, op, '');
  return schema;
}

/** Whether a request needs a body: some field is required, or one of several is ("at least one of"). */
function needsBody(schema: Json): boolean {
  const anyRequired = (s: Json): boolean =>
    (Array.isArray(s.required) && s.required.length > 0) ||
    (Array.isArray(s.anyOf) && (s.anyOf as Json[]).every(anyRequired)) ||
    (Array.isArray(s.allOf) && (s.allOf as Json[]).some(anyRequired));
  return anyRequired(schema);
}

const errorEnvelope: Json = {
  type: 'object',
  description:
    'The error envelope: status false and the message; `result` (or `results`) null where the operation has one.',
  properties: {
    status: { type: 'boolean', enum: [false] },
    msg: { type: 'string' },
    result: { type: 'object', nullable: true, description: 'Always null on an error.' },
    results: {
      type: 'array',
      items: {},
      nullable: true,
      description: 'searchPatients: always null on an error.',
    },
  },
  required: ['status', 'msg'],
};

const errorRef = { $ref: '#/components/schemas/Error' };

/** laborUpload's reply: HTTP 200 always, the outcome in the integer status. */
const laborEnvelope: Json = {
  oneOf: [
    {
      type: 'object',
      description: 'Success.',
      properties: { status: { type: 'integer', enum: [200] }, msg: { type: 'string' } },
      required: ['status', 'msg'],
    },
    {
      type: 'object',
      description: 'The error: status 400 (the request) or 500 (the service).',
      properties: { status: { type: 'integer', enum: [400, 500] }, msg: { type: 'string' } },
      required: ['status', 'msg'],
    },
  ],
};

/**
 * Answers every operation can give, whatever its own messages (docs/api.md#transport, #tenants and #hardening). The operation's
 * own messages for the same status are listed before these.
 */
const commonAnswers: [number, string][] = [
  [
    400,
    'Invalid JSON body. | Request nested too deeply. | Text too long: <field> (at most 10000 characters). | ' +
      'Search text too long: <field> (at most 200 characters). | Too many items: <field> (at most 1000). | ' +
      '<field>: <problem>',
  ],
  [401, 'Unauthorized.'],
  [404, 'Unknown tenant. | Unknown operation.'],
  [405, 'Method not allowed.'],
  [413, 'Request body too large.'],
  [429, 'Too many failed sign-ins. Try again later. (Retry-After: seconds)'],
  [503, 'The practice data cannot be saved right now.'],
];

const tagDescriptions: Record<string, string> = {
  sales: 'Leads, their folders, tasks, history and statistics.',
  agenda: 'Calendars and appointments.',
  recall: 'Recalls of patients.',
  booking: 'Online booking: services and free slots.',
  hx: "A patient's history and its attachments.",
  labor: 'Upload of laboratory results (HL7, PDF).',
  accounting: 'Accounting extracts.',
  system: 'Patients, practitioners, users and this document.',
};

function envelopeSchema(kind: EnvelopeKind, result: Json): Json {
  switch (kind) {
    case 'list':
      return {
        type: 'object',
        properties: {
          status: { type: 'boolean', enum: [true] },
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
        properties: { status: { type: 'boolean', enum: [true] }, result },
        required: ['status', 'result'],
      };
    case 'searchPatients':
      return {
        type: 'object',
        properties: {
          status: { type: 'boolean', enum: [true] },
          msg: { type: 'string', description: 'Matched N customers.' },
          results: { ...result, nullable: true, description: 'null when nothing matches.' },
        },
        required: ['status', 'msg', 'results'],
      };
    default:
      return {
        type: 'object',
        properties: { status: { type: 'boolean', enum: [true] }, msg: { type: 'string' }, result },
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
  const json = (schema: Json) => ({ 'application/json': { schema } });

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
      description: `HTTP 200 for every outcome of the upload; the outcome is the integer status of the body. ${[
        `status 200: ${op.successMsg ?? 'successfully uploaded'}`,
        ...lines,
        'status 400: Text too long: <field> (at most 10000 characters). | Request nested too deeply.',
      ].join('; ')}`,
      content: json(laborEnvelope),
    };
  } else {
    const ok = byStatus.get(200);
    const success = envelopeSchema(op.envelope, jsonSchema(op.result, 'output'));
    responses['200'] = ok
      ? {
          // The typed client must see that a 200 may be an error (docs/api.md#errors: these answer errors with 200).
          description: `Success (msg ${op.successMsg ?? 'Success'}), or the error envelope with HTTP 200: ${ok.join(' | ')}`,
          content: json({ oneOf: [success, errorRef] }),
        }
      : { description: 'Success.', content: json(success) };
  }

  // Every other status that occurs: the operation's own messages, then those any operation can answer.
  const described = new Map<number, string[]>();
  if (op.envelope !== 'labor') {
    for (const [status, msgs] of byStatus) if (status !== 200) described.set(status, [...msgs]);
  }
  for (const [status, msg] of commonAnswers) {
    // laborUpload answers its validation with HTTP 200; only a body that is not JSON gets HTTP 400.
    const text = op.envelope === 'labor' && status === 400 ? 'Invalid JSON body.' : msg;
    described.set(status, [...(described.get(status) ?? []), text]);
  }
  // A third upload of a tenant that found no free body slot within 10 s (docs/api.md#session).
  const busy = op.envelope === 'labor';
  if (busy) described.get(503)?.push(`${busyMessage} (Retry-After: seconds)`);
  for (const [status, msgs] of [...described].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: msgs.join(' | '),
      ...(status === 429 || (busy && status === 503)
        ? {
            headers: {
              'Retry-After': { description: 'Seconds until the next try.', schema: { type: 'integer' } },
            },
          }
        : {}),
      content: json(errorRef),
    };
  }

  const request = requestSchema(op);
  const rules = Object.entries(op.rules ?? {});
  return {
    operationId: name,
    tags: [op.area],
    summary: op.summary,
    ...(rules.length
      ? {
          description: `Beyond the request schema: ${rules
            .map(([msg, rule]) => `${rule} (else ${msg.endsWith(': ') ? `${msg}<value>` : msg})`)
            .join('; ')}.`,
        }
      : {}),
    requestBody: {
      required: needsBody(request),
      description: needsBody(request) ? 'JSON object.' : 'JSON object; an empty body (or none) counts as {}.',
      content: { 'application/json': { schema: request } },
    },
    responses,
    ...(rules.length ? { 'x-rules': rules.map(([message, rule]) => ({ message, rule })) } : {}),
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
    tags: [...areas].map((name) => ({ name, description: tagDescriptions[name] ?? name })),
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

/** Both renderings, generated once and kept for an hour (docs/api.md#openapi). */
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
