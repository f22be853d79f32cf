import { createHash } from 'node:crypto';
import { operationByPath } from '../contract/operations.ts';
import { bodyLimitOf, countedBody, declaredTooLarge, drain } from './body-limit.ts';
import { createThrottle } from './throttle.ts';

/** Request headers passed on to the practice (credentials included: the session layer may have added them). */
const forwarded = ['authorization', 'x-api-key', 'content-type', 'content-length', 'if-none-match', 'accept'];
/** Answer headers passed back. */
const returned = ['content-type', 'etag', 'retry-after', 'content-disposition'];

export const PROXY_TIMEOUT_MS = 30_000;
/** Failed sign-ins (upstream 401) from one client address within 60 s before the proxy answers 429 itself. */
export const PROXY_FAILURES = 10;

export interface ProxyOptions {
  /** How long the practice has to answer (default 30 s; `PROXY_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** Where the access line of each request goes (default: standard output); false for none. */
  accessLog?: ((line: string) => void) | false;
  /** The clock in ms (the throttle's; tests move it). */
  now?: () => number;
}

function json(status: number, msg: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ status: false, msg }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** The socket's address (never a header a client could write); one shared bucket when unknown. */
export function socketAddress(env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Who the access line names: the user name of Basic, or `key:` and 8 hex digits of the key's SHA-256. */
function principalOf(req: Request, status: number): string {
  const key = req.headers.get('x-api-key');
  if (key) return `key:${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
  // A refused user name may be a password typed into the wrong field: named only once the practice took it.
  if (status === 401) return '-';
  const auth = req.headers.get('authorization');
  const m = auth ? /^basic[ \t]+(\S+)/i.exec(auth) : null;
  if (!m) return '-';
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // Only a name fit to print: a mistyped password in the user field must not reach the log either.
  const user = colon > 0 ? decoded.slice(0, colon) : '';
  return /^[\w.@-]{1,64}$/.test(user) ? user : '-';
}

/**
 * Same-origin proxy of /v1 to a real tenant (PRACTICE_API_URL, e.g. https://praxis.example.ch/v1), held to
 * extensions.md sections 6 and 7: bodies counted while they stream through (413 past the limit), 30 s for the
 * practice to answer (504), Retry-After passed back, X-Forwarded-For sent, one access line per request, and its own
 * count of failed sign-ins per client address, so that one client cannot spend the practice's allowance of
 * failures (counted against the proxy's address there) for everybody behind the proxy.
 */
export function createProxy(upstream: string, options: ProxyOptions = {}) {
  const base = upstream.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? PROXY_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const log =
    options.accessLog === undefined ? (line: string) => process.stdout.write(`${line}\n`) : options.accessLog;
  const throttle = createThrottle({ failures: PROXY_FAILURES });

  async function pass(req: Request, address: string): Promise<Response> {
    const url = new URL(req.url);
    const wait = throttle.retryAfter(address, now());
    if (wait > 0)
      return json(429, 'Too many failed sign-ins. Try again later.', { 'retry-after': String(wait) });

    const limit = bodyLimitOf(url.pathname);
    if (declaredTooLarge(req.headers, limit)) {
      drain(req.body);
      return json(413, 'Request body too large.');
    }

    const headers = new Headers();
    for (const h of forwarded) {
      const v = req.headers.get(h);
      if (v) headers.set(h, v);
    }
    const before = req.headers.get('x-forwarded-for');
    headers.set('x-forwarded-for', before ? `${before}, ${address}` : address);

    const controller = new AbortController();
    let timedOut = false;
    let tooLarge = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const hasBody = req.body !== null && req.method !== 'GET' && req.method !== 'HEAD';
    const init: RequestInit & { duplex?: 'half' } = {
      method: req.method,
      headers,
      redirect: 'manual',
      signal: controller.signal,
    };
    if (hasBody && req.body) {
      // Streamed through and counted: past the limit the upload to the practice fails, and so does this fetch.
      init.body = countedBody(req.body, limit, () => {
        tooLarge = true;
        controller.abort();
      });
      init.duplex = 'half';
    }
    let res: Response;
    try {
      res = await fetch(base + url.pathname.replace(/^\/v1/, '') + url.search, init);
    } catch {
      if (tooLarge) return json(413, 'Request body too large.');
      if (timedOut) return json(504, 'The practice server did not answer in time.');
      return json(502, 'The practice server cannot be reached.');
    } finally {
      clearTimeout(timer);
    }
    if (tooLarge) {
      void res.body?.cancel().catch(() => undefined);
      return json(413, 'Request body too large.');
    }
    if (res.status === 401) throttle.fail(address, now());
    const out = new Headers({ 'cache-control': 'no-store' });
    for (const h of returned) {
      const v = res.headers.get(h);
      if (v) out.set(h, v);
    }
    // The answer streams back as it comes (the whole accounting stock is large).
    return new Response(res.body, { status: res.status, headers: out });
  }

  return async (req: Request, env: unknown): Promise<Response> => {
    const started = performance.now();
    const address = socketAddress(env);
    const res = await pass(req, address);
    if (log) {
      const url = new URL(req.url);
      const op = operationByPath(url.pathname.replace(/^\/v1/, '')) ?? '-';
      // The host is printed only when it looks like one: it is the client's text.
      const host = req.headers.get('host') ?? '';
      const shownHost = /^[\w.:[\]-]{1,255}$/.test(host) ? host : '-';
      const user = principalOf(req, res.status);
      const ms = Math.round(performance.now() - started);
      log(`${new Date().toISOString()} ${shownHost} ${user} ${op} ${res.status} ${ms}ms ${address}`);
    }
    return res;
  };
}
