import { serve } from '@hono/node-server';
import { createService } from '../server/service/app.ts';

// The service alone in its own process, so that its peak memory is its own. Prints the peak on SIGTERM.
const service = createService({ dataDir: process.env.DATA_DIR ?? '.bench-data', seed: false });
service.db('demo');
const server = serve(
  { fetch: service.app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' },
  (info) => {
    console.log(`listening ${info.port}`);
  },
);
process.on('SIGTERM', () => {
  console.log(`maxrss ${process.resourceUsage().maxRSS}`);
  server.close();
  service.close();
  process.exit(0);
});
