import { defineConfig, devices } from '@playwright/test';
import { clockOrigin } from './e2e/clock.ts';
import { chromiumLaunch } from './scripts/chromium.ts';

// The practice clock starts once, here in the runner's process; its workers and their servers inherit the origin.
clockOrigin();

// E2E_PORT lets several checkouts (or developers on one machine) run the suite side by side: each worker's app
// server listens on E2E_PORT + its index (e2e/fixtures.ts).
const port = Number(process.env.E2E_PORT ?? 4319);
// Side-by-side runs (E2E_PORT) keep their own results instead of deleting each other's.
const outputDir = process.env.E2E_PORT ? `test-results-${port}` : 'test-results';

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    ...chromiumLaunch,
    // A run under faketime (the machine's clock set to 23:59, decision 0035) fakes the runner and the services;
    // Chromium does not start its pages under libfaketime, and its pages run on the practice clock anyway.
    env: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k !== 'LD_PRELOAD' && !k.startsWith('FAKETIME')),
    ),
  },
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir,
  // The build once, before the workers start their own servers on it.
  globalSetup: './e2e/global-setup.ts',
  timeout: 30_000,
  // A busy CI machine (two cores, two browsers and two services) can take longer than a person would wait for a
  // first screen; a passing test costs nothing more.
  expect: { timeout: process.env.CI ? 12_000 : 7_000 },
  // Two workers, each with its own server and data (e2e/fixtures.ts); a spec's tests stay in order in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  // In CI one retry, so that a test that failed once under load does not stop a landing; it is never hidden:
  // reports/timings.md lists every test that needed it under "Flaky", to be mended (issue 35: green every time).
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds the timing table (scripts/timings.ts).
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.E2E_PORT ? `reports-${port}/e2e-report.json` : 'reports/e2e-report.json' },
    ],
  ],
  use: {
    locale: 'en-GB',
    timezoneId: 'Europe/Zurich',
    // A failed test keeps its trace: every action with the page's DOM before and after, the network and the console.
    // Without the trace's screencast (a frame on every paint): recording it took a fifth of the suite's time
    // (leads-board and lead-details, one worker: 105 s with it, 86 s without, 80 s with no trace at all); the failed
    // test's own screenshot is still attached.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  // The screen sweep's eight long parts first, then the specs: the longest jobs first keep both workers busy to the
  // end (docs/test-timings.md). Both projects are the same Chromium.
  projects: [
    { name: 'sweep', testMatch: 'screen-sweep.spec.ts', use: browser },
    { name: 'chromium', testIgnore: 'screen-sweep.spec.ts', use: browser },
  ],
});
