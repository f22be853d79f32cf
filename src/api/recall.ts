import type { QueryClient } from '@tanstack/react-query';
import type { OpInput } from '#contract/operations.ts';
import { type Recall, recallOperations } from '#contract/recall.ts';
import { call, isApiError } from './client.ts';
import { registerOperations } from './operation-table.ts';
import { opMutation, opQuery, scopeOf } from './queries.ts';

/**
 * The contract's recall area (contract/recall.ts, server/service/recall/): the recall list, the patient page's recalls and
 * the recall dialog read and write through these.
 */
// Its operations come to the client with this module, never with a first page (operation-table.ts, issue 38).
registerOperations(recallOperations);

/**
 * An instance without the getRecalls fix ends the operation in a fatal error: HTTP 500 and no JSON
 * (docs/api.md#recall). The client reports such an answer as kind http, status 500, without envelope.
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

/** Recalls for the input (the list's filters, or one patient's); the list reshapes in `select`. */
export function recallsQuery(input: OpInput<'getRecalls'>) {
  return opQuery('getRecalls', input, { retry });
}

/** The templates (preset 1), to start a new recall from. */
export function templatesQuery() {
  return opQuery('getRecalls', { preset: 1 }, { retry, staleTime: 5 * 60_000 });
}

export function createRecallMutation() {
  return opMutation('createRecall', {
    input: (input: OpInput<'createRecall'>) => input,
    invalidates: ['getRecalls'],
    silent: true,
  });
}

/** `09:00` and `09:00:00` are the same time. */
const withSeconds = (v: string) => (v.trim().length === 16 ? `${v.trim()}:00` : v.trim());

/**
 * The recall a createRecall asked for, when the service (never the cache) has it already (create once, decision
 * 0040): of the same patient (or among the templates), with the same title, due date-time, way and text; the newest
 * such one. What createRecall would have answered; the recall lists are read again then.
 */
export async function findCreatedRecall(
  client: QueryClient,
  sent: OpInput<'createRecall'>,
): Promise<{ recallId: number } | undefined> {
  const list = await call('getRecalls', sent.preset === 1 ? { preset: 1 } : { patid: sent.patid });
  const hits = list.filter(
    (r) =>
      r.patid === sent.patid &&
      r.title.trim() === sent.title.trim() &&
      r.recallDate === withSeconds(sent.nextRecall) &&
      r.recallType === sent.recallType &&
      r.recallText.trim() === (sent.recallText ?? '').trim(),
  );
  if (hits.length === 0) return undefined;
  await client.invalidateQueries({ queryKey: scopeOf('getRecalls') });
  return { recallId: Math.max(...hits.map((r) => r.id)) };
}

/** What a save starts from: the record as the user started editing it. */
export interface RecallEdit {
  original: Recall;
  preset: 0 | 1;
}

/**
 * modifyRecall overwrites the whole record: the freshest copy is read first (getRecalls of the patient, or the
 * templates), `merge` lays the user's changes over it (undefined when it could not be read: then the record as
 * listed is the base, still complete), and the complete record is written.
 */
export async function saveRecall<TVars extends RecallEdit>(
  vars: TVars,
  merge: (vars: TVars, fresh: Recall | undefined) => OpInput<'modifyRecall'>,
) {
  let fresh: Recall | undefined;
  try {
    const list = await call('getRecalls', vars.preset === 1 ? { preset: 1 } : { patid: vars.original.patid });
    fresh = list.find((r) => r.id === vars.original.id);
  } catch {
    fresh = undefined;
  }
  return call('modifyRecall', merge(vars, fresh));
}

export function modifyRecallMutation<TVars extends RecallEdit>(
  merge: (vars: TVars, fresh: Recall | undefined) => OpInput<'modifyRecall'>,
) {
  return opMutation('modifyRecall', {
    run: (vars: TVars) => saveRecall(vars, merge),
    invalidates: ['getRecalls'],
    silent: true,
  });
}
