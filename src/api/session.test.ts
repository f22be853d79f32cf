import { describe, expect, it } from 'vitest';
import { setWhoCookie } from '#test/test-credentials.ts';
import { clearSession, forgetOldCredentials, getSession, safeNext, signInPath } from './session.ts';

describe('session', () => {
  it('is what the praxis.who cookie of the server says: who, never a secret', () => {
    expect(getSession()).toBeNull();
    setWhoCookie({ kind: 'basic', user: 'demo', tenant: 'demo', remember: true, locked: false });
    expect(getSession()).toEqual({
      base: 'http://localhost:3000/v1',
      tenant: 'demo',
      auth: { kind: 'basic', user: 'demo' },
      remember: true,
      locked: false,
    });
    expect(getSession()).toBe(getSession());
    setWhoCookie({ kind: 'apiKey', user: null, tenant: 'demo', remember: false, locked: true });
    expect(getSession()).toMatchObject({ auth: { kind: 'apiKey' }, locked: true });
    clearSession();
    expect(getSession()).toBeNull();
    expect(document.cookie).not.toContain('praxis.who');
  });

  it('ignores a cookie that is not a session', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: what a script could write
    document.cookie = 'praxis.who=bm90IGpzb24; Path=/';
    expect(getSession()).toBeNull();
    // biome-ignore lint/suspicious/noDocumentCookie: what a script could write
    document.cookie = `praxis.who=${btoa('{"kind":"token"}')}; Path=/`;
    expect(getSession()).toBeNull();
  });

  it('removes the credentials that older versions kept in storage', () => {
    window.sessionStorage.setItem(
      'praxis.session',
      '{"auth":{"kind":"basic","user":"demo","password":"demo"}}',
    );
    window.localStorage.setItem('praxis.session', '{"auth":{"kind":"apiKey","key":"demo-key"}}');
    window.localStorage.setItem('praxis.idle-lock-minutes', '10');
    forgetOldCredentials();
    expect(window.sessionStorage.getItem('praxis.session')).toBeNull();
    expect(window.localStorage.getItem('praxis.session')).toBeNull();
    // Settings of the device stay.
    expect(window.localStorage.getItem('praxis.idle-lock-minutes')).toBe('10');
  });
});

describe('return paths', () => {
  it('keeps paths of this app only', () => {
    expect(safeNext('/leads/12?tab=notes')).toBe('/leads/12?tab=notes');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('https://evil.example/')).toBeNull();
    expect(safeNext('/sign-in?next=%2Fleads')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });

  it('travel in the sign-in address, encoded', () => {
    expect(signInPath('/agenda?view=week')).toBe('/sign-in?next=%2Fagenda%3Fview%3Dweek');
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath()).toBe('/sign-in');
  });
});
