import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';

/**
 * What names a number on screen: a patient by patid, a practitioner by userid. Cached per patient (the same key as
 * the patient page's record, so one fetch serves both) and kept for a while: names rarely change.
 */

export function customerByIdQuery(patid: number) {
  const input = { patid };
  return queryOptions({
    queryKey: ['system', 'getCustomerById', input] as const,
    queryFn: ({ signal }) => call('getCustomerById', input, { signal }),
    staleTime: 5 * 60_000,
    enabled: patid > 0,
  });
}

/** Every practitioner, inactive ones too: a service or an old appointment may still name one who left. */
export function allProvidersQuery() {
  const input = { getall: 1 as const };
  return queryOptions({
    queryKey: ['system', 'getProviders', input] as const,
    queryFn: ({ signal }) => call('getProviders', input, { signal }),
    staleTime: 5 * 60_000,
  });
}
