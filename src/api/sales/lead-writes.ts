import type { Lead } from '#contract/sales.ts';
import { type MutationHandlers, opMutation } from '../queries.ts';
import './operations.ts';

/**
 * The sales area's writes that the board sends itself (a card's folder, a bulk folder, a restore): its first load
 * imports this module. Each names what it makes stale; the board adds its optimistic moves through
 * `MutationHandlers`. What the lead dialogs write is in lead-actions.ts, what the details page and the new-lead form
 * write in lead-data.ts: both load later.
 */

/** Everything a move changes (the board, the lead, its timeline, the statistics). */
export const moveInvalidates = ['getLeads', 'getLeadHistory', 'getLeadStats'] as const;

export interface MoveVariables {
  lead: Lead;
  folderId: number;
}

/**
 * setLeadFolder. Not `invalidates`: the board moves the card in the cache at once and refetches the lists itself
 * once no other move is under way (a refetch after each move would put cards back that are still on their way).
 */
export function setLeadFolderMutation<TContext>(optimistic: MutationHandlers<MoveVariables, TContext>) {
  return opMutation<'setLeadFolder', MoveVariables, TContext>('setLeadFolder', {
    input: ({ lead, folderId }) => ({ leadId: lead.leadId, folderId }),
    ...optimistic,
  });
}

/** `silent`: the caller shows the refusal itself (the details page does; the board leaves it to the app). */
export function restoreLeadMutation({ silent = false }: { silent?: boolean } = {}) {
  return opMutation('restoreLead', {
    input: (leadId: number) => ({ leadId }),
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks', 'getAdmissions'],
    silent,
  });
}

export function bulkSetFolderMutation() {
  return opMutation('bulkSetFolder', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats'],
    silent: true,
  });
}
