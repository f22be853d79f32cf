import { mutationOptions } from '@tanstack/react-query';
import type { OpInput } from '../../../contract/operations.ts';
import { call } from '../../api/client.ts';

export type LaborUploadInput = OpInput<'laborUpload'>;

/**
 * One file to laborUpload. Status 200 resolves; 400 and 500 reject with an ApiError whose envelopeStatus is that
 * number and whose msg is the service's. An accepted HL7 message adds to a patient's history, so the history
 * queries (`hx`) are refreshed.
 */
export function laborUploadMutation() {
  return mutationOptions({
    mutationKey: ['labor', 'laborUpload'],
    mutationFn: (input: LaborUploadInput) => call('laborUpload', input),
    // Each file shows its own answer in the list: no global notification.
    meta: { invalidates: [['hx']], silent: true },
  });
}
