import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several checkouts (or developers on one machine) run the suite side by side.
const port = Number(process.env.E2E_PORT ?? 4319);
const distDir = process.env.E2E_DIST ?? 'dist';
// Debian's Chromium where it is installed (this workplace cannot download browsers); Playwright's own elsewhere.
const debianChromium = '/usr/bin/chromium';
const executablePath = existsSync(debianChromium) ? debianChromium : undefined;

export default defineConfig({
  testDir: 'e2e',
  // Side-by-side runs (E2E_PORT) keep their own results instead of deleting each other's.
  outputDir: process.env.E2E_PORT ? `test-results-${port}` : 'test-results',
  timeout: 30_000,
  // A busy CI machine (two cores, a production build and the service beside the browser) can take longer than a
  // person would wait for a first screen; a passing test costs nothing more.
  expect: { timeout: process.env.CI ? 12_000 : 7_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-GB',
    timezoneId: 'Europe/Zurich',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // A fresh data directory per run: every e2e test talks to the real reference service on seeded demo data.
    command: `npx vite build --logLevel warn --outDir ${distDir} && node scripts/e2e-server.ts`,
    url: `http://localhost:${port}/healthz`,
    env: { PORT: String(port), DATA_DIR: `.e2e-data/${port}`, DIST_DIR: distDir },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
