// zod compiles its parsers here (the server sends this script with a policy that allows it, see
// docs/decisions/0011-worker-eval.md): checking 100,000 rows takes a fraction of the time it takes without.
import { createExtractHost, type FromHost, type ToHost } from './extract-host.ts';

/**
 * An accounting extract's rows, read, parsed, checked, filtered, sorted and totalled here, off the page's thread
 * (extract-host.ts); the page gets summaries and the windows of rows it shows (extract-client.ts).
 */

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToHost>) => void) | null;
  postMessage: (m: FromHost) => void;
};

const host = createExtractHost((m) => scope.postMessage(m));
scope.onmessage = (e) => host.handle(e.data);
