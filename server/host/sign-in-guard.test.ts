import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTrustedProxies, type TrustedProxies } from '../client-address.ts';
import { createService, type Service } from '../service/app.ts';
import { createBackend } from './backend.ts';
import { createSessions, SESSION_COOKIE, sessionKey } from './session.ts';
import { createSignInGuard } from './sign-in-guard.ts';

/**
 * The app server's count of guesses (docs/api.md#session) in front of the reference service, in-process: each
 * request comes with the socket address the test names, and one clock, moved by the test, serves the count and
 * the service.
 */

let dataDir = '';
let service: Service;
let t = Date.UTC(2026, 10, 25, 8, 40);
/** The service's access lines: what reached it. */
let lines: string[] = [];

function start(trusted?: string) {
  const trustedProxies: TrustedProxies = parseTrustedProxies(trusted);
  service = createService({
    dataDir,
    accessLog: (l) => lines.push(l),
    now: () => new Date(t),
    trustedProxies,
  });
  return createSessions({
    key: sessionKey({ dataDir }),
    forward: (req, env) => service.app.fetch(req, env),
    now: () => Math.floor(t / 1000),
    guard: createSignInGuard({ trustedProxies, now: () => t }),
  }).app;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'praxis-guard-test-'));
  lines = [];
});
afterEach(() => {
  service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type App = ReturnType<typeof start>;

interface Send {
  from: string;
  body?: unknown;
  cookie?: string;
  host?: string;
  headers?: Record<string, string>;
}

async function send(app: App, path: string, opts: Send) {
  const host = opts.host ?? 'localhost:8080';
  const headers: Record<string, string> = {
    host,
    'content-type': 'application/json',
    origin: `http://${host}`,
    ...opts.headers,
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  const env = { incoming: { socket: { remoteAddress: opts.from } } };
  const res = await app.fetch(
    new Request(`http://${host}${path}`, { method: 'POST', headers, body: JSON.stringify(opts.body ?? {}) }),
    env,
  );
  const text = await res.text();
  return {
    status: res.status,
    msg: (text ? (JSON.parse(text) as { msg?: string }).msg : undefined) ?? '',
    retryAfter: res.headers.get('retry-after'),
    sid: res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)),
  };
}

const signIn = (app: App, from: string, user: string, password: string, host?: string) =>
  send(app, '/session', { from, body: { user, password }, host });

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

/** The whoami requests that reached the service and were refused. */
const refusedAtService = () => lines.filter((l) => / whoami 401 /.test(l)).length;

const tooMany = 'Too many failed sign-ins. Try again later.';

describe('the count per account', () => {
  it('holds an account after 10 wrong passwords from any addresses, for the right password too, until a success', async () => {
    const app = start();
    for (let i = 1; i <= 10; i++) {
      const r = await signIn(app, `203.0.113.${i}`, 'demo', `wrong-${i}`);
      expect(r.status).toBe(401);
    }
    // A new address with the right password: the account waits.
    const held = await signIn(app, '198.51.100.1', 'demo', 'demo');
    expect(held).toMatchObject({ status: 429, msg: tooMany, retryAfter: '60' });
    // So does a direct API client naming the account, in any case of the name.
    const direct = await send(app, '/v1/system/whoami', {
      from: '198.51.100.2',
      headers: basic('DEMO', 'demo'),
    });
    expect(direct).toMatchObject({ status: 429, msg: tooMany });
    expect(refusedAtService()).toBe(10);
    // Another account (the API key) and another practice are not held.
    expect(
      (await send(app, '/v1/system/whoami', { from: '198.51.100.3', headers: { 'x-api-key': 'demo-key' } }))
        .status,
    ).toBe(200);
    expect(
      (await signIn(app, '198.51.100.4', 'sonnenhof', 'sonnenhof', 'sonnenhof.localhost:8080')).status,
    ).toBe(200);

    t += 59_000;
    expect((await signIn(app, '198.51.100.1', 'demo', 'demo')).retryAfter).toBe('1');
    t += 1000;
    expect((await signIn(app, '198.51.100.1', 'demo', 'demo')).status).toBe(200);
    // The success forgot the count: nine more wrong ones do not hold it.
    for (let i = 0; i < 9; i++) expect((await signIn(app, '203.0.113.1', 'demo', 'x')).status).toBe(401);
    expect((await signIn(app, '198.51.100.1', 'demo', 'demo')).status).toBe(200);
  });

  it('counts an account once however the Host names its practice (the client writes the Host)', async () => {
    const app = start();
    // Ten spellings of the demo practice, each with its own guess from its own address.
    const hosts = [
      'localhost:8080',
      'LOCALHOST:8080',
      'localhost:8081',
      'localhost',
      '127.0.0.1:8080',
      '127.0.0.2',
      '[::1]:8080',
      'demo.localhost:8080',
      'demo.example.test',
      'Demo.localhost',
    ];
    for (const [i, host] of hosts.entries()) {
      expect((await signIn(app, `203.0.113.${i + 1}`, 'demo', `wrong-${i}`, host)).status).toBe(401);
    }
    expect(refusedAtService()).toBe(10);
    // An eleventh spelling, the right password: the account waits, the practice is not asked.
    const held = await signIn(app, '198.51.100.1', 'demo', 'demo', 'demo.localhost:9999');
    expect(held).toMatchObject({ status: 429, msg: tooMany });
    expect(
      (
        await send(app, '/v1/system/whoami', {
          from: '198.51.100.2',
          host: '127.0.0.9',
          headers: basic('demo', 'demo'),
        })
      ).status,
    ).toBe(429);
    // Another practice's account of the same name is its own.
    expect((await signIn(app, '198.51.100.3', 'demo', 'x', 'sonnenhof.localhost:8080')).status).not.toBe(429);
  });

  it('counts /v1 requests with their own wrong credentials and wrong keys, not those without any', async () => {
    const app = start();
    for (let i = 0; i < 30; i++) {
      const none = await send(app, '/v1/system/whoami', { from: '203.0.113.7' });
      expect(none.status).toBe(401);
    }
    // Not guesses: the right credentials from that address are served (a sign-in and a direct client).
    expect((await signIn(app, '203.0.113.7', 'demo', 'demo')).status).toBe(200);
    expect(
      (await send(app, '/v1/system/whoami', { from: '203.0.113.7', headers: basic('demo', 'demo') })).status,
    ).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(
        (await send(app, '/v1/system/whoami', { from: `203.0.113.${i}`, headers: basic('demo', `w${i}`) }))
          .status,
      ).toBe(401);
    }
    expect(
      (await send(app, '/v1/system/whoami', { from: '203.0.113.99', headers: basic('demo', 'demo') })).status,
    ).toBe(429);
    // A key is an account of its own, by its fingerprint.
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await send(app, '/v1/system/whoami', {
            from: `198.51.100.${i}`,
            headers: { 'x-api-key': 'not-the-key' },
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (
        await send(app, '/v1/system/whoami', {
          from: '198.51.100.99',
          headers: { 'x-api-key': 'not-the-key' },
        })
      ).status,
    ).toBe(429);
    expect(
      (await send(app, '/v1/system/whoami', { from: '198.51.100.99', headers: { 'x-api-key': 'demo-key' } }))
        .status,
    ).toBe(200);
  });

  it('stops 60 addresses × 20 guesses on one account after 10, and doubles the wait with each further failure', async () => {
    const app = start();
    const statuses = new Map<number, number>();
    for (let round = 0; round < 20; round++) {
      for (let a = 1; a <= 60; a++) {
        const from = `10.${a}.0.${round + 1}`;
        const r =
          a % 2 === 0
            ? await signIn(app, from, 'demo', `guess-${a}-${round}`)
            : await send(app, '/v1/system/whoami', { from, headers: basic('demo', `guess-${a}-${round}`) });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 10, 429: 1190 });
    // The practice was asked ten times.
    expect(refusedAtService()).toBe(10);

    const waits: string[] = [];
    for (let i = 0; i < 5; i++) {
      const held = await signIn(app, '10.200.0.1', 'demo', 'guess');
      waits.push(held.retryAfter ?? '');
      t += Number(held.retryAfter) * 1000;
      expect((await signIn(app, '10.200.0.1', 'demo', 'guess')).status).toBe(401);
    }
    expect(waits).toEqual(['60', '120', '240', '480', '900']);
    expect((await signIn(app, '10.200.0.2', 'demo', 'demo')).retryAfter).toBe('900');
  });

  it('counts a wrong password or key at the unlock against the locked account', async () => {
    const app = start();
    const first = await signIn(app, '192.0.2.1', 'demo', 'demo');
    const cookie = (first.sid ?? '').split(';')[0];
    expect((await send(app, '/session/lock', { from: '192.0.2.1', cookie })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const r = await send(app, '/session/unlock', {
        from: '192.0.2.1',
        cookie,
        body: { password: `w${i}` },
      });
      expect(r.status).toBe(401);
    }
    const held = await send(app, '/session/unlock', {
      from: '192.0.2.1',
      cookie,
      body: { password: 'demo' },
    });
    expect(held).toMatchObject({ status: 429, msg: tooMany });

    const byKey = await send(app, '/session', { from: '192.0.2.2', body: { key: 'demo-key' } });
    const keyCookie = (byKey.sid ?? '').split(';')[0];
    await send(app, '/session/lock', { from: '192.0.2.2', cookie: keyCookie });
    // Other keys are refused without asking the service, and counted all the same.
    for (let i = 0; i < 10; i++) {
      const r = await send(app, '/session/unlock', {
        from: '192.0.2.2',
        cookie: keyCookie,
        body: { key: `k${i}` },
      });
      expect(r.status).toBe(401);
    }
    const keyHeld = await send(app, '/session/unlock', {
      from: '192.0.2.2',
      cookie: keyCookie,
      body: { key: 'demo-key' },
    });
    expect(keyHeld.status).toBe(429);
  });
});

describe('the count per client address', () => {
  it('holds an address for 60 s after 20 failures within 60 s, whatever the accounts', async () => {
    const app = start();
    for (let i = 0; i < 20; i++) {
      expect((await signIn(app, '203.0.113.5', `user-${i}`, 'x')).status).toBe(401);
    }
    const held = await signIn(app, '203.0.113.5', 'demo', 'demo');
    expect(held).toMatchObject({ status: 429, msg: tooMany, retryAfter: '60' });
    expect((await signIn(app, '203.0.113.6', 'demo', 'demo')).status).toBe(200);
    t += 60_000;
    expect((await signIn(app, '203.0.113.5', 'demo', 'demo')).status).toBe(200);
  });

  it('never holds up a signed-in session, from a held address and of a held account', async () => {
    const app = start();
    const cookie = ((await signIn(app, '203.0.113.5', 'demo', 'demo')).sid ?? '').split(';')[0];
    for (let i = 0; i < 10; i++) await signIn(app, '203.0.113.5', 'demo', `w${i}`);
    for (let i = 0; i < 10; i++) await signIn(app, '203.0.113.5', `other-${i}`, 'x');
    expect((await signIn(app, '203.0.113.5', 'demo', 'demo')).status).toBe(429);
    // The reference service's own count of that address (20 failures) does not hold the session up either.
    const own = await send(app, '/v1/system/whoami', { from: '203.0.113.5', cookie });
    expect(own.status).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  it('counts each client the proxy names, and ignores X-Forwarded-For from a socket that is not listed', async () => {
    const app = start('10.0.0.5');
    const viaProxy = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < 20; i++) {
      const r = await send(app, '/session', {
        from: '10.0.0.5',
        headers: viaProxy('198.51.100.1'),
        body: { user: `u${i}`, password: 'x' },
      });
      expect(r.status).toBe(401);
    }
    // That client is held; the proxy and the clients behind it are not.
    expect(
      (
        await send(app, '/session', {
          from: '10.0.0.5',
          headers: viaProxy('198.51.100.1'),
          body: { user: 'demo', password: 'demo' },
        })
      ).status,
    ).toBe(429);
    expect(
      (
        await send(app, '/session', {
          from: '10.0.0.5',
          headers: viaProxy('198.51.100.2'),
          body: { user: 'demo', password: 'demo' },
        })
      ).status,
    ).toBe(200);

    // An outside client writing the header itself: a new address each time, and still counted as itself.
    for (let i = 0; i < 20; i++) {
      const r = await send(app, '/session', {
        from: '203.0.113.66',
        headers: viaProxy(`192.0.2.${i}`),
        body: { user: `v${i}`, password: 'x' },
      });
      expect(r.status).toBe(401);
    }
    const spoofed = await send(app, '/session', {
      from: '203.0.113.66',
      headers: viaProxy('192.0.2.200'),
      body: { user: 'demo', password: 'demo' },
    });
    expect(spoofed.status).toBe(429);
    // The service counted the same way: its access lines name the clients.
    expect(lines.some((l) => l.includes(' 198.51.100.1 '))).toBe(true);
    expect(lines.some((l) => l.includes(' 192.0.2.'))).toBe(false);
  });
});

describe("the access line of the app server's own 429", () => {
  it("is written in the backend's form, naming the address and what was asked, never the refused user name", async () => {
    const log: string[] = [];
    const backend = createBackend({ dataDir, service: { accessLog: (l) => log.push(l) } });
    try {
      for (let i = 1; i <= 10; i++) {
        expect((await signIn(backend.app, `203.0.113.${i}`, 'frau.muster', `wrong-${i}`)).status).toBe(401);
      }
      const reached = log.length;
      expect((await signIn(backend.app, '198.51.100.7', 'frau.muster', 'right')).status).toBe(429);
      expect(
        (
          await send(backend.app, '/v1/sales/getLeads', {
            from: '198.51.100.8',
            headers: basic('frau.muster', 'x'),
          })
        ).status,
      ).toBe(429);
      // Nothing reached the service; both answers have a line, as the service writes its own (address, tenant).
      const held = log.slice(reached);
      expect(held).toHaveLength(2);
      expect(held[0]).toMatch(/^\S+Z 198\.51\.100\.7 demo - \/session 429 0ms$/);
      expect(held[1]).toMatch(/^\S+Z 198\.51\.100\.8 demo - getLeads 429 0ms$/);
      expect(held.join('\n')).not.toContain('muster');
    } finally {
      backend.close();
    }
  });

  it('names a held API key by its fingerprint and the tenant by its host, in the default form', async () => {
    const log: string[] = [];
    const guard = createSignInGuard({ now: () => t, accessLog: (l) => log.push(l) });
    const req = () =>
      new Request('http://sonnenhof.localhost:8080/v1/system/whoami', {
        method: 'POST',
        headers: { host: 'sonnenhof.localhost:8080', 'x-api-key': 'not-a-key' },
      });
    const env = { incoming: { socket: { remoteAddress: '203.0.113.20' } } };
    for (let i = 0; i < 10; i++) guard.attempt(req(), env, { kind: 'apiKey', key: 'not-a-key' }).settle(401);
    expect(guard.attempt(req(), env, { kind: 'apiKey', key: 'not-a-key' }).held?.status).toBe(429);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^\S+Z 203\.0\.113\.20 sonnenhof\.localhost:8080 key:[0-9a-f]{8} whoami 429 0ms$/);
    expect(log[0]).not.toContain('not-a-key');
  });
});
