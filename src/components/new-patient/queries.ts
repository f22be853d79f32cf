import type { CreateCustomerInput } from '../../../contract/system.ts';
import { opMutation } from '../../api/queries.ts';

/** createCustomer, for the one new-patient dialog (every place that creates a patient uses that dialog). */
export function createCustomerMutation() {
  return opMutation('createCustomer', {
    input: (input: CreateCustomerInput) => input,
    invalidates: ['searchPatients'],
    silent: true,
  });
}
