import { createHash } from 'node:crypto';
import { operationByPath } from '#contract/operations.ts';
import { clientAddressOf, noTrustedProxies, type TrustedProxies } from '../client-address.ts';
import { drain } from '../service/body-limit.ts';
import { tenantFromHost } from '../service/tenants.ts';
import { createAccountThrottle, createThrottle, type Throttle } from '../service/throttle.ts';

/**
 * The app server's count of guesses (docs/api.md#session, docs/decisions/0045), in front of the reference
 * service and of the proxy alike. Counted: a sign-in or unlock with wrong credentials, and a `/v1` request with its
 * own credentials that the practice answers 401. Per account (user name or key fingerprint, per practice) and per client
 * address; a held attempt is answered 429 here, without asking the practice, so that guesses from outside cannot
 * use up the practice's allowance for the app server's address. Requests of signed-in sessions never pass here, and
 * requests without credentials are not counted.
 */

export const tooManyMessage = 'Too many failed sign-ins. Try again later.';

/** An account as the sign-in names it: the user name, or the API key (only its fingerprint is kept). */
export type Account =
  | { kind: 'basic'; user: string }
  | { kind: 'apiKey'; key: string }
  | { kind: 'apiKey'; fingerprint: string };

export interface Attempt {
  /** The 429 to answer instead of asking the practice, when the account or the address waits. */
  held?: Response;
  /** What the practice answered: 401 counts as a failure, a success (2xx) forgets the account's failures. */
  settle: (status: number) => void;
}

export interface SignInGuard {
  /** One attempt to authenticate as `account` (null: credentials that name none, counted per address only). */
  attempt: (req: Request, env: unknown, account: Account | null) => Attempt;
  /** A `/v1` request carrying its own credentials: held, or passed to `forward` and its answer counted. */
  pass: (
    req: Request,
    env: unknown,
    forward: (req: Request, env: unknown) => Response | Promise<Response>,
  ) => Promise<Response>;
}

export interface GuardOptions {
  trustedProxies?: TrustedProxies;
  /** The clock in ms (tests move it). */
  now?: () => number;
  /** Keys each count keeps at most (tests of the bound). */
  maxEntries?: number;
  /**
   * The practice a request's Host reaches, which an account belongs to (default: the reference service's tenant,
   * `tenantFromHost`; the proxy has one practice whatever the Host). Never the Host as written: the client writes
   * it, and every spelling of the same practice (`localhost`, `127.0.0.1`, another port) would count anew.
   */
  practiceOf?: (host: string) => string;
  /**
   * Where the access line of each 429 answered here goes (default: standard output; false for none), written by
   * `format` as the backend behind writes its own, so that a held attempt shows in the same log as the others.
   */
  accessLog?: ((line: string) => void) | false;
  format?: (line: HeldLine) => string;
}

/** What the access line of a held attempt says: never a password, a key or a refused user name. */
export interface HeldLine {
  time: Date;
  /** The client's address, by the TRUSTED_PROXIES rule. */
  address: string;
  host: string;
  /** `-`, or for an API key `key:` and 8 hex digits of its SHA-256 (as the service names keys). */
  user: string;
  /** The /v1 operation, or the session path (`/session`, `/session/unlock`). */
  operation: string;
  status: 429;
  ms: number;
}

/** The line's default form: `<ISO time> <address> <host> <user> <operation> 429 <ms>ms`. */
function defaultFormat(l: HeldLine): string {
  return `${l.time.toISOString()} ${l.address} ${l.host} ${l.user} ${l.operation} ${l.status} ${l.ms}ms`;
}

function tooMany(seconds: number): Response {
  return new Response(JSON.stringify({ status: false, msg: tooManyMessage }), {
    status: 429,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(seconds),
    },
  });
}

