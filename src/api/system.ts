import type { QueryClient } from '@tanstack/react-query';
import type { OpInput } from '#contract/operations.ts';
import { type CreateCustomerInput, updateCustomerMessages } from '#contract/system.ts';
import { call, isApiError } from './client.ts';
import { opMutation, opQuery, scopeOf } from './queries.ts';

/**
 * The contract's system area (contract/system.ts, server/service/system/): every query and mutation factory of it, once.
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

/** What tells a new patient from others: name and date of birth (YYYY-MM-DD), as createCustomer was sent them. */
export interface NewPatient {
  lastname?: string;
  firstname?: string;
  dob?: string;
}

const same = (a: string, b: string | undefined) => a.trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The patient a createCustomer asked for, when the service (never the cache) has one already: the newest record
 * with that last and first name and date of birth, none of `known` (the records that were there before: the ones
 * the duplicate check showed). What createCustomer would have answered; its search hits are read again then.
 * Without a name and a date of birth there is nothing to tell the record by: undefined.
 */
export async function findCreatedPatient(
  client: QueryClient,
  sent: NewPatient,
  known: readonly number[] = [],
): Promise<{ id: number } | undefined> {
  const { lastname, dob } = sent;
  if (!lastname?.trim() || !dob?.trim()) return undefined;
  const { items } = await call('searchPatients', { lastname: lastname.trim(), dob: dob.trim(), limit: 100 });
  const hits = items.filter(
    (p) =>
      !known.includes(p.patid) &&
      p.dob === dob.trim() &&
      same(p.lastname, lastname) &&
      same(p.firstname, sent.firstname),
  );
  if (hits.length === 0) return undefined;
  await client.invalidateQueries({ queryKey: scopeOf('searchPatients') });
  return { id: Math.max(...hits.map((p) => p.patid)) };
}

/**
 * updateCustomer refused the write: the patient changed since the version it was based on (HTTP 409,
 * docs/api.md#versions). Nothing was written; the caller reads the patient again and asks.
 */
export function patientChangedMeanwhile(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    error.httpStatus === 409 &&
    error.msg === updateCustomerMessages.changed
  );
}

/** updateCustomer (docs/api.md#patients): the patient's record, its search hits, its history (a Data entry), recalls. */
export function updateCustomerMutation() {
  return opMutation('updateCustomer', {
    invalidates: ['getCustomerById', 'searchPatients', 'getPatientHistory', 'getRecalls'],
    silent: true,
  });
}
