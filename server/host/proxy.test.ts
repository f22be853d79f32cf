import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseTrustedProxies } from '../client-address.ts';
import { listen } from '../listen.ts';
import { createGate } from '../service/labor/gate.ts';
import { startService, type TestService } from '../service/test-support.ts';
import { compressResponses } from './compression.ts';
import { createProxy, PROXY_TIMEOUT_MS, type ProxyOptions } from './proxy.ts';
import { createSessions, sessionKey } from './session.ts';

/**
 * The proxy to a real tenant (docs/api.md#real-tenant), between a client on a loopback address and a fake practice
 * on 127.0.0.1 that behaves as the test tells it.
 */

type Behaviour = (req: IncomingMessage, res: ServerResponse, body: () => Promise<Buffer>) => void;

let upstream: Server;
let upstreamUrl = '';
let behaviour: Behaviour = () => undefined;
/** What the practice received: headers of each request. */
const seen: IncomingMessage['headers'][] = [];

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The practice's own rule (docs/api.md#hardening): 20 failures from one address lock that address out. */
function practiceWithThrottle(): Behaviour {
  const failures = new Map<string, number>();
  return (req, res) => {
    const from = req.socket.remoteAddress ?? '';
    if ((failures.get(from) ?? 0) >= 20) {
      answer(
        res,
        429,
        { status: false, msg: 'Too many failed sign-ins. Try again later.' },
        { 'retry-after': '60' },
      );
      return;
    }
    if (req.headers.authorization !== `Basic ${btoa('demo:demo')}`) {
      failures.set(from, (failures.get(from) ?? 0) + 1);
      answer(res, 401, { status: false, msg: 'Unauthorized.' });
      return;
    }
    answer(res, 200, {
      status: true,
      msg: 'Success',
      result: {
        userid: 1,
        username: 'demo',
        givenname: 'D',
        familyname: 'Emo',
        modules: [],
        tenant: 'praxis',
      },
    });
  };
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(req.headers);
    behaviour(req, res, () => readAll(req));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
});

interface Running {
  port: number;
  lines: string[];
  close: () => Promise<void>;
}

const running: Running[] = [];
let dataDir = '';
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'praxis-proxy-test-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const practices: TestService[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
  for (const p of practices.splice(0)) await p.close();
  seen.length = 0;
  behaviour = () => undefined;
});

/**
 * The app's server in proxy mode (sessions in front of the proxy), as main.ts builds it; `to` another practice than
 * the fake one, `compress` with main.ts's compression in front.
 */
async function startProxy(
  options: ProxyOptions & { to?: string; compress?: boolean } = {},
): Promise<Running> {
  const lines: string[] = [];
  const proxy = createProxy(options.to ?? upstreamUrl, { accessLog: (l) => lines.push(l), ...options });
  const sessions = createSessions({ key: sessionKey({ dataDir }), forward: proxy }).app;
  const app = options.compress ? new Hono().use('*', compressResponses()).route('/', sessions) : sessions;
  const server = await new Promise<Server>((resolve) => {
    const s = listen(app.fetch, 0, '127.0.0.1', () => resolve(s));
  });
  const r: Running = {
    port: (server.address() as AddressInfo).port,
    lines,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((res) => server.close(() => res()));
    },
  };
  running.push(r);
  return r;
}

interface Reply {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

function send(
  proxy: Running,
  path: string,
  opts: { body?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path,
        method: 'POST',
        localAddress: opts.from,
        headers: {
          host: `localhost:${proxy.port}`,
          'content-type': 'application/json',
          ...opts.headers,
        },
      },
      (res) => {
        readAll(res).then(
          (b) => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: b.toString('utf8') }),
          reject,
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body ?? '{}');
  });
}

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

