import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHO_COOKIE } from '#contract/session.ts';
import { createService, type Service } from '../service/app.ts';
import {
  createSessions,
  type Forward,
  IDLE_SECONDS,
  REMEMBER_SECONDS,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_SECONDS,
  type SessionOptions,
  sessionKey,
  TOUCH_SECONDS,
} from './session.ts';
import { openSessionStore, type SessionStore, sessionCrypto } from './session-store.ts';
import { openEmbeddedStore, SESSIONS_FILE, sqliteSessionStore } from './session-store-sqlite.ts';
import { redisAvailable, startRedis, type TestRedis } from './test-redis.ts';

let dataDir = '';
let service: Service;
let key: Uint8Array;
let clock = Math.floor(Date.now() / 1000);
let redis: TestRedis | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'praxis-session-test-'));
  service = createService({ dataDir, accessLog: false });
  key = sessionKey({ dataDir });
  if (redisAvailable || viaRedis) redis = await startRedis();
});
afterAll(async () => {
  service.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const toService: Forward = (req, env) => service.app.fetch(req, env);

/**
 * The same tests against both stores: this file runs once with the store of the process and once more with a real
 * Redis (vitest.config.ts, project `sessions-redis`: SESSION_TEST_STORE=redis), each app server then with its own
 * connection to it, as several app servers behind a load balancer have.
 */
const viaRedis = process.env.SESSION_TEST_STORE === 'redis';
const opened: SessionStore[] = [];
/** Connected before the test (an app server waits for its store before it listens, server/main.ts). */
const connected: SessionStore[] = [];
function openRedis(): SessionStore {
  if (!redis)
    throw new Error('SESSION_TEST_STORE=redis needs redis-server (Debian: apt-get install redis-server).');
  const store = openSessionStore({ url: redis.url, dataDir });
  opened.push(store);
  return store;
}
beforeEach(async () => {
  if (!viaRedis) return;
  const stores = [openRedis(), openRedis(), openRedis()];
  await Promise.all(stores.map((s) => s.ready()));
  connected.push(...stores);
});
afterEach(async () => {
  connected.length = 0;
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

function ownStore(): SessionStore | undefined {
  if (!viaRedis) return undefined;
  const store = connected.shift();
  if (!store) throw new Error('More than three app servers in one test: connect more in beforeEach.');
  return store;
}

/** An app server's sessions in front of the reference service, on the test's clock; its own store unless given. */
function server(options: Partial<SessionOptions> = {}) {
  const store = options.store ?? ownStore();
  return createSessions({
    key,
    forward: toService,
    now: () => clock,
    ...options,
    ...(store ? { store } : {}),
  });
}

function sessions(forward: Forward = toService, k = key) {
  return server({ forward, key: k }).app;
}

/** Moves the clock for one test and back. */
async function later<T>(seconds: number, run: () => Promise<T>): Promise<T> {
  const before = clock;
  clock += seconds;
  try {
    return await run();
  } finally {
    clock = before;
  }
}

interface Send {
  body?: unknown;
  cookie?: string;
  origin?: string | null;
  host?: string;
  headers?: Record<string, string>;
  method?: string;
}

async function send(app: ReturnType<typeof sessions>, path: string, opts: Send = {}) {
  const host = opts.host ?? 'localhost:8080';
  const headers: Record<string, string> = { host, 'content-type': 'application/json', ...opts.headers };
  if (opts.origin !== null) headers.origin = opts.origin ?? `http://${host}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await app.fetch(
    new Request(`http://${host}${path}`, {
      method: opts.method ?? 'POST',
      headers,
      body: opts.method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
    }),
  );
  const setCookies = res.headers.getSetCookie();
  const text = await res.text();
  return {
    status: res.status,
    body: text
      ? (JSON.parse(text) as { status: unknown; msg: string; result?: Record<string, unknown> })
      : null,
    setCookies,
    sid: setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)),
    who: setCookies.find((c) => c.startsWith(`${WHO_COOKIE}=`)),
    headers: res.headers,
  };
}

