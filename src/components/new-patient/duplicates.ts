import type { QueryClient } from '@tanstack/react-query';
import type { Patient } from '#contract/system.ts';
import { isValidAhv } from '#contract/text-match.ts';
import { type PatientCriteria, patientSearchQuery } from '../patient-criteria.ts';

/** Why a record may be the same person as the one about to be created. */
export type MatchReason = 'nameAndDob' | 'ahv' | 'mail';

export interface PatientMatch {
  patient: Patient;
  by: MatchReason[];
}

/** The searches that find the same person: last name and date of birth, AHV number, mail (the ones given). */
export function duplicateSearches(input: {
  lastname?: string;
  dob?: string;
  ahv?: string;
  mail?: string;
}): [MatchReason, PatientCriteria][] {
  const out: [MatchReason, PatientCriteria][] = [];
  const lastname = input.lastname?.trim();
  const dob = input.dob?.trim();
  if (lastname && dob) out.push(['nameAndDob', { lastname, dob }]);
  if (input.ahv && isValidAhv(input.ahv)) out.push(['ahv', { ahv: input.ahv }]);
  const mail = input.mail?.trim();
  if (mail && mail.length > 7 && mail.includes('@')) out.push(['mail', { mail }]);
  return out;
}

/**
 * Everyone who may be the person about to be created, found by searchPatients (fresh, never from the cache): those
 * found by more reasons first, then by name.
 */
export async function findDuplicates(
  queryClient: QueryClient,
  input: Parameters<typeof duplicateSearches>[0],
): Promise<PatientMatch[]> {
  const searches = duplicateSearches(input);
  const answers = await Promise.all(
    searches.map(([, criteria]) =>
      queryClient.fetchQuery({ ...patientSearchQuery(criteria, { limit: 20 }), staleTime: 0 }),
    ),
  );
  const byId = new Map<number, PatientMatch>();
  answers.forEach((answer, i) => {
    for (const p of answer.items) {
      const match = byId.get(p.patid) ?? { patient: p, by: [] };
      match.by.push(searches[i][0]);
      byId.set(p.patid, match);
    }
  });
  return [...byId.values()].sort(
    (a, b) =>
      Number(a.patient.deleted === '1') - Number(b.patient.deleted === '1') ||
      b.by.length - a.by.length ||
      a.patient.lastname.localeCompare(b.patient.lastname, 'de') ||
      a.patient.patid - b.patient.patid,
  );
}
