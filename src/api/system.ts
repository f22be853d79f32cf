import type { CreateCustomerInput } from '../../contract/system.ts';
import { opMutation } from './queries.ts';

/**
 * The mutations of the contract's system area that the app sends (DESIGN: one place per operation). Queries of the
 * area that several features read (customerQuery) are in queries.ts for now.
 */

/** createCustomer, sent only by the one new-patient dialog (components/new-patient/). */
export function createCustomerMutation() {
  return opMutation('createCustomer', {
    input: (input: CreateCustomerInput) => input,
    invalidates: ['searchPatients'],
    silent: true,
  });
}

/** updateCustomer (extensions.md §4): the patient's record, its search hits, its history (a Data entry), recalls. */
export function updateCustomerMutation() {
  return opMutation('updateCustomer', {
    invalidates: ['getCustomerById', 'searchPatients', 'getPatientHistory', 'getRecalls'],
    silent: true,
  });
}
