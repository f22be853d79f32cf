import { z } from 'zod';
import { isRealDate } from '#contract/common.ts';
import {
  type Lead,
  leadAddressInput,
  leadCommunicationInput,
  leadContactInput,
  leadGenders,
  leadInsuranceInput,
  MSG,
  type UpdateLeadInput,
  updateLeadInput,
} from '#contract/sales.ts';
import { hasIdentifyingField } from '../new-lead/schema.ts';

// ---------------------------------------------------------------------------------------------------------------
// The form: the groups the Data tab edits, from the contract's schemas. Form-only shapes: gender and dob as strings.

const mailText = z.string().refine((v) => v.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()), {
  error: 'newLead.err.mail',
});

const fields = updateLeadInput.pick({ what: true }).extend({
  what: z.string(),
  contact: leadContactInput.pick({ salutation: true, title: true, firstname: true, lastname: true }).extend({
    gender: z.enum(leadGenders),
    dob: z.string().refine((v) => v === '' || isRealDate(v), { error: 'newLead.err.dob' }),
  }),
  address: leadAddressInput,
  communication: leadCommunicationInput.extend({ mail: mailText, mail2: mailText }),
  insurance: leadInsuranceInput,
});

export const leadDataSchema = fields.superRefine((v, ctx) => {
  if (!hasIdentifyingField(v))
    ctx.addIssue({ code: 'custom', message: MSG.identifying, path: ['identifying'] });
});

export type LeadDataValues = z.input<typeof fields>;
export type LeadDataOutput = z.output<typeof fields>;

const gender = (g: string): LeadDataValues['contact']['gender'] =>
  (leadGenders as readonly string[]).includes(g) ? (g as LeadDataValues['contact']['gender']) : '';

/** The form's values from the lead as read. */
export function leadDataValues(lead: Lead): LeadDataValues {
  const c = lead.contact;
  return {
    what: lead.what,
    contact: {
      salutation: c.salutation,
      title: c.title,
      firstname: c.firstname,
      lastname: c.lastname,
      gender: gender(c.gender),
      dob: c.dob ?? '',
    },
    address: { ...lead.address },
    communication: { ...lead.communication },
    insurance: { ...lead.insurance },
  };
}

/** Which fields of the form the user changed (react-hook-form's dirtyFields). */
export type LeadDataDirty = {
  what?: boolean;
  contact?: Partial<Record<keyof LeadDataValues['contact'], boolean>>;
  address?: Partial<Record<keyof LeadDataValues['address'], boolean>>;
  communication?: Partial<Record<keyof LeadDataValues['communication'], boolean>>;
  insurance?: Partial<Record<keyof LeadDataValues['insurance'], boolean>>;
};

/** The changed fields of one group, trimmed. */
function changed<T extends Record<string, unknown>>(
  values: T,
  dirty: Partial<Record<keyof T, boolean>> = {},
) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values))
    if (dirty[k as keyof T]) out[k] = typeof v === 'string' ? v.trim() : v;
  return out;
}

/**
 * Read, merge, write: the groups shown, whole, from the lead as read just now with the fields the user changed
 * over it. What someone else changed meanwhile in a field this user did not touch is kept.
 */
export function mergeLeadData(
  fresh: Lead,
  v: LeadDataOutput,
  dirty: LeadDataDirty,
): Omit<UpdateLeadInput, 'leadId'> {
  const contact: Record<string, unknown> = { ...fresh.contact, ...changed(v.contact, dirty.contact) };
  if (contact.dob === '') contact.dob = null;
  if (!(leadGenders as readonly string[]).includes(String(contact.gender))) contact.gender = '';
  return {
    what: dirty.what ? v.what.trim() : fresh.what,
    contact: contact as UpdateLeadInput['contact'],
    address: { ...fresh.address, ...changed(v.address, dirty.address) },
    communication: { ...fresh.communication, ...changed(v.communication, dirty.communication) },
    insurance: { ...fresh.insurance, ...changed(v.insurance, dirty.insurance) },
  };
}