/** `name=value` of a Set-Cookie line, as a browser sends it back. */
function pair(setCookie: string | undefined): string {
  if (!setCookie) throw new Error('no cookie set');
  return setCookie.split(';')[0];
}

async function signIn(app: ReturnType<typeof sessions>, body: Record<string, unknown> = {}, host?: string) {
  const r = await send(app, '/session', { body: { user: 'demo', password: 'demo', ...body }, host });
  expect(r.status, r.body?.msg).toBe(200);
  return { ...r, cookie: pair(r.sid) };
}

const whoami = (app: ReturnType<typeof sessions>, cookie: string, opts: Send = {}) =>
  send(app, '/v1/system/whoami', { cookie, ...opts });

describe('signing in', () => {
  it('answers an opaque session id: HttpOnly, SameSite=Strict, Path=/, gone with the browser', async () => {
    const app = sessions();
    const r = await signIn(app);
    expect(r.sid).toMatch(/; HttpOnly/);
    expect(r.sid).toMatch(/; SameSite=Strict/);
    expect(r.sid).toMatch(/; Path=\//);
    expect(r.sid).not.toMatch(/Max-Age|Expires|Secure|Domain/);
    // 256 random bits, nothing else: the credentials stay on the server.
    const value = r.cookie.slice(SESSION_COOKIE.length + 1);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(value, 'base64url').byteLength).toBe(32);
    // The page's cookie says who, nothing more.
    expect(r.who).not.toMatch(/HttpOnly/);
    const who = JSON.parse(Buffer.from(pair(r.who).split('=')[1], 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(who).toEqual({ kind: 'basic', user: 'demo', tenant: 'demo', remember: false, locked: false });
    expect(r.body?.result?.me).toMatchObject({ userid: 1, tenant: 'demo' });
  });

  it('remembered on the device: the cookie lives 30 days (Max-Age)', async () => {
    const r = await signIn(sessions(), { remember: true });
    expect(r.sid).toMatch(new RegExp(`; Max-Age=${REMEMBER_SECONDS}`));
    expect(r.who).toMatch(new RegExp(`; Max-Age=${REMEMBER_SECONDS}`));
  });

  it('over TLS is __Host-praxis.sid: Secure, Path=/, no Domain; the plain name is not taken there', async () => {
    const app = sessions();
    const tls = { origin: 'https://localhost:8080', headers: { 'x-forwarded-proto': 'https' } };
    const r = await send(app, '/session', { body: { user: 'demo', password: 'demo' }, ...tls });
    expect(r.status).toBe(200);
    const sid = r.setCookies.find((c) => c.startsWith(`${SECURE_SESSION_COOKIE}=`));
    expect(sid).toMatch(/; Secure/);
    expect(sid).toMatch(/; Path=\/;/);
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).not.toMatch(/Domain/);
    expect(r.who).toMatch(/; Secure/);
    const id = pair(sid).slice(SECURE_SESSION_COOKIE.length + 1);
    expect((await whoami(app, pair(sid), tls)).status).toBe(200);
    // The same id under the name without the prefix (a cookie a plain-HTTP page could have set) opens nothing.
    const plain = await whoami(app, `${SESSION_COOKIE}=${id}`, tls);
    expect(plain.status).toBe(401);
  });

  it('refuses wrong credentials without a cookie', async () => {
    const r = await send(sessions(), '/session', { body: { user: 'demo', password: 'nope' } });
    expect(r.status).toBe(401);
    expect(r.body?.msg).toBe('Unauthorized.');
    expect(r.setCookies).toEqual([]);
  });

  it('takes an API key', async () => {
    const app = sessions();
    const r = await send(app, '/session', { body: { key: 'demo-key' } });
    expect(r.status).toBe(200);
    const me = await whoami(app, pair(r.sid));
    expect(me.status).toBe(200);
  });

  it('lets the user pick who they are where the practice has no whoami', async () => {
    const withoutWhoami: Forward = (req, env) =>
      new URL(req.url).pathname === '/v1/system/whoami'
        ? new Response(JSON.stringify({ status: false, msg: 'Unknown operation.' }), { status: 404 })
        : service.app.fetch(req, env);
    const app = sessions(withoutWhoami);
    const first = await send(app, '/session', { body: { user: 'demo', password: 'demo' } });
    expect(first.status).toBe(200);
    expect(first.setCookies).toEqual([]);
    const pick = first.body?.result?.pick as { userid: number }[];
    expect(pick.length).toBeGreaterThan(0);
    const r = await signIn(app, { userid: pick[0].userid });
    expect(r.body?.result?.who).toMatchObject({ userid: pick[0].userid, locked: false });
    // A user the practice does not know is not taken.
    const unknown = await send(app, '/session', { body: { user: 'demo', password: 'demo', userid: 99999 } });
    expect(unknown.setCookies).toEqual([]);
  });
});

describe('calls with the cookie', () => {
  it('get the credentials added by the server', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const r = await whoami(app, cookie);
    expect(r.status).toBe(200);
    expect(r.body?.result).toMatchObject({ userid: 1 });
  });

  it('an altered id is refused', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const last = cookie.at(-1) === 'A' ? 'B' : 'A';
    const r = await whoami(app, cookie.slice(0, -1) + last);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: false, msg: 'Unauthorized.' });
    expect((await whoami(app, `${SESSION_COOKIE}=not-an-id`)).status).toBe(401);
  });

  it('a record sealed with another key is refused (a server with another SESSION_SECRET on the same store)', async () => {
    const other = mkdtempSync(join(tmpdir(), 'praxis-session-other-'));
    const store = sqliteSessionStore(':memory:');
    try {
      const { cookie } = await signIn(server({ store, key: sessionKey({ dataDir: other }) }).app);
      expect((await whoami(server({ store }).app, cookie)).status).toBe(401);
    } finally {
      await store.close();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("a cookie of one practice's host opens nothing on another", async () => {
    const app = sessions();
    const { cookie } = await signIn(app, {}, 'localhost:8080');
    const r = await whoami(app, cookie, { host: 'sonnenhof.localhost:8080' });
    expect(r.status).toBe(401);
  });

  it('a cross-origin POST with the cookie is refused', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const evil = await whoami(app, cookie, { origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ status: false, msg: 'Cross-origin request refused.' });
    const site = await whoami(app, cookie, { origin: null, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(site.status).toBe(403);
    const none = await whoami(app, cookie, { origin: null });
    expect(none.status).toBe(403);
    const same = await whoami(app, cookie, { origin: null, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(same.status).toBe(200);
    // Another scheme or port is another origin.
    expect((await whoami(app, cookie, { origin: 'https://localhost:8080' })).status).toBe(403);
    expect((await whoami(app, cookie, { origin: 'http://localhost:9999' })).status).toBe(403);
  });

  it('signing in, locking and signing out from another origin are refused', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    for (const path of ['/session', '/session/lock', '/session/unlock', '/session/sign-out']) {
      const r = await send(app, path, {
        body: { user: 'demo', password: 'demo' },
        cookie,
        origin: 'http://evil.example',
      });
      expect(r.status, path).toBe(403);
      expect(r.setCookies, path).toEqual([]);
    }
  });

  it('direct API clients keep Basic and X-API-Key', async () => {
    const app = sessions();
    const basic = await send(app, '/v1/system/whoami', {
      origin: null,
      headers: { authorization: `Basic ${btoa('demo:demo')}` },
    });
    expect(basic.status).toBe(200);
    const key = await send(app, '/v1/system/whoami', { origin: null, headers: { 'x-api-key': 'demo-key' } });
    expect(key.status).toBe(200);
    const none = await send(app, '/v1/system/whoami', { origin: null });
    expect(none.status).toBe(401);
  });
});

/** What the store holds for a cookie, opened with the key (as a test may; a dump of the store cannot). */
async function held(store: SessionStore, cookie: string): Promise<unknown> {
  const crypto = sessionCrypto(key);
  const k = crypto.storeKey(cookie.slice(cookie.indexOf('=') + 1)) as string;
  const stored = await store.get(k, clock);
  return stored ? crypto.open(k, stored.data) : undefined;
}

describe('locking', () => {
  it('locks the session on the server: every copy of the id answers Session locked, and no credentials are kept', async () => {
    const { app, store } = server();
    const { cookie } = await signIn(app);
    const copy = cookie;
    const lock = await send(app, '/session/lock', { cookie });
    expect(lock.status).toBe(200);
    // The id stays; only the page's cookie changes.
    expect(lock.sid).toBeUndefined();
    const r = await whoami(app, copy);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: false, msg: 'Session locked.' });
    const record = await held(store, cookie);
    expect(JSON.stringify(record)).not.toContain('password');
    expect(record).toMatchObject({ state: 'locked', who: { kind: 'basic', user: 'demo' } });
    const who = JSON.parse(Buffer.from(pair(lock.who).split('=')[1], 'base64url').toString('utf8'));
    expect(who).toMatchObject({ locked: true, user: 'demo' });
    const page = await send(app, '/session', { method: 'GET', cookie: copy, origin: null });
    expect(page.body?.result?.who).toMatchObject({ locked: true });
  });

  it('unlocking needs the right password, checked by the service', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    await send(app, '/session/lock', { cookie });
    const wrong = await send(app, '/session/unlock', { cookie, body: { password: 'wrong' } });
    expect(wrong.status).toBe(401);
    expect(wrong.setCookies).toEqual([]);
    // Without a password nothing unlocks either.
    expect((await send(app, '/session/unlock', { cookie, body: {} })).status).toBe(400);
    expect((await whoami(app, cookie)).status).toBe(401);
    const right = await send(app, '/session/unlock', { cookie, body: { password: 'demo' } });
    expect(right.status).toBe(200);
    expect((await whoami(app, cookie)).status).toBe(200);
  });

  it('a screen locked only in the page (the lock never reached the server) still needs the password', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    expect((await send(app, '/session/unlock', { cookie, body: { password: 'wrong' } })).status).toBe(401);
    expect((await send(app, '/session/unlock', { cookie, body: {} })).status).toBe(400);
    expect((await send(app, '/session/unlock', { cookie, body: { password: 'demo' } })).status).toBe(200);
  });

  it('a session of an API key unlocks only with that same key', async () => {
    const app = sessions();
    const signed = await send(app, '/session', { body: { key: 'demo-key' } });
    const cookie = pair(signed.sid);
    await send(app, '/session/lock', { cookie });
    const other = await send(app, '/session/unlock', { cookie, body: { key: 'demo-key-nolabor' } });
    expect(other.status).toBe(401);
    const same = await send(app, '/session/unlock', { cookie, body: { key: 'demo-key' } });
    expect(same.status).toBe(200);
  });

  it('GET /session tells who, without secrets, and whether the demo credentials are offered', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const r = await send(app, '/session', { method: 'GET', cookie, origin: null });
    expect(r.body?.result).toEqual({
      who: { kind: 'basic', user: 'demo', tenant: 'demo', remember: false, locked: false },
      demo: false,
    });
    const none = await send(app, '/session', { method: 'GET', origin: null });
    expect(none.body?.result).toEqual({ who: null, demo: false });
    const demo = (ok: boolean) =>
      createSessions({
        key,
        forward: (req, env) => service.app.fetch(req, env),
        demo: () => ({ user: 'demo', password: ok ? 'demo' : 'not-the-demo-password' }),
      }).app;
    const offered = await send(demo(true), '/session', { method: 'GET', origin: null });
    expect(offered.body?.result).toEqual({ who: null, demo: true });
    // Only where the service takes them.
    const refused = await send(demo(false), '/session', { method: 'GET', origin: null });
    expect(refused.body?.result).toEqual({ who: null, demo: false });
  });
});

