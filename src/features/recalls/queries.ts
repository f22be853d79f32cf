import type { Recall } from '../../../contract/recall.ts';
import { call, isApiError } from '../../api/client.ts';
import { opMutation, opQuery } from '../../api/queries.ts';
import { dueFirst } from './due.ts';
import { type CreateRecallBody, type RecallDraft, toModifyInput } from './recall-form.ts';
import { type RecallFilters, type RecallView, toGetRecallsInput } from './url-state.ts';

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

/** One select function per day: a stable reference lets the query keep its reshaped list between renders. */
let dueSelect: { today: string; select: (list: Recall[]) => Recall[] } | null = null;

function selectDue(today: string) {
  if (dueSelect?.today !== today) dueSelect = { today, select: (list) => dueFirst(list, today) };
  return dueSelect.select;
}

/**
 * The list for the filters; the `due` view is the same answer reshaped (one round trip, one key): failed first,
 * then due this week, then overdue (due.ts). Templates are never due: their list stays as the service sends it.
 */
export function recallsQuery(filters: RecallFilters, view: RecallView = 'all', today = '') {
  const due = view === 'due' && !filters.templates;
  return opQuery('getRecalls', toGetRecallsInput(filters), {
    retry,
    select: due ? selectDue(today) : undefined,
  });
}

/** The templates (preset 1), to start a new recall from. */
export function templatesQuery() {
  return opQuery('getRecalls', { preset: 1 }, { retry, staleTime: 5 * 60_000 });
}

/** Practitioners (inactive ones too: old recalls keep them) for the practitioner filter. */
export function providersQuery() {
  return opQuery('getProviders', { getall: 1 });
}

export { customerQuery as patientQuery } from '../../api/queries.ts';

export function createRecallMutation() {
  return opMutation('createRecall', {
    input: (input: CreateRecallBody) => input,
    invalidates: ['getRecalls'],
    silent: true,
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
  return opMutation('modifyRecall', { run: saveRecall, invalidates: ['getRecalls'], silent: true });
}
