import { hxOperations } from '#contract/hx.ts';
import { registerOperations } from './operation-table.ts';
import { opQuery } from './queries.ts';

/** The contract's hx area (contract/hx.ts, server/service/hx/): a patient's history (journal) and its attachments. */
// Its operations come to the client with this module, never with a first page (operation-table.ts, issue 38).
registerOperations(hxOperations);

/** The journal's default length; "load all" sends no limit (slow for long histories, the document warns). */
export const HISTORY_LIMIT = 50;

export interface PatientHistoryFilter {
  category?: string;
  text?: string;
  teaser?: string;
  /** true: the whole history. */
  all?: boolean;
}

export function patientHistoryQuery(patid: number, filter: PatientHistoryFilter) {
  const input = {
    patid,
    ...(filter.all ? {} : { limit: HISTORY_LIMIT }),
    ...(filter.category?.trim() ? { category: filter.category.trim() } : {}),
    ...(filter.text?.trim() ? { text: filter.text.trim() } : {}),
    ...(filter.teaser?.trim() ? { teaser: filter.teaser.trim() } : {}),
  };
  return opQuery('getPatientHistory', input);
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
