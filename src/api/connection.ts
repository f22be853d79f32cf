/**
 * Whether the practice server can be reached: false after the browser's offline event or a network failure of a
 * request, true again after the online event or the next answer from the server (whatever its status).
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
let listening = false;

function set(next: boolean) {
  if (next === online) return;
  online = next;
  for (const l of listeners) l();
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => set(true));
  window.addEventListener('offline', () => set(false));
}

export function isOnline(): boolean {
  listen();
  return online;
}

export function subscribeConnection(listener: Listener): () => void {
  listen();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A request got an answer from the server. */
export function reportReachable(): void {
  // An answer that arrives after the browser said it is offline was sent before: the browser's word holds.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  set(true);
}

/** A request failed before any answer arrived. */
export function reportUnreachable(): void {
  set(false);
}
