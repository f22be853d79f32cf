import { useSyncExternalStore } from 'react';
import { WHO_COOKIE, type Who, who } from '#contract/session.ts';

/**
 * Who is signed in, as far as the page may know it. The credentials themselves live only on the app's own server,
 * in its session store; the browser holds the session's id in an HttpOnly cookie that no script reads
 * (docs/decisions/0018-sessions-on-the-server.md, 0044-sessions-in-a-store.md). The server
 * also sets `praxis.who`, a cookie without any secret: user name (or "an API key"), practice, remembered, locked.
 * It is read on every use, so a change made by another tab (or the server) is seen at once.
 */

export type Auth = { kind: 'basic'; user: string } | { kind: 'apiKey' };

export interface Session {
  /** The practice's address: always the app's own `/v1` (the server knows where the practice is). */
  base: string;
  /** The practice (tenant) as the server named it. */
  tenant: string;
  auth: Auth;
  remember: boolean;
  /** Locked on the server: its cookie carries no credentials until the password is given again. */
  locked: boolean;
  /** Chosen once from getProviders when the service has no system/whoami (docs/api.md#people). */
  userid?: number;
}

export type { Who };
export { WHO_COOKIE };

/** Where versions before the server-side session kept the credentials in clear. */
const OLD_KEY = 'praxis.session';
const CHANNEL = 'praxis.session';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Removes credentials that an older version of the app left in this browser's storage (issue 24). */
export function forgetOldCredentials(): void {
  for (const get of [() => window.sessionStorage, () => window.localStorage]) {
    try {
      get().removeItem(OLD_KEY);
    } catch {
      // Storage unavailable: nothing was kept there either.
    }
  }
}

function rawWho(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === WHO_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function decode(raw: string): unknown {
  const b64 = raw.replaceAll('-', '+').replaceAll('_', '/');
  const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

function isWho(v: unknown): v is Who {
  // A cookie any script of the page could have written: parsed by the contract's schema, not trusted.
  return who.safeParse(v).success;
}

export function sessionOf(who: Who): Session {
  return {
    base: ownBase(),
    tenant: who.tenant,
    auth: who.kind === 'basic' ? { kind: 'basic', user: who.user ?? '' } : { kind: 'apiKey' },
    remember: who.remember,
    locked: who.locked,
    ...(typeof who.userid === 'number' ? { userid: who.userid } : {}),
  };
}

let cachedRaw: string | null = null;
let cached: Session | null = null;

/** The current session, or null when nobody is signed in. The same object while the cookie is unchanged. */
export function getSession(): Session | null {
  const raw = rawWho();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed = raw ? decode(raw) : null;
      cached = isWho(parsed) ? sessionOf(parsed) : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

let channel: BroadcastChannel | null = null;
function ensureChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => notifyHere();
  return channel;
}

function notifyHere() {
  for (const l of listeners) l();
}

/**
 * The server changed the session (signed in, locked, unlocked, out): this tab and the others read it anew. A
 * cookie change fires no event of its own.
 */
export function sessionChanged(): void {
  notifyHere();
  try {
    ensureChannel()?.postMessage('changed');
  } catch {
    // A closed channel: the other tabs read the cookie when they are shown again.
  }
}

/**
 * Signing out here, also when the server could not be told: the page forgets who was signed in. (The session
 * id's cookie is the server's to clear; sign-out asks it to, and the sign-in page asks again.)
 */
export function clearSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the practices use
  document.cookie = `${WHO_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  sessionChanged();
}

/** For useSyncExternalStore: changes made here, in other tabs, and seen when the tab is shown again. */
export function subscribeSession(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  const onShow = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onShow);
  window.addEventListener('focus', listener);
  return () => {
    listeners.delete(listener);
    document.removeEventListener('visibilitychange', onShow);
    window.removeEventListener('focus', listener);
  };
}

/** The practice's own address: the app is served together with /v1 (reference service or proxy). */
export function ownBase(): string {
  return `${window.location.origin}/v1`;
}

/** The current session in a component; re-renders on sign-in and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** Where to sign in, coming back to `path` afterwards. The path travels in the URL; credentials never do. */
export function signInPath(path?: string): string {
  const next = path ? safeNext(path) : null;
  return next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in';
}

/** A return path of this app only (no other origin, no sign-in loop); null otherwise. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/sign-in' || next.startsWith('/sign-in?') || next.startsWith('/sign-in/')) return null;
  return next;
}

// The first load of this version: credentials in clear from before are removed.
if (typeof window !== 'undefined') forgetOldCredentials();
