import type { QueryClient } from '@tanstack/react-query';
import { sessionRequest } from '#api/client.ts';
import { clearSession, getSession } from '#api/session.ts';
import { announceSignOut, forgetLock } from './lock/lock-store.ts';
import { clearPrivateParams } from './use-url-params.ts';

/**
 * Everything this tab kept for the signed-in person: who was signed in (`praxis.who`), the lock, the searches kept
 * out of the address, every draft (drafts live in sessionStorage; this tab's sessionStorage is emptied whole, as
 * nothing in it outlives a sign-in) and, when given, the query cache. Settings of the device (language, colours,
 * idle time) are in localStorage and stay.
 */
export function forgetSignedInData(queryClient?: QueryClient): void {
  clearSession();
  forgetLock();
  clearPrivateParams();
  try {
    window.sessionStorage.clear();
  } catch {
    // No storage: nothing was kept.
  }
  queryClient?.clear();
}

/**
 * Signing out (here, or because another tab did): forget everything, then load the sign-in page as a new
 * document in place of this one, so that no page state, module store or cache of the old one is left to reach
 * with Back. The page is emptied first: if the browser keeps the old document for Back (bfcache), it is blank
 * (and reloaded on return, see `reloadWhenRestoredSignedOut`). `otherTabs`: the other tabs of this browser follow.
 */
export function signOut(options: { otherTabs: boolean }): void {
  document.body.replaceChildren();
  document.title = '';
  // The server ends the session and takes its cookie away (the sign-in page asks again if this does not arrive).
  const done = sessionRequest('/session/sign-out', {}, { timeoutMs: 5000 }).catch(() => undefined);
  void done.then(() => leave(options.otherTabs));
}

/**
 * "Sign out on every device": the server ends every session of this user at this practice, on every device and
 * browser, a colleague's signed in with the same user name included (docs/api.md#session); their next request finds
 * no session and goes to the sign-in page. Unlike `signOut` this one must reach the server to mean anything: when
 * it does not, it throws (an ApiError) and the page stays as it was, so the person can say so and try again.
 */
export async function signOutEverywhere(): Promise<void> {
  await sessionRequest('/session/sign-out', { everywhere: true }, { timeoutMs: 5000 });
  document.body.replaceChildren();
  document.title = '';
  leave(true);
}

function leave(otherTabs: boolean): void {
  if (otherTabs) announceSignOut();
  forgetSignedInData();
  window.location.replace('/sign-in');
}

/** A page kept by the browser for Back (bfcache) and shown again after signing out is loaded anew. */
export function reloadWhenRestoredSignedOut(): void {
  window.addEventListener('pageshow', (e) => {
    if (e.persisted && !getSession()) window.location.reload();
  });
}
