import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { searchPatientsQuery } from '#api/system.ts';
import { type DayRefusal, readDay, zurichDateTime } from '#contract/practice-time.ts';
import type { Patient, SearchPatientsInput } from '#contract/system.ts';

/**
 * The criteria of the patient search shared by the header (Ctrl+K), the patients page and pickers (recalls), and
 * the searchPatients request built from them. searchPatients refuses every field it does not know
 * (`Unknown parameter(s): …`), so requests are built here, from these keys only.
 * Without any component, so that a first page (the board's queries) may use it without Mantine's Combobox:
 * the search box is in patient-search.tsx.
 */

/** The criteria searchPatients allows (besides offset and limit). */
export const patientSearchKeys = ['lastname', 'firstname', 'dob', 'patid', 'mail', 'ahv', 'phone'] as const;

export interface PatientCriteria {
  /** Contains-match. */
  lastname?: string;
  /** Contains-match. */
  firstname?: string;
  /** `YYYY-MM-DD` (searchPatients takes `DD.MM.YYYY` too). */
  dob?: string;
  patid?: number;
  /** Exact; more than 7 characters with @. */
  mail?: string;
  /** Exact, dots and spaces optional. */
  ahv?: string;
  /** Phone or mobile (docs/api.md#patient-search, an addition a real tenant may lack). */
  phone?: string;
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
const swissDayRe = /^\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?$/;
const digitsRe = /^\d+$/;
/** 756.1234.5678.97, with or without dots or spaces (13 digits, Swiss AHV numbers start with 756). */
const ahvRe = /^756(?:[.\s]?\d){10}$/;
/** A phone number as callers give it: digits with spaces, dots, dashes or slashes, perhaps +41 or 0041 first. */
const phoneRe = /^\+?[\d\s./-]+$/;

/**
 * A date of birth as typed (`18.9.49`, `1.2.1960`, `1960-02-01`) as `YYYY-MM-DD`; null when it is none. The date
 * fields' one reading (readDay, kind `birth`): a two-digit year is the most recent past one (docs/api.md#patient-search).
 */
export function readDob(text: string, now: Date = new Date()): string | null {
  const reading = readDay(text, { kind: 'birth', today: zurichDateTime(now).slice(0, 10) });
  return 'day' in reading ? reading.day : null;
}

/** A date field's refusal of a date of birth beyond its format (the words of common:dateTime.refused). */
export function isBirthRefusal(code: string): code is Exclude<DayRefusal, 'format'> {
  return code === 'noSuchDay' || code === 'future' || code === 'before1900';
}

/**
 * Why a typed date of birth is refused, for the forms' messages: `dob` (not written as a date), or the date fields'
 * `noSuchDay`, `future`, `before1900` (common:dateTime.refused); null for an empty field or a date of birth.
 */
export function dobRefusal(
  text: string,
  now: Date = new Date(),
): 'dob' | Exclude<DayRefusal, 'format'> | null {
  if (text.trim() === '') return null;
  const reading = readDay(text, { kind: 'birth', today: zurichDateTime(now).slice(0, 10) });
  if ('day' in reading) return null;
  return reading.refused === 'format' ? 'dob' : reading.refused;
}

/** The ways a list of words can be a name: every split into last and first name, both orders (at most 4). */
function nameAlternatives(words: string[]): PatientCriteria[] {
  if (words.length === 1) return [{ lastname: words[0] }];
  const out: PatientCriteria[] = [];
  for (let i = 1; i < words.length && out.length < 4; i++) {
    const head = words.slice(0, i).join(' ');
    const tail = words.slice(i).join(' ');
    out.push({ lastname: head, firstname: tail }, { lastname: tail, firstname: head });
  }
  return out.slice(0, 4);
}

/**
 * What a free text most likely means, as the criteria to search (docs/api.md#patient-search): one set, or several to search
 * side by side and merge (a name in either order: `Noah Schmid` and `Schmid Noah`). A date is a date of birth
 * (`18.9.49` too), an AHV number (756…, with dots or spaces) an AHV number, a number written as a phone number
 * (`079 100 79 19`, `+41791007919`) a phone number, other digits a patient number, text with @ a mail, words a name,
 * words and a date a name and a date of birth. `Lastname, Firstname` is read in that order only.
 * null when there is nothing to search for yet (too short, an incomplete mail).
 */
export function interpretQuery(text: string, now: Date = new Date()): PatientCriteria[] | null {
  const s = text.trim().replace(/\s+/g, ' ');
  if (s === '') return null;
  const dob = readDob(s, now);
  if (dob) return [{ dob }];
  if (/^\d/.test(s) && (swissDayRe.test(s) || isoDayRe.test(s))) return null;
  if (ahvRe.test(s)) return [{ ahv: s }];
  if (digitsRe.test(s) && !s.startsWith('0') && s.length <= 8) {
    const n = Number(s);
    return Number.isSafeInteger(n) && n > 0 ? [{ patid: n }] : null;
  }
  if (phoneRe.test(s)) {
    const digits = s.replace(/\D/g, '');
    return digits.length >= 6 ? [{ phone: s }] : null;
  }
  if (s.includes('@')) return s.length > 7 ? [{ mail: s }] : null;
  if (s.length < 2) return null;
  const comma = s.indexOf(',');
  if (comma >= 0) {
    const lastname = s.slice(0, comma).trim();
    const firstname = s.slice(comma + 1).trim();
    if (!lastname && !firstname) return null;
    return [{ ...(lastname ? { lastname } : {}), ...(firstname ? { firstname } : {}) }];
  }
  // Words and a date of birth: `Schmid Noah 18.9.49`.
  const words = s.split(' ');
  const dated = words.map((w) => readDob(w, now));
  const at = dated.findIndex((d) => d !== null);
  if (at >= 0 && words.length > 1) {
    const names = words.filter((_, i) => i !== at);
    return nameAlternatives(names).map((c) => ({ ...c, dob: dated[at] as string }));
  }
  return nameAlternatives(words);
}

/** `Unknown parameter(s): phone`: a real tenant without the phone criterion (docs/api.md#patient-search). */
export function isPhoneUnsupported(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'msg' in error &&
    typeof error.msg === 'string' &&
    error.msg.startsWith('Unknown parameter(s):') &&
    error.msg.includes('phone')
  );
}

