import { afterEach, describe, expect, it } from 'vitest';
import { isOnline, reportReachable, reportUnreachable } from './connection.ts';

function browserOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

afterEach(() => browserOnline(true));

describe('the connection state', () => {
  it('follows the browser and the answers of the server', () => {
    expect(isOnline()).toBe(true);
    reportUnreachable();
    expect(isOnline()).toBe(false);
    reportReachable();
    expect(isOnline()).toBe(true);
  });

  it('stays offline when an answer sent before the offline event arrives after it', () => {
    browserOnline(false);
    expect(isOnline()).toBe(false);
    reportReachable();
    expect(isOnline()).toBe(false);
    browserOnline(true);
    expect(isOnline()).toBe(true);
  });
});
