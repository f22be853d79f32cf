import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Lead } from '../../../contract/sales.ts';
import type { CreateCustomerInput } from '../../../contract/system.ts';
import { call, isApiError } from '../../api/client.ts';
import { type PatientCriteria, patientSearchQuery } from '../../components/patient-search.tsx';

export { patientSearchQuery };

export const patientKeys = {
  all: ['system', 'searchPatients'] as const,
};

export function patientQuery(patid: number) {
  const input = { patid };
  return queryOptions({
    queryKey: ['system', 'getCustomerById', input] as const,
    queryFn: ({ signal }) => call('getCustomerById', input, { signal }),
  });
}

/** The journal's default length; "load all" sends no limit (slow for long histories, the document warns). */
export const HISTORY_LIMIT = 50;

export interface HistoryFilter {
  category?: string;
  text?: string;
  teaser?: string;
  /** true: the whole history. */
  all?: boolean;
}

export function historyQuery(patid: number, filter: HistoryFilter) {
  const input = {
    patid,
    ...(filter.all ? {} : { limit: HISTORY_LIMIT }),
    ...(filter.category?.trim() ? { category: filter.category.trim() } : {}),
    ...(filter.text?.trim() ? { text: filter.text.trim() } : {}),
    ...(filter.teaser?.trim() ? { teaser: filter.teaser.trim() } : {}),
  };
  return queryOptions({
    queryKey: ['hx', 'getPatientHistory', input] as const,
    queryFn: ({ signal }) => call('getPatientHistory', input, { signal }),
  });
}

export type AppointmentPeriod = 'future' | 'past' | 'all';

export function patientAppointmentsQuery(
  patid: number,
  filter: { period: AppointmentPeriod; appointment?: string; comment?: string },
) {
  const input = {
    patid,
    period: filter.period,
    ...(filter.appointment?.trim() ? { appointment: filter.appointment.trim() } : {}),
    ...(filter.comment?.trim() ? { comment: filter.comment.trim() } : {}),
  };
  return queryOptions({
    queryKey: ['agenda', 'getAppointments', input] as const,
    queryFn: ({ signal }) => call('getAppointments', input, { signal }),
  });
}

export function patientRecallsQuery(patid: number) {
  const input = { patid };
  return queryOptions({
    queryKey: ['recall', 'getRecalls', input] as const,
    queryFn: ({ signal }) => call('getRecalls', input, { signal }),
    retry: (count, error) => !isRecallsBroken(error) && count < 2,
  });
}

/** At most this many linked leads are shown (one page of getLeads). */
export const LINKED_LEADS_LIMIT = 1000;

/** The leads linked or converted to a patient, deleted ones included (getLeads filter patid). */
export async function fetchLinkedLeads(
  patid: number,
  signal?: AbortSignal,
): Promise<{ leads: Lead[]; complete: boolean }> {
  const { items, pagination } = await call(
    'getLeads',
    {
      filter: { patid, includeDeleted: true },
      limit: LINKED_LEADS_LIMIT,
      orderBy: 'created',
      orderDir: 'desc',
    },
    { signal },
  );
  return { leads: items, complete: !pagination.hasMore };
}

export function linkedLeadsQuery(patid: number) {
  return queryOptions({
    queryKey: ['sales', 'getLeads', { linkedTo: patid }] as const,
    queryFn: ({ signal }) => fetchLinkedLeads(patid, signal),
  });
}

export function attachmentQuery(md5: string) {
  const input = { md5 };
  return queryOptions({
    queryKey: ['hx', 'getAttachment', input] as const,
    queryFn: ({ signal }) => call('getAttachment', input, { signal }),
    // Contents do not change under the same md5; big, so not kept long.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** Possible duplicates before creating: same name (contains-match) and, when given, the same date of birth. */
export function duplicateCriteria(input: { lastname?: string; firstname?: string; dob?: string }) {
  const criteria: PatientCriteria = {};
  if (input.lastname?.trim()) criteria.lastname = input.lastname.trim();
  if (input.firstname?.trim()) criteria.firstname = input.firstname.trim();
  if (input.dob?.trim()) criteria.dob = input.dob.trim();
  return criteria;
}

export function createCustomerMutation() {
  return mutationOptions({
    mutationKey: ['system', 'createCustomer'],
    mutationFn: (input: CreateCustomerInput) => call('createCustomer', input),
    meta: { invalidates: [patientKeys.all], silent: true },
  });
}

/** An instance without the getRecalls fix answers HTTP 500 without JSON (practice-api.md getRecalls). */
export function isRecallsBroken(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    error.httpStatus === 500 &&
    error.envelopeStatus === undefined
  );
}
