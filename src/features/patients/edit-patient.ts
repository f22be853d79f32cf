import { formatDate } from '#components/format.ts';
import type { PatientFieldValues } from '#components/new-patient/patient-fields.tsx';
import { checkAddress, newPatientFields } from '#components/new-patient/schema.ts';
import { readDob } from '#components/patient-criteria.ts';
import type { Patient } from '#contract/system.ts';
import { formatAhv } from '#contract/text-match.ts';

/** The patient's data form: the new-patient checks without the group (a patient's group is set when created). */
export const editPatientSchema = newPatientFields.omit({ group: true }).superRefine(checkAddress);

/** A patient's record as the form shows it (`DD.MM.YYYY`, the AHV number as on the card). */
export function toPatientFields(p: Patient): PatientFieldValues {
  return {
    title: p.title,
    lastname: p.lastname,
    firstname: p.firstname,
    gender: p.gender === 'female' || p.gender === 'male' ? p.gender : '',
    dob: p.dob ? formatDate(p.dob) : '',
    street: p.street,
    zip: p.zip,
    city: p.city,
    country: p.country,
    countrycode: p.countrycode.toUpperCase(),
    tel: p.tel ?? '',
    mobile: p.mobile,
    mail: p.mail,
    ahv: p.AHV ? formatAhv(p.AHV) : '',
    language: p.language,
  };
}

/** A field's value as the service stores it, for comparing: trimmed, the date ISO, codes lower case. */
function stored(key: keyof PatientFieldValues, value: string): string {
  const v = value.trim();
  if (key === 'dob') return v === '' ? '' : (readDob(v) ?? v);
  if (key === 'countrycode' || key === 'language') return v.toLowerCase();
  if (key === 'ahv') return formatAhv(v);
  return v;
}

export type PatientChange = Partial<Record<keyof PatientFieldValues, string>>;

/** The fields the person changed, as updateCustomer takes them (only these are sent: the rest stays as it is). */
export function changedFields(base: PatientFieldValues, edited: PatientFieldValues): PatientChange {
  const out: PatientChange = {};
  for (const key of Object.keys(base) as (keyof PatientFieldValues)[]) {
    const before = stored(key, base[key]);
    const after = stored(key, edited[key]);
    if (before !== after) out[key] = after;
  }
  return out;
}

/**
 * Read, merge, write: the fields the person changed that somebody else changed meanwhile to another value (the
 * record read again just before writing). Empty: nothing is lost by writing.
 */
export function conflicts(
  base: PatientFieldValues,
  fresh: PatientFieldValues,
  change: PatientChange,
): { field: keyof PatientFieldValues; theirs: string }[] {
  const out: { field: keyof PatientFieldValues; theirs: string }[] = [];
  for (const key of Object.keys(change) as (keyof PatientFieldValues)[]) {
    const was = stored(key, base[key]);
    const now = stored(key, fresh[key]);
    if (was !== now && now !== change[key]) out.push({ field: key, theirs: fresh[key] });
  }
  return out;
}
