import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { WHO_COOKIE, type Who } from '../contract/session.ts';
import { BodyTooLarge, readLimitedText } from './body-limit.ts';
import { createSignInGuard, type SignInGuard } from './sign-in-guard.ts';
import { tenantFromHost } from './tenants.ts';
import { markSessionRequest } from './throttle.ts';

/**
 * Sessions of the app's own server (backend for frontend, docs/decisions/0018-sessions-on-the-server.md).
 *
 * The browser posts the credentials once (`POST /session`); they are checked with the service (whoami, or
 * getProviders where the practice has no whoami) and kept only inside a sealed cookie (JWE, dir + A256GCM:
 * encrypted and authenticated), which page scripts cannot read (HttpOnly). Each `/v1` call that comes with the
 * cookie and without credentials of its own gets them added here. Locking replaces the cookie by one holding
 * only who is locked; unlocking needs the password (or key) again, checked by the service. A second cookie,
 * `praxis.who`, tells the page who is signed in and whether locked: no secret, and it opens nothing.
 */

export const SESSION_COOKIE = 'praxis.sid';
/** "Remember on this device": the cookie outlives the browser for this long. */
export const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
/** A session cookie (gone with the browser) is also refused by the server after this long. */
export const SESSION_SECONDS = 24 * 60 * 60;
const SESSION_BODY_MAX = 16 * 1024;

export const sessionMessages = {
  unauthorized: 'Unauthorized.',
  locked: 'Session locked.',
  crossOrigin: 'Cross-origin request refused.',
  invalidJson: 'Invalid JSON body.',
  tooLarge: 'Request body too large.',
  notSignedIn: 'Not signed in.',
  credentialsRequired: 'Provide a user name and password, or an API key.',
} as const;

type Secret = { kind: 'basic'; user: string; password: string } | { kind: 'apiKey'; key: string };

type LockedWho = { kind: 'basic'; user: string } | { kind: 'apiKey'; fingerprint: string };

/** What the sealed cookie holds. */
type Sealed =
  | { state: 'active'; host: string; auth: Secret; remember: boolean; userid?: number; tenant: string }
  | {
      state: 'locked';
      host: string;
      who: LockedWho;
      remember: boolean;
      userid?: number;
      tenant: string;
    };

/** The /v1 handler behind the sessions: the reference service in-process, or the proxy to a real tenant. */
export type Forward = (req: Request, env: unknown) => Response | Promise<Response>;

/**
 * The sealing key: `SESSION_SECRET` (at least 32 characters, stretched with HKDF), else a key generated once into
 * `<dataDir>/session.key` (mode 0600). Every app server given the same secret or key file reads every cookie.
 */
