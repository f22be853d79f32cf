import type { OpInput } from '../../../contract/operations.ts';
import { opMutation, opQuery } from '../../api/queries.ts';

/** Queries and mutations of the booking screen, from the query layer (`api/queries.ts`). */

export { customerQuery } from '../../api/queries.ts';

export function servicesQuery() {
  return opQuery('getServices', {});
}

/** Active practitioners (getProviders without getall). */
export function providersQuery() {
  return opQuery('getProviders', {});
}

export type SlotsInput = OpInput<'getSlots'> & { serviceid: number };

export function slotsQuery(input: SlotsInput) {
  // Free slots go quickly: never older than a minute.
  return opQuery('getSlots', input, { staleTime: 60_000 });
}

/** The same query as the agenda's list of calendars. */
export function calendarsQuery() {
  return opQuery('getCalendars', {});
}

export function createAppointmentMutation() {
  return opMutation('createAppointment', { invalidates: ['getSlots', 'getAppointments'], silent: true });
}