describe('signing out', () => {
  it('takes both cookies away and ends the session on the server: a copied cookie opens nothing', async () => {
    const { app, store } = server();
    const { cookie } = await signIn(app);
    const copy = cookie;
    expect((await whoami(app, copy)).status).toBe(200);
    const r = await send(app, '/session/sign-out', { cookie });
    expect(r.sid).toMatch(/^praxis\.sid=;.*Max-Age=0/);
    expect(r.who).toMatch(/^praxis\.who=;.*Max-Age=0/);
    const after = await whoami(app, copy);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ status: false, msg: 'Unauthorized.' });
    expect(await held(store, copy)).toBeUndefined();
    // Nor does it unlock or lock anything.
    expect((await send(app, '/session/unlock', { cookie: copy, body: { password: 'demo' } })).status).toBe(
      401,
    );
    expect((await send(app, '/session/lock', { cookie: copy })).status).toBe(401);
  });

  it('a sign-in of the same browser ends the session it had before', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const again = await send(app, '/session', { cookie, body: { user: 'demo', password: 'demo' } });
    expect(again.status).toBe(200);
    expect(pair(again.sid)).not.toBe(cookie);
    expect((await whoami(app, cookie)).status).toBe(401);
    expect((await whoami(app, pair(again.sid))).status).toBe(200);
  });

  it('everywhere: every session of that user at that practice ends, no other', async () => {
    const app = sessions();
    const here = (await signIn(app)).cookie;
    const elsewhere = (await signIn(app, { remember: true })).cookie;
    const locked = (await signIn(app)).cookie;
    await send(app, '/session/lock', { cookie: locked });
    const key = pair((await send(app, '/session', { body: { key: 'demo-key' } })).sid);
    const otherPractice = (
      await signIn(app, { user: 'sonnenhof', password: 'sonnenhof' }, 'sonnenhof.localhost:8080')
    ).cookie;
    const r = await send(app, '/session/sign-out', { cookie: here, body: { everywhere: true } });
    expect(r.status).toBe(200);
    for (const cookie of [here, elsewhere, locked]) expect((await whoami(app, cookie)).status).toBe(401);
    expect((await whoami(app, key)).status).toBe(200);
    expect((await whoami(app, otherPractice, { host: 'sonnenhof.localhost:8080' })).status).toBe(200);
    // An API key's sessions are the key's (by its fingerprint).
    const key2 = pair((await send(app, '/session', { body: { key: 'demo-key' } })).sid);
    await send(app, '/session/sign-out', { cookie: key, body: { everywhere: true } });
    expect((await whoami(app, key2)).status).toBe(401);
  });

  it('everywhere from a locked session is refused, nothing ends: whoever is at the locked screen is not known', async () => {
    const app = sessions();
    const colleague = (await signIn(app)).cookie;
    const here = (await signIn(app)).cookie;
    await send(app, '/session/lock', { cookie: here });
    const r = await send(app, '/session/sign-out', { cookie: here, body: { everywhere: true } });
    expect(r.status).toBe(401);
    expect(r.body?.msg).toBe('Session locked.');
    expect((await whoami(app, colleague)).status).toBe(200);
    // Still locked, not ended: the plain sign-out of the lock screen ends it.
    expect((await whoami(app, here)).body?.msg).toBe('Session locked.');
    expect((await send(app, '/session/sign-out', { cookie: here })).status).toBe(200);
    expect((await whoami(app, here)).body?.msg).not.toBe('Session locked.');
  });

  it('a body that is not JSON still signs out (this session)', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const res = await app.fetch(
      new Request('http://localhost:8080/session/sign-out', {
        method: 'POST',
        headers: { host: 'localhost:8080', origin: 'http://localhost:8080', cookie },
        body: '{not json',
      }),
    );
    expect(res.status).toBe(200);
    expect((await whoami(app, cookie)).status).toBe(401);
  });
});

