/**
 * Where the app opens after signing in (and at `/`): Today, the front desk's day, unless the user chose another
 * area in the settings. Only a preference of this device (localStorage), never sent anywhere.
 */

export const START_PAGE_KEY = 'praxis.start-page';
export const DEFAULT_START_PAGE = '/today';

const areaPath = /^\/[a-z][a-z-]*$/;

/**
 * The chosen start page, or Today. `areas`: the addresses that exist (the navigation's); a stored one that is not
 * among them (an area since removed) counts as none.
 */
export function readStartPage(areas?: readonly string[]): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(START_PAGE_KEY);
  } catch {
    // No storage: the default.
  }
  if (!stored || !areaPath.test(stored)) return DEFAULT_START_PAGE;
  if (areas && !areas.includes(stored)) return DEFAULT_START_PAGE;
  return stored;
}

/**
 * Keeps the choice on this device; the default (or null) forgets it. False when the browser refused to store it
 * (storage switched off or full): then nothing changed, and the settings say so.
 */
export function writeStartPage(path: string | null): boolean {
  try {
    if (!path || path === DEFAULT_START_PAGE) window.localStorage.removeItem(START_PAGE_KEY);
    else window.localStorage.setItem(START_PAGE_KEY, path);
    return true;
  } catch {
    return false;
  }
}
