import type { QueryClient } from '@tanstack/react-query';
import { patientName, providerLabel } from './name-format.ts';
import { allProvidersQuery, customerQuery } from './system.ts';

/**
 * Names for the numbers of an export (patients, practitioners), looked up through the query cache: the same keys as
 * every other read of getCustomerById and getProviders, so a patient already on screen costs nothing. The service
 * has no call for many patients at once, so a list of ids is deduplicated and read a few at a time: a month of
 * 3,000 service lines with 400 patients is 400 reads, never 3,000, and never more than CONCURRENCY at once.
 */

export const CONCURRENCY = 4;

export interface NameLookup {
  /** id → name; an id whose patient could not be read is missing. */
  names: Map<number, string>;
  /** Ids that could not be read (deleted patient, no right, network). */
  failed: number[];
}

/**
 * The names of the given patients. Ids are deduplicated and only positive integers are asked for; at most
 * `concurrency` reads are under way at once; `onProgress(done, total)` after each. A failed read does not stop
 * the others: its id is listed in `failed`. An aborted signal stops before the next read.
 */
export async function fetchPatientNames(
  queryClient: QueryClient,
  ids: Iterable<number>,
  options: {
    concurrency?: number;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<NameLookup> {
  const unique = [...new Set([...ids].filter((id) => Number.isInteger(id) && id > 0))];
  const names = new Map<number, string>();
  const failed: number[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < unique.length) {
      options.signal?.throwIfAborted();
      const id = unique[next++];
      try {
        const p = await queryClient.fetchQuery(customerQuery(id));
        names.set(id, patientName(p));
      } catch {
        failed.push(id);
      }
      done++;
      options.onProgress?.(done, unique.length);
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency ?? CONCURRENCY, unique.length));
  await Promise.all(Array.from({ length: lanes }, worker));
  return { names, failed };
}

/** userid → `Dr. Anna Berger`. */
export async function fetchProviderNames(queryClient: QueryClient): Promise<Map<number, string>> {
  const providers = await queryClient.fetchQuery(allProvidersQuery());
  return new Map(providers.map((p) => [p.userid, providerLabel(p)]));
}
