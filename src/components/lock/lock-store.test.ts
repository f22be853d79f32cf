import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, type Session } from '#api/session.ts';
import { setWhoCookie } from '#test/test-credentials.ts';
import { forgetSignedInData } from '../sign-out.ts';
import {
  effectiveIdleMinutes,
  forgetLock,
  isLocked,
  lockScreen,
  lockSettled,
  readIdleSetting,
  unlockScreen,
  writeIdleSetting,
} from './lock-store.ts';

const basic: Session = {
  base: 'http://localhost:3000/v1',
  tenant: 'demo',
  auth: { kind: 'basic', user: 'demo' },
  remember: false,
  locked: false,
};

function signIn(locked = false) {
  setWhoCookie({ kind: 'basic', user: 'demo', tenant: 'demo', remember: false, locked });
}

/** The app's server: every request it was sent. */
const server = vi.fn((_url: string, _init?: RequestInit) =>
  Promise.resolve(new Response(JSON.stringify({ status: true, msg: 'Success', result: null }))),
);
beforeEach(() => {
  server.mockClear();
  vi.stubGlobal('fetch', server);
});

afterEach(() => {
  forgetLock();
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** Another tab of the app, as far as the lock is concerned. */
function otherTab() {
  return new BroadcastChannel('praxis.screen-lock');
}

function until(check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > 2000) reject(new Error('timed out'));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

describe('the idle setting', () => {
  it('is 5 minutes until chosen, kept between 1 and 60, and may be off', () => {
    expect(readIdleSetting()).toBe(5);
    writeIdleSetting(12);
    expect(readIdleSetting()).toBe(12);
    writeIdleSetting(500);
    expect(readIdleSetting()).toBe(60);
    writeIdleSetting(0);
    expect(readIdleSetting()).toBe(1);
    writeIdleSetting(null);
    expect(readIdleSetting()).toBeNull();
    window.localStorage.setItem('praxis.idle-lock-minutes', 'nonsense');
    expect(readIdleSetting()).toBe(5);
  });

  it('cannot switch the lock off for a session remembered on this device', () => {
    writeIdleSetting(null);
    expect(effectiveIdleMinutes(basic)).toBeNull();
    expect(effectiveIdleMinutes({ ...basic, remember: true })).toBe(5);
    writeIdleSetting(20);
    expect(effectiveIdleMinutes({ ...basic, remember: true })).toBe(20);
  });
});

describe('the lock', () => {
  it('needs somebody signed in, and stays over a reload (storage)', () => {
    lockScreen();
    expect(isLocked()).toBe(false);
    signIn();
    lockScreen();
    expect(isLocked()).toBe(true);
    expect(window.sessionStorage.getItem('praxis.locked')).toBe('1');
    unlockScreen();
    expect(isLocked()).toBe(false);
  });

  it('asks the server to lock the session, whose word holds when storage is cleared', () => {
    signIn();
    lockScreen();
    expect(server).toHaveBeenCalledTimes(1);
    expect(server.mock.calls[0][0]).toBe('http://localhost:3000/session/lock');
    // The server's answer: its cookie says locked (praxis.who); a script that clears storage unlocks nothing.
    signIn(true);
    window.sessionStorage.clear();
    window.localStorage.clear();
    expect(isLocked()).toBe(true);
  });

  it('lets an unlock wait until the lock it follows has its answer', async () => {
    signIn();
    let answer: (r: Response) => void = () => undefined;
    server.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    lockScreen();
    let settled = false;
    void lockSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    answer(new Response(JSON.stringify({ status: true, msg: 'Success', result: null })));
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('locks when another tab locks, and unlocks only for the same sign-in', async () => {
    signIn();
    const tab = otherTab();
    try {
      tab.postMessage({ type: 'lock' });
      await until(isLocked);
      tab.postMessage({ type: 'unlock', who: `${basic.base}\nuser:someone-else` });
      await new Promise((r) => setTimeout(r, 50));
      expect(isLocked()).toBe(true);
      tab.postMessage({ type: 'unlock', who: `${basic.base}\nuser:demo` });
      await until(() => !isLocked());
    } finally {
      tab.close();
    }
  });

  it('tells the other tabs when this one locks', async () => {
    signIn();
    const tab = otherTab();
    const heard: unknown[] = [];
    tab.onmessage = (e) => heard.push(e.data);
    try {
      lockScreen();
      await until(() => heard.length > 0);
      expect(heard).toEqual([{ type: 'lock' }]);
    } finally {
      tab.close();
    }
  });

  it('is forgotten with everything else on sign-out', () => {
    signIn();
    lockScreen();
    window.sessionStorage.setItem('praxis.leads.new-lead-draft', '{"values":{"lastname":"Muster"}}');
    forgetSignedInData();
    expect(isLocked()).toBe(false);
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('praxis.locked')).toBeNull();
  });
});
