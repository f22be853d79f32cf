import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations } from '#contract/operations.ts';
import { ApiError, call } from '../../src/api/client.ts';
import { registerOperations } from '../../src/api/operation-table.ts';
import type { Session } from '../../src/api/session.ts';
import { listen } from '../listen.ts';
import { type Backend, createBackend } from './backend.ts';

/**
 * The app's client against the app's server (sessions in front of the real reference service), over HTTP: every
 * envelope kind read and checked by the contract. Node's fetch keeps no cookies: this test is the browser, and
 * sends the cookie each sign-in got (the one of the session a call is for).
 */
// In the app an area's api module registers its operations when it loads; this test calls every area's.
registerOperations(operations);

let dataDir = '';
let backend: Backend;
let server: Server;
let url = '';
let demo: Session;
const cookies = new Map<string, string>();

async function signIn(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${url}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('praxis.sid='));
  if (!sid) throw new Error('no session cookie');
  return sid.split(';')[0];
}

function sessionAs(name: string): Session {
  return { base: `${url}/v1`, tenant: name, auth: { kind: 'apiKey' }, remember: false, locked: false };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'practice-client-test-'));
  backend = createBackend({ dataDir, service: { validateResults: true, accessLog: false } });
  server = await new Promise<Server>((resolve) => {
    const s = listen(backend.app.fetch, 0, '127.0.0.1', () => resolve(s));
  });
  url = `http://localhost:${(server.address() as AddressInfo).port}`;
  cookies.set('demo', await signIn({ user: 'demo', password: 'demo' }));
  cookies.set('nolabor', await signIn({ key: 'demo-key-nolabor' }));
  cookies.set('stale', 'praxis.sid=not-a-sealed-session');
  demo = sessionAs('demo');
  currentCookie = cookies.get('demo') ?? '';
  const realFetch = globalThis.fetch;
  // The browser: the cookie of the session the call is for, and the page's origin.
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', currentCookie);
    headers.set('origin', url);
    return realFetch(input, { ...init, headers });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise<void>((r) => server.close(() => r()));
  backend.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let currentCookie = '';
/** Calls as the session of `name` (its cookie). */
async function as<T>(name: string, run: () => Promise<T>): Promise<T> {
  currentCookie = cookies.get(name) ?? '';
  try {
    return await run();
  } finally {
    currentCookie = cookies.get('demo') ?? '';
  }
}

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('src/api/client.ts against the reference service', () => {
  it('reads the standard envelope (whoami)', async () => {
    const me = await call('whoami', {}, { session: demo });
    expect(me).toMatchObject({ userid: 1, username: 'demo', tenant: 'demo' });
  });

  it('reads a list envelope with its pagination (getLeads)', async () => {
    const r = await call('getLeads', { limit: 5, filter: { ispatient: 1 } }, { session: demo });
    expect(r.items).toHaveLength(5);
    expect(r.pagination).toMatchObject({ offset: 0, limit: 5, hasMore: true });
    expect(r.pagination.total).toBeGreaterThan(5);
  });

  it('reads getProviders with status "ok"', async () => {
    const providers = await call('getProviders', {}, { session: demo });
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.every((p) => p.active)).toBe(true);
  });

  it('reads searchPatients results, and none as an empty list', async () => {
    const hit = await call('searchPatients', { patid: 1 }, { session: demo });
    expect(hit.items).toHaveLength(1);
    expect(hit.msg).toBe('Matched 1 customers');
    const none = await call('searchPatients', { lastname: 'Zzzzzznobody' }, { session: demo });
    expect(none.items).toEqual([]);
  });

  it('reads the accounting envelope without msg', async () => {
    const rows = await call('accountingTransactions', {}, { session: demo });
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('reads the raw openapi document', async () => {
    const doc = await call('openapi', { format: 'json' }, { session: demo });
    expect(JSON.parse(doc as string)).toMatchObject({ openapi: '3.0.0', info: { version: '1.0.0' } });
  });

  it('reads laborUpload status 200, and throws its status 400 with the message', async () => {
    const name = `client-${Date.now()}.pdf`;
    const content = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
    const ok = await call('laborUpload', { filename: name, content }, { session: demo });
    expect(ok.status).toBe(200);
    const dup = await refusal(call('laborUpload', { filename: name, content }, { session: demo }));
    expect(dup.envelopeStatus).toBe(400);
    expect(dup.msg).toBe('file already exists, not saving again');
  });

  it('throws the service message and HTTP status of a refusal', async () => {
    const e = await refusal(call('setLeadFolder', { leadId: 1, folderId: 5 }, { session: demo }));
    expect(e.httpStatus).toBe(422);
    expect(e.msg).toBe('FolderId 5 requires disqualifyLead.');
  });

  it('reports a session the server does not take as unauthorized', async () => {
    const e = await refusal(as('stale', () => call('whoami', {}, { session: demo })));
    expect(e.kind).toBe('unauthorized');
    expect(e.httpStatus).toBe(401);
    expect(e.msg).toBe('Unauthorized.');
  });

  it('refuses labor with a key that lacks the module', async () => {
    const e = await refusal(
      as('nolabor', () =>
        call(
          'laborUpload',
          { filename: 'x.hl7', content: Buffer.from('MSH|^~\\&|').toString('base64') },
          { session: sessionAs('demo') },
        ),
      ),
    );
    expect(e.msg).toBe('API token is not enabled for module labor.');
  });
});
