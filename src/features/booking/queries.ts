import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { OpInput } from '../../../contract/operations.ts';
import type { Patient } from '../../../contract/system.ts';
import { call } from '../../api/client.ts';
import { type PatientCriteria, toSearchInput } from '../../components/patient-search.tsx';

/** Queries and mutations of the booking wizard; keys `[area, op, input]`, shared with the other areas' caches. */

export function servicesQuery() {
  return queryOptions({
    queryKey: ['booking', 'getServices', {}] as const,
    queryFn: ({ signal }) => call('getServices', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Active practitioners (getProviders without getall). */
export function providersQuery() {
  return queryOptions({
    queryKey: ['system', 'getProviders', {}] as const,
    queryFn: ({ signal }) => call('getProviders', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export type SlotsInput = OpInput<'getSlots'> & { serviceid: number };

export function slotsQuery(input: SlotsInput) {
  return queryOptions({
    queryKey: ['booking', 'getSlots', input] as const,
    queryFn: ({ signal }) => call('getSlots', input, { signal }),
    // Free slots go quickly: never older than a minute.
    staleTime: 60_000,
  });
}

/** The same key and answer as the agenda's list of calendars. */
export function calendarsQuery() {
  return queryOptions({
    queryKey: ['agenda', 'getCalendars', {}] as const,
    queryFn: ({ signal }) => call('getCalendars', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function customerQuery(patid: number) {
  return queryOptions({
    queryKey: ['system', 'getCustomerById', { patid }] as const,
    queryFn: ({ signal }) => call('getCustomerById', { patid }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export const PATIENT_HITS = 20;

/** searchPatients with only its allowed fields (it refuses any other). */
export function patientSearchQuery(criteria: PatientCriteria) {
  const input = toSearchInput(criteria, { limit: PATIENT_HITS });
  return queryOptions({
    queryKey: ['system', 'searchPatients', input] as const,
    // The searchPatients envelope: `call` answers {items, msg} (the same shape under this key everywhere).
    queryFn: async ({ signal }) =>
      (await call('searchPatients', input, { signal })) as unknown as { items: Patient[]; msg: string },
  });
}

export function createCustomerMutation() {
  return mutationOptions({
    mutationKey: ['system', 'createCustomer'],
    mutationFn: (input: OpInput<'createCustomer'>) => call('createCustomer', input),
    meta: { invalidates: [['system', 'searchPatients']], silent: true },
  });
}

export function createAppointmentMutation() {
  return mutationOptions({
    mutationKey: ['agenda', 'createAppointment'],
    mutationFn: (input: OpInput<'createAppointment'>) => call('createAppointment', input),
    meta: {
      invalidates: [
        ['booking', 'getSlots'],
        ['agenda', 'getAppointments'],
      ],
      silent: true,
    },
  });
}
