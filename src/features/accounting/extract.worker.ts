// zod compiles its parsers here (the server sends this script with a policy that allows it, see
// docs/decisions/0011-worker-eval.md): checking 100,000 rows takes a fraction of the time it takes without.
import type { AccountingRange } from '../../../contract/accounting.ts';
import { isApiError } from '../../api/client.ts';
import type { Session } from '../../api/session.ts';
import { streamRows } from '../../api/stream.ts';

/**
 * An accounting extract read, parsed and checked against the contract here, off the page's thread; the rows go
 * to the page in batches as they arrive (extract-stream.ts), so that the first rows show while the rest is on
 * its way and the page never waits for the whole stock.
 */

export type ExtractOp = 'accountingServices' | 'accountingTransactions';

export interface ExtractRequest {
  op: ExtractOp;
  input: AccountingRange;
  session: Session;
  timeoutMs: number;
}

export type ExtractMessage =
  | { kind: 'rows'; rows: unknown[] }
  | { kind: 'done' }
  | { kind: 'error'; error: { op: string; kind: string; httpStatus: number; msg: string } };

/** Batches smaller at the start (the first rows quickly), larger later (fewer updates of the page). */
const FIRST_BATCH = 2000;
const BATCH = 10_000;

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ExtractRequest>) => void) | null;
  postMessage: (m: ExtractMessage) => void;
};

scope.onmessage = async (e) => {
  const { op, input, session, timeoutMs } = e.data;
  try {
    let first = true;
    let held: unknown[] = [];
    for await (const rows of streamRows(op, input, { session, timeoutMs, batch: FIRST_BATCH })) {
      if (first) {
        scope.postMessage({ kind: 'rows', rows });
        first = false;
        continue;
      }
      held = held.length ? held.concat(rows) : rows;
      if (held.length >= BATCH) {
        scope.postMessage({ kind: 'rows', rows: held });
        held = [];
      }
    }
    if (held.length) scope.postMessage({ kind: 'rows', rows: held });
    scope.postMessage({ kind: 'done' });
  } catch (err) {
    scope.postMessage({
      kind: 'error',
      error: isApiError(err)
        ? { op: err.op, kind: err.kind, httpStatus: err.httpStatus, msg: err.msg }
        : { op, kind: 'contract', httpStatus: 0, msg: err instanceof Error ? err.message : String(err) },
    });
  }
};
