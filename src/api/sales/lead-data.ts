import type { OpInput } from '#contract/operations.ts';
import { MSG, type UpdateLeadInput } from '#contract/sales.ts';
import { call, isApiError } from '../client.ts';
import { opComposedQuery, opMutation, opScope } from '../queries.ts';
import './operations.ts';

/** The sales area's writes of the details page and the new-lead form: a new lead, its data, its patient. */

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
// A lead's data through sales/updateLead, an addition of the reference service (docs/api.md#additions,
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

/**
 * updateLead refused the write: the lead changed since the version it was based on (HTTP 409,
 * docs/api.md#versions). Nothing was written; the caller reads the lead again and asks.
 */
export function leadChangedMeanwhile(error: unknown): boolean {
  return (
    isApiError(error) && error.kind === 'http' && error.httpStatus === 409 && error.msg === MSG.leadChanged
  );
}

/**
 * The groups the caller merged over the lead: with `ifVersion` (the lead's `version` the form started from) when
 * the tenant gives versions, else over the lead as read just now (read, compare, write: details/data-form).
 */
export function updateLeadMutation(leadId: number) {
  return opMutation<'updateLead', Omit<UpdateLeadInput, 'leadId'>>('updateLead', {
    input: (vars) => ({ ...vars, leadId }),
    invalidates: ['getLeads', opScope('getLeadHistory', { leadId })],
    silent: true,
  });
}
