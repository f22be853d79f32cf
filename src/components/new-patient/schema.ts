import { z } from 'zod';
import { nameText, postcodeRefusal } from '#components/field-rules.ts';
import { dobRefusal, readDob } from '#components/patient-criteria.ts';
import { limitedText } from '#contract/common.ts';
import { type CreateCustomerInput, createCustomerInput } from '#contract/system.ts';
import { formatAhv, isValidAhv } from '#contract/text-match.ts';

/** The languages createCustomer knows; the tenant's own list may be shorter (`Unknown language: …`). */
export const customerLanguages = ['de', 'fr', 'it', 'en'] as const;

/**
 * Messages are keys of `patients:newPatient.errors`, or a limit or field rule that the form's resolver says in the
 * app's language (form-resolver.ts). Every text keeps to createCustomer's limit; names to the name search's.
 */
const text = limitedText();
const name = nameText();

/**
 * The form of a new patient, the one way the app creates a patient (patients page, booking, lab): createCustomer's
 * fields (contract/system.ts), all text in the form, with the checks a person needs before the service's: last and
 * first name, a gender chosen by the person (no preselection: the service stores an empty one as male), a real date
 * of birth (read as every date field reads one: `18.9.91` too, not in the future, not before 1900), a valid AHV number when one is given, a two-letter country code,
 * a Swiss postcode of 4 digits (field-rules.ts).
 */
export const newPatientFields = z.object({
  title: text,
  firstname: name.refine((v) => v.trim() !== '', { error: 'firstname' }),
  lastname: name.refine((v) => v.trim() !== '', { error: 'lastname' }),
  gender: z.enum(['female', 'male', ''] as const).refine((g) => g !== '', { error: 'gender' }),
  dob: text
    .refine((v) => v.trim() !== '', { error: 'dobRequired' })
    .superRefine((v, ctx) => {
      const refusal = dobRefusal(v);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }),
  street: text,
  zip: text,
  city: text,
  country: text,
  countrycode: text.refine((v) => v.trim() === '' || /^[A-Za-z]{2}$/.test(v.trim()), {
    error: 'countrycode',
  }),
  tel: text,
  mobile: text,
  mail: text.refine((v) => v.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()), {
    error: 'mail',
  }),
  ahv: text.refine((v) => v.trim() === '' || isValidAhv(v), { error: 'ahv' }),
  language: text,
  group: text,
});

/** The address's rules, which read more than one field: the postcode of a Swiss address. */
export function checkAddress(
  v: { zip: string; country: string; countrycode: string },
  ctx: z.RefinementCtx,
): void {
  const refusal = postcodeRefusal({ zip: v.zip, country: v.country, countryCode: v.countrycode });
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['zip'] });
}

export const newPatientSchema = newPatientFields.superRefine(checkAddress);

export type NewPatientValues = z.input<typeof newPatientFields>;

/** Nothing preselected: every value in a new patient's record is one a person chose. */
export function emptyNewPatient(): NewPatientValues {
  return {
    title: '',
    firstname: '',
    lastname: '',
    gender: '',
    dob: '',
    street: '',
    zip: '',
    city: '',
    country: '',
    countrycode: '',
    tel: '',
    mobile: '',
    mail: '',
    ahv: '',
    language: '',
    group: '',
  };
}

const createKeys = new Set(Object.keys(createCustomerInput.shape));

/** createCustomer's body as this app sends it: text fields only. */
export type CustomerBody = Partial<Record<keyof typeof createCustomerInput.shape, string>> &
  CreateCustomerInput;

/**
 * The createCustomer body: trimmed, no empty fields, the date of birth as YYYY-MM-DD, and `countrycode` (lower case
 * name, the only one the service reads) in lower case.
 */
export function toCreateCustomerInput(values: NewPatientValues): CustomerBody {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(values)) {
    if (!createKeys.has(key)) continue;
    const v = raw.trim();
    if (v === '') continue;
    if (key === 'countrycode') out.countrycode = v.toLowerCase();
    else if (key === 'dob') out.dob = readDob(v) ?? v;
    else if (key === 'ahv') out.ahv = formatAhv(v);
    else out[key] = v;
  }
  return out as CustomerBody;
}
