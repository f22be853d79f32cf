import { isRealDate } from '#contract/practice-time.ts';

/**
 * The booking screen's state as it lives in the URL (so that going back, reloading or sharing keeps every choice).
 * Everything is on one screen: there are no steps, only choices; a changed choice clears what depended on it.
 */

export interface SlotChoice {
  from: number;
  to: number;
  provider: number;
}

export interface BookingState {
  service: number | null;
  /** 0 = any practitioner; null = not chosen yet. */
  provider: number | null;
  /** Minutes; null = the service's own duration. */
  duration: number | null;
  /** The month the calendar shows, `YYYY-MM`; null = the month of today. */
  month: string | null;
  /** The day whose slots are listed, `YYYY-MM-DD`. */
  day: string | null;
  slot: SlotChoice | null;
  patid: number | null;
  /** The appointment made (the summary). */
  booked: number | null;
  /** The calendar it was made in. */
  calendar: number | null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** `1795420800-1795422600-2`: start, end (Unix seconds) and practitioner. */
export function slotParam(slot: SlotChoice): string {
  return `${slot.from}-${slot.to}-${slot.provider}`;
}

export function parseSlotParam(value: string | null): SlotChoice | null {
  const m = value ? /^(\d+)-(\d+)-(\d+)$/.exec(value) : null;
  if (!m) return null;
  const [from, to, provider] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return to > from && provider > 0 ? { from, to, provider } : null;
}

function monthParam(value: string | null): string | null {
  const m = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? value : null;
}

function dayParam(value: string | null): string | null {
  return value && isRealDate(value) ? value : null;
}

export function readState(params: URLSearchParams): BookingState {
  const provider = params.get('provider');
  return {
    service: positiveInt(params.get('service')),
    provider: provider === '0' ? 0 : positiveInt(provider),
    duration: positiveInt(params.get('duration')),
    month: monthParam(params.get('month')),
    day: dayParam(params.get('day')),
    slot: parseSlotParam(params.get('slot')),
    patid: positiveInt(params.get('patid')),
    booked: positiveInt(params.get('booked')),
    calendar: positiveInt(params.get('calendar')),
  };
}

export function writeState(state: BookingState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.service !== null) out.set('service', String(state.service));
  if (state.provider !== null) out.set('provider', String(state.provider));
  if (state.duration !== null) out.set('duration', String(state.duration));
  if (state.month !== null) out.set('month', state.month);
  if (state.day !== null) out.set('day', state.day);
  if (state.slot) out.set('slot', slotParam(state.slot));
  if (state.patid !== null) out.set('patid', String(state.patid));
  if (state.booked !== null) out.set('booked', String(state.booked));
  if (state.calendar !== null) out.set('calendar', String(state.calendar));
  return out;
}

/** Booked: the summary replaces the screen. */
export function isBooked(state: BookingState): boolean {
  return state.booked !== null && state.slot !== null && state.patid !== null;
}

/**
 * A changed choice clears what depended on it: another service resets practitioner, duration and slot; another
 * practitioner or duration the slot. The patient stays.
 */
export function choose(state: BookingState, change: Partial<BookingState>): BookingState {
  const next = { ...state, ...change, booked: null, calendar: null };
  if (change.service !== undefined && change.service !== state.service) {
    if (change.provider === undefined) next.provider = null;
    if (change.duration === undefined) next.duration = null;
    if (change.slot === undefined) next.slot = null;
  }
  if (
    (change.provider !== undefined && change.provider !== state.provider) ||
    (change.duration !== undefined && change.duration !== state.duration)
  ) {
    if (change.slot === undefined) next.slot = null;
  }
  return next;
}