/**
 * The hits of several criteria searched side by side, merged by patid in the service's order (last name, first
 * name, number). Each search is the ordinary searchPatients query (its own key); only the merge is here.
 */
export function usePatientLookup(
  alternatives: PatientCriteria[] | null,
  paging: { offset?: number; limit?: number } = {},
  options: { enabled?: boolean } = {},
) {
  const list = alternatives ?? [];
  return useQueries({
    queries: list.map((c) => ({
      ...patientSearchQuery(c, paging),
      enabled: (options.enabled ?? true) && hasCriteria(c),
      placeholderData: keepPreviousData,
    })),
    combine: (results) => {
      const byId = new Map<number, Patient>();
      for (const r of results)
        for (const p of r.data?.items ?? []) if (!byId.has(p.patid)) byId.set(p.patid, p);
      const items = [...byId.values()].sort(
        (a, b) =>
          a.lastname.localeCompare(b.lastname, 'de', { sensitivity: 'base' }) ||
          a.firstname.localeCompare(b.firstname, 'de', { sensitivity: 'base' }) ||
          a.patid - b.patid,
      );
      const failed = results.find((r) => r.isError);
      return {
        items,
        isPending: list.length > 0 && results.some((r) => r.isPending),
        isFetching: results.some((r) => r.isFetching),
        isError: failed !== undefined,
        error: failed?.error ?? null,
        phoneUnsupported: failed !== undefined && isPhoneUnsupported(failed.error),
        refetch: () => Promise.all(results.map((r) => r.refetch())),
      };
    },
  });
}

export function patientSearchQuery(
  criteria: PatientCriteria,
  paging: { offset?: number; limit?: number } = {},
) {
  return { ...searchPatientsQuery(toSearchInput(criteria, paging)), enabled: hasCriteria(criteria) };
}

/** The one format of a patient's name (api/name-format.ts). */
export { patientName } from '#api/name-format.ts';
