import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_SLOT_WINDOW_DAYS, MAX_SLOT_WINDOW_DAYS, type Slot } from '../../../contract/booking.ts';
import { addDays } from '../../components/practice-clock.ts';

dayjs.extend(utc);

/**
 * The booking wizard's state as it lives in the URL (so that going back, reloading or sharing keeps every choice),
 * and the arithmetic of slots.
 */

export const STEPS = ['service', 'provider', 'duration', 'slot', 'patient', 'confirm'] as const;
export type StepName = (typeof STEPS)[number];
/** The index after the last step: the summary of a booking made. */
export const DONE = STEPS.length;

/** How many more days "more days" adds to the window. */
export const WINDOW_STEP_DAYS = 14;

export interface SlotChoice {
  from: number;
  to: number;
  provider: number;
}

export interface BookingState {
  service: number | null;
  /** 0 = any practitioner; null = not chosen yet. */
  provider: number | null;
  /** Minutes; null = not chosen yet (the service's duration is offered). */
  duration: number | null;
  /** Days ahead that the slot list covers. */
  days: number;
  slot: SlotChoice | null;
  patid: number | null;
  /** The appointment made (the summary). */
  booked: number | null;
  /** The calendar it was made in. */
  calendar: number | null;
  /** The step asked for; `activeStep` holds it to what is already chosen. */
  step: number;
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

export function clampDays(days: number): number {
  return Math.min(MAX_SLOT_WINDOW_DAYS, Math.max(1, days));
}

export function readState(params: URLSearchParams): BookingState {
  const provider = params.get('provider');
  const step = params.get('step');
  return {
    service: positiveInt(params.get('service')),
    provider: provider === '0' ? 0 : positiveInt(provider),
    duration: positiveInt(params.get('duration')),
    days: clampDays(positiveInt(params.get('days')) ?? DEFAULT_SLOT_WINDOW_DAYS),
    slot: parseSlotParam(params.get('slot')),
    patid: positiveInt(params.get('patid')),
    booked: positiveInt(params.get('booked')),
    calendar: positiveInt(params.get('calendar')),
    step: step !== null && /^\d$/.test(step) ? Number(step) : 0,
  };
}

export function writeState(state: BookingState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.service !== null) out.set('service', String(state.service));
  if (state.provider !== null) out.set('provider', String(state.provider));
  if (state.duration !== null) out.set('duration', String(state.duration));
  if (state.days !== DEFAULT_SLOT_WINDOW_DAYS) out.set('days', String(state.days));
  if (state.slot) out.set('slot', slotParam(state.slot));
  if (state.patid !== null) out.set('patid', String(state.patid));
  if (state.booked !== null) out.set('booked', String(state.booked));
  if (state.calendar !== null) out.set('calendar', String(state.calendar));
  out.set('step', String(state.step));
  return out;
}

/** The first step whose choice is missing; DONE once booked. */
export function firstOpenStep(state: BookingState): number {
  if (state.booked !== null && state.slot && state.patid !== null) return DONE;
  if (state.service === null) return 0;
  if (state.provider === null) return 1;
  if (state.duration === null) return 2;
  if (state.slot === null) return 3;
  if (state.patid === null) return 4;
  return 5;
}

/** The step shown: the one asked for, but never beyond the first one still open. */
export function activeStep(state: BookingState): number {
  const open = firstOpenStep(state);
  if (open === DONE) return DONE;
  return Math.min(Math.max(0, state.step), open);
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

// ---------------------------------------------------------------------------------------------------------------
// Days and slots.

export { addDays };

/** `20261123` -> `2026-11-23`. */
export function ymdToDay(ymd: string): string {
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
}

/** The window of getSlots: from today, `days` days ahead (both ends included). */
export function slotWindow(today: string, days: number): { from: string; to: string } {
  return { from: today, to: addDays(today, clampDays(days)) };
}

/** The next window size for "more days", never above the service's maximum. */
export function moreDays(days: number): number {
  return clampDays(days + WINDOW_STEP_DAYS);
}

export interface SlotDay {
  /** `YYYY-MM-DD`. */
  day: string;
  slots: Slot[];
}

/** Slots grouped by practice day, in time order. */
export function groupByDay(slots: readonly Slot[]): SlotDay[] {
  const out: SlotDay[] = [];
  for (const slot of [...slots].sort((a, b) => a.from - b.from || a.provider - b.provider)) {
    const day = ymdToDay(slot.ymd);
    const last = out[out.length - 1];
    if (last && last.day === day) last.slots.push(slot);
    else out.push({ day, slots: [slot] });
  }
  return out;
}

export function sameSlot(a: SlotChoice | null, b: SlotChoice | null): boolean {
  return !!a && !!b && a.from === b.from && a.to === b.to && a.provider === b.provider;
}

/**
 * Is the chosen time still free according to a fresh getSlots answer? Either the very slot is listed, or the
 * practitioner's free pieces still cover it without a gap (the pieces may be cut differently after other bookings).
 */
export function isStillFree(choice: SlotChoice, fresh: readonly Slot[]): boolean {
  const own = fresh.filter((s) => s.provider === choice.provider).sort((a, b) => a.from - b.from);
  if (own.some((s) => s.from === choice.from && s.to === choice.to)) return true;
  let covered = choice.from;
  for (const s of own) {
    if (s.from > covered) {
      if (s.from >= choice.to) break;
      return false;
    }
    if (s.to > covered) covered = s.to;
    if (covered >= choice.to) return true;
  }
  return covered >= choice.to;
}
