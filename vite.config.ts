import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * `vite build`: a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the highest
 * settings, so that the server sends them as they are (server/compression.ts). index.html is not among them:
 * the server fills in a nonce per answer and compresses it then.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const names = await readdir(dir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        names
          .filter((n) => /\.(js|mjs|css|svg|json|webmanifest|txt)$/.test(n))
          .map(async (name) => {
            const path = join(dir, name);
            const data = await readFile(path);
            if (data.byteLength < 1024) return;
            const [b, g] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
                },
              }),
              gz(data, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, b), writeFile(`${path}.gz`, g)]);
          }),
      );
    },
  };
}

/**
 * `npm run dev`: the reference service is mounted at /v1 inside the Vite dev server, so the app and the
 * API share one origin just as under `npm start`. Loaded lazily so that `vite build` never opens a database.
 */
function practiceService(): Plugin {
  return {
    name: 'practice-service',
    apply: 'serve',
    async configureServer(server) {
      const serverModule = './server/dev-middleware.ts';
      const { createDevMiddleware } = (await import(/* @vite-ignore */ serverModule)) as {
        createDevMiddleware: () => Promise<import('vite').Connect.NextHandleFunction>;
      };
      server.middlewares.use(await createDevMiddleware());
    },
  };
}

export default defineConfig({
  plugins: [react(), practiceService(), precompress()],
  // Source maps stay beside the build for whoever reads a stack trace, never linked from the files; the server
  // refuses .map addresses.
  build: { outDir: 'dist', sourcemap: 'hidden', chunkSizeWarningLimit: 1200 },
  server: { port: 5173 },
});
