import type { AccountingRange } from '#contract/accounting.ts';

/**
 * The accounting extracts (streamed through a worker: extract-client.ts). Without from/until the service returns the whole stock (possibly 100,000 rows and more),
 * so the page asks before sending such a request. The rows do not change while one looks at them: kept fresh for
 * five minutes, and dropped soon after the page is left because they are big.
 */

/** Only what is set goes into the key and the request. */
export function rangeInput(range: AccountingRange): AccountingRange {
  const out: AccountingRange = {};
  if (range.from) out.from = range.from;
  if (range.until) out.until = range.until;
  return out;
}