/** The account a `/v1` request's own credentials name: X-API-Key, else the user of Basic; null when neither. */
export function accountOfHeaders(headers: Headers): Account | null {
  const key = headers.get('x-api-key')?.trim();
  if (key) return { kind: 'apiKey', key };
  const m = /^basic[ \t]+(\S+)/i.exec(headers.get('authorization') ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = (colon < 0 ? decoded : decoded.slice(0, colon)).trim();
  return user ? { kind: 'basic', user } : null;
}

/** The count's key: practice and user name (case folded, bounded) or key fingerprint; never a password or a key. */
function accountKey(practice: string, account: Account): string {
  if (account.kind === 'basic') return `${practice}\nuser:${account.user.toLowerCase().slice(0, 200)}`;
  const fp =
    'fingerprint' in account ? account.fingerprint : createHash('sha256').update(account.key).digest('hex');
  return `${practice}\nkey:${fp}`;
}

/** The reference service's tenant; a Host that names none keeps its own count (the service refuses it anyway). */
function tenantOrHost(host: string): string {
  return tenantFromHost(host) ?? host;
}

/** Who the line names: a key by its fingerprint; a user name not, as the practice has not taken it (it may be a
 * password typed into the wrong field). */
function principalOf(account: Account | null): string {
  if (account?.kind !== 'apiKey') return '-';
  const fp =
    'fingerprint' in account ? account.fingerprint : createHash('sha256').update(account.key).digest('hex');
  return `key:${fp.slice(0, 8)}`;
}

function operationOf(req: Request): string {
  let path = '';
  try {
    path = new URL(req.url).pathname;
  } catch {
    return '-';
  }
  if (path.startsWith('/v1/')) return operationByPath(path.slice('/v1'.length)) ?? '-';
  return path === '/session' || path === '/session/unlock' ? path : '-';
}

function hostOf(req: Request): string {
  return (req.headers.get('host') ?? new URL(req.url).host).toLowerCase().slice(0, 300);
}

export function createSignInGuard(options: GuardOptions = {}): SignInGuard {
  const trusted = options.trustedProxies ?? noTrustedProxies;
  const now = options.now ?? Date.now;
  const byAddress: Throttle = createThrottle({ now, maxEntries: options.maxEntries });
  const byAccount: Throttle = createAccountThrottle({ now, maxEntries: options.maxEntries });
  const log =
    options.accessLog === undefined ? (line: string) => process.stdout.write(`${line}\n`) : options.accessLog;
  const format = options.format ?? defaultFormat;
  const practiceOf = options.practiceOf ?? tenantOrHost;

  function attempt(req: Request, env: unknown, account: Account | null): Attempt {
    const address = clientAddressOf(req, env, trusted);
    const key = account ? accountKey(practiceOf(hostOf(req)), account) : undefined;
    const t = now();
    const wait = Math.max(byAddress.retryAfter(address, t), key ? byAccount.retryAfter(key, t) : 0);
    if (wait > 0) {
      if (log) {
        // The host only when it looks like one: it is the client's text.
        const host = hostOf(req);
        log(
          format({
            time: new Date(t),
            address,
            host: /^[\w.:[\]-]{1,255}$/.test(host) ? host : '-',
            user: principalOf(account),
            operation: operationOf(req),
            status: 429,
            ms: 0,
          }),
        );
      }
      return { held: tooMany(wait), settle: () => undefined };
    }
    return {
      settle(status) {
        if (status === 401) {
          byAddress.fail(address, now());
          if (key) byAccount.fail(key, now());
        } else if (status >= 200 && status < 300 && key) {
          byAccount.succeed(key);
        }
      },
    };
  }

  return {
    attempt,
    async pass(req, env, forward) {
      // An empty Authorization or X-API-Key is no credentials: not a guess.
      if (!req.headers.get('authorization')?.trim() && !req.headers.get('x-api-key')?.trim())
        return forward(req, env);
      const a = attempt(req, env, accountOfHeaders(req.headers));
      if (a.held) {
        // The body is not wanted: drained (not cancelled), so the client sees the 429 rather than a reset.
        drain(req.body);
        return a.held;
      }
      const res = await forward(req, env);
      a.settle(res.status);
      return res;
    },
  };
}
