import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { laborOperations } from '#contract/labor.ts';
import type { OpInput } from '#contract/operations.ts';
import { call } from './client.ts';
import { registerOperations } from './operation-table.ts';
import { opMutation } from './queries.ts';

/** The contract's labor area (contract/labor.ts, server/service/labor/): one lab file to laborUpload. */
// Its operations come to the client with this module, never with a first page (operation-table.ts, issue 38).
registerOperations(laborOperations);

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

/**
 * Sends one file: through the app's mutation cache when there is one (which refreshes what an accepted file
 * changes, even after the lab page was left), else straight to the service.
 */
export function uploadLabFile(client: QueryClient | null, input: LaborUploadInput) {
  if (client) return new MutationObserver(client, laborUploadMutation()).mutate(input);
  return call('laborUpload', input);
}
