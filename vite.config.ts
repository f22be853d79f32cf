import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), practiceService()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1200 },
  server: { port: 5173 },
});
