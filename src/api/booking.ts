import type { OpInput } from '../../contract/operations.ts';
import { opQuery } from './queries.ts';

/** Booking's queries (contract/booking.ts), read by the booking screen and by the agenda. */

/**
 * The practice's bookable services (booking/getServices): what the booking screen offers, and what the agenda's
 * new-appointment dialog takes its duration from. One factory, so that both read the same cache entry.
 */
export function servicesQuery() {
  return opQuery('getServices', {});
}

export type SlotsInput = OpInput<'getSlots'> & { serviceid: number };

/** Free times of a service; they go quickly: never older than a minute. */
export function slotsQuery(input: SlotsInput) {
  return opQuery('getSlots', input, { staleTime: 60_000 });
}
