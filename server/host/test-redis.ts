import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Debian's `redis-server` (`.ci/run` installs it). */
const REDIS_SERVER = '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Whether the Redis tests run here: always in CI (a missing server fails them there, `.ci/run` installs it), and
 * elsewhere where the server is installed.
 */
export const redisAvailable = existsSync(REDIS_SERVER) || Boolean(process.env.CI);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A real Redis of the test's own: on a free port, in memory only (no RDB snapshot, no AOF), gone with `stop`. */
export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER))
    throw new Error(`${REDIS_SERVER} is not installed (Debian: apt-get install redis-server).`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: withoutFakeClock(process.env) },
  );
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${said}`)), 10_000);
    const listen = (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (said.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server ended (${code}): ${said}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The environment for redis-server without libfaketime: a suite run under `faketime` (issue 35: the clock at 23:59
 * Zurich) hands its LD_PRELOAD to every child, and redis-server stops starting under it (recursive clock_gettime).
 * Our code keeps the faked clock; Redis keeps real time, which only its TTLs read, and they are relative.
 */
function withoutFakeClock(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (k.startsWith('FAKETIME') || k === 'DONT_FAKE_MONOTONIC') continue;
    if (k === 'LD_PRELOAD') {
      const kept = (v ?? '')
        .split(/[:\s]+/)
        .filter((lib) => lib && !lib.includes('faketime'))
        .join(':');
      if (kept) out[k] = kept;
      continue;
    }
    out[k] = v;
  }
  return out;
}
