import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Recall } from '../../../contract/recall.ts';
import { call, isApiError } from '../../api/client.ts';
import { type RecallFilters, toGetRecallsInput } from './filters.ts';
import { type CreateRecallBody, type RecallDraft, toModifyInput } from './recall-form.ts';

export const recallKeys = {
  all: ['recall', 'getRecalls'] as const,
};

/**
 * An instance without the getRecalls fix ends the operation in a fatal error: HTTP 500 and no JSON
 * (practice-api.md getRecalls). The client reports such an answer as kind http, status 500, without envelope.
 */
export function isRecallsBroken(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    error.httpStatus === 500 &&
    error.envelopeStatus === undefined
  );
}

/** Retrying cannot help an instance without the fix; other failures get the usual retries. */
function retry(count: number, error: unknown): boolean {
  if (isRecallsBroken(error)) return false;
  return count < 2 && isApiError(error) && (error.kind === 'network' || error.httpStatus >= 500);
}

export function recallsQuery(filters: RecallFilters) {
  const input = toGetRecallsInput(filters);
  return queryOptions({
    queryKey: [...recallKeys.all, input] as const,
    queryFn: ({ signal }) => call('getRecalls', input, { signal }),
    retry,
  });
}

/** The templates (preset 1), to start a new recall from. */
export function templatesQuery() {
  const input = { preset: 1 } as const;
  return queryOptions({
    queryKey: [...recallKeys.all, input] as const,
    queryFn: ({ signal }) => call('getRecalls', input, { signal }),
    retry,
    staleTime: 5 * 60_000,
  });
}

/** Practitioners (inactive ones too: old recalls keep them) for the practitioner filter. */
export function providersQuery() {
  const input = { getall: 1 } as const;
  return queryOptions({
    queryKey: ['system', 'getProviders', input] as const,
    queryFn: ({ signal }) => call('getProviders', input, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function patientQuery(patid: number) {
  const input = { patid };
  return queryOptions({
    queryKey: ['system', 'getCustomerById', input] as const,
    queryFn: ({ signal }) => call('getCustomerById', input, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function createRecallMutation() {
  return mutationOptions({
    mutationKey: ['recall', 'createRecall'],
    mutationFn: (input: CreateRecallBody) => call('createRecall', input),
    meta: { invalidates: [recallKeys.all], silent: true },
  });
}

export interface SaveRecallVariables {
  /** The record as the user started editing it. */
  original: Recall;
  /** The complete form. */
  draft: RecallDraft;
  preset: 0 | 1;
}

/**
 * modifyRecall overwrites the whole record: the freshest copy is read first (getRecalls of the patient, or the
 * templates), the user's changes are laid over it, and the complete record is written.
 */
export async function saveRecall({ original, draft, preset }: SaveRecallVariables) {
  let fresh: Recall | undefined;
  try {
    const list = await call('getRecalls', preset === 1 ? { preset: 1 } : { patid: original.patid });
    fresh = list.find((r) => r.id === original.id);
  } catch {
    // Without a fresh copy the record as listed is the base: still complete.
    fresh = undefined;
  }
  return call('modifyRecall', toModifyInput(original, draft, fresh, preset));
}

export function modifyRecallMutation() {
  return mutationOptions({
    mutationKey: ['recall', 'modifyRecall'],
    mutationFn: saveRecall,
    meta: { invalidates: [recallKeys.all], silent: true },
  });
}
