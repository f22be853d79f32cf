import type { OpInput } from '../../../contract/operations.ts';
import { opMutation } from '../../api/queries.ts';

export type LaborUploadInput = OpInput<'laborUpload'>;

/**
 * One file to laborUpload. Status 200 resolves; 400 and 500 reject with an ApiError whose envelopeStatus is that
 * number and whose msg is the service's. An accepted HL7 message adds to a patient's history, so the history
 * queries (`hx`) are refreshed.
 */
export function laborUploadMutation() {
  return opMutation('laborUpload', {
    input: (input: LaborUploadInput) => input,
    // Each file shows its own answer in the list: no global notification.
    invalidates: ['getPatientHistory'],
    silent: true,
  });
}
