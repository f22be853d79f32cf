import { spawnSync } from 'node:child_process';

/**
 * The production build the workers' app servers serve, made once before they start. E2E_SKIP_BUILD=1 keeps the last
 * one (while running one spec again and again on an unchanged app).
 */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const outDir = process.env.E2E_DIST ?? 'dist';
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error(`vite build failed (${r.status ?? r.signal})`);
  console.log(`e2e: built ${outDir} in ${Math.round((Date.now() - started) / 1000)} s`);
}
