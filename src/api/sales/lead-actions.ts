import { call } from '../client.ts';
import { opMutation } from '../queries.ts';
import './operations.ts';

/**
 * The sales area's writes of the lead dialogs (disqualify, convert, delete, assign), which the board and the details
 * page load when they open one. Each names what it makes stale.
 */

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

export function bulkAssignMutation() {
  return opMutation('bulkAssign', {
    invalidates: ['getLeads', 'getLeadHistory', 'getLeadStats', 'getTasks'],
    silent: true,
  });
}
