import { absenceOperations } from '#contract/agenda-absences.ts';
import type { OpInput } from '#contract/operations.ts';
import { registerOperations } from '../operation-table.ts';
import { opMutation, opQuery } from '../queries.ts';

/**
 * The practice's closed time (contract/agenda-absences.ts, reference service addition, docs/api.md#absences): the
 * canton's public holidays and the absences entered. Loaded with the areas that show it (agenda, booking, Today's
 * gaps), never with the first page: the operations register here (operation-table.ts).
 * A real tenant without these operations answers 404: the caller says that this practice's server does not offer them.
 */
registerOperations(absenceOperations);

/** Holidays and absences from..until (days, both included); with provider only what closes that practitioner. */
export function absencesQuery(input: OpInput<'getAbsences'>) {
  return opQuery('getAbsences', input, { staleTime: 60_000 });
}

/** What closing time makes stale: the lists of closed time and booking's free times. */
const closedTimeWrites = ['getAbsences', 'getSlots'] as const;

export function createAbsenceMutation() {
  return opMutation('createAbsence', { invalidates: closedTimeWrites, silent: true });
}

export function deleteAbsenceMutation() {
  return opMutation('deleteAbsence', { invalidates: closedTimeWrites, silent: true });
}
