import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run dev` as a developer starts it: vite.config.ts loaded the way Vite loads it (bundled into a copy under
 * node_modules/.vite-temp), the reference service at /v1 beside the app, and Mantine's whole stylesheet.
 */
describe('npm run dev', () => {
  let server: ViteDevServer;
  let origin = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'praxis-dev-'));
  const previous = process.env.DATA_DIR;

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    server = await createServer({
      configFile: 'vite.config.ts',
      logLevel: 'silent',
      server: { port: 0, strictPort: false, hmr: false },
      // No dependency crawl: these requests do not need it, and it would keep two cores busy for seconds.
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await server.listen();
    const address = server.httpServer?.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    origin = `http://localhost:${address.port}`;
  });

  afterAll(async () => {
    await server?.close();
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the API at /v1 with the reference service', async () => {
    const res = await fetch(`${origin}/v1/system/whoami`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true, result: { username: 'demo' } });
  });

  it("serves Mantine's whole stylesheet for src/mantine.css (no per-component styles without a build)", async () => {
    const css = await (await fetch(`${origin}/src/mantine.css?direct`)).text();
    // Button's root class and the baseline's reset, both inside Mantine's layer.
    expect(css).toContain('.m_77c9d27d');
    expect(css).toContain('@layer mantine');
  });
});
