import type { ParseKeys } from 'i18next';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { birthDay, nameText, postcodeRefusal } from '#components/field-rules.ts';
import type { ServerTarget } from '#components/server-error.ts';
import {
  type CreateLeadInput,
  createLeadFields,
  disqualifiedFolderIds,
  type Folder,
  leadAddressInput,
  leadCommunicationInput,
  leadContactInput,
  leadGenders,
  leadInsuranceInput,
  leadMedicalInput,
  MSG,
  MSG_FIELD,
} from '#contract/sales.ts';
import { fieldOfMessage } from '../details/messages.ts';

/**
 * The new-lead form: createLead's groups (contact, address, communication, medical, insurance) and pipeline
 * fields, taken from the contract's strict schema. Form-only shapes: selects and number fields hold strings,
 * an empty date is ''. Messages that start with `newLead.err.` are this form's own (keys of `leadDetails`,
 * translated by key); the others are the contract's exact texts.
 */

/** One of this form's own messages: a key of the lead page's strings, checked by tsc. */
const own = (key: ParseKeys<'leadDetails'> & `newLead.err.${string}`) => key;

const isDisqualified = (id: number) => (disqualifiedFolderIds as readonly number[]).includes(id);

/** Height / weight as typed: a number with `.` or `,` decimals, or nothing. */
const measureText = z.string().regex(/^\s*(\d+([.,]\d+)?)?\s*$/, { error: own('newLead.err.measure') });

const fields = createLeadFields.pick({ source: true, flags: true, what: true }).extend({
  address: leadAddressInput,
  insurance: leadInsuranceInput,
  ispatient: z.enum(['0', '1']),
  /** '' = the pipeline's default folder (1 or 11). */
  folderId: z
    .string()
    .regex(/^\d*$/)
    .refine((v) => v === '' || !isDisqualified(Number(v)), { error: MSG.disqualifyOnly }),
  /** '' = nobody. */
  assigneeId: z.string().regex(/^\d*$/),
  contact: leadContactInput.extend({
    // The names a lead is linked to a patient by (field-rules.ts); a date of birth as every birth date field reads one.
    firstname: nameText(),
    lastname: nameText(),
    gender: z.enum(leadGenders),
    dob: birthDay(own('newLead.err.dob')),
  }),
  communication: leadCommunicationInput.extend({
    mail: z.string().refine((v) => v.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()), {
      error: own('newLead.err.mail'),
    }),
  }),
  medical: leadMedicalInput
    .pick({ bloodType: true, job: true })
    .extend({ height: measureText, weight: measureText }),
});

/** The values the four identifying fields are read from. */
interface IdentifyingValues {
  contact?: { lastname?: string };
  communication?: { mail?: string; mobile?: string; phone?: string };
}

/** The address's rules across fields: the postcode of a Swiss address (field-rules.ts). */
export function checkLeadAddress(
  address: { zip?: string; country?: string; countryCode?: string },
  ctx: z.RefinementCtx,
): void {
  const refusal = postcodeRefusal(address);
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['address', 'zip'] });
}

/** createLead's rule: at least one of last name, mail, mobile, phone (not only blanks). */
export function hasIdentifyingField(v: IdentifyingValues): boolean {
  return [v.contact?.lastname, v.communication?.mail, v.communication?.mobile, v.communication?.phone].some(
    (s) => (s ?? '').trim() !== '',
  );
}

export const newLeadSchema = fields.superRefine((v, ctx) => {
  checkLeadAddress(v.address, ctx);
  if (!hasIdentifyingField(v))
    ctx.addIssue({ code: 'custom', message: MSG.identifying, path: ['identifying'] });
});

export type NewLeadValues = z.input<typeof fields>;
export type NewLeadOutput = z.output<typeof fields>;

export const emptyNewLead: NewLeadValues = {
  ispatient: '1',
  folderId: '',
  source: '',
  assigneeId: '',
  flags: [],
  what: '',
  contact: {
    salutation: '',
    title: '',
    firstname: '',
    lastname: '',
    alias: '',
    gender: '',
    dob: '',
    civilStatus: '',
    nationality: '',
  },
  address: { street: '', zip: '', city: '', country: '', countryCode: '' },
  communication: { mail: '', mail2: '', phone: '', phone2: '', mobile: '', mobile2: '' },
  medical: { bloodType: '', height: '', weight: '', job: '' },
  insurance: { kvg: '', kvgPoliceNr: '', vvg: '', payerType: '' },
};

const groups = ['contact', 'address', 'communication', 'medical', 'insurance'] as const;
const scalars = ['ispatient', 'folderId', 'source', 'assigneeId', 'what'] as const;

