import { existsSync } from 'node:fs';
import { createBackend } from '../server/host/backend.ts';
import { sessionKey } from '../server/host/session.ts';
import { newSessionId, sessionCrypto } from '../server/host/session-store.ts';
import { startRedis } from '../server/host/test-redis.ts';

/**
 * Part of `npm run bench:service`: what the session store costs a signed-in request of the page (docs/api.md#session,
 * docs/decisions/0044). The same `whoami` through the app server in-process (its Hono app, no socket): with Basic
 * credentials of its own (no session lookup: the baseline), with the session cookie and the embedded store
 * (node:sqlite in DATA_DIR), and with the cookie and Redis (Debian's redis-server on a free port, as the session
 * tests start it). Beside them, what the sealed cookie of before cost per request: opening (AES-256-GCM) a sealed
 * value of the same credentials, in-process. Microseconds per request, median and p95.
 */

const REDIS_SERVER = '/usr/bin/redis-server';

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function line(label: string, times: number[], baseline?: number): number {
  times.sort((a, b) => a - b);
  const median = pct(times, 50);
  const extra =
    baseline === undefined ? '' : `   +${Math.max(0, median - baseline).toFixed(0)} µs over the baseline`;
  console.log(
    `${label.padEnd(52)} median ${median.toFixed(0).padStart(6)} µs   p95 ${pct(times, 95).toFixed(0).padStart(6)} µs${extra}`,
  );
  return median;
}

async function timed(iterations: number, run: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 50; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    times.push((performance.now() - t) * 1000);
  }
  return times;
}

const HOST = 'localhost';
const ORIGIN = `http://${HOST}`;
const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

type App = ReturnType<typeof createBackend>['app'];

async function whoami(app: App, headers: Record<string, string>): Promise<void> {
  const res = await app.fetch(
    new Request(`${ORIGIN}/v1/system/whoami`, {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: '{}',
    }),
    env,
  );
  const text = await res.text();
  if (res.status !== 200) throw new Error(`whoami answered ${res.status}: ${text.slice(0, 200)}`);
}

async function signIn(app: App): Promise<string> {
  const res = await app.fetch(
    new Request(`${ORIGIN}/session`, {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'demo', password: 'demo' }),
    }),
    env,
  );
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('praxis.sid='));
  if (res.status !== 200 || !sid) throw new Error(`sign-in answered ${res.status}`);
  return sid.split(';')[0];
}

/** One backend on the bench data (seeded already: `seed: false`), its sessions in `sessionStore` or DATA_DIR. */
function backendOn(dataDir: string, sessionStore?: string) {
  return createBackend({
    dataDir,
    sessionStore,
    service: { seed: false, accessLog: false },
  });
}

export async function benchSessionCost(dataDir: string, iterations: number): Promise<void> {
  console.log(
    `\nsession store per signed-in request (whoami through the app server in-process; ${iterations} requests of each, taken in turn after 50 warm-up, so that the machine's load falls on all alike)`,
  );
  const basic = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
  // The embedded store is DATA_DIR/sessions.sqlite of the bench data.
  const embedded = backendOn(dataDir);
  const redis = existsSync(REDIS_SERVER) ? await startRedis() : null;
  const shared = redis ? backendOn(dataDir, redis.url) : null;
  try {
    // As npm start does: the Redis client connects before the first request.
    await shared?.sessions.ready();
    const variants: { label: string; run: () => Promise<void> }[] = [
      { label: 'no session lookup (Basic on /v1)', run: () => whoami(embedded.app, basic) },
    ];
    const local = await signIn(embedded.app);
    variants.push({
      label: 'session cookie, embedded store (sqlite)',
      run: () => whoami(embedded.app, { cookie: local }),
    });
    if (shared) {
      const cookie = await signIn(shared.app);
      variants.push({ label: 'session cookie, Redis (loopback)', run: () => whoami(shared.app, { cookie }) });
    }
    const times = variants.map(() => [] as number[]);
    for (let i = -50; i < iterations; i++) {
      for (const [v, variant] of variants.entries()) {
        const t = performance.now();
        await variant.run();
        if (i >= 0) times[v].push((performance.now() - t) * 1000);
      }
    }
    const baseline = line(variants[0].label, times[0]);
    for (let v = 1; v < variants.length; v++) line(variants[v].label, times[v], baseline);
    if (!shared) {
      console.log(
        `session cookie, Redis: skipped (${REDIS_SERVER} is not installed; apt-get install redis-server)`,
      );
    }
  } finally {
    embedded.close();
    shared?.close();
    await redis?.stop();
  }

  // The sealed cookie of before: the credentials sealed into the cookie itself, opened on every request.
  const crypto = sessionCrypto(sessionKey({ dataDir }));
  const id = crypto.storeKey(newSessionId()) as string;
  const sealed = crypto.seal(id, {
    state: 'active',
    host: HOST,
    tenant: 'demo',
    remember: false,
    who: { kind: 'basic', user: 'demo' },
    created: 0,
    auth: { kind: 'basic', user: 'demo', password: 'demo' },
  });
  const opening = await timed(iterations, async () => {
    if (!crypto.open(id, sealed)) throw new Error('the sealed value did not open');
  });
  line('sealed cookie of before (opening it, in-process)', opening);
}
