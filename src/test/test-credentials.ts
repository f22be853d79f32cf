import { sessionChanged, WHO_COOKIE, type Who } from '#api/session.ts';

/**
 * The credentials a component test is signed in with (`signInForTest`). In the app they live only in the app's
 * server's sealed cookie; the in-process harness (service.ts) stands in for a cookie made with them, so that a
 * test can start signed in without going through the sign-in page.
 */
export type TestAuth = { kind: 'basic'; user: string; password: string } | { kind: 'apiKey'; key: string };

let current: TestAuth | null = null;

export function setTestCredentials(auth: TestAuth | null): void {
  current = auth;
}

export function testCredentials(): TestAuth | null {
  return current;
}

/** The `praxis.who` cookie as the app's server sets it (nothing secret in it). */
export function setWhoCookie(who: Who | null): void {
  if (!who) {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, as the server's Set-Cookie would fill it
    document.cookie = `${WHO_COOKIE}=; Path=/; Max-Age=0`;
  } else {
    const raw = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(who))))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replaceAll('=', '');
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, as the server's Set-Cookie would fill it
    document.cookie = `${WHO_COOKIE}=${raw}; Path=/`;
  }
  sessionChanged();
}
