import { opQuery } from './queries.ts';

/**
 * The practice's bookable services (booking/getServices): what the booking screen offers, and what the agenda's
 * new-appointment dialog takes its duration from. One factory, so that both read the same cache entry.
 */
export function servicesQuery() {
  return opQuery('getServices', {});
}