/** Every field path of the form (`contact.lastname`, `folderId`, `flags`). */
export const newLeadPaths: readonly string[] = [
  ...scalars,
  'flags',
  ...groups.flatMap((g) => Object.keys(emptyNewLead[g] ?? {}).map((k) => `${g}.${k}`)),
];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A stored draft as form values: only the form's own keys and only strings (and the flags' string list), the rest
 * from the empty form. Whatever else the storage holds is dropped, so an old or tampered draft cannot break it.
 */
export function mergeIntoEmpty(stored: unknown): NewLeadValues {
  const src = isRecord(stored) ? stored : {};
  const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const out: NewLeadValues = structuredClone(emptyNewLead);
  out.ispatient = src.ispatient === '0' ? '0' : '1';
  out.folderId = /^\d*$/.test(str(src.folderId, '')) ? str(src.folderId, '') : '';
  out.source = str(src.source, '');
  out.assigneeId = /^\d*$/.test(str(src.assigneeId, '')) ? str(src.assigneeId, '') : '';
  out.what = str(src.what, '');
  out.flags = Array.isArray(src.flags) ? src.flags.filter((f): f is string => typeof f === 'string') : [];
  for (const g of groups) {
    const from = isRecord(src[g]) ? (src[g] as Record<string, unknown>) : {};
    const target = out[g] as Record<string, string>;
    for (const k of Object.keys(target)) target[k] = str(from[k], target[k]);
  }
  const gender = out.contact.gender;
  if (!(leadGenders as readonly string[]).includes(gender ?? '')) out.contact.gender = '';
  return out;
}

/** The folders a new lead of the pipeline may start in: standard and custom ones, never 5 or 15. */
export function startFolders(folders: readonly Folder[], ispatient: '0' | '1'): Folder[] {
  return folders.filter((f) => f.ispatient === Number(ispatient) && !isDisqualified(f.folderId));
}

function compact<T extends Record<string, string | undefined>>(group: T): Partial<T> | undefined {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(group)) {
    const s = (v ?? '').trim();
    if (s !== '') out[k] = s;
  }
  return Object.keys(out).length > 0 ? (out as Partial<T>) : undefined;
}

function measure(s: string): number | undefined {
  const t = s.trim().replace(',', '.');
  return t === '' ? undefined : Number(t);
}

/** The form's values as createLead's input: trimmed, empty fields and groups left out, the one key attached. */
export function toCreateLeadInput(v: NewLeadOutput, idempotencyKey: string): CreateLeadInput {
  const { height, weight, ...medicalText } = v.medical;
  const medical = {
    ...compact(medicalText),
    ...(measure(height) !== undefined ? { height: measure(height) } : {}),
    ...(measure(weight) !== undefined ? { weight: measure(weight) } : {}),
  };
  const input: CreateLeadInput = { ispatient: v.ispatient === '1' ? 1 : 0, idempotencyKey };
  const contact = compact(v.contact);
  const address = compact(v.address);
  const communication = compact(v.communication);
  const insurance = compact(v.insurance);
  if (contact) input.contact = contact;
  if (address) input.address = { ...address, countryCode: address.countryCode?.toUpperCase() };
  if (communication) input.communication = communication;
  if (Object.keys(medical).length > 0) input.medical = medical;
  if (insurance) input.insurance = insurance;
  if (v.folderId !== '') input.folderId = Number(v.folderId);
  if (v.assigneeId !== '') input.assigneeId = Number(v.assigneeId);
  if ((v.source ?? '').trim() !== '') input.source = v.source?.trim();
  if ((v.flags ?? []).length > 0) input.flags = v.flags;
  if ((v.what ?? '').trim() !== '') input.what = v.what?.trim();
  return input;
}

/**
 * Where a refusal of createLead belongs: `root.identifying` (the rule's message), a field path of the form, or null
 * (shown above the buttons).
 */
export function targetOfServerMessage<T extends FieldValues = NewLeadValues>(msg: string): ServerTarget<T> {
  if (msg === MSG.identifying) return 'root.identifying';
  const unknown = /^Unknown field: ([A-Za-z0-9_.]+)\.$/.exec(msg);
  const fields: Readonly<Record<string, string>> = MSG_FIELD;
  const field = Object.hasOwn(fields, msg) ? fields[msg] : undefined;
  const path = field ?? (unknown ? unknown[1] : fieldOfMessage(msg));
  return path !== null && newLeadPaths.includes(path) ? (path as FieldPath<T>) : null;
}
