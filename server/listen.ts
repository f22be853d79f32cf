import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/**
 * An HTTP server for a fetch handler. Unlike `serve` of @hono/node-server it passes an error handler: a request
 * the adapter cannot even build (a Host header with stray characters) gets the standard envelope, 404
 * `Unknown tenant.` (docs/api.md#hardening), instead of a bare 400.
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
  // An idle kept-alive connection stays open longer than a client or a proxy in front keeps it (60 s is common):
  // Node's default of 5 s closes it while a client may be sending its next request on it, which that client sees
  // as a reset connection (seen in the e2e suite: `socket hang up` on a POST). The headers' limit stays above it.
  server.keepAliveTimeout = 65_000;
  // A request Node's parser refuses (a bad header byte, a malformed request line) never reaches the handler: it gets
  // the standard envelope as JSON, not Node's bare 400 (docs/api.md#hardening), and the connection ends.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const body = JSON.stringify({ status: false, msg: timeout ? 'Request timeout.' : 'Bad request.' });
    socket.end(
      [
        timeout ? 'HTTP/1.1 408 Request Timeout' : 'HTTP/1.1 400 Bad Request',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () => onListening?.(server.address() as AddressInfo));
  return server;
}
