import { waitlistOperations } from '#contract/agenda-waitlist.ts';
import type { OpInput } from '#contract/operations.ts';
import { registerOperations } from '../operation-table.ts';
import { opMutation, opQuery } from '../queries.ts';

/**
 * The waiting list (contract/agenda-waitlist.ts, reference service addition, docs/api.md#waiting-list): who waits for
 * an earlier or any time. Loaded with the areas that show it, never with the first page: the operations register
 * here (operation-table.ts). A real tenant without them answers 404: the caller says that this practice's server
 * does not offer a waiting list.
 */
registerOperations(waitlistOperations);

/** The entries (default: those still waiting), waiting ones by priority and age. */
export function waitlistQuery(input: OpInput<'getWaitlist'> = {}) {
  return opQuery('getWaitlist', input, { staleTime: 30_000 });
}

export function addWaitlistEntryMutation() {
  return opMutation('addWaitlistEntry', { invalidates: ['getWaitlist'], silent: true });
}

/** Changes only the fields sent; with ifVersion a colleague's change meanwhile answers 409 and nothing changes. */
export function modifyWaitlistEntryMutation() {
  return opMutation('modifyWaitlistEntry', { invalidates: ['getWaitlist'], silent: true });
}
