import type { AccountingRange } from '../../../contract/accounting.ts';
import { opQuery } from '../../api/queries.ts';

/**
 * The accounting extracts. Without from/until the service returns the whole stock (possibly 100,000 rows and more),
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

export function servicesQuery(range: AccountingRange) {
  return opQuery('accountingServices', rangeInput(range), {
    call: { timeoutMs: 120_000 },
    staleTime: 5 * 60_000,
    gcTime: 60_000,
  });
}

export function transactionsQuery(range: AccountingRange) {
  return opQuery('accountingTransactions', rangeInput(range), {
    call: { timeoutMs: 120_000 },
    staleTime: 5 * 60_000,
    gcTime: 60_000,
  });
}
