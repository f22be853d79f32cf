import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Component tests render whole pages; on a busy 2-core machine 5 s is too tight for the slowest.
    testTimeout: 20_000,
    // Most of a component test's time is waiting (the service's answers, timers), not computing: three workers on
    // two cores finish the unit step in about two thirds of the time two take; four overloaded them (a component
    // test waiting 5 s for a row failed).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // The files of a worker share their modules (Mantine, React, the pages): imported once per worker, not
          // once per file. Four times less CPU (docs/test-timings.md); src/test/setup.ts resets what a file leaves.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'service',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          // The session tests once more, every app server's sessions in a real Redis (server/host/session.test.ts).
          name: 'sessions-redis',
          include: ['server/host/session.test.ts'],
          environment: 'node',
          pool: 'forks',
          env: { SESSION_TEST_STORE: 'redis' },
        },
      },
    ],
  },
});
