import type { OpInput } from '#contract/operations.ts';
import { type CreateCustomerInput, updateCustomerMessages } from '#contract/system.ts';
import { isApiError } from './client.ts';
import { opMutation, opQuery } from './queries.ts';

/**
 * The contract's system area (contract/system.ts, server/system/): every query and mutation factory of it, once.
 * Who is signed in and the practice's users (whoami, getUsers, with their fallback to getProviders) are in
 * system/people.ts, re-exported here.
 */

export {
  isMissingOperation,
  type Me,
  meQuery,
  type PracticeUser,
  userName,
  usersQuery,
  useUserName,
} from './system/people.ts';

/** One patient (names on hover, headings, the booking summary, the lab's identification). */
export function customerQuery(patid: number) {
  return opQuery('getCustomerById', { patid }, { enabled: patid > 0 });
}

/** Active practitioners (getProviders without getall): whom booking offers. */
export function providersQuery() {
  return opQuery('getProviders', {});
}

/** Every practitioner, inactive ones too (old recalls and exports keep them): one call, one cache entry. */
export function allProvidersQuery() {
  return opQuery('getProviders', { getall: 1 });
}

/**
 * searchPatients for an input built by the caller (components/patient-criteria.ts `toSearchInput` sends allowed
 * fields only). The caller adds `select`, `enabled` and, for a picker, a longer `staleTime`.
 */
export function searchPatientsQuery(input: OpInput<'searchPatients'>) {
  return opQuery('searchPatients', input);
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations. Each names what it makes stale.

/** createCustomer, sent only by the one new-patient dialog (components/new-patient/). */
export function createCustomerMutation() {
  return opMutation('createCustomer', {
    input: (input: CreateCustomerInput) => input,
    invalidates: ['searchPatients'],
    silent: true,
  });
}

/**
 * updateCustomer refused the write: the patient changed since the version it was based on (HTTP 409,
 * extensions.md section 4). Nothing was written; the caller reads the patient again and asks.
 */
export function patientChangedMeanwhile(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    error.httpStatus === 409 &&
    error.msg === updateCustomerMessages.changed
  );
}

/** updateCustomer (extensions.md §4): the patient's record, its search hits, its history (a Data entry), recalls. */
export function updateCustomerMutation() {
  return opMutation('updateCustomer', {
    invalidates: ['getCustomerById', 'searchPatients', 'getPatientHistory', 'getRecalls'],
    silent: true,
  });
}
