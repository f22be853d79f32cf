import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { WHO_COOKIE, type Who } from '#contract/session.ts';
import { BodyTooLarge, readLimitedText } from '../service/body-limit.ts';
import { tenantFromHost } from '../service/tenants.ts';
import { markSessionRequest } from '../service/throttle.ts';
import { newSessionId, type SessionStore, type StoredSession, sessionCrypto } from './session-store.ts';
import { sqliteSessionStore } from './session-store-sqlite.ts';
import { createSignInGuard, type SignInGuard } from './sign-in-guard.ts';

/**
 * Sessions of the app's own server (backend for frontend, docs/decisions/0018-sessions-on-the-server.md and
 * 0044-sessions-in-a-store.md).
 *
 * The browser posts the credentials once (`POST /session`); they are checked with the service (whoami, or
 * getProviders where the practice has no whoami) and kept in the session store (session-store.ts: encrypted, under
 * the id's hash). The browser gets only the opaque id, in an HttpOnly cookie page scripts cannot read. Each `/v1`
 * call that comes with the cookie and without credentials of its own gets them added here. Locking removes the
 * credentials from the record, so no copy of the id calls /v1 any more; unlocking needs the password (or key)
 * again, checked by the service; signing out deletes the record. A second cookie, `praxis.who`, tells the page who
 * is signed in and whether locked: no secret, and it opens nothing.
 */

export const SESSION_COOKIE = 'praxis.sid';
/** The id's cookie over TLS: `__Host-` makes the browser insist on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = '__Host-praxis.sid';
/** "Remember on this device": the session (and its cookie) lives this long at most, from the sign-in. */
export const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
/** A session not remembered lives this long at most, from the sign-in; then the person signs in anew. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** SESSION_IDLE_MINUTES' default: without a request for this long, the server locks the session itself. */
export const IDLE_SECONDS = 15 * 60;
/** The last request is written to the store at most this often, not on every request. */
export const TOUCH_SECONDS = 30;
/** Expired records are swept at most this often (a bounded number each time). */
const SWEEP_SECONDS = 60;
const SESSION_BODY_MAX = 16 * 1024;

export const sessionMessages = {
  unauthorized: 'Unauthorized.',
  locked: 'Session locked.',
  crossOrigin: 'Cross-origin request refused.',
  invalidJson: 'Invalid JSON body.',
  tooLarge: 'Request body too large.',
  notSignedIn: 'Not signed in.',
  credentialsRequired: 'Provide a user name and password, or an API key.',
  storeDown: 'Sessions cannot be reached right now. Try again shortly.',
} as const;

type Secret = { kind: 'basic'; user: string; password: string } | { kind: 'apiKey'; key: string };

type LockedWho = { kind: 'basic'; user: string } | { kind: 'apiKey'; fingerprint: string };

/** What the store holds of a session (sealed): the credentials only while it is not locked. */
type Held = {
  host: string;
  tenant: string;
  remember: boolean;
  userid?: number;
  /** Who it is, also while locked (whose password unlocks it). */
  who: LockedWho;
  /** The sign-in (seconds since the epoch). */
  created: number;
} & ({ state: 'active'; auth: Secret } | { state: 'locked' });

/** A store call that failed (Redis unreachable, a disk that refuses): answered 503, never 500. */
class StoreDown extends Error {}

/** The /v1 handler behind the sessions: the reference service in-process, or the proxy to a real tenant. */
export type Forward = (req: Request, env: unknown) => Response | Promise<Response>;

/**
 * The key that seals the sessions in their store: `SESSION_SECRET` (at least 32 characters, stretched with HKDF),
 * else a key generated once into `<dataDir>/session.key` (mode 0600). Every app server given the same secret or key
 * file opens every session of a shared store.
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
      // A DATA_DIR that cannot be written (read-only, full) must not stop the server (docs/api.md#hardening):
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

function whoOf(s: Held): Who {
  const base = { tenant: s.tenant, remember: s.remember, ...(s.userid ? { userid: s.userid } : {}) };
  const locked = s.state === 'locked';
  return s.who.kind === 'basic'
    ? { kind: 'basic', user: s.who.user, locked, ...base }
    : { kind: 'apiKey', user: null, locked, ...base };
}

/** The same session without its credentials. */
function lockedOf(s: Held): Held {
  return {
    state: 'locked',
    host: s.host,
    tenant: s.tenant,
    remember: s.remember,
    who: s.who,
    created: s.created,
    ...(s.userid ? { userid: s.userid } : {}),
  };
}