describe('the proxy to a real tenant', () => {
  it('refuses a 300 MB streamed body with 413 while reading it, without holding it in memory', async () => {
    // The practice reads whatever reaches it and throws it away: only the proxy's count can stop the body.
    behaviour = (_req, res, body) => {
      // The proxy gives up on the upload: the practice sees an aborted request.
      body().then(
        () => answer(res, 200, { status: true, msg: 'Success', result: null }),
        () => res.destroy(),
      );
    };
    const proxy = await startProxy();
    const total = 300 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    let written = 0;
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      let answered = false;
      const req = request(
        {
          host: '127.0.0.1',
          port: proxy.port,
          path: '/v1/sales/getLeads',
          method: 'POST',
          headers: {
            host: `localhost:${proxy.port}`,
            'content-type': 'application/json',
            ...basic('demo', 'demo'),
          },
        },
        (res) => {
          answered = true;
          readAll(res).then((b) => {
            resolve({ status: res.statusCode ?? 0, text: b.toString('utf8') });
            req.destroy();
          }, reject);
        },
      );
      req.on('error', (e) => {
        if (!answered) reject(e);
      });
      const pump = () => {
        while (!answered && written < total) {
          written += chunk.byteLength;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!answered) req.end();
      };
      pump();
    });
    clearInterval(sampler);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toEqual({ status: false, msg: 'Request body too large.' });
    expect(written).toBeLessThan(total);
    console.log(
      `300 MB body: 413 after ${(written / 1024 / 1024).toFixed(1)} MB sent, RSS +${((peak - before) / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(peak - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a declared length over the limit before reading, and lets a lab upload up to 36 MB through', async () => {
    behaviour = (_req, res, body) => {
      body().then((b) => answer(res, 200, { status: 200, msg: `got ${b.byteLength}` }));
    };
    const proxy = await startProxy();
    const declared = await send(proxy, '/v1/sales/getLeads', {
      body: 'x'.repeat(2 * 1024 * 1024),
      headers: basic('demo', 'demo'),
    });
    expect(declared.status).toBe(413);
    expect(seen).toHaveLength(0);
    const lab = await send(proxy, '/v1/labor/upload', {
      body: 'x'.repeat(2 * 1024 * 1024),
      headers: basic('demo', 'demo'),
    });
    expect(lab.status).toBe(200);
    expect(JSON.parse(lab.text).msg).toBe(`got ${2 * 1024 * 1024}`);
  });

  it('gives up on a practice that does not answer: 504', async () => {
    behaviour = () => undefined;
    const proxy = await startProxy({ timeoutMs: 300 });
    const r = await send(proxy, '/v1/system/whoami', { headers: basic('demo', 'demo') });
    expect(r.status).toBe(504);
    expect(JSON.parse(r.text)).toEqual({ status: false, msg: 'The practice server did not answer in time.' });
  });

  it('waits 30 seconds by default', async () => {
    expect(PROXY_TIMEOUT_MS).toBe(30_000);
    behaviour = () => undefined;
    const proxy = await startProxy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const pending = send(proxy, '/v1/system/whoami', { headers: basic('demo', 'demo') }).finally(() => {
        settled = true;
      });
      // Until the request has reached the practice, the proxy's timer may not be set yet (vi.waitFor would move
      // the faked clock itself).
      while (seen.length === 0) await new Promise((r) => setImmediate(r));
      await vi.advanceTimersByTimeAsync(PROXY_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const r = await pending;
      expect(r.status).toBe(504);
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes the practice's Retry-After through, and every answer is no-store", async () => {
    behaviour = (_req, res) =>
      answer(
        res,
        429,
        { status: false, msg: 'Slow down.' },
        { 'retry-after': '17', 'cache-control': 'max-age=60' },
      );
    const proxy = await startProxy();
    const r = await send(proxy, '/v1/system/whoami', { headers: basic('demo', 'demo') });
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('17');
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('tells the practice the client address (X-Forwarded-For): a listed proxy’s list appended to, anyone else’s dropped', async () => {
    behaviour = (_req, res) => answer(res, 200, { status: true, msg: 'Success', result: null });
    const proxy = await startProxy({ trustedProxies: parseTrustedProxies('127.0.0.3') });
    await send(proxy, '/v1/system/whoami', { headers: basic('demo', 'demo'), from: '127.0.0.2' });
    await send(proxy, '/v1/system/whoami', {
      headers: { ...basic('demo', 'demo'), 'x-forwarded-for': '203.0.113.9' },
      from: '127.0.0.2',
    });
    await send(proxy, '/v1/system/whoami', {
      headers: { ...basic('demo', 'demo'), 'x-forwarded-for': '203.0.113.9' },
      from: '127.0.0.3',
    });
    expect(seen.map((h) => h['x-forwarded-for'])).toEqual([
      '127.0.0.2',
      '127.0.0.2',
      '203.0.113.9, 127.0.0.3',
    ]);
    // The access line names the client behind the listed proxy.
    expect(proxy.lines[2]).toMatch(/ 203\.0\.113\.9$/);
  });

  it('streams the answer back as it comes', async () => {
    let finish: () => void = () => undefined;
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":true,"msg":"Success","result":[');
      finish = () => res.end('1]}');
    };
    const proxy = await startProxy();
    const first = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: proxy.port,
          path: '/v1/accounting/getAccountingData',
          method: 'POST',
          headers: { host: `localhost:${proxy.port}`, ...basic('demo', 'demo') },
        },
        (res) => {
          res.once('data', (c: Buffer) => {
            resolve(c.toString('utf8'));
            finish();
            res.resume();
          });
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    // The first part arrived while the practice had not finished its answer.
    expect(first).toContain('"result":[');
  });

  /** A reference service as the practice, its access lines kept; `trusted`: its TRUSTED_PROXIES. */
  async function practice(trusted?: string, gate?: ReturnType<typeof createGate>) {
    const lines: string[] = [];
    const svc = await startService({
      trustedProxies: parseTrustedProxies(trusted),
      accessLog: (l) => lines.push(l),
      ...(gate ? { laborGate: gate } : {}),
    });
    practices.push(svc);
    return { url: `${svc.url}/v1`, lines, svc };
  }

  const signIn = (proxy: Running, from: string, body: Record<string, string>) =>
    send(proxy, '/session', {
      body: JSON.stringify(body),
      headers: { origin: `http://localhost:${proxy.port}` },
      from,
    });

  it('answers 429 itself for an account that waits: two clients × 10 wrong passwords reach the practice 10 times, and a third signs in', async () => {
    // The practice does not even list the app server: it counts all of them against the app server's address.
    const p = await practice();
    const proxy = await startProxy({ to: p.url });
    const byClient = new Map<string, number[]>();
    for (const from of ['127.0.0.2', '127.0.0.3']) {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await signIn(proxy, from, { user: 'demo', password: `wrong-${from}-${i}` });
        statuses.push(r.status);
        if (r.status === 429) {
          expect(JSON.parse(r.text).msg).toBe('Too many failed sign-ins. Try again later.');
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      byClient.set(from, statuses);
    }
    expect(byClient.get('127.0.0.2')).toEqual(Array(10).fill(401));
    expect(byClient.get('127.0.0.3')).toEqual(Array(10).fill(429));
    // The practice was asked ten times: its allowance for the app server's address is not used up.
    expect(p.lines.filter((l) => / whoami 401 /.test(l))).toHaveLength(10);
    const third = await signIn(proxy, '127.0.0.4', { key: 'demo-key' });
    expect(third.status).toBe(200);
    expect(third.headers['set-cookie']?.some((c) => c.startsWith('praxis.sid='))).toBe(true);
  });

  it('two clients × 10 wrong passwords on ten names each do not make a practice that lists the app server block it', async () => {
    const attack = async (trusted: string | undefined) => {
      const p = await practice(trusted);
      const proxy = await startProxy({ to: p.url });
      for (const from of ['127.0.0.2', '127.0.0.3']) {
        for (let i = 0; i < 10; i++) {
          const r = await signIn(proxy, from, { user: `name-${from}-${i}`, password: 'guess' });
          expect(r.status).toBe(401);
        }
      }
      return signIn(proxy, '127.0.0.4', { user: 'demo', password: 'demo' });
    };
    // Listed (TRUSTED_PROXIES at the practice): it counts each client behind the app server, ten each.
    expect((await attack('127.0.0.1')).status).toBe(200);
    // Not listed: twenty failures from the app server's address, and the practice stops everybody behind it (its
    // Retry-After passed on). This is what TRUSTED_PROXIES is for.
    const unlisted = await attack(undefined);
    expect(unlisted.status).toBe(429);
    expect(unlisted.headers['retry-after']).toBe('60');
  });

  it('passes the practice’s 503 busy for a third lab upload on, with its Retry-After', async () => {
    const gate = createGate({ slots: 2, waitMs: 15 });
    const p = await practice(undefined, gate);
    const proxy = await startProxy({ to: p.url });
    const slow = [0, 1].map(() => {
      const req = request({
        host: '127.0.0.1',
        port: proxy.port,
        path: '/v1/labor/upload',
        method: 'POST',
        headers: {
          host: `localhost:${proxy.port}`,
          'content-type': 'application/json',
          ...basic('demo', 'demo'),
        },
      });
      req.on('error', () => undefined);
      req.write('{"filename":"a.hl7","content":"');
      return req;
    });
    while (gate.state('demo').busy < 2) await new Promise((r) => setTimeout(r, 2));
    const third = await send(proxy, '/v1/labor/upload', { headers: basic('demo', 'demo') });
    expect(third.status).toBe(503);
    expect(JSON.parse(third.text)).toEqual({
      status: false,
      msg: 'The practice server is busy. Try again shortly.',
    });
    expect(third.headers['retry-after']).toBe('10');
    for (const r of slow) r.destroy();
  });

  /** An answer read as it comes: its status, its parts so far, and whether it ended whole. */
  function reading(proxy: Running, headers: Record<string, string> = {}) {
    const parts: Buffer[] = [];
    let status = 0;
    const ended = new Promise<{ complete: boolean }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: proxy.port,
          path: '/v1/accounting/getAccountingData',
          method: 'POST',
          headers: { host: `localhost:${proxy.port}`, ...basic('demo', 'demo'), ...headers },
        },
        (res) => {
          status = res.statusCode ?? 0;
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('error', () => undefined);
          res.on('close', () => resolve({ complete: res.complete }));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    return { parts, ended, status: () => status };
  }

  /** A practice that sends its headers and the start of its answer at once, and more only when told. */
  function trickling(): { more: () => void } {
    const control: { more: () => void } = { more: () => undefined };
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"status":true,"result":[${'0,'.repeat(2000)}`);
      control.more = () => {
        res.write('1,');
      };
    };
    return control;
  }

  for (const compress of [false, true]) {
    it(`ends the client's connection when the whole answer has not come within 30 s, though it trickles${compress ? ' (compressed)' : ''}`, async () => {
      const practiceAnswer = trickling();
      const proxy = await startProxy({ compress });
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const r = reading(proxy, compress ? { 'accept-encoding': 'gzip' } : {});
        let closed = false;
        void r.ended.then(() => {
          closed = true;
        });
        while (r.parts.length === 0) await new Promise((res) => setImmediate(res));
        expect(r.status()).toBe(200);
        // Something comes every 10 s: the practice is alive, but the answer never completes.
        for (let s = 0; s < 2; s++) {
          await vi.advanceTimersByTimeAsync(10_000);
          practiceAnswer.more();
        }
        await vi.advanceTimersByTimeAsync(PROXY_TIMEOUT_MS - 20_000 - 1);
        expect(closed).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        const end = await r.ended;
        // Not delivered as a whole answer: the connection ended before the body did.
        expect(end.complete).toBe(false);
        expect(
          logged.mock.calls.some((c) =>
            String(c[0]).includes('The practice server did not complete its answer within 30000 ms'),
          ),
        ).toBe(true);
      } finally {
        logged.mockRestore();
        vi.useRealTimers();
      }
    });
  }
  it('writes one access line per request, with no password and no whole key', async () => {
    behaviour = practiceWithThrottle();
    const proxy = await startProxy();
    await send(proxy, '/v1/system/whoami', { headers: basic('demo', 'hunter2-secret'), from: '127.0.0.2' });
    await send(proxy, '/session', {
      body: JSON.stringify({ user: 'demo', password: 'hunter2-secret' }),
      headers: { origin: `http://localhost:${proxy.port}` },
      from: '127.0.0.2',
    });
    await send(proxy, '/v1/system/whoami', { headers: basic('demo', 'demo'), from: '127.0.0.3' });
    await send(proxy, '/v1/system/whoami', {
      headers: { 'x-api-key': 'demo-key-secret-part' },
      from: '127.0.0.3',
    });
    expect(proxy.lines).toHaveLength(4);
    const all = proxy.lines.join('\n');
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain(Buffer.from('demo:hunter2-secret').toString('base64'));
    expect(all).not.toContain('demo-key');
    expect(proxy.lines[0]).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+ localhost:${proxy.port} - whoami 401 \\d+ms 127\\.0\\.0\\.2$`),
    );
    expect(proxy.lines[2]).toMatch(/ demo whoami 200 \d+ms 127\.0\.0\.3$/);
    expect(proxy.lines[3]).toMatch(/ key:[0-9a-f]{8} whoami 401 \d+ms 127\.0\.0\.3$/);
  });
});
