import type { Lead } from '../../../contract/sales.ts';
import { call } from '../client.ts';
import { type MutationHandlers, opMutation } from '../queries.ts';

/**
 * The sales area's writes of the board and its dialogs (folder, disqualification, conversion, deletion, restore,
 * assignment). Each names what it makes stale; the board adds its optimistic moves through `MutationHandlers`.
 * What only the details page and the new-lead form write is in lead-data.ts, out of the board's first load.
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

export interface Disqualification {
  leadId: number;
  reasonCode: string;
  /** The text that the reason "Other" asks for, written as a note right after (one action for the user). */
  note?: string;
}

/** disqualifyLead, then its note when there is one. */
export function disqualifyLeadMutation() {
  return opMutation('disqualifyLead', {
    run: async ({ leadId, reasonCode, note }: Disqualification) => {
      await call('disqualifyLead', { leadId, reasonCode });
      if (note) await call('addLeadNote', { leadId, text: note });
      return null;
    },
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks'],
    silent: true,
  });
}

export function convertLeadMutation() {
  return opMutation('convertLead', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'searchPatients'],
    silent: true,
  });
}

export function deleteLeadMutation() {
  return opMutation('deleteLead', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks', 'getAdmissions'],
    silent: true,
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

export function bulkAssignMutation() {
  return opMutation('bulkAssign', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks'],
    silent: true,
  });
}

export function bulkSetFolderMutation() {
  return opMutation('bulkSetFolder', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats'],
    silent: true,
  });
}
