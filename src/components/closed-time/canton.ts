/**
 * The practice's canton for its public holidays when the practice's server does not name them (a real tenant
 * without getAbsences, docs/api.md#absences): chosen in Settings, a preference of this device (localStorage),
 * like the start page. The reference service knows its canton itself and ignores this.
 */

export const CANTON_KEY = 'praxis.canton';

/** The 26 cantons by their codes, each with its own name (the same in every language of the app). */
export const CANTONS: readonly { code: string; name: string }[] = [
  { code: 'AG', name: 'Aargau' },
  { code: 'AI', name: 'Appenzell Innerrhoden' },
  { code: 'AR', name: 'Appenzell Ausserrhoden' },
  { code: 'BE', name: 'Bern / Berne' },
  { code: 'BL', name: 'Basel-Landschaft' },
  { code: 'BS', name: 'Basel-Stadt' },
  { code: 'FR', name: 'Fribourg / Freiburg' },
  { code: 'GE', name: 'Genève' },
  { code: 'GL', name: 'Glarus' },
  { code: 'GR', name: 'Graubünden / Grigioni / Grischun' },
  { code: 'JU', name: 'Jura' },
  { code: 'LU', name: 'Luzern' },
  { code: 'NE', name: 'Neuchâtel' },
  { code: 'NW', name: 'Nidwalden' },
  { code: 'OW', name: 'Obwalden' },
  { code: 'SG', name: 'St. Gallen' },
  { code: 'SH', name: 'Schaffhausen' },
  { code: 'SO', name: 'Solothurn' },
  { code: 'SZ', name: 'Schwyz' },
  { code: 'TG', name: 'Thurgau' },
  { code: 'TI', name: 'Ticino' },
  { code: 'UR', name: 'Uri' },
  { code: 'VD', name: 'Vaud' },
  { code: 'VS', name: 'Valais / Wallis' },
  { code: 'ZG', name: 'Zug' },
  { code: 'ZH', name: 'Zürich' },
];

const known = new Set(CANTONS.map((c) => c.code));

export function isCanton(code: string | null | undefined): code is string {
  return typeof code === 'string' && known.has(code);
}

/** The canton chosen on this device, or null (then no holidays are known without the server). */
export function readCanton(): string | null {
  try {
    const stored = window.localStorage.getItem(CANTON_KEY);
    return isCanton(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the canton on this device (null forgets it). False when the browser refused to store it (storage switched
 * off or full): the agenda and booking read the stored choice, so nothing changed, and the settings say so.
 */
export function writeCanton(code: string | null): boolean {
  try {
    if (isCanton(code)) window.localStorage.setItem(CANTON_KEY, code);
    else window.localStorage.removeItem(CANTON_KEY);
    return true;
  } catch {
    return false;
  }
}