/** What the store gave back, opened with our key: a session, or nothing usable. */
function isHeld(v: unknown): v is Held {
  if (!v || typeof v !== 'object') return false;
  const s = v as Partial<Held> & { auth?: unknown };
  return (
    (s.state === 'locked' || (s.state === 'active' && typeof s.auth === 'object' && s.auth !== null)) &&
    typeof s.host === 'string' &&
    typeof s.created === 'number' &&
    typeof s.who === 'object' &&
    s.who !== null
  );
}

/** Every call of the store, its failures turned into StoreDown. */
function guarded(store: SessionStore): SessionStore {
  const down = (e: unknown): never => {
    throw new StoreDown(e instanceof Error ? e.message : String(e), { cause: e });
  };
  return {
    kind: store.kind,
    ready: () => store.ready(),
    get: (key, now) => store.get(key, now).catch(down),
    put: (key, s, now) => store.put(key, s, now).catch(down),
    delete: (key) => store.delete(key).catch(down),
    deleteOwner: (owner) => store.deleteOwner(owner).catch(down),
    touch: (key, seen) => store.touch(key, seen).catch(down),
    sweep: (now) => store.sweep(now).catch(down),
    close: () => store.close(),
  };
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
  /** Seals what the store keeps (`sessionKey()`): every app server sharing a store needs the same key. */
  key: Uint8Array;
  forward: Forward;
  /** Where sessions are kept (session-store.ts); without one, in this process's memory. */
  store?: SessionStore;
  /** SESSION_IDLE_MINUTES in seconds: the server locks a session that had no request for this long. */
  idleSeconds?: number;
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
  store: SessionStore;
}