describe('idle and lifetime', () => {
  it(`locks a session after ${IDLE_SECONDS / 60} minutes without a request, for every copy`, async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    // Requests keep it open: 14 minutes apart, an hour long.
    for (let minutes = 14; minutes <= 70; minutes += 14) {
      expect((await later(minutes * 60, () => whoami(app, cookie))).status, `${minutes} min`).toBe(200);
    }
    await later(70 * 60 + IDLE_SECONDS, async () => {
      const r = await whoami(app, cookie);
      expect(r.status).toBe(401);
      expect(r.body?.msg).toBe('Session locked.');
      const page = await send(app, '/session', { method: 'GET', cookie, origin: null });
      expect(page.body?.result?.who).toMatchObject({ locked: true, user: 'demo' });
      // The password opens it again.
      expect((await send(app, '/session/unlock', { cookie, body: { password: 'demo' } })).status).toBe(200);
      expect((await whoami(app, cookie)).status).toBe(200);
    });
  });

  it('keeps to SESSION_IDLE_MINUTES', async () => {
    const app = server({ idleSeconds: 60 }).app;
    const { cookie } = await signIn(app);
    expect((await later(59, () => whoami(app, cookie))).status).toBe(200);
    expect((await later(59 + 60, () => whoami(app, cookie))).body?.msg).toBe('Session locked.');
  });

  it(`writes the last request to the store at most every ${TOUCH_SECONDS} seconds`, async () => {
    const store = sqliteSessionStore(':memory:');
    const touch = vi.spyOn(store, 'touch');
    const app = server({ store }).app;
    const { cookie } = await signIn(app);
    for (let s = 0; s < TOUCH_SECONDS; s += 5) await later(s, () => whoami(app, cookie));
    expect(touch).not.toHaveBeenCalled();
    await later(TOUCH_SECONDS, () => whoami(app, cookie));
    expect(touch).toHaveBeenCalledTimes(1);
    await store.close();
  });

  it(`lives ${SESSION_SECONDS / 3600} hours at most, however busy, then signs in anew`, async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    for (let minutes = 10; minutes < SESSION_SECONDS / 60; minutes += 10) {
      const r = await later(minutes * 60, () => whoami(app, cookie));
      expect(r.status, `${minutes} min`).toBe(200);
    }
    await later(SESSION_SECONDS, async () => {
      const r = await whoami(app, cookie);
      expect(r.status).toBe(401);
      expect(r.body?.msg).toBe('Unauthorized.');
      expect((await send(app, '/session/unlock', { cookie, body: { password: 'demo' } })).status).toBe(401);
    });
  });

  it('remembered, 30 days at most (locked when idle, unlocked by the password, but not beyond)', async () => {
    const app = sessions();
    const { cookie } = await signIn(app, { remember: true });
    await later(REMEMBER_SECONDS - 60, async () => {
      expect((await whoami(app, cookie)).body?.msg).toBe('Session locked.');
      expect((await send(app, '/session/unlock', { cookie, body: { password: 'demo' } })).status).toBe(200);
      expect((await whoami(app, cookie)).status).toBe(200);
    });
    expect((await later(REMEMBER_SECONDS, () => whoami(app, cookie))).status).toBe(401);
  });
});

