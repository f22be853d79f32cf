import { opMutation, opQuery } from '../../api/queries.ts';

/** Queries and mutations of the booking screen, from the query layer (`api/queries.ts`). */

export { servicesQuery, slotsQuery } from '../../api/booking.ts';
export { customerQuery } from '../../api/queries.ts';

/** Active practitioners (getProviders without getall). */
export function providersQuery() {
  return opQuery('getProviders', {});
}

/** The same query as the agenda's list of calendars. */
export function calendarsQuery() {
  return opQuery('getCalendars', {});
}

export function createAppointmentMutation() {
  return opMutation('createAppointment', { invalidates: ['getSlots', 'getAppointments'], silent: true });
}
