import { bookingOperations } from '#contract/booking.ts';
import type { OpInput } from '#contract/operations.ts';
import { call } from './client.ts';
import { registerOperations } from './operation-table.ts';
import { type OpData, opQuery } from './queries.ts';

/**
 * The contract's booking area (contract/booking.ts, server/service/booking/), read by the booking screen and by the agenda.
 * Booking's write is the agenda's createAppointment (api/agenda.ts).
 */
// Its operations come to the client with this module, never with a first page (operation-table.ts, issue 38).
registerOperations(bookingOperations);

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

/** Free times asked of the service again, never of the cache: is the chosen time still free before booking it? */
export function fetchFreshSlots(input: SlotsInput): Promise<OpData<'getSlots'>> {
  return call('getSlots', input);
}
