import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Component tests render whole pages; on a busy 2-core machine 5 s is too tight for the slowest.
    testTimeout: 20_000,
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
    ],
  },
});
