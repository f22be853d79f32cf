import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { birthDay, nameText } from '#components/field-rules.ts';
import { limitedText } from '#contract/common.ts';
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
import { checkLeadAddress, hasIdentifyingField } from '../new-lead/schema.ts';

// ---------------------------------------------------------------------------------------------------------------
// The form: the groups the Data tab edits, from the contract's schemas. Form-only shapes: gender and dob as strings.

const mailText = z.string().refine((v) => v.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()), {
  error: 'newLead.err.mail',
});

const fields = updateLeadInput.pick({ what: true }).extend({
  what: limitedText(),
  contact: leadContactInput.pick({ salutation: true, title: true }).extend({
    firstname: nameText(),
    lastname: nameText(),
    gender: z.enum(leadGenders),
    dob: birthDay('newLead.err.dob'),
  }),
  address: leadAddressInput,
  communication: leadCommunicationInput.extend({ mail: mailText, mail2: mailText }),
  insurance: leadInsuranceInput,
});

export const leadDataSchema = fields.superRefine((v, ctx) => {
  checkLeadAddress(v.address, ctx);
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

/** One field of the form: its path (`contact.lastname`) and its value there. */
export interface LeadDataClash {
  path: string;
  /** What the person typed. */
  mine: string;
  /** What the lead holds now (somebody else's change). */
  theirs: string;
}

const formGroups = ['contact', 'address', 'communication', 'insurance'] as const;

/** Every field of the form as path -> trimmed value. */
function flat(v: LeadDataValues): Map<string, string> {
  const out = new Map<string, string>([['what', v.what.trim()]]);
  for (const g of formGroups)
    for (const [k, value] of Object.entries(v[g])) out.set(`${g}.${k}`, String(value ?? '').trim());
  return out;
}

/** The fields the person changed against the lead the form started from (dirty by value, not by keystroke). */
export function dirtyAgainst(base: Lead, v: LeadDataValues): LeadDataDirty {
  const before = flat(leadDataValues(base));
  const dirty: Record<string, boolean | Record<string, boolean>> = {};
  for (const [path, value] of flat(v)) {
    if (before.get(path) === value) continue;
    const [g, k] = path.split('.');
    if (k === undefined) dirty[g] = true;
    else dirty[g] = { ...(dirty[g] as Record<string, boolean> | undefined), [k]: true };
  }
  return dirty as LeadDataDirty;
}

/**
 * After a refused write (409): the fields the person changed that somebody else changed meanwhile to another
 * value. Empty: writing the person's changes over the lead as it is now loses nothing.
 */
export function leadDataClashes(base: Lead, fresh: Lead, v: LeadDataValues): LeadDataClash[] {
  const was = flat(leadDataValues(base));
  const now = flat(leadDataValues(fresh));
  const out: LeadDataClash[] = [];
  for (const [path, mine] of flat(v)) {
    const before = was.get(path) ?? '';
    const theirs = now.get(path) ?? '';
    if (mine !== before && theirs !== before && theirs !== mine) out.push({ path, mine, theirs });
  }
  return out;
}

/** The form paths of a dirty map (`contact.lastname`, `what`). */
export function changedPaths(dirty: LeadDataDirty): Path<LeadDataValues>[] {
  const out: string[] = [];
  for (const [g, v] of Object.entries(dirty)) {
    if (v === true) out.push(g);
    else if (v && typeof v === 'object')
      for (const [k, on] of Object.entries(v)) if (on) out.push(`${g}.${k}`);
  }
  return out as Path<LeadDataValues>[];
}
