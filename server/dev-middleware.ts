import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createService } from './app.ts';
import { proxyTo } from './proxy.ts';

/** `npm run dev`: the same /v1 as `npm start`, inside Vite's dev server. */
export async function createDevMiddleware() {
  const app = new Hono();
  const upstream = process.env.PRACTICE_API_URL?.trim();
  if (upstream) app.all('/v1/*', proxyTo(upstream));
  else
    app.route(
      '/',
      createService({ dataDir: resolve(process.env.DATA_DIR ?? './data'), validateResults: true }).app,
    );
  const listener = getRequestListener(app.fetch);
  return (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    if (!req.url?.startsWith('/v1/')) return next();
    listener(req, res).catch(next);
  };
}
