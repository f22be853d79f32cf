import { useSyncExternalStore } from 'react';
import { sessionRequest } from '#api/client.ts';
import { getSession, type Session, sessionChanged } from '#api/session.ts';

/**
 * The screen lock's state, shared by every tab of the app in this browser. What holds is the server's: locking
 * replaces the session cookie by one without credentials (docs/decisions/0018-sessions-on-the-server.md), so
 * clearing storage and reloading shows the lock again, and only the password unlocks. A flag in storage locks at
 * once (also offline, before the server has answered), and a BroadcastChannel tells the other tabs. The idle time
 * counts input in any tab (the last activity is shared through localStorage), so a tab in the background does not
 * lock the tab someone is working in.
 */

const LOCKED_KEY = 'praxis.locked';
const ACTIVITY_KEY = 'praxis.last-activity';
const IDLE_KEY = 'praxis.idle-lock-minutes';
const CHANNEL = 'praxis.screen-lock';

export const DEFAULT_IDLE_MINUTES = 5;
export const MIN_IDLE_MINUTES = 1;
export const MAX_IDLE_MINUTES = 60;

type Message = { type: 'lock' } | { type: 'unlock'; who: string } | { type: 'sign-out' };
type Listener = () => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
/** Set by the shell: what a tab does when another tab signed out. */
let signedOutElsewhere: (() => void) | null = null;

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function notify() {
  for (const l of listeners) l();
}

/** Who is signed in, without any secret: an unlock in another tab applies only to the same sign-in. */
export function identityOf(s: Session | null): string {
  if (!s) return '';
  return `${s.base}\n${s.auth.kind === 'basic' ? `user:${s.auth.user}` : 'key'}`;
}

function ensureChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<Message>) => {
    const m = e.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'lock') setFlag(true);
    else if (m.type === 'unlock' && m.who === identityOf(getSession())) setFlag(false);
    else if (m.type === 'sign-out') signedOutElsewhere?.();
  };
  return channel;
}

function post(m: Message) {
  try {
    ensureChannel()?.postMessage(m);
  } catch {
    // A closed channel: the other tabs still see the flag on their next read.
  }
}

function setFlag(locked: boolean) {
  const remember = getSession()?.remember ?? false;
  for (const s of [local(), session()]) s?.removeItem(LOCKED_KEY);
  if (locked) (remember ? local() : session())?.setItem(LOCKED_KEY, '1');
  notify();
}

/** Locked, and somebody signed in (without a session there is nothing to lock: the sign-in page shows). */
export function isLocked(): boolean {
  const s = getSession();
  if (!s) return false;
  return s.locked || local()?.getItem(LOCKED_KEY) === '1' || session()?.getItem(LOCKED_KEY) === '1';
}

/** Locks this tab and every other tab of the app in this browser, and the session on the server. */
export function lockScreen(): void {
  const s = getSession();
  if (!s) return;
  setFlag(true);
  post({ type: 'lock' });
  if (s.locked) return;
  const sent = sessionRequest('/session/lock').then(
    () => sessionChanged(),
    // Offline: the flag holds this tab; the lock is asked for again at the next lock or reload.
    () => undefined,
  );
  pendingLock = sent;
  void sent.finally(() => {
    if (pendingLock === sent) pendingLock = null;
  });
}

let pendingLock: Promise<void> | null = null;

/**
 * Resolves once the lock this tab asked the server for has its answer. An unlock sent before it could reach the
 * server first (two connections) and be undone by it: the screen would stay locked after the right password.
 */
export function lockSettled(): Promise<void> {
  return pendingLock ?? Promise.resolve();
}

/** After the server unlocked the session (the password checked by the service): this tab and the others of the same sign-in. */
export function unlockScreen(): void {
  setFlag(false);
  markActivity(true);
  sessionChanged();
  post({ type: 'unlock', who: identityOf(getSession()) });
}

/** Signing in anew, or out: no lock is left over (and no other tab is unlocked by it). */
export function forgetLock(): void {
  for (const s of [local(), session()]) s?.removeItem(LOCKED_KEY);
  notify();
}

/** Signing out here signs out the other tabs too (a session kept per tab would stay otherwise). */
export function announceSignOut(): void {
  post({ type: 'sign-out' });
}

export function onSignedOutElsewhere(handler: () => void): () => void {
  ensureChannel();
  signedOutElsewhere = handler;
  return () => {
    if (signedOutElsewhere === handler) signedOutElsewhere = null;
  };
}

export function subscribeLock(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === LOCKED_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocked(): boolean {
  return useSyncExternalStore(subscribeLock, isLocked, () => false);
}

// --- Idle time ---

let lastActivity = Date.now();
let lastWritten = 0;

/** Input in this tab; written for the other tabs at most every two seconds. */
export function markActivity(force = false): void {
  lastActivity = Date.now();
  if (!force && lastActivity - lastWritten < 2000) return;
  lastWritten = lastActivity;
  try {
    local()?.setItem(ACTIVITY_KEY, String(lastActivity));
  } catch {
    // Without storage every tab counts its own input.
  }
}

/** The last input in any tab of the app. */
export function lastActivityAt(): number {
  const shared = Number(local()?.getItem(ACTIVITY_KEY));
  return Number.isFinite(shared) ? Math.max(shared, lastActivity) : lastActivity;
}

/** The chosen idle time in minutes, or null for off (only allowed when the session is not remembered). */
export type IdleSetting = number | null;

export function readIdleSetting(): IdleSetting {
  const raw = local()?.getItem(IDLE_KEY);
  if (raw === 'off') return null;
  const n = Number(raw);
  if (raw && Number.isInteger(n) && n >= MIN_IDLE_MINUTES && n <= MAX_IDLE_MINUTES) return n;
  return DEFAULT_IDLE_MINUTES;
}

export function writeIdleSetting(value: IdleSetting): void {
  const v =
    value === null
      ? 'off'
      : String(Math.min(MAX_IDLE_MINUTES, Math.max(MIN_IDLE_MINUTES, Math.round(value))));
  local()?.setItem(IDLE_KEY, v);
  notify();
}

/**
 * The idle time that applies: the setting, except that a session remembered on this device always locks (it
 * outlives the browser tab, so a shared computer would otherwise stay open).
 */
export function effectiveIdleMinutes(
  s: Session | null = getSession(),
  setting: IdleSetting = readIdleSetting(),
): number | null {
  if (setting === null) return s?.remember ? DEFAULT_IDLE_MINUTES : null;
  return setting;
}

export function useIdleSetting(): IdleSetting {
  return useSyncExternalStore(subscribeLock, readIdleSetting, () => DEFAULT_IDLE_MINUTES);
}
