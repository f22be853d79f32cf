import { isApiError } from '../../api/client.ts';
import { opQuery } from '../../api/queries.ts';

export { customerQuery as patientQuery } from '../../api/queries.ts';

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
  return opQuery('getPatientHistory', input);
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
  return opQuery('getAppointments', input);
}

export function patientRecallsQuery(patid: number) {
  const input = { patid };
  return opQuery('getRecalls', input, { retry: (count, error) => !isRecallsBroken(error) && count < 2 });
}

/** At most this many linked leads are shown (one page of getLeads). */
export const LINKED_LEADS_LIMIT = 1000;

/** The leads linked or converted to a patient, deleted ones included (getLeads filter patid). */
export function linkedLeadsQuery(patid: number) {
  return opQuery(
    'getLeads',
    {
      filter: { patid, includeDeleted: true },
      limit: LINKED_LEADS_LIMIT,
      orderBy: 'created',
      orderDir: 'desc',
    },
    { select: ({ items, pagination }) => ({ leads: items, complete: !pagination.hasMore }) },
  );
}

export function attachmentQuery(md5: string) {
  return opQuery(
    'getAttachment',
    { md5 },
    {
      // Contents do not change under the same md5; big, so not kept long.
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 60_000,
    },
  );
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
