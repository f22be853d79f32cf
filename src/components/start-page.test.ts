import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_START_PAGE, readStartPage, START_PAGE_KEY, writeStartPage } from './start-page.ts';

afterEach(() => window.localStorage.clear());

describe('the start page', () => {
  it('is Today until the user chooses another area', () => {
    expect(readStartPage()).toBe('/today');
    expect(DEFAULT_START_PAGE).toBe('/today');
  });

  it('is the area chosen on this device, kept in localStorage', () => {
    writeStartPage('/leads');
    expect(window.localStorage.getItem(START_PAGE_KEY)).toBe('/leads');
    expect(readStartPage(['/today', '/leads'])).toBe('/leads');
  });

  it('forgets the choice when Today is chosen again', () => {
    writeStartPage('/agenda');
    writeStartPage('/today');
    expect(window.localStorage.getItem(START_PAGE_KEY)).toBeNull();
  });

  it('ignores what is not an area of the app (removed, or not an address of its own)', () => {
    window.localStorage.setItem(START_PAGE_KEY, '/gone');
    expect(readStartPage(['/today', '/leads'])).toBe('/today');
    window.localStorage.setItem(START_PAGE_KEY, 'https://example.com');
    expect(readStartPage()).toBe('/today');
    window.localStorage.setItem(START_PAGE_KEY, '//example.com');
    expect(readStartPage()).toBe('/today');
  });
});