export function sessionKey(options: { secret?: string; dataDir: string }): Uint8Array {
  const secret = options.secret?.trim();
  if (secret) {
    if (secret.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long.');
    return new Uint8Array(hkdfSync('sha256', secret, 'praxis-session', 'A256GCM', 32));
  }
  const file = join(options.dataDir, 'session.key');
  try {
    mkdirSync(options.dataDir, { recursive: true });
    // 'wx': two servers starting at once never overwrite each other's key; the second one reads the first's.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST' && !existsSync(file)) {
      // A DATA_DIR that cannot be written (read-only, full) must not stop the server (extensions.md section 7):
      // a key for this process only, so sessions end with it; said once at the start.
      console.error(
        `No session key could be kept in ${options.dataDir} (${(e as NodeJS.ErrnoException).code ?? String(e)}): sessions last until this server stops. Set SESSION_SECRET to keep them.`,
      );
      return new Uint8Array(randomBytes(32));
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.byteLength !== 32) throw new Error(`${file} does not hold a 32-byte key.`);
  return new Uint8Array(key);
}

export function fingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function envelope(status: number, msg: string, result?: unknown, headers: HeadersInit = {}): Response {
  const body = result === undefined ? { status: status < 300, msg } : { status: true, msg, result };
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  h.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** The app's own origin as the browser sees it (TLS may end at a proxy in front: X-Forwarded-Proto). */
function ownOrigin(req: Request): string {
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const scheme = proto === 'https' || proto === 'http' ? proto : new URL(req.url).protocol.replace(':', '');
  return `${scheme}://${req.headers.get('host') ?? new URL(req.url).host}`;
}

function isTls(req: Request): boolean {
  return ownOrigin(req).startsWith('https:');
}

/** A request of the app's own pages: its Origin is ours, or (without Origin) the browser says same-origin. */
export function fromOwnOrigin(req: Request): boolean {
  const origin = req.headers.get('origin');
  if (origin !== null) return origin === ownOrigin(req);
  return req.headers.get('sec-fetch-site') === 'same-origin';
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function hostOf(req: Request): string {
  return (req.headers.get('host') ?? new URL(req.url).host).toLowerCase();
}

function whoOf(s: Sealed): Who {
  const base = { tenant: s.tenant, remember: s.remember, ...(s.userid ? { userid: s.userid } : {}) };
  if (s.state === 'active') {
    return s.auth.kind === 'basic'
      ? { kind: 'basic', user: s.auth.user, locked: false, ...base }
      : { kind: 'apiKey', user: null, locked: false, ...base };
  }
  return s.who.kind === 'basic'
    ? { kind: 'basic', user: s.who.user, locked: true, ...base }
    : { kind: 'apiKey', user: null, locked: true, ...base };
}

/** Who a locked session names: the user, or the key's fingerprint (never the key). */
function lockedWho(auth: Secret): LockedWho {
  return auth.kind === 'basic'
    ? { kind: 'basic', user: auth.user }
    : { kind: 'apiKey', fingerprint: fingerprint(auth.key) };
}

function authHeaders(auth: Secret): Record<string, string> {
  return auth.kind === 'basic'
    ? { authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`, 'utf8').toString('base64')}` }
    : { 'x-api-key': auth.key };
}

/** The credentials of a sign-in or unlock body; null when there are none. */
function secretOf(body: Record<string, unknown>): Secret | null {
  if (typeof body.key === 'string' && body.key.trim()) return { kind: 'apiKey', key: body.key.trim() };
  if (
    typeof body.user === 'string' &&
    body.user.trim() &&
    typeof body.password === 'string' &&
    body.password
  ) {
    return { kind: 'basic', user: body.user.trim(), password: body.password };
  }
  return null;
}

export interface SessionOptions {
  key: Uint8Array;
  forward: Forward;
  /** Seconds since the epoch (tests move it). */
  now?: () => number;
  /**
   * The demo credentials of this host (the reference service's demo practice), or null: where the service takes
   * them, the sign-in page offers them.
   */
  demo?: (host: string) => { user: string; password: string } | null;
  /** The count of failed sign-ins per account and client address (default: no trusted proxies, real time). */
  guard?: SignInGuard;
}

type Checked =
  | { ok: true; me: Record<string, unknown> | null; providers?: unknown[] }
  | { ok: false; res: Response };

export interface Sessions {
  /** `/session`, `/session/*` and `/v1/*`. */
  app: Hono;
}

export function createSessions(options: SessionOptions): Sessions {
  const { key, forward } = options;
  const guard = options.guard ?? createSignInGuard();
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const app = new Hono();

  async function seal(s: Sealed): Promise<string> {
    const issued = now();
    return new EncryptJWT({ s })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(issued)
      .setExpirationTime(issued + (s.remember ? REMEMBER_SECONDS : SESSION_SECONDS))
      .encrypt(key);
  }

  /** The cookie's session, if it is ours, unaltered, not expired and for this host; undefined otherwise. */
  async function unseal(req: Request): Promise<Sealed | undefined> {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token) return undefined;
    try {
      const { payload } = await jwtDecrypt(token, key, {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
        currentDate: new Date(now() * 1000),
      });
      const s = (payload as { s?: Sealed }).s;
      if (!s || (s.state !== 'active' && s.state !== 'locked') || s.host !== hostOf(req)) return undefined;
      return s;
    } catch {
      return undefined;
    }
  }

  async function setCookies(req: Request, s: Sealed): Promise<Headers> {
    const attrs = `Path=/; SameSite=Strict${isTls(req) ? '; Secure' : ''}${s.remember ? `; Max-Age=${REMEMBER_SECONDS}` : ''}`;
    const who = Buffer.from(JSON.stringify(whoOf(s)), 'utf8').toString('base64url');
    const h = new Headers();
    h.append('set-cookie', `${SESSION_COOKIE}=${await seal(s)}; ${attrs}; HttpOnly`);
    h.append('set-cookie', `${WHO_COOKIE}=${who}; ${attrs}`);
    return h;
  }

  function clearCookies(req: Request): Headers {
    const attrs = `Path=/; SameSite=Strict${isTls(req) ? '; Secure' : ''}; Max-Age=0`;
    const h = new Headers();
    h.append('set-cookie', `${SESSION_COOKIE}=; ${attrs}; HttpOnly`);
    h.append('set-cookie', `${WHO_COOKIE}=; ${attrs}`);
    return h;
  }

  /**
   * A sign-in or unlock, counted per account and client address (extensions.md 6a): held ones are answered 429
   * without asking the practice. The demo probe of GET /session (`fallback` false) is no guess and not counted.
   */
  async function check(req: Request, env: unknown, auth: Secret, fallback = true): Promise<Checked> {
    const attempt = fallback ? guard.attempt(req, env, auth) : undefined;
    if (attempt?.held) return { ok: false, res: attempt.held };
    const checked = await checkWith(req, env, auth, fallback);
    attempt?.settle(checked.ok ? 200 : checked.res.status);
    return checked;
  }

  /** Asks the service who the credentials are: whoami, or where it is missing getProviders (extensions.md 4). */
  async function checkWith(req: Request, env: unknown, auth: Secret, fallback: boolean): Promise<Checked> {
    const ask = (path: string, body: unknown) => {
      const headers = new Headers({
        'content-type': 'application/json',
        accept: 'application/json',
        host: hostOf(req),
        ...authHeaders(auth),
      });
      const forwardedFor = req.headers.get('x-forwarded-for');
      if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
      return forward(
        new Request(new URL(`/v1${path}`, req.url), { method: 'POST', headers, body: JSON.stringify(body) }),
        env,
      );
    };
    const res = await ask('/system/whoami', {});
    if (res.status === 404 && fallback) {
      const providers = await ask('/system/getProviders', { getall: 1 });
      const body = (await providers.json().catch(() => null)) as {
        status?: unknown;
        result?: unknown;
        msg?: unknown;
      } | null;
      if (providers.status === 200 && body?.status === 'ok') {
        return { ok: true, me: null, providers: Array.isArray(body.result) ? body.result : [] };
      }
      return { ok: false, res: rewrap(providers, body) };
    }
    const body = (await res.json().catch(() => null)) as {
      status?: unknown;
      result?: unknown;
      msg?: unknown;
    } | null;
    if (res.status === 200 && body?.status === true && body.result && typeof body.result === 'object') {
      return { ok: true, me: body.result as Record<string, unknown> };
    }
    return { ok: false, res: rewrap(res, body) };
  }

  /** A refusal of the service as the answer of /session: its status, message and Retry-After. */
  function rewrap(res: Response, body: { msg?: unknown } | null): Response {
    const msg = typeof body?.msg === 'string' ? body.msg : `The practice server answered HTTP ${res.status}.`;
    const headers: Record<string, string> = {};
    const wait = res.headers.get('retry-after');
    if (wait) headers['retry-after'] = wait;
    return envelope(res.status >= 400 ? res.status : 502, msg, undefined, headers);
  }

  async function readJson(req: Request): Promise<Record<string, unknown> | Response> {
    let text: string;
    try {
      text = await readLimitedText(req, SESSION_BODY_MAX);
    } catch (e) {
      if (e instanceof BodyTooLarge) return envelope(413, sessionMessages.tooLarge);
      throw e;
    }
    try {
      const v: unknown = text.trim() ? JSON.parse(text) : {};
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // answered below
    }
    return envelope(400, sessionMessages.invalidJson);
  }

  function tenantOf(req: Request, me: Record<string, unknown> | null): string {
    if (me && typeof me.tenant === 'string' && me.tenant) return me.tenant;
    return tenantFromHost(hostOf(req)) ?? hostOf(req);
  }

  // Every state change of a session comes from the app's own pages only.
  app.use('/session/*', async (c, next) => {
    if (c.req.method !== 'GET' && !fromOwnOrigin(c.req.raw))
      return envelope(403, sessionMessages.crossOrigin);
    await next();
  });
  app.use('/session', async (c, next) => {
    if (c.req.method !== 'GET' && !fromOwnOrigin(c.req.raw))
      return envelope(403, sessionMessages.crossOrigin);
    await next();
  });

  /** Who is signed in (or null), and whether this is the demo practice. */
  app.get('/session', async (c) => {
    const s = await unseal(c.req.raw);
    const offered = s ? null : (options.demo?.(hostOf(c.req.raw)) ?? null);
    // Only when the service really takes them now (not throttled, whoami there): as a person would find out.
    const demo = offered ? (await check(c.req.raw, c.env, { kind: 'basic', ...offered }, false)).ok : false;
    return envelope(200, 'Success', { who: s ? whoOf(s) : null, demo });
  });

  /**
   * Sign-in: `{user, password}` or `{key}`, `remember`, and `userid` where the practice has no whoami (the first
   * answer then lists the providers to pick from, and sets no cookie).
   */
  app.post('/session', async (c) => {
    const req = c.req.raw;
    const body = await readJson(req);
    if (body instanceof Response) return body;
    const auth = secretOf(body);
    if (!auth) return envelope(400, sessionMessages.credentialsRequired);
    const remember = body.remember === true;
    const checked = await check(req, c.env, auth);
    if (!checked.ok) return checked.res;
    let userid: number | undefined;
    if (!checked.me) {
      const picked = Number(body.userid);
      const known = (checked.providers ?? []).some(
        (p) => p && typeof p === 'object' && (p as { userid?: unknown }).userid === picked,
      );
      if (!Number.isInteger(picked) || !known) {
        return envelope(200, 'Pick a user', { pick: checked.providers ?? [] });
      }
      userid = picked;
    }
    const s: Sealed = {
      state: 'active',
      host: hostOf(req),
      auth,
      remember,
      tenant: tenantOf(req, checked.me),
      ...(userid ? { userid } : {}),
    };
    return envelope(200, 'Success', { who: whoOf(s), me: checked.me }, await setCookies(req, s));
  });

  /** Locking: the cookie is replaced by one that names who is locked and holds no credentials. */
  app.post('/session/lock', async (c) => {
    const req = c.req.raw;
    const s = await unseal(req);
    if (!s) return envelope(401, sessionMessages.notSignedIn, undefined, clearCookies(req));
    const locked: Sealed =
      s.state === 'locked'
        ? s
        : {
            state: 'locked',
            host: s.host,
            who: lockedWho(s.auth),
            remember: s.remember,
            tenant: s.tenant,
            ...(s.userid ? { userid: s.userid } : {}),
          };
    return envelope(200, 'Success', { who: whoOf(locked) }, await setCookies(req, locked));
  });

  /** Unlocking: the password (or the same key) of the locked user, checked by the service. */
  app.post('/session/unlock', async (c) => {
    const req = c.req.raw;
    const s = await unseal(req);
    if (!s) return envelope(401, sessionMessages.notSignedIn, undefined, clearCookies(req));
    // A screen locked only in the page (the lock did not reach the server) takes the password all the same.
    const who = s.state === 'locked' ? s.who : lockedWho(s.auth);
    const body = await readJson(req);
    if (body instanceof Response) return body;
    const secret = secretOf(
      who.kind === 'basic' ? { user: who.user, password: body.password } : { key: body.key },
    );
    if (!secret) return envelope(400, sessionMessages.credentialsRequired);
    // Another valid key could belong to someone else: only the one signed in with unlocks.
    if (who.kind === 'apiKey' && (secret.kind !== 'apiKey' || fingerprint(secret.key) !== who.fingerprint)) {
      // A guess at the locked session's key all the same: counted against it (extensions.md 6a).
      const attempt = guard.attempt(req, c.env, who);
      if (attempt.held) return attempt.held;
      attempt.settle(401);
      return envelope(401, sessionMessages.unauthorized);
    }
    const checked = await check(req, c.env, secret);
    if (!checked.ok) return checked.res;
    if (checked.me && s.userid && checked.me.userid !== s.userid)
      return envelope(401, sessionMessages.unauthorized);
    const active: Sealed = {
      state: 'active',
      host: s.host,
      auth: secret,
      remember: s.remember,
      tenant: s.tenant,
      ...(s.userid ? { userid: s.userid } : {}),
    };
    return envelope(200, 'Success', { who: whoOf(active), me: checked.me }, await setCookies(req, active));
  });

  app.post('/session/sign-out', (c) => envelope(200, 'Success', null, clearCookies(c.req.raw)));

  /**
   * /v1: a request with its own credentials (a direct API client) passes as it is. One with the session cookie
   * gets the cookie's credentials, if it comes from the app's own pages and the session is not locked.
   */
  app.all('/v1/*', async (c) => {
    const req = c.req.raw;
    const own = req.headers.has('authorization') || req.headers.has('x-api-key');
    // Its own credentials are guesses until the practice takes them (extensions.md 6a).
    if (own) return guard.pass(req, c.env, forward);
    if (readCookie(req, SESSION_COOKIE) === undefined) return forward(req, c.env);
    if (req.method !== 'GET' && req.method !== 'HEAD' && !fromOwnOrigin(req)) {
      return envelope(403, sessionMessages.crossOrigin);
    }
    const s = await unseal(req);
    // `praxis.who` stays: the page goes to sign-in with the user name filled in, and back where it was.
    if (!s) return envelope(401, sessionMessages.unauthorized);
    if (s.state === 'locked') return envelope(401, sessionMessages.locked);
    const headers = new Headers(req.headers);
    headers.delete('cookie');
    for (const [k, v] of Object.entries(authHeaders(s.auth))) headers.set(k, v);
    const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers };
    if (req.body) {
      init.body = req.body;
      init.duplex = 'half';
    }
    return forward(markSessionRequest(new Request(req.url, init)), c.env);
  });

  return { app };
}
