import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { parseTrustedProxies } from './client-address.ts';
import { createBackend, idleMinutesFromEnv, timeoutFromEnv } from './host/backend.ts';
import { compressResponses, serveDist } from './host/compression.ts';
import { listen } from './listen.ts';
import { clockFromEnv } from './time.ts';

const port = Number(process.env.PORT ?? 8080);
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const upstream = process.env.PRACTICE_API_URL?.trim();
const distDir = resolve(process.env.DIST_DIR ?? './dist');
// Read once at the start: a wrong entry stops it here, with the entry named, rather than trusting the wrong hosts.
const trustedProxies = (() => {
  try {
    return parseTrustedProxies(process.env.TRUSTED_PROXIES);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
})();

const root = new Hono();

/** The app's pages: only its own scripts and styles (Mantine's style tags carry the per-response nonce). */
function securityHeaders(nonce?: string): Record<string, string> {
  const styleSrc = nonce ? `'self' 'nonce-${nonce}'` : `'self'`;
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      `style-src ${styleSrc}`,
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  };
}

/**
 * A worker script runs under the policy sent with it: no eval there either. The accounting worker checks its rows
 * with checks built from the contract without eval (src/api/row-check.ts). See docs/decisions/0017-worker-check-without-eval.md.
 */
function workerHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "base-uri 'none'",
    ].join('; '),
  };
}

root.use('*', compressResponses());

/**
 * A script or style file of the build is never a document: a policy sent with it is not applied (a worker script
 * is, and gets its own below). So those carry only nosniff, which saves about 260 bytes on each of the first load's
 * 50-odd files; documents, API answers and everything else keep the whole set.
 */
const assetFile = /^\/assets\/[\w.-]+\.(?:js|css)$/;
const workerFile = /^\/assets\/[\w.-]+\.worker-[\w-]+\.js$/;

root.use('*', async (c, next) => {
  await next();
  if (c.res.headers.has('Content-Security-Policy')) return;
  if (c.res.ok && assetFile.test(c.req.path) && !workerFile.test(c.req.path)) {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    return;
  }
  for (const [k, v] of Object.entries(securityHeaders())) c.res.headers.set(k, v);
});

root.get('/healthz', (c) => c.text('ok'));

// Sessions (POST /session, the sealed cookie) in front of /v1: the reference service or the proxy to a practice.
const backend = createBackend({
  dataDir,
  upstream,
  sessionSecret: process.env.SESSION_SECRET,
  sessionStore: process.env.SESSION_STORE,
  idleMinutes: idleMinutesFromEnv(process.env.SESSION_IDLE_MINUTES),
  proxyTimeoutMs: timeoutFromEnv(process.env.PROXY_TIMEOUT_MS),
  trustedProxies,
  service: { validateResults: process.env.VALIDATE_RESULTS === '1', now: clockFromEnv(process.env) },
});
if (backend.sessions.kind === 'redis') {
  // A first connection before the first request, but a store that is down does not stop the start (it answers 503).
  await Promise.race([backend.sessions.ready(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  if (!process.env.SESSION_SECRET?.trim()) {
    console.log(
      'SESSION_STORE is shared: give every app server the same SESSION_SECRET (or the same DATA_DIR/session.key), or each opens only its own sessions.',
    );
  }
}
// Open (and on first start seed) the demo tenant now, so the first request is not the slow one. A data directory
// that cannot be written (read-only, full) must not stop the server: its requests answer 503 until it can.
try {
  backend.service?.db('demo');
} catch (e) {
  console.error(`The demo practice could not be opened now: ${e instanceof Error ? e.message : String(e)}`);
}
root.route('/', backend.app);

const indexFile = join(distDir, 'index.html');
const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

// The built files, precompressed; index.html is answered below with its nonce.
root.use(
  '*',
  serveDist(distDir, {
    skip: (p) => p === '/index.html',
    headers: (p) => (workerFile.test(p) ? workerHeaders() : undefined),
  }),
);

// Every other address is the single-page app: index.html with a fresh style nonce.
root.get('*', (c) => {
  if (!indexHtml) return c.text('The app is not built: run `npm run build` (npm start does this).', 503);
  const nonce = randomBytes(16).toString('base64');
  const html = indexHtml.replaceAll('__CSP_NONCE__', nonce);
  return c.html(html, 200, { ...securityHeaders(nonce), 'Cache-Control': 'no-store' });
});

const server = listen(root.fetch, port, process.env.HOST ?? '0.0.0.0', (info) => {
  const url = `http://localhost:${info.port}`;
  console.log(`Practice front office on ${url}`);
  console.log(`Sessions kept ${storeWhere(backend.sessions.kind)}`);
  if (upstream) {
    console.log(`/v1 is proxied to ${upstream}`);
  } else {
    console.log(`Reference service at ${url}/v1, data in ${dataDir}`);
    console.log(
      'Demo sign-in: user demo, password demo (API key demo-key); tenant sonnenhof: sonnenhof / sonnenhof',
    );
  }
});

function storeWhere(kind: 'sqlite' | 'memory' | 'redis'): string {
  if (kind === 'redis') return 'in SESSION_STORE (Redis/Valkey)';
  return kind === 'sqlite' ? `in ${join(dataDir, 'sessions.sqlite')}` : 'in memory (until this server stops)';
}

function shutdown() {
  server.close();
  backend.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