describe('the store behind the sessions', () => {
  it('embedded: a file in DATA_DIR readable by the owner only, and a restart keeps the session', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praxis-session-restart-'));
    try {
      const first = openEmbeddedStore(dir);
      const { cookie } = await signIn(server({ store: first }).app);
      for (const f of [SESSIONS_FILE, `${SESSIONS_FILE}-wal`, `${SESSIONS_FILE}-shm`]) {
        expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o600);
      }
      await first.close();
      const second = openEmbeddedStore(dir);
      try {
        expect((await whoami(server({ store: second }).app, cookie)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(redisAvailable)('Redis: two app servers share a session, its lock and its end', async () => {
    const storeA = openSessionStore({ url: redis?.url, dataDir });
    const storeB = openSessionStore({ url: redis?.url, dataDir });
    try {
      await Promise.all([storeA.ready(), storeB.ready()]);
      const a = server({ store: storeA }).app;
      const b = server({ store: storeB }).app;
      const { cookie } = await signIn(a);
      expect((await whoami(b, cookie)).status).toBe(200);
      await send(b, '/session/lock', { cookie });
      expect((await whoami(a, cookie)).body?.msg).toBe('Session locked.');
      expect((await send(a, '/session/unlock', { cookie, body: { password: 'demo' } })).status).toBe(200);
      expect((await whoami(b, cookie)).status).toBe(200);
      const other = (await signIn(b)).cookie;
      await send(a, '/session/sign-out', { cookie, body: { everywhere: true } });
      expect((await whoami(b, cookie)).status).toBe(401);
      expect((await whoami(a, other)).status).toBe(401);
    } finally {
      await storeA.close();
      await storeB.close();
    }
  });

  it.runIf(redisAvailable)(
    'Redis: a copied cookie opens nothing after sign-out, and an idle session locks for every copy',
    async () => {
      const store = openSessionStore({ url: redis?.url, dataDir });
      try {
        await store.ready();
        const app = server({ store }).app;
        const ended = (await signIn(app)).cookie;
        expect((await whoami(app, ended)).status).toBe(200);
        await send(app, '/session/sign-out', { cookie: ended });
        expect((await whoami(app, ended)).status).toBe(401);

        const idle = (await signIn(app)).cookie;
        await later(IDLE_SECONDS, async () => {
          expect((await whoami(app, idle)).body?.msg).toBe('Session locked.');
        });
        // Kept locked in Redis, not only judged idle: back at the time of the sign-in, another app server on the
        // same Redis finds it locked.
        const other = server({ store }).app;
        expect((await whoami(other, idle)).body?.msg).toBe('Session locked.');
      } finally {
        await store.close();
      }
    },
  );

  it('a store that cannot be reached answers 503, never takes the request down', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = openSessionStore({ url: 'redis://127.0.0.1:1', dataDir });
    try {
      const app = server({ store }).app;
      const r = await send(app, '/session', { body: { user: 'demo', password: 'demo' } });
      expect(r.status).toBe(503);
      expect(r.body).toEqual({
        status: false,
        msg: 'Sessions cannot be reached right now. Try again shortly.',
      });
      expect(r.setCookies).toEqual([]);
      const call = await whoami(app, `${SESSION_COOKIE}=${'A'.repeat(43)}`);
      expect(call.status).toBe(503);
      // Direct API clients do not need the store.
      const direct = await send(app, '/v1/system/whoami', {
        origin: null,
        headers: { 'x-api-key': 'demo-key' },
      });
      expect(direct.status).toBe(200);
    } finally {
      await store.close();
      said.mockRestore();
    }
  });
});

describe('the sealing key', () => {
  it('is generated once into DATA_DIR, readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'praxis-key-'));
    try {
      const first = sessionKey({ dataDir: dir });
      expect(first.byteLength).toBe(32);
      expect(statSync(join(dir, 'session.key')).mode & 0o777).toBe(0o600);
      expect(sessionKey({ dataDir: dir })).toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is made for this process alone when DATA_DIR cannot hold it, instead of stopping the start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'praxis-key-'));
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A data directory below a plain file cannot be made (as root, a read-only mode would not stop the write).
      writeFileSync(join(dir, 'file'), 'not a directory');
      const key = sessionKey({ dataDir: join(dir, 'file', 'data') });
      expect(key.byteLength).toBe(32);
      expect(said).toHaveBeenCalledWith(expect.stringMatching(/sessions last until this server stops/));
    } finally {
      said.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('comes from SESSION_SECRET when set, which must be long enough', () => {
    const a = sessionKey({ dataDir, secret: 'x'.repeat(40) });
    expect(sessionKey({ dataDir, secret: 'x'.repeat(40) })).toEqual(a);
    expect(sessionKey({ dataDir, secret: 'y'.repeat(40) })).not.toEqual(a);
    expect(() => sessionKey({ dataDir, secret: 'short' })).toThrow(/32 characters/);
  });
});
