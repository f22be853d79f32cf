import { queryOptions, experimental_streamedQuery as streamedQuery } from '@tanstack/react-query';
import type {
  AccountingRange,
  AccountingServiceRow,
  AccountingTransactionRow,
} from '../../../contract/accounting.ts';
import { ApiError, type ApiErrorKind } from '../../api/client.ts';
import { opKey } from '../../api/queries.ts';
import { getSession } from '../../api/session.ts';
import { streamRows } from '../../api/stream.ts';
import type { ExtractMessage, ExtractOp, ExtractRequest } from './extract.worker.ts';
import { rangeInput } from './queries.ts';

/**
 * The accounting extracts as streamed queries: the rows come in batches from a Web Worker that reads, parses and
 * checks them (extract.worker.ts). The query has data (and the table its first rows) after the first batch, and
 * stays fetching until the last; the key is the one of queries.ts, so one cache holds the extract either way.
 * Without Worker (tests in jsdom), the same reading runs here.
 */

const TIMEOUT_MS = 120_000;

/** At most this often the streamed rows reach the table (and its totals are computed again). */
const UPDATE_MS = 250;

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

async function* fromWorker(request: ExtractRequest, signal: AbortSignal): AsyncGenerator<unknown[]> {
  const worker = new Worker(new URL('./extract.worker.ts', import.meta.url), { type: 'module' });
  const queue: ExtractMessage[] = [];
  let wake: (() => void) | null = null;
  const push = (m: ExtractMessage) => {
    queue.push(m);
    wake?.();
  };
  worker.onmessage = (e: MessageEvent<ExtractMessage>) => push(e.data);
  worker.onerror = (e) => {
    e.preventDefault();
    push({
      kind: 'error',
      error: { op: request.op, kind: 'network', httpStatus: 0, msg: 'The extract could not be read.' },
    });
  };
  const stop = () => worker.terminate();
  signal.addEventListener('abort', stop, { once: true });
  worker.postMessage(request);
  let lastUpdate = Number.NEGATIVE_INFINITY;
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const m = queue.shift();
      if (!m) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      if (m.kind === 'done') return;
      if (m.kind === 'error') {
        throw new ApiError({ ...m.error, kind: m.error.kind as ApiErrorKind });
      }
      // The table is updated at most every UPDATE_MS (the first batch at once): batches that arrive meanwhile go in
      // as one, so that the page renders the table and its totals a few times, not once per batch.
      const wait = lastUpdate + UPDATE_MS - performance.now();
      if (wait > 0) await sleepUnlessAborted(wait, signal);
      if (signal.aborted) throw signal.reason;
      const parts = [m.rows];
      while (queue[0]?.kind === 'rows') parts.push((queue.shift() as { rows: unknown[] }).rows);
      lastUpdate = performance.now();
      yield parts.length === 1 ? parts[0] : parts.flat();
    }
  } finally {
    signal.removeEventListener('abort', stop);
    worker.terminate();
  }
}

function extractQuery<R>(op: ExtractOp, range: AccountingRange) {
  const input = rangeInput(range);
  return queryOptions({
    // The derived key; the streamed rows are exactly what call() would return for it (one key, one shape).
    queryKey: opKey(op, input),
    queryFn: streamedQuery<unknown[], R[]>({
      streamFn: ({ signal }) => {
        const session = getSession();
        if (!session) throw new ApiError({ op, kind: 'unauthorized', httpStatus: 0, msg: 'Not signed in.' });
        return typeof Worker === 'undefined'
          ? streamRows(op, input, { session, signal, timeoutMs: TIMEOUT_MS })
          : fromWorker({ op, input, session, timeoutMs: TIMEOUT_MS }, signal);
      },
      reducer: (rows, batch) => rows.concat(batch as R[]),
      initialValue: [],
    }),
    staleTime: 5 * 60_000,
    gcTime: 60_000,
  });
}

export const servicesStreamQuery = (range: AccountingRange) =>
  extractQuery<AccountingServiceRow>('accountingServices', range);
export const transactionsStreamQuery = (range: AccountingRange) =>
  extractQuery<AccountingTransactionRow>('accountingTransactions', range);
