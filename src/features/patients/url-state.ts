import {
  DEFAULT_SEARCH_LIMIT,
  interpretQuery,
  type PatientCriteria,
  patientSearchKeys,
  readDob,
} from '#components/patient-criteria.ts';

/**
 * The patients page keeps its search in the URL: `q` (free text, interpreted) or the single criteria
 * (`lastname`, `firstname`, `dob`, `patid`, `mail`, `ahv`), and `offset`.
 */
export interface PatientSearchState {
  q: string;
  /** The criteria as typed in the detailed form (strings). */
  fields: Record<(typeof patientSearchKeys)[number], string>;
  offset: number;
  limit: number;
}

/** What may name a person stays out of the address (useUrlParams `private`); patid, offset and limit stay in. */
export const PRIVATE_SEARCH_PARAMS = ['q', 'lastname', 'firstname', 'dob', 'mail', 'ahv', 'phone'] as const;

export const PAGE_SIZES = [25, 50, 100] as const;

export function emptyFields(): PatientSearchState['fields'] {
  return { lastname: '', firstname: '', dob: '', patid: '', mail: '', ahv: '', phone: '' };
}

export function readSearch(params: URLSearchParams): PatientSearchState {
  const fields = emptyFields();
  for (const key of patientSearchKeys) fields[key] = params.get(key) ?? '';
  const offset = Number(params.get('offset'));
  const limit = Number(params.get('limit'));
  return {
    q: params.get('q') ?? '',
    fields,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_SEARCH_LIMIT,
  };
}

export function writeSearch(state: PatientSearchState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q.trim()) out.set('q', state.q.trim());
  for (const key of patientSearchKeys) {
    const v = state.fields[key].trim();
    if (v) out.set(key, v);
  }
  if (state.offset > 0) out.set('offset', String(state.offset));
  if (state.limit !== DEFAULT_SEARCH_LIMIT) out.set('limit', String(state.limit));
  return out;
}

/**
 * The criteria to send: the free text's interpretation (perhaps several sets, searched side by side), or the
 * detailed fields. null: nothing to search.
 */
export function criteriaOf(state: PatientSearchState): PatientCriteria[] | null {
  if (state.q.trim()) return interpretQuery(state.q);
  const { lastname, firstname, dob, patid, mail, ahv, phone } = state.fields;
  const criteria: PatientCriteria = {};
  if (lastname.trim()) criteria.lastname = lastname.trim();
  if (firstname.trim()) criteria.firstname = firstname.trim();
  if (dob.trim()) criteria.dob = readDob(dob) ?? dob.trim();
  if (/^\d+$/.test(patid.trim()) && Number(patid) > 0) criteria.patid = Number(patid);
  if (mail.trim()) criteria.mail = mail.trim();
  if (ahv.trim()) criteria.ahv = ahv.trim();
  if (phone.trim()) criteria.phone = phone.trim();
  return Object.keys(criteria).length > 0 ? [criteria] : null;
}
