import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/**
 * An HTTP server for a fetch handler. Unlike `serve` of @hono/node-server it passes an error handler: a request
 * the adapter cannot even build (a Host header with stray characters) gets the standard envelope, 404
 * `Unknown tenant.` (extensions.md section 7), instead of a bare 400.
 */
export function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  port: number,
  hostname: string,
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = createServer(
    getRequestListener(fetch, {
      hostname,
      errorHandler: () =>
        new Response(JSON.stringify({ status: false, msg: 'Unknown tenant.' }), {
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
    }),
  );
  server.listen(port, hostname, () => onListening?.(server.address() as AddressInfo));
  return server;
}