/** The name of the id's cookie for this request: `__Host-praxis.sid` over TLS, else `praxis.sid`. */
function sidCookie(req: Request): string {
  return isTls(req) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session of a request, as found in the store. */
interface Current {
  /** The store's key (the id's hash). */
  key: string;
  stored: StoredSession;
  held: Held;
}

export function createSessions(options: SessionOptions): Sessions {
  const { forward } = options;
  const guard = options.guard ?? createSignInGuard();
  const crypto = sessionCrypto(options.key);
  const store = guarded(options.store ?? sqliteSessionStore(':memory:'));
  const idleSeconds = options.idleSeconds ?? IDLE_SECONDS;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const app = new Hono();
  let swept = 0;
  let said = '';

  app.onError((e, c) => {
    if (e instanceof StoreDown) {
      // Once per kind of fault, not once per request of an outage.
      if (e.message !== said) console.error(`Session store: ${e.message}`);
      said = e.message;
      return envelope(503, sessionMessages.storeDown, undefined, { 'retry-after': '5' });
    }
    // As Hono answers any other fault.
    console.error(e);
    return c.text('Internal Server Error', 500);
  });

  /** Some expired records go, at most once a minute, as part of a request (no timer keeps the process up). */
  async function sweep(t: number): Promise<void> {
    if (t - swept < SWEEP_SECONDS) return;
    swept = t;
    // Tidying only: a sweep that fails now is tried again in a minute, and the request goes on.
    await store.sweep(t).catch(() => undefined);
  }

  /** A new record for a session, under its key. */
  function record(key: string, held: Held, seen: number): StoredSession {
    const user = held.who.kind === 'basic' ? `basic:${held.who.user}` : `apiKey:${held.who.fingerprint}`;
    return {
      data: crypto.seal(key, held),
      owner: crypto.owner(held.host, user),
      seen,
      expires: held.created + (held.remember ? REMEMBER_SECONDS : SESSION_SECONDS),
    };
  }

  /**
   * The request's session: its id is in the store, the record opens with our key, was made for this host and has
   * not expired. One without a request for `idleSeconds` is locked here, for every copy of its id.
   */
  async function current(req: Request): Promise<Current | undefined> {
    const id = readCookie(req, sidCookie(req));
    const key = id ? crypto.storeKey(id) : undefined;
    if (!key) return undefined;
    const t = now();
    await sweep(t);
    const stored = await store.get(key, t);
    if (!stored) return undefined;
    const held = crypto.open(key, stored.data);
    if (!isHeld(held) || held.host !== hostOf(req)) return undefined;
    if (held.state === 'active' && t - stored.seen >= idleSeconds) {
      const locked = lockedOf(held);
      const next = { ...stored, data: crypto.seal(key, locked) };
      await store.put(key, next, t);
      return { key, stored: next, held: locked };
    }
    return { key, stored, held };
  }

  function whoCookie(req: Request, s: Held): string {
    const who = Buffer.from(JSON.stringify(whoOf(s)), 'utf8').toString('base64url');
    return `${WHO_COOKIE}=${who}; ${cookieAttrs(req, s.remember)}`;
  }

  function cookieAttrs(req: Request, remember: boolean): string {
    return `Path=/; SameSite=Strict${isTls(req) ? '; Secure' : ''}${remember ? `; Max-Age=${REMEMBER_SECONDS}` : ''}`;
  }

  /** A new session's cookies: its id (HttpOnly) and who it is (for the page). */
  function setCookies(req: Request, id: string, s: Held): Headers {
    const h = new Headers();
    h.append('set-cookie', `${sidCookie(req)}=${id}; ${cookieAttrs(req, s.remember)}; HttpOnly`);
    h.append('set-cookie', whoCookie(req, s));
    return h;
  }

  /** A changed session (locked, unlocked) keeps its id: only the page's cookie changes. */
  function setWho(req: Request, s: Held): Headers {
    return new Headers({ 'set-cookie': whoCookie(req, s) });
  }

  function clearCookies(req: Request): Headers {
    const attrs = `Path=/; SameSite=Strict${isTls(req) ? '; Secure' : ''}; Max-Age=0`;
    const h = new Headers();
    h.append('set-cookie', `${sidCookie(req)}=; ${attrs}; HttpOnly`);
    h.append('set-cookie', `${WHO_COOKIE}=; ${attrs}`);
    return h;
  }

  /**
   * A sign-in or unlock, counted per account and client address (docs/api.md#session): held ones are answered 429
   * without asking the practice. The demo probe of GET /session (`fallback` false) is no guess and not counted.
   */
  async function check(req: Request, env: unknown, auth: Secret, fallback = true): Promise<Checked> {
    const attempt = fallback ? guard.attempt(req, env, auth) : undefined;
    if (attempt?.held) return { ok: false, res: attempt.held };
    const checked = await checkWith(req, env, auth, fallback);
    attempt?.settle(checked.ok ? 200 : checked.res.status);
    return checked;
  }

  /** Asks the service who the credentials are: whoami, or where it is missing getProviders (docs/api.md#people). */
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
    const s = (await current(c.req.raw))?.held;
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
    const t = now();
    const s: Held = {
      state: 'active',
      host: hostOf(req),
      auth,
      who: lockedWho(auth),
      remember,
      tenant: tenantOf(req, checked.me),
      created: t,
      ...(userid ? { userid } : {}),
    };
    // The session this browser had before (another user, or the same) ends: one browser, one session.
    const before = await current(req);
    if (before) await store.delete(before.key);
    const id = newSessionId();
    const key = crypto.storeKey(id) as string;
    await store.put(key, record(key, s, t), t);
    return envelope(200, 'Success', { who: whoOf(s), me: checked.me }, setCookies(req, id, s));
  });

  /** Locking: the record keeps who is locked and loses the credentials, for every copy of the id at once. */
  app.post('/session/lock', async (c) => {
    const req = c.req.raw;
    const found = await current(req);
    if (!found) return envelope(401, sessionMessages.notSignedIn, undefined, clearCookies(req));
    const locked = lockedOf(found.held);
    if (found.held.state === 'active') {
      await store.put(found.key, { ...found.stored, data: crypto.seal(found.key, locked) }, now());
    }
    return envelope(200, 'Success', { who: whoOf(locked) }, setWho(req, locked));
  });

  /** Unlocking: the password (or the same key) of the locked user, checked by the service. */
  app.post('/session/unlock', async (c) => {
    const req = c.req.raw;
    const found = await current(req);
    if (!found) return envelope(401, sessionMessages.notSignedIn, undefined, clearCookies(req));
    const s = found.held;
    // A screen locked only in the page (the lock did not reach the server) takes the password all the same.
    const who = s.who;
    const body = await readJson(req);
    if (body instanceof Response) return body;
    const secret = secretOf(
      who.kind === 'basic' ? { user: who.user, password: body.password } : { key: body.key },
    );
    if (!secret) return envelope(400, sessionMessages.credentialsRequired);
    // Another valid key could belong to someone else: only the one signed in with unlocks.
    if (who.kind === 'apiKey' && (secret.kind !== 'apiKey' || fingerprint(secret.key) !== who.fingerprint)) {
      // A guess at the locked session's key all the same: counted against it (docs/api.md#session).
      const attempt = guard.attempt(req, c.env, who);
      if (attempt.held) return attempt.held;
      attempt.settle(401);
      return envelope(401, sessionMessages.unauthorized);
    }
    const checked = await check(req, c.env, secret);
    if (!checked.ok) return checked.res;
    if (checked.me && s.userid && checked.me.userid !== s.userid)
      return envelope(401, sessionMessages.unauthorized);
    const active: Held = { ...lockedOf(s), state: 'active', auth: secret };
    const t = now();
    // The record may have gone meanwhile (signed out elsewhere, expired): then nothing is unlocked.
    if (!(await store.get(found.key, t))) {
      return envelope(401, sessionMessages.notSignedIn, undefined, clearCookies(req));
    }
    await store.put(found.key, { ...found.stored, data: crypto.seal(found.key, active), seen: t }, t);
    return envelope(200, 'Success', { who: whoOf(active), me: checked.me }, setWho(req, active));
  });

  /**
   * Signing out deletes the session in the store: its id opens nothing from then on, in any copy. With
   * `{"everywhere": true}` every session of the same user (or API key) at this practice ends; a locked session is
   * refused that (401 `Session locked.`, nothing ends), as whoever stands at a locked screen is not known to be its
   * user (the lock screen offers the plain sign-out only).
   */
  app.post('/session/sign-out', async (c) => {
    const req = c.req.raw;
    const body = await readJson(req);
    // A sign-out is never refused for its body: without a readable one it ends this session only.
    const everywhere = !(body instanceof Response) && body.everywhere === true;
    const found = await current(req);
    if (found && everywhere && found.held.state !== 'active') return envelope(401, sessionMessages.locked);
    if (found && everywhere) await store.deleteOwner(found.stored.owner);
    else if (found) await store.delete(found.key);
    return envelope(200, 'Success', null, clearCookies(req));
  });

  /**
   * /v1: a request with its own credentials (a direct API client) passes as it is. One with the session cookie
   * gets the cookie's credentials, if it comes from the app's own pages and the session is not locked.
   */
  app.all('/v1/*', async (c) => {
    const req = c.req.raw;
    const own = req.headers.has('authorization') || req.headers.has('x-api-key');
    // Its own credentials are guesses until the practice takes them (docs/api.md#session).
    if (own) return guard.pass(req, c.env, forward);
    if (readCookie(req, sidCookie(req)) === undefined) return forward(req, c.env);
    if (req.method !== 'GET' && req.method !== 'HEAD' && !fromOwnOrigin(req)) {
      return envelope(403, sessionMessages.crossOrigin);
    }
    const found = await current(req);
    // `praxis.who` stays: the page goes to sign-in with the user name filled in, and back where it was.
    if (!found) return envelope(401, sessionMessages.unauthorized);
    const s = found.held;
    if (s.state === 'locked') return envelope(401, sessionMessages.locked);
    const t = now();
    if (t - found.stored.seen >= TOUCH_SECONDS) await store.touch(found.key, t);
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

  return { app, store };
}
