import type { QueryClient } from '@tanstack/react-query';
import { similarLastName } from '#contract/same-person.ts';
import type { Patient } from '#contract/system.ts';
import { ahvDigits, foldText, isValidAhv, phoneKey } from '#contract/text-match.ts';
import { isPhoneUnsupported, type PatientCriteria, patientSearchQuery } from '../patient-criteria.ts';

/**
 * Why a record may be the same person as the one about to be created: the same last name and date of birth, the
 * same date of birth and a similar last name (one typo, or the same sound), the same AHV number or mail, or one of
 * the numbers given as the record's phone or mobile.
 */
export type MatchReason = 'nameAndDob' | 'similarName' | 'ahv' | 'mail' | 'phone' | 'mobile';

export interface PatientMatch {
  patient: Patient;
  by: MatchReason[];
}

/** What the check compares: the fields of the person about to be created (the createCustomer body's names). */
export interface DuplicateInput {
  lastname?: string;
  dob?: string;
  ahv?: string;
  mail?: string;
  tel?: string;
  mobile?: string;
}

/** Fewer digits than this are no phone number worth a search (an extension, a typo). */
const MIN_PHONE_DIGITS = 6;

function phoneKeys(input: DuplicateInput): string[] {
  const keys = [input.tel, input.mobile]
    .map((n) => (n ? phoneKey(n) : ''))
    .filter((k) => k.length >= MIN_PHONE_DIGITS);
  return [...new Set(keys)];
}

/**
 * The searches that may find the same person, as few as the API allows: everyone born that day (the name is
 * compared here, since searchPatients only knows contains-matches), the AHV number, the mail, and each number
 * given (the `phone` criterion searches phone and mobile at once). Searching by name alone would miss every typo.
 */
export function duplicateSearches(input: DuplicateInput): PatientCriteria[] {
  const out: PatientCriteria[] = [];
  const dob = input.dob?.trim();
  if (dob && input.lastname?.trim()) out.push({ dob });
  if (input.ahv && isValidAhv(input.ahv)) out.push({ ahv: input.ahv });
  const mail = input.mail?.trim();
  if (mail && mail.length > 7 && mail.includes('@')) out.push({ mail });
  for (const phone of phoneKeys(input)) out.push({ phone });
  return out;
}

/**
 * The one same-person rule: why `p` may be the person described by `input`, empty when nothing speaks for it.
 * Each search's hits go through it, so a hit found by the birth date alone is listed only with a similar name.
 */
export function matchReasons(input: DuplicateInput, p: Patient): MatchReason[] {
  const by: MatchReason[] = [];
  const dob = input.dob?.trim();
  const lastname = input.lastname?.trim() ?? '';
  if (dob && p.dob === dob && lastname) {
    if (foldText(p.lastname) === foldText(lastname)) by.push('nameAndDob');
    else if (similarLastName(p.lastname, lastname)) by.push('similarName');
  }
  const ahv = input.ahv && isValidAhv(input.ahv) ? ahvDigits(input.ahv) : null;
  if (ahv && ahvDigits(p.AHV) === ahv) by.push('ahv');
  const mail = input.mail?.trim().toLowerCase();
  if (mail && p.mail.trim().toLowerCase() === mail) by.push('mail');
  const keys = phoneKeys(input);
  if (keys.includes(phoneKey(p.mobile))) by.push('mobile');
  if (p.tel && keys.includes(phoneKey(p.tel))) by.push('phone');
  return by;
}

/** Deleted ones last; then those with more reasons; then by name and number. */
export function rankMatches(matches: PatientMatch[]): PatientMatch[] {
  return [...matches].sort(
    (a, b) =>
      Number(a.patient.deleted === '1') - Number(b.patient.deleted === '1') ||
      b.by.length - a.by.length ||
      a.patient.lastname.localeCompare(b.patient.lastname, 'de') ||
      a.patient.patid - b.patient.patid,
  );
}

/**
 * Everyone who may be the person about to be created, found by searchPatients (fresh, never from the cache) and
 * judged by matchReasons. A practice whose server lacks the `phone` criterion (docs/api.md#patient-search) is checked
 * without it rather than not at all.
 */
export async function findDuplicates(
  queryClient: QueryClient,
  input: DuplicateInput,
): Promise<PatientMatch[]> {
  const answers = await Promise.all(
    duplicateSearches(input).map((criteria) =>
      queryClient
        .fetchQuery({ ...patientSearchQuery(criteria, { limit: 200 }), staleTime: 0 })
        .catch((error: unknown) => {
          if (criteria.phone && isPhoneUnsupported(error)) return { items: [] as Patient[] };
          throw error;
        }),
    ),
  );
  const byId = new Map<number, PatientMatch>();
  for (const answer of answers) {
    for (const p of answer.items) {
      if (byId.has(p.patid)) continue;
      const by = matchReasons(input, p);
      if (by.length > 0) byId.set(p.patid, { patient: p, by });
    }
  }
  return rankMatches([...byId.values()]);
}
