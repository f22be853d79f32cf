import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { test as base } from '@playwright/test';
import { installClock, practiceNow, serviceClockEnv } from './clock.ts';

export { expect } from '@playwright/test';

/** The first worker's port; the next worker takes the next one. E2E_PORT moves them for side-by-side checkouts. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4319);
const DIST_DIR = process.env.E2E_DIST ?? 'dist';

let workerOrigin: string | undefined;

/** The origin of this worker's app server (for an Origin header, as the page's own requests send it). */
export function appOrigin(): string {
  if (!workerOrigin) throw new Error('No app server yet: use the test from e2e/fixtures.ts');
  return workerOrigin;
}

async function healthy(url: string, child: ChildProcess, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The e2e server stopped with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The e2e server at ${url} did not answer within ${limitMs} ms`);
}

/**
 * Each worker has its own app server and reference service on freshly seeded demo data in its own data directory
 * (port BASE_PORT + worker), so that two workers never see each other's records. Every browser context runs on the
 * practice clock (e2e/clock.ts). The build is made once, before the workers start (e2e/global-setup.ts).
 */
export const test = base.extend<object, { appServer: string; ownPractice: boolean }>({
  /**
   * `test.use({ ownPractice: true })`: the spec's tests run in workers of their own, on data no other spec wrote to
   * (the screen sweep reads every word on screen, and other specs' leads say "Back pain" in English).
   */
  ownPractice: [false, { scope: 'worker', option: true }],
  appServer: [
    async ({ ownPractice }, use, workerInfo) => {
      const port = BASE_PORT + workerInfo.parallelIndex;
      const url = `http://localhost:${port}`;
      // Another run's server on this port would answer the health check in this one's place.
      const taken = await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      );
      if (taken) throw new Error(`Port ${port} is in use (another e2e run?): set E2E_PORT to another port`);
      const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
        env: {
          ...process.env,
          ...serviceClockEnv(),
          PORT: String(port),
          DATA_DIR: `.e2e-data/${port}${ownPractice ? '-own' : ''}`,
          DIST_DIR,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        await healthy(url, child, 120_000);
        workerOrigin = url;
        await use(url);
      } finally {
        workerOrigin = undefined;
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          await once(child, 'exit');
        }
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer),
  context: async ({ context }, use) => {
    await installClock(context.clock, practiceNow());
    await use(context);
  },
});
