import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtDecrypt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WHO_COOKIE } from '../contract/session.ts';
import { createService, type Service } from './app.ts';
import {
  createSessions,
  type Forward,
  REMEMBER_SECONDS,
  SESSION_COOKIE,
  SESSION_SECONDS,
  sessionKey,
} from './session.ts';

let dataDir = '';
let service: Service;
let key: Uint8Array;
let clock = Math.floor(Date.now() / 1000);

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'praxis-session-test-'));
  service = createService({ dataDir, accessLog: false });
  key = sessionKey({ dataDir });
});
afterAll(() => {
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function sessions(forward: Forward = (req, env) => service.app.fetch(req, env), k = key) {
  return createSessions({ key: k, forward, now: () => clock }).app;
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
  it('answers a sealed session cookie: HttpOnly, SameSite=Strict, Path=/, gone with the browser', async () => {
    const app = sessions();
    const r = await signIn(app);
    expect(r.sid).toMatch(/; HttpOnly/);
    expect(r.sid).toMatch(/; SameSite=Strict/);
    expect(r.sid).toMatch(/; Path=\//);
    expect(r.sid).not.toMatch(/Max-Age|Expires|Secure/);
    // Five parts of a compact JWE, none of which shows the password.
    const value = r.cookie.slice(SESSION_COOKIE.length + 1);
    expect(value.split('.')).toHaveLength(5);
    expect(Buffer.from(value.replaceAll('.', ''), 'base64url').toString('latin1')).not.toContain('demo:demo');
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

  it('is Secure where the app is served over TLS', async () => {
    const r = await send(sessions(), '/session', {
      body: { user: 'demo', password: 'demo' },
      origin: 'https://localhost:8080',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(r.status).toBe(200);
    expect(r.sid).toMatch(/; Secure/);
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

  it('a tampered cookie is refused', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const parts = cookie.split('.');
    const ciphertext = parts[3];
    const flipped = (ciphertext[0] === 'A' ? 'B' : 'A') + ciphertext.slice(1);
    const tampered = [...parts.slice(0, 3), flipped, parts[4]].join('.');
    const r = await whoami(app, tampered);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: false, msg: 'Unauthorized.' });
  });

  it('a cookie sealed with another key is refused', async () => {
    const other = mkdtempSync(join(tmpdir(), 'praxis-session-other-'));
    try {
      const { cookie } = await signIn(sessions(undefined, sessionKey({ dataDir: other })));
      expect((await whoami(sessions(), cookie)).status).toBe(401);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("a cookie of one practice's host opens nothing on another", async () => {
    const app = sessions();
    const { cookie } = await signIn(app, {}, 'localhost:8080');
    const r = await whoami(app, cookie, { host: 'sonnenhof.localhost:8080' });
    expect(r.status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const before = clock;
    clock += SESSION_SECONDS + 1;
    try {
      expect((await whoami(app, cookie)).status).toBe(401);
    } finally {
      clock = before;
    }
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

describe('locking', () => {
  it('a locked cookie alone cannot call /v1, and holds no credentials', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const lock = await send(app, '/session/lock', { cookie });
    expect(lock.status).toBe(200);
    const locked = pair(lock.sid);
    expect(lock.sid).toMatch(/HttpOnly/);
    const r = await whoami(app, locked);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: false, msg: 'Session locked.' });
    const { payload } = await jwtDecrypt(locked.slice(SESSION_COOKIE.length + 1), key);
    expect(JSON.stringify(payload)).not.toContain('password');
    expect(payload).toMatchObject({ s: { state: 'locked', who: { kind: 'basic', user: 'demo' } } });
    const who = JSON.parse(Buffer.from(pair(lock.who).split('=')[1], 'base64url').toString('utf8'));
    expect(who).toMatchObject({ locked: true, user: 'demo' });
  });

  it('unlocking needs the right password, checked by the service', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const locked = pair((await send(app, '/session/lock', { cookie })).sid);
    const wrong = await send(app, '/session/unlock', { cookie: locked, body: { password: 'wrong' } });
    expect(wrong.status).toBe(401);
    expect(wrong.setCookies).toEqual([]);
    // Without a password nothing unlocks either.
    expect((await send(app, '/session/unlock', { cookie: locked, body: {} })).status).toBe(400);
    const right = await send(app, '/session/unlock', { cookie: locked, body: { password: 'demo' } });
    expect(right.status).toBe(200);
    expect((await whoami(app, pair(right.sid))).status).toBe(200);
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
    const locked = pair((await send(app, '/session/lock', { cookie: pair(signed.sid) })).sid);
    const other = await send(app, '/session/unlock', { cookie: locked, body: { key: 'demo-key-nolabor' } });
    expect(other.status).toBe(401);
    const same = await send(app, '/session/unlock', { cookie: locked, body: { key: 'demo-key' } });
    expect(same.status).toBe(200);
  });

  it('signing out takes both cookies away', async () => {
    const app = sessions();
    const { cookie } = await signIn(app);
    const r = await send(app, '/session/sign-out', { cookie });
    expect(r.sid).toMatch(/^praxis\.sid=;.*Max-Age=0/);
    expect(r.who).toMatch(/^praxis\.who=;.*Max-Age=0/);
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
