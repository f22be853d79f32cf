import { normalizeDob, type Patient, type SearchPatientsInput } from '../../contract/system.ts';
import { opQuery } from '../api/queries.ts';

/**
 * The criteria of the patient search shared by the header (Ctrl+K), the patients page and pickers (recalls), and
 * the searchPatients request built from them. searchPatients refuses every field it does not know
 * (`Unknown parameter(s): …`), so requests are built here, from these keys only.
 * Without any component, so that a first page (the board's queries) may use it without Mantine's Combobox:
 * the search box is in patient-search.tsx.
 */

/** The criteria searchPatients allows (besides offset and limit). */
export const patientSearchKeys = ['lastname', 'firstname', 'dob', 'patid', 'mail', 'ahv'] as const;
export type PatientSearchKey = (typeof patientSearchKeys)[number];

export interface PatientCriteria {
  /** Contains-match. */
  lastname?: string;
  /** Contains-match. */
  firstname?: string;
  /** `DD.MM.YYYY` or `YYYY-MM-DD`. */
  dob?: string;
  patid?: number;
  /** Exact; more than 7 characters with @. */
  mail?: string;
  /** Exact, dots optional. */
  ahv?: string;
}

export const DEFAULT_SEARCH_LIMIT = 25;

/** The request body: only allowed keys, no empty values, plus paging. */
export function toSearchInput(
  criteria: PatientCriteria,
  paging: { offset?: number; limit?: number } = {},
): SearchPatientsInput {
  const out: Record<string, string | number> = {};
  for (const key of patientSearchKeys) {
    const value = criteria[key];
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value > 0) out[key] = value;
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[key] = value.trim();
    }
  }
  out.offset = paging.offset ?? 0;
  out.limit = paging.limit ?? DEFAULT_SEARCH_LIMIT;
  return out as SearchPatientsInput;
}

/** At least one criterion that searchPatients would accept as such. */
export function hasCriteria(criteria: PatientCriteria): boolean {
  const input = toSearchInput(criteria) as Record<string, unknown>;
  return patientSearchKeys.some((k) => input[k] !== undefined);
}

const isoDayRe = /^\d{4}-\d{1,2}-\d{1,2}$/;
const swissDayRe = /^\d{1,2}\.\d{1,2}\.\d{4}$/;
const digitsRe = /^\d+$/;
/** 756.1234.5678.97, with or without dots (13 digits, Swiss AHV numbers start with 756). */
const ahvRe = /^756(?:\.?\d){10}$/;

/**
 * What a free text most likely means, as allowed criteria: a date is a date of birth, an AHV number (756…) an
 * AHV number, other digits a patient number, text with @ a mail, words a name (`Lastname Firstname` or
 * `Lastname, Firstname`). null when there is nothing to search for yet (too short, an incomplete mail).
 */
export function interpretQuery(text: string): PatientCriteria | null {
  const s = text.trim().replace(/\s+/g, ' ');
  if (s === '') return null;
  if (swissDayRe.test(s) || isoDayRe.test(s)) return normalizeDob(s) ? { dob: s } : null;
  if (ahvRe.test(s)) return { ahv: s };
  if (digitsRe.test(s)) {
    const n = Number(s);
    return Number.isSafeInteger(n) && n > 0 ? { patid: n } : null;
  }
  if (s.includes('@')) return s.length > 7 ? { mail: s } : null;
  if (s.length < 2) return null;
  const comma = s.indexOf(',');
  if (comma >= 0) {
    const lastname = s.slice(0, comma).trim();
    const firstname = s.slice(comma + 1).trim();
    if (!lastname && !firstname) return null;
    return { ...(lastname ? { lastname } : {}), ...(firstname ? { firstname } : {}) };
  }
  const [first, ...rest] = s.split(' ');
  return rest.length > 0 ? { lastname: first, firstname: rest.join(' ') } : { lastname: s };
}

export function patientSearchQuery(
  criteria: PatientCriteria,
  paging: { offset?: number; limit?: number } = {},
) {
  return opQuery('searchPatients', toSearchInput(criteria, paging), { enabled: hasCriteria(criteria) });
}

/** `Müller-Schmid, Anna` */
export function patientName(p: Pick<Patient, 'lastname' | 'firstname'>): string {
  return [p.lastname, p.firstname].filter(Boolean).join(', ');
}
