import { existsSync } from 'node:fs';
import { Hono } from 'hono';
import type { z } from 'zod';
import {
  BODY_MAX,
  DEPTH_MAX,
  ITEMS_MAX,
  limitMessages,
  type OperationDef,
  SEARCH_MAX,
  TEXT_MAX,
} from '#contract/common.ts';
import { type OpName, operationByPath, operations } from '#contract/operations.ts';
import { clientAddressOf, noTrustedProxies, type TrustedProxies } from '../client-address.ts';
import { readBody } from './body.ts';
import { drain } from './body-limit.ts';
import {
  createDatabaseFile,
  type Db,
  isStorageFault,
  openDatabase,
  tenantFile,
  transaction,
  transactionAsync,
} from './db/database.ts';
import { type Ctx, Fail, type Handler, type Outcome } from './handler.ts';
import { handlers } from './handlers.ts';
import { BUSY_RETRY_SECONDS, busyMessage, createGate, type Gate } from './labor/gate.ts';
import { seedTenant } from './seed/index.ts';
import { authenticate, findTenant, keyFingerprint, tenantFromHost } from './tenants.ts';
import { createThrottle, isSessionRequest } from './throttle.ts';

export interface ServiceOptions {
  dataDir: string;
  /** Seed a tenant's database with the demo data when it is created (default true). */
  seed?: boolean;
  /** Check every result against the contract before sending it (tests and e2e). */
  validateResults?: boolean;
  /** The clock: seeding, handlers and the failed-sign-in throttle read it (tests move it). */
  now?: () => Date;
  /** Where the access line of each request goes (default: standard output); false for none. */
  accessLog?: ((line: string) => void) | false;
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (docs/api.md#session; default none). */
  trustedProxies?: TrustedProxies;
  /** The slots of laborUpload bodies (default: two per tenant, a third waits up to 10 s; tests pass their own). */
  laborGate?: Gate;
}

export interface AccessLine {
  tenant: string;
  user: string;
  operation: string;
}

function writeAccessLine(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * One access line: `<ISO time> <client address> <tenant> <user | key:fingerprint | -> <operation | -> <status>
 * <ms>ms`. Never a body, a password, a key or a patient's data. (Exported for the proxy's lines, which match.)
 */
export function formatAccessLine(
  l: AccessLine & { time: Date; address: string; status: number; ms: number },
): string {
  return `${l.time.toISOString()} ${l.address} ${l.tenant} ${l.user} ${l.operation} ${l.status} ${l.ms}ms`;
}

/** Every /v1 answer is the practice's data or about it: never kept by a browser or a shared cache. */
function noStore(res: Response): Response {
  try {
    res.headers.set('Cache-Control', 'no-store');
    return res;
  } catch {
    // Headers of a response that came from elsewhere may be immutable: copy it.
    const copy = new Response(res.body, res);
    copy.headers.set('Cache-Control', 'no-store');
    return copy;
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * Nesting and text sizes of a parsed body (docs/api.md#limits), before the schemas see it: a body nested
 * 100,000 deep must not reach recursive code, a megabyte of search text must not reach SQLite's LIKE.
 * Iterative, so the check itself cannot overflow the stack.
 */
export function checkLimits(body: object, op: OperationDef): string | undefined {
  const search = new Set(op.searchFields ?? []);
  const long = new Set(op.longTextFields ?? []);
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 1 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      if (search.has(path) && value.length > SEARCH_MAX) return limitMessages.searchTooLong(path);
      if (!long.has(path) && value.length > TEXT_MAX) return limitMessages.textTooLong(path);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > DEPTH_MAX) return limitMessages.tooDeep;
    // Before anything walks its items (readBody refuses most such arrays while they arrive).
    if (Array.isArray(value) && value.length > ITEMS_MAX) return limitMessages.tooManyItems(path);
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, v] = entries[i];
      stack.push({ value: v, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

type Json = Record<string, unknown>;

/** docs/api.md#hardening: a write the disk refuses. */
export const storageMessage = 'The practice data cannot be saved right now.';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The error body of an operation, by its envelope kind. */
function errorBody(op: OperationDef | undefined, msg: string, http: number): Json {
  if (!op) return { status: false, msg };
  switch (op.envelope) {
    case 'labor':
      // The document's wording for a failure of the service itself.
      return http >= 500 ? { status: 500, msg: 'an error occurred' } : { status: 400, msg };
    case 'searchPatients':
      return { status: false, msg, results: null };
    case 'raw':
    case 'providers':
    case 'accounting':
      return { status: false, msg };
    default:
      return op.errorWithoutResult ? { status: false, msg } : { status: false, msg, result: null };
  }
}

function failure(op: OperationDef | undefined, http: number, msg: string): Response {
  // laborUpload answers HTTP 200 in every case.
  return json(errorBody(op, msg, http), op?.envelope === 'labor' ? 200 : http);
}

/** The HTTP status the contract gives a message: exact, or by a listed prefix ending in ': '. */
export function statusOf(op: OperationDef, msg: string): number {
  if (op.errors[msg] !== undefined) return op.errors[msg];
  for (const [m, http] of Object.entries(op.errors)) {
    if (m.endsWith(': ') && msg.startsWith(m)) return http;
  }
  return 400;
}

function issueMessage(op: OperationDef, issue: z.core.$ZodIssue): string {
  if (statusOf(op, issue.message) !== 400 || Object.hasOwn(op.errors, issue.message)) return issue.message;
  if (Object.keys(op.errors).some((m) => m.endsWith(': ') && issue.message.startsWith(m)))
    return issue.message;
  // No document message for this field: name the field so the caller knows what to fix.
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function envelope(op: OperationDef, out: Outcome): Response {
  if (out.raw) return out.raw;
  switch (op.envelope) {
    case 'labor':
      return json({ status: out.laborStatus ?? 200, msg: out.msg ?? 'successfully uploaded' });
    case 'providers':
      return json({ status: 'ok', result: out.result ?? null });
    case 'accounting':
      return json({ status: true, result: out.result ?? [] });
    case 'searchPatients': {
      const rows = (out.result as unknown[] | null) ?? [];
      return json({
        status: true,
        msg: out.msg ?? `Matched ${rows.length} customers`,
        results: rows.length ? rows : null,
      });
    }
    case 'list':
      return json({
        status: true,
        msg: out.msg ?? op.successMsg ?? 'Success',
        result: out.result,
        pagination: out.pagination,
      });
    default:
      return json({ status: true, msg: out.msg ?? op.successMsg ?? 'Success', result: out.result ?? null });
  }
}

/** Work of one request between two pauses (Ctx.pause): another tenant's request waits at most about this. */
const SLICE_MS = 20;

function pauser(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

export interface Service {
  app: Hono;
  /** The database of a tenant, opened (and seeded) on first use. */
  db: (tenant: string) => Db;
  close: () => void;
}

export function createService(options: ServiceOptions): Service {
  const dbs = new Map<string, Db>();
  const now = options.now ?? (() => new Date());

  /** The tenant's database, opened on first use; a new tenant's made all or nothing (createDatabaseFile). */
  function db(tenant: string): Db {
    const known = dbs.get(tenant);
    if (known) return known;
    const file = tenantFile(options.dataDir, tenant);
    const t = findTenant(tenant);
    const seed =
      options.seed !== false && t ? (d: Db) => seedTenant(d, { tenant: t, today: now() }) : undefined;
    if (!existsSync(file)) createDatabaseFile(file, seed);
    const opened = openDatabase(file);
    // An empty file left by an older version: its schema was just made; seeded in one transaction.
    if (opened.created && seed) transaction(opened.db, () => seed(opened.db));
    dbs.set(tenant, opened.db);
    return opened.db;
  }

  // One request per tenant at a time touches its connection: a handler that pauses keeps its transaction open,
  // and the tenant's next request must not begin inside it. Other tenants run meanwhile.
  const turns = new Map<string, Promise<void>>();
  function inTurn<T>(tenant: string, fn: () => Promise<T>): Promise<T> {
    const run = (turns.get(tenant) ?? Promise.resolve()).then(fn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    turns.set(tenant, settled);
    void settled.then(() => {
      if (turns.get(tenant) === settled) turns.delete(tenant);
    });
    return run;
  }

  const app = new Hono();
  const throttle = createThrottle({ now: () => now().getTime() });
  const trusted = options.trustedProxies ?? noTrustedProxies;
  // Two laborUpload bodies of a tenant read at once (up to 36 MB each); a third waits for a slot.
  const laborGate = options.laborGate ?? createGate({ slots: 2, waitMs: 10_000 });
  const log = options.accessLog === undefined ? writeAccessLine : options.accessLog;

  app.all('/v1/*', async (c) => {
    const started = performance.now();
    const line: AccessLine = { tenant: '-', user: '-', operation: '-' };
    const address = clientAddressOf(c.req.raw, c.env, trusted);
    const res = noStore(await serve(c.req.raw, address, line));
    if (log) {
      log(
        formatAccessLine({
          time: now(),
          address,
          ...line,
          status: res.status,
          ms: Math.round(performance.now() - started),
        }),
      );
    }
    return res;
  });

  async function serve(req: Request, address: string, line: AccessLine): Promise<Response> {
    const tenant = findTenant(tenantFromHost(req.headers.get('host') ?? undefined));
    if (!tenant) return failure(undefined, 404, 'Unknown tenant.');
    line.tenant = tenant.name;

    const name = operationByPath(pathOf(req.url).slice('/v1'.length));
    if (name) line.operation = name;

    const throttleKey = `${address}|${tenant.name}`;
    // A signed-in session of the app server in front is not a guess (docs/api.md#session): never held up nor counted.
    const counted = !isSessionRequest(req);
    const wait = counted ? throttle.retryAfter(throttleKey, now().getTime()) : 0;
    if (wait > 0) {
      const res = failure(undefined, 429, 'Too many failed sign-ins. Try again later.');
      res.headers.set('Retry-After', String(wait));
      return res;
    }

    if (!name) return failure(undefined, 404, 'Unknown operation.');
    const op = operations[name] as OperationDef;
    if (req.method !== 'POST') {
      // Says what is allowed (RFC 9110 section 15.5.6): every operation is a POST.
      const res = failure(undefined, 405, 'Method not allowed.');
      res.headers.set('Allow', 'POST');
      return res;
    }

    const apiKey = req.headers.get('x-api-key') ?? undefined;
    const user = authenticate(tenant, req.headers.get('authorization') ?? undefined, apiKey);
    if (!user) {
      // A request without any credentials is no guess (docs/api.md#hardening).
      const guessed = Boolean(req.headers.get('authorization')?.trim() || apiKey?.trim());
      if (counted && guessed) throttle.fail(throttleKey, now().getTime());
      return failure(undefined, 401, 'Unauthorized.');
    }
    line.user = apiKey ? keyFingerprint(apiKey) : String(user.userid);

    const read =
      name === 'laborUpload'
        ? await laborGate.run(tenant.name, () => readBody(req, op.bodyMax ?? BODY_MAX))
        : await readBody(req, op.bodyMax ?? BODY_MAX);
    if (read === undefined) {
      const res = failure(undefined, 503, busyMessage);
      res.headers.set('Retry-After', String(BUSY_RETRY_SECONDS));
      // The body is not read: drained, so the client sees the answer rather than a reset.
      drain(req.body);
      return res;
    }
    if (!read.ok) {
      return read.reason === 'tooLarge'
        ? failure(undefined, 413, 'Request body too large.')
        : failure(op, 400, read.msg);
    }
    const raw = read.text;
    let body: unknown = {};
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return failure(undefined, 400, 'Invalid JSON body.');
      }
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return failure(undefined, 400, 'Invalid JSON body.');
    }
    const limit = checkLimits(body, op);
    if (limit) return failure(op, 400, limit);

    if (op.module && !user.modules.includes(op.module)) {
      return failure(op, 200, `API token is not enabled for module ${op.module}.`);
    }

    const parsed = op.input.safeParse(body);
    if (!parsed.success) {
      const msg = issueMessage(op, parsed.error.issues[0]);
      return failure(op, statusOf(op, msg), msg);
    }

    const handler = handlers[name] as Handler<OpName> | undefined;
    if (!handler) return failure(op, 501, 'Not implemented.');

    let out: Outcome;
    try {
      out = await inTurn(tenant.name, () => {
        const ctx: Ctx = { db: db(tenant.name), tenant, user, now, request: req, pause: pauser() };
        return transactionAsync(ctx.db, () => handler(ctx, parsed.data as never));
      });
    } catch (e) {
      if (e instanceof Fail) return failure(op, e.http, e.message);
      // The disk refused (full, read-only, I/O): nothing was written, reads go on; the client may try again.
      if (isStorageFault(e)) {
        console.error(`[${tenant.name}] ${name}: storage refused:`, e instanceof Error ? e.message : e);
        return failure(undefined, 503, storageMessage);
      }
      console.error(`[${tenant.name}] ${name} failed:`, e instanceof Error ? e.stack : e);
      return failure(op, 500, 'Internal error.');
    }

    if (options.validateResults && !out.raw && out.result !== undefined) {
      const checked = op.result.safeParse(out.result);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const msg = `Result does not fit the contract: ${name} result.${issue.path.join('.')}: ${issue.message}`;
        console.error(msg);
        return failure(op, 500, msg);
      }
    }
    return envelope(op, out);
  }

  return {
    app,
    db,
    close: () => {
      for (const d of dbs.values()) d.close();
      dbs.clear();
    },
  };
}
