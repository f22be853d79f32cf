import { createHash } from 'node:crypto';
import { operationByPath } from '#contract/operations.ts';
import {
  clientAddress,
  normalAddress,
  noTrustedProxies,
  socketAddressOf,
  type TrustedProxies,
} from '../client-address.ts';
import { bodyLimitOf, countedBody, declaredTooLarge, drain } from '../service/body-limit.ts';

/** Request headers passed on to the practice (credentials included: the session layer may have added them). */
const forwarded = ['authorization', 'x-api-key', 'content-type', 'content-length', 'if-none-match', 'accept'];
/** Answer headers passed back. */
const returned = ['content-type', 'etag', 'retry-after', 'content-disposition'];

export const PROXY_TIMEOUT_MS = 30_000;

export interface ProxyOptions {
  /** How long the practice has to complete its answer, body included (default 30 s; `PROXY_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** TRUSTED_PROXIES: the access line names the client behind them (docs/api.md#session). */
  trustedProxies?: TrustedProxies;
  /** Where the access line of each request goes (default: standard output); false for none. */
  accessLog?: ((line: string) => void) | false;
}

function json(status: number, msg: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ status: false, msg }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * The answer's body as it comes, and `done` told once it has come whole, failed or been given up by the client. A
 * body the timeout cuts fails here, so the client's connection ends instead of the answer looking complete.
 */
function watched(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let part: ReadableStreamReadResult<Uint8Array>;
      try {
        part = await reader.read();
      } catch (e) {
        done();
        controller.error(e);
        return;
      }
      if (part.done) {
        done();
        controller.close();
      } else controller.enqueue(part.value);
    },
    cancel(reason) {
      done();
      return reader.cancel(reason).catch(() => undefined);
    },
  });
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

/** The proxy's access line: `<ISO time> <host> <user> <operation> <status> <ms>ms <client address>`. */
export function formatProxyLine(l: {
  time: Date;
  host: string;
  user: string;
  operation: string;
  status: number;
  ms: number;
  address: string;
}): string {
  return `${l.time.toISOString()} ${l.host} ${l.user} ${l.operation} ${l.status} ${l.ms}ms ${l.address}`;
}

/**
 * Same-origin proxy of /v1 to a real tenant (PRACTICE_API_URL, e.g. https://praxis.example.ch/v1), held to
 * docs/api.md#real-tenant and #limits: bodies counted while they stream through (413 past the limit), 30 s for the
 * practice to complete its answer (504 before the headers; after them the client's connection is ended, never
 * half a body delivered as whole), Retry-After passed back, X-Forwarded-For sent, one access line per request.
 * Failed sign-ins are counted in front of it, by the sessions (sign-in-guard.ts), for both kinds of backend.
 */
export function createProxy(upstream: string, options: ProxyOptions = {}) {
  const base = upstream.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? PROXY_TIMEOUT_MS;
  const trusted = options.trustedProxies ?? noTrustedProxies;
  const log =
    options.accessLog === undefined ? (line: string) => process.stdout.write(`${line}\n`) : options.accessLog;

  /** `address`: the socket's, appended to X-Forwarded-For (each hop names the one before it). */
  async function pass(req: Request, address: string): Promise<Response> {
    const url = new URL(req.url);
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
    // The client's own list only from a listed proxy: from anyone else it is not known to be true.
    const before = trusted.has(address) ? req.headers.get('x-forwarded-for') : null;
    headers.set('x-forwarded-for', before ? `${before}, ${address}` : address);

    const controller = new AbortController();
    let timedOut = false;
    let tooLarge = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // After the headers this is what the server's log says of the cut answer (the HTTP adapter prints it).
      controller.abort(
        new Error(
          `The practice server did not complete its answer within ${timeoutMs} ms: the client's connection was ended.`,
        ),
      );
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
      clearTimeout(timer);
      if (tooLarge) return json(413, 'Request body too large.');
      if (timedOut) return json(504, 'The practice server did not answer in time.');
      return json(502, 'The practice server cannot be reached.');
    }
    const stop = () => clearTimeout(timer);
    if (tooLarge) {
      stop();
      void res.body?.cancel().catch(() => undefined);
      return json(413, 'Request body too large.');
    }
    const out = new Headers({ 'cache-control': 'no-store' });
    for (const h of returned) {
      const v = res.headers.get(h);
      if (v) out.set(h, v);
    }
    // The answer streams back as it comes (the whole accounting stock is large); the clock runs until its end.
    if (!res.body) stop();
    return new Response(res.body ? watched(res.body, stop) : null, { status: res.status, headers: out });
  }

  return async (req: Request, env: unknown): Promise<Response> => {
    const started = performance.now();
    const socket = socketAddressOf(env);
    const res = await pass(req, socket ? (normalAddress(socket) ?? socket) : 'unknown');
    const address = clientAddress(socket, req.headers.get('x-forwarded-for'), trusted);
    if (log) {
      const url = new URL(req.url);
      const op = operationByPath(url.pathname.replace(/^\/v1/, '')) ?? '-';
      // The host is printed only when it looks like one: it is the client's text.
      const host = req.headers.get('host') ?? '';
      const shownHost = /^[\w.:[\]-]{1,255}$/.test(host) ? host : '-';
      const user = principalOf(req, res.status);
      const ms = Math.round(performance.now() - started);
      log(
        formatProxyLine({
          time: new Date(),
          host: shownHost,
          user,
          operation: op,
          status: res.status,
          ms,
          address,
        }),
      );
    }
    return res;
  };
}
