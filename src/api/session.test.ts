import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  type Session,
  safeNext,
  saveSession,
  signInPath,
  tenantOfBase,
} from './session.ts';

const basic: Session = {
  base: 'https://praxis.example.ch/v1',
  auth: { kind: 'basic', user: 'demo', password: 'demo' },
  remember: false,
};

describe('session', () => {
  it('lives in sessionStorage, or in localStorage when remembered, never in both', () => {
    saveSession(basic);
    expect(window.sessionStorage.getItem('praxis.session')).not.toBeNull();
    expect(window.localStorage.getItem('praxis.session')).toBeNull();
    expect(getSession()).toEqual(basic);

    saveSession({ ...basic, remember: true });
    expect(window.sessionStorage.getItem('praxis.session')).toBeNull();
    expect(window.localStorage.getItem('praxis.session')).not.toBeNull();
    expect(getSession()?.remember).toBe(true);

    clearSession();
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('praxis.session')).toBeNull();
  });

  it('is the same object while storage is unchanged, and sees a change made outside', () => {
    saveSession(basic);
    expect(getSession()).toBe(getSession());
    const changed = { ...basic, auth: { kind: 'basic', user: 'demo', password: 'changed' } };
    window.sessionStorage.setItem('praxis.session', JSON.stringify(changed));
    expect(getSession()).toEqual(changed);
  });

  it('ignores what is not a session', () => {
    window.sessionStorage.setItem('praxis.session', '{not json');
    expect(getSession()).toBeNull();
    window.sessionStorage.setItem('praxis.session', JSON.stringify({ base: 'x', auth: { kind: 'token' } }));
    expect(getSession()).toBeNull();
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

describe('tenantOfBase', () => {
  it('is the first label of the host name', () => {
    expect(tenantOfBase('https://sonnenhof.praxis.example.ch/v1')).toBe('sonnenhof');
    expect(tenantOfBase('http://localhost:8080/v1')).toBe('localhost');
  });
});
