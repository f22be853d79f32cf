import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { BookingService, Slot } from '#contract/booking.ts';
import type { Provider } from '#contract/system.ts';
import type { SlotChoice } from './url-state.ts';

dayjs.extend(utc);

/** The arithmetic of the booking screen's slots and months; its address is url-state.ts. */

/**
 * The practitioner taken while none is chosen in the address: "any" (0) when several active practitioners offer
 * the service, so that its times show at once; the one who does when only one does; null when nobody does or the
 * practitioners are not known yet. Derived, not written to the address: a chosen practitioner always wins.
 */
export function defaultProvider(
  service: Pick<BookingService, 'providers'>,
  active: readonly Pick<Provider, 'userid'>[] | undefined,
): number | null {
  if (!active) return null;
  const offering = service.providers.filter((p) => active.some((a) => a.userid === p));
  if (offering.length > 1) return 0;
  return offering[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Days and slots.

/** `20261123` -> `2026-11-23`. */
export function ymdToDay(ymd: string): string {
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
}

/** `2026-11-23` -> `2026-11`. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/**
 * The window of getSlots for a month shown: its days from today on (both ends included); null for a month that is
 * over.
 */
export function monthWindow(month: string, today: string): { from: string; to: string } | null {
  const first = `${month}-01`;
  const last = dayjs.utc(first).endOf('month').format('YYYY-MM-DD');
  if (last < today) return null;
  return { from: first < today ? today : first, to: last };
}

/** The month before or after (`delta` months). */
export function shiftMonth(month: string, delta: number): string {
  return dayjs.utc(`${month}-01`).add(delta, 'month').format('YYYY-MM');
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
