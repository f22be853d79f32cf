import { createHash } from 'node:crypto';
import { drain } from './body-limit.ts';
import { clientAddressOf, noTrustedProxies, type TrustedProxies } from './client-address.ts';
import { createAccountThrottle, createThrottle, type Throttle } from './throttle.ts';

/**
 * The app server's count of guesses (docs/api.md#session, docs/decisions/0045), in front of the reference
 * service and of the proxy alike. Counted: a sign-in or unlock with wrong credentials, and a `/v1` request with its
 * own credentials that the practice answers 401. Per account (user name or key fingerprint, per host) and per client
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

/** The count's key: host and user name (case folded, bounded) or key fingerprint; never a password or a key. */
function accountKey(host: string, account: Account): string {
  if (account.kind === 'basic') return `${host}\nuser:${account.user.toLowerCase().slice(0, 200)}`;
  const fp =
    'fingerprint' in account ? account.fingerprint : createHash('sha256').update(account.key).digest('hex');
  return `${host}\nkey:${fp}`;
}

function hostOf(req: Request): string {
  return (req.headers.get('host') ?? new URL(req.url).host).toLowerCase().slice(0, 300);
}

export function createSignInGuard(options: GuardOptions = {}): SignInGuard {
  const trusted = options.trustedProxies ?? noTrustedProxies;
  const now = options.now ?? Date.now;
  const byAddress: Throttle = createThrottle({ now, maxEntries: options.maxEntries });
  const byAccount: Throttle = createAccountThrottle({ now, maxEntries: options.maxEntries });

  function attempt(req: Request, env: unknown, account: Account | null): Attempt {
    const address = clientAddressOf(req, env, trusted);
    const key = account ? accountKey(hostOf(req), account) : undefined;
    const t = now();
    const wait = Math.max(byAddress.retryAfter(address, t), key ? byAccount.retryAfter(key, t) : 0);
    if (wait > 0) return { held: tooMany(wait), settle: () => undefined };
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
