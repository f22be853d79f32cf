// First, before any schema is built: the worker's policy forbids eval too, so zod must not compile (nor probe for
// it). The rows are checked without eval (src/api/row-check.ts, docs/decisions/0017-worker-check-without-eval.md).
import '#api/zod-csp.ts';
import { createExtractHost, type FromHost, type ToHost } from './extract-host.ts';

/**
 * An accounting extract's rows, read, parsed, checked, filtered, sorted and totalled here, off the page's thread
 * (extract-host.ts); the page gets summaries and the windows of rows it shows (extract-client.ts).
 */

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToHost>) => void) | null;
  postMessage: (m: FromHost, transfer: Transferable[]) => void;
};

const host = createExtractHost((m, transfer) => scope.postMessage(m, transfer ?? []));
scope.onmessage = (e) => host.handle(e.data);
