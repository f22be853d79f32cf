import { vi } from 'vitest';
import type { OperationDef, Pagination } from '../../contract/common.ts';
import { type OpName, operationByPath, operations } from '../../contract/operations.ts';

/**
 * A stand-in for the practice service in component tests: global fetch answers each operation from a handler,
 * wrapped in the envelope of the operation's kind, just as the service would. Operations without a handler
 * answer 404 `Unknown operation.` (like a real tenant without the reference service's additions).
 *
 *   const api = stubApi({ whoami: () => me, getLeads: () => list([lead]), getTasks: () => fail(401, 'Unauthorized.') });
 *   …
 *   expect(api.calls).toContainEqual({ op: 'getLeads', input: { limit: 50 } });
 */

const LIST = Symbol('list');
const FAIL = Symbol('fail');

export interface ListReply {
  [LIST]: true;
  items: unknown[];
  pagination: Pagination;
}

export interface FailReply {
  [FAIL]: true;
  http: number;
  msg: string;
}

/** A page of a list operation; the pagination defaults to everything on one page. */
export function list(items: unknown[], pagination: Partial<Pagination> = {}): ListReply {
  const offset = pagination.offset ?? 0;
  const limit = pagination.limit ?? 100;
  const total = pagination.total ?? offset + items.length;
  return {
    [LIST]: true,
    items,
    pagination: { offset, limit, total, hasMore: offset + limit < total, ...pagination },
  };
}

/** A refusal: `fail(404, 'Lead not found.')`; laborUpload gets it as its integer status under HTTP 200. */
export function fail(http: number, msg: string): FailReply {
  return { [FAIL]: true, http, msg };
}

export type StubHandler = (input: Record<string, unknown>) => unknown;

export interface ApiStub {
  /** Every request, in order. */
  calls: { op: OpName; input: Record<string, unknown>; headers: Record<string, string> }[];
  /** Replaces or adds handlers. */
  on: (handlers: Partial<Record<OpName, StubHandler>>) => void;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function envelope(def: OperationDef, value: unknown): Response {
  if (value instanceof Response) return value;
  if (value && typeof value === 'object' && FAIL in value) {
    const f = value as FailReply;
    if (def.envelope === 'labor') return json({ status: f.http, msg: f.msg });
    return json({ status: false, msg: f.msg, result: null }, f.http);
  }
  switch (def.envelope) {
    case 'list': {
      const l =
        value && typeof value === 'object' && LIST in value ? (value as ListReply) : list(value as unknown[]);
      return json({ status: true, msg: 'Success', result: l.items, pagination: l.pagination });
    }
    case 'providers':
      return json({ status: 'ok', result: value });
    case 'accounting':
      return json({ status: true, result: value });
    case 'searchPatients': {
      const rows = (value as unknown[] | null) ?? [];
      return json({
        status: true,
        msg: `Matched ${rows.length} customers`,
        results: rows.length ? rows : null,
      });
    }
    case 'labor':
      return json({ status: 200, msg: typeof value === 'string' ? value : 'successfully uploaded' });
    case 'raw':
      return new Response(String(value), { status: 200, headers: { 'content-type': 'text/plain' } });
    default:
      return json({ status: true, msg: def.successMsg ?? 'Success', result: value ?? null });
  }
}

export function stubApi(handlers: Partial<Record<OpName, StubHandler>> = {}): ApiStub {
  const table: Partial<Record<OpName, StubHandler>> = { ...handlers };
  const calls: ApiStub['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(url)).pathname.replace(/^.*\/v1(?=\/)/, '');
      const op = operationByPath(path);
      if (!op) return json({ status: false, msg: 'Unknown operation.' }, 404);
      const input = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ op, input, headers: { ...(init?.headers as Record<string, string>) } });
      const handler = table[op];
      if (!handler) return json({ status: false, msg: 'Unknown operation.' }, 404);
      return envelope(operations[op], await handler(input));
    }),
  );
  return {
    calls,
    on: (more) => Object.assign(table, more),
  };
}
