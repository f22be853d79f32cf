/**
 * The calendars a user chose in the agenda, remembered per user on this device (localStorage), so that the agenda
 * opens with them next time. null = all calendars (nothing remembered).
 */

const keyOf = (userid: number) => `praxis.agenda.calendars.${userid}`;

export function readRememberedCalendars(userid: number): number[] | null {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(keyOf(userid)) ?? 'null');
    if (!Array.isArray(raw)) return null;
    const ids = raw.filter((v): v is number => Number.isInteger(v) && v > 0).slice(0, 100);
    return ids.length > 0 ? ids : null;
  } catch {
    return null;
  }
}

export function rememberCalendars(userid: number, ids: readonly number[] | null): void {
  try {
    if (ids === null) window.localStorage.removeItem(keyOf(userid));
    else window.localStorage.setItem(keyOf(userid), JSON.stringify(ids));
  } catch {
    // Without storage the choice holds for this visit only.
  }
}
