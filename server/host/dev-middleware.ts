import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { parseTrustedProxies } from '../client-address.ts';
import { createBackend, idleMinutesFromEnv, timeoutFromEnv } from './backend.ts';

/** `npm run dev`: the same /v1 as `npm start`, inside Vite's dev server. */
export async function createDevMiddleware() {
  const { app } = createBackend({
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
    upstream: process.env.PRACTICE_API_URL?.trim(),
    sessionSecret: process.env.SESSION_SECRET,
    sessionStore: process.env.SESSION_STORE,
    idleMinutes: idleMinutesFromEnv(process.env.SESSION_IDLE_MINUTES),
    proxyTimeoutMs: timeoutFromEnv(process.env.PROXY_TIMEOUT_MS),
    // A wrong entry stops the dev server's start with its message.
    trustedProxies: parseTrustedProxies(process.env.TRUSTED_PROXIES),
    service: { validateResults: true },
  });
  const listener = getRequestListener(app.fetch);
  return (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    if (!req.url?.startsWith('/v1/') && req.url !== '/session' && !req.url?.startsWith('/session/'))
      return next();
    listener(req, res).catch(next);
  };
}
