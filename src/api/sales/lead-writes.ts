import type { OpInput } from '../../../contract/operations.ts';
import { type Lead, MSG, type UpdateLeadInput } from '../../../contract/sales.ts';
import { call, isApiError } from '../client.ts';
import { type MutationHandlers, opComposedQuery, opMutation, opScope } from '../queries.ts';

/**
 * The sales area's writes of a lead (folder, disqualification, conversion, deletion, assignment, creation, data,
 * patient link). Each names what it makes stale; the board adds its optimistic moves through `MutationHandlers`.
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

export function createLeadMutation() {
  return opMutation('createLead', {
    input: (input: OpInput<'createLead'>) => input,
    invalidates: ['getLeads', 'getLeadStats'],
    silent: true,
  });
}

export function linkPatientMutation(leadId: number) {
  return opMutation('linkLeadToPatient', {
    input: (patid: number) => ({ leadId, patid }),
    invalidates: ['getLeads', opScope('getLeadHistory', { leadId }), 'getLeadStats'],
    silent: true,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// A lead's data through sales/updateLead, an addition of the reference service (extensions.md section 4,
// docs/decisions/0015-update-lead.md). A real tenant may not have it: then the data stays read-only.

/** The operation is missing on this tenant: a 404 that is not about the lead. */
export function isUpdateMissing(error: unknown): boolean {
  return (
    isApiError(error) && error.kind === 'http' && error.httpStatus === 404 && error.msg !== MSG.leadNotFound
  );
}

/**
 * Whether the tenant can change this lead's data. An updateLead with nothing but the leadId changes nothing and
 * writes no history (only the fields sent change), so it is a safe question to ask the service.
 */
export function canUpdateLeadQuery(leadId: number) {
  return opComposedQuery(
    'updateLead',
    { leadId },
    'available',
    async (input, signal) => {
      try {
        await call('updateLead', input, { signal });
        return true;
      } catch (e) {
        if (isUpdateMissing(e)) return false;
        throw e;
      }
    },
    { staleTime: Number.POSITIVE_INFINITY, retry: false },
  );
}

/** The groups the caller merged over the lead as read just now (read, compare, write: details/data-form). */
export function updateLeadMutation(leadId: number) {
  return opMutation<'updateLead', Omit<UpdateLeadInput, 'leadId'>>('updateLead', {
    input: (vars) => ({ ...vars, leadId }),
    invalidates: ['getLeads', opScope('getLeadHistory', { leadId })],
    silent: true,
  });
}
