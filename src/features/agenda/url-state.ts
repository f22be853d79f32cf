import { type AgendaView, isDay } from './model.ts';

/**
 * The agenda's address: `/agenda?view=week&date=2026-11-25&cals=1,3&wcal=3&days=7&appt=12`. What is not there takes
 * its default: the day view of today, the calendars this user chose last (or every active one), all of a week's
 * calendars side by side, Monday to Friday unless the weekend holds appointments, no dialog open.
 */
export interface AgendaAddress {
  view: AgendaView;
  /** `YYYY-MM-DD`; today when the address has none or no real day. */
  date: string;
  /** The calendars shown; null: none named (the remembered or the active ones). */
  cals: number[] | null;
  /** The week of one of several calendars (`wcal`); 0: all side by side. */
  weekCalendar: number;
  /** The week with Saturday and Sunday (`days=7`). */
  allSeven: boolean;
  /** The appointment whose dialog the address opens (links from Today and the patient page); 0: none. */
  appt: number;
}

/** A change of the address: a field left out stays; null removes it. */
export interface AgendaNavigation {
  view?: AgendaView;
  date?: string;
  /** The week of one of several calendars (`wcal`); null: all side by side. */
  weekCalendar?: number | null;
  /** The week with Saturday and Sunday (`days=7`). */
  allSeven?: boolean;
  cals?: number[] | null;
}

export function readAddress(params: URLSearchParams, today: string): AgendaAddress {
  const date = params.get('date');
  const cals = params.get('cals');
  return {
    view: params.get('view') === 'week' ? 'week' : 'day',
    date: isDay(date) ? date : today,
    cals: cals === null ? null : cals.split(',').map(Number).filter(Number.isInteger),
    weekCalendar: Number(params.get('wcal') ?? ''),
    allSeven: params.get('days') === '7',
    appt: Number(params.get('appt') ?? ''),
  };
}

/** The address after `next`; every other parameter is kept. */
export function writeAddress(prev: URLSearchParams, next: AgendaNavigation): URLSearchParams {
  const out = new URLSearchParams(prev);
  if (next.view) out.set('view', next.view);
  if (next.date) out.set('date', next.date);
  if (next.weekCalendar !== undefined) {
    if (next.weekCalendar === null) out.delete('wcal');
    else out.set('wcal', String(next.weekCalendar));
  }
  if (next.allSeven !== undefined) {
    if (next.allSeven) out.set('days', '7');
    else out.delete('days');
  }
  if (next.cals !== undefined) {
    if (next.cals === null) out.delete('cals');
    else out.set('cals', next.cals.join(','));
  }
  return out;
}

/** The address without the appointment to open (once its dialog is closed, a reload does not open it again). */
export function withoutAppointment(prev: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(prev);
  out.delete('appt');
  return out;
}
