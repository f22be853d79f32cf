import { useSyncExternalStore } from 'react';

/**
 * The signed-in practice and credentials. Kept in sessionStorage, or in localStorage when the user ticked
 * "Remember on this device"; never in a URL or a log. Read from storage on every use, so that a change made in
 * another tab (or by a test) is seen at once.
 */

export type Auth = { kind: 'basic'; user: string; password: string } | { kind: 'apiKey'; key: string };

export interface Session {
  /** The tenant's base address, ending in /v1 (e.g. `https://praxis.example.ch/v1`). */
  base: string;
  auth: Auth;
  remember: boolean;
  /** Chosen once from getProviders when the service has no system/whoami (extensions.md section 4). */
  userid?: number;
}

const KEY = 'praxis.session';

type Listener = () => void;
const listeners = new Set<Listener>();

function storages(): Storage[] {
  const out: Storage[] = [];
  try {
    out.push(window.sessionStorage, window.localStorage);
  } catch {
    // Storage can be unavailable (privacy settings); then nobody stays signed in.
  }
  return out;
}

function rawSession(): string | null {
  for (const s of storages()) {
    const raw = s.getItem(KEY);
    if (raw) return raw;
  }
  return null;
}

function isSession(v: unknown): v is Session {
  if (!v || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  const auth = s.auth as Record<string, unknown> | undefined;
  if (typeof s.base !== 'string' || !auth || typeof auth !== 'object') return false;
  if (auth.kind === 'basic') return typeof auth.user === 'string' && typeof auth.password === 'string';
  if (auth.kind === 'apiKey') return typeof auth.key === 'string';
  return false;
}

let cachedRaw: string | null = null;
let cached: Session | null = null;

/** The current session, or null when nobody is signed in. The same object while storage is unchanged. */
export function getSession(): Session | null {
  const raw = rawSession();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      cached = isSession(parsed) ? parsed : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

export function saveSession(session: Session): void {
  const [sessionStore, localStore] = storages();
  const raw = JSON.stringify(session);
  if (session.remember) {
    sessionStore?.removeItem(KEY);
    localStore?.setItem(KEY, raw);
  } else {
    localStore?.removeItem(KEY);
    sessionStore?.setItem(KEY, raw);
  }
  notify();
}

/** Signing out: the credentials are forgotten on this device. */
export function clearSession(): void {
  for (const s of storages()) s.removeItem(KEY);
  notify();
}

function notify() {
  for (const l of listeners) l();
}

/** For useSyncExternalStore: changes made here, and in other tabs (storage event). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The practice's own address: the app is served together with /v1 (reference service or proxy). */
export function ownBase(): string {
  return `${window.location.origin}/v1`;
}

/** The tenant as far as the address tells it (the first label of the host name), for display. */
export function tenantOfBase(base: string): string {
  try {
    const host = new URL(base).hostname;
    if (host === 'localhost' || /^[\d.]+$/.test(host) || host.includes(':')) return host;
    return host.split('.')[0] ?? host;
  } catch {
    return base;
  }
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
