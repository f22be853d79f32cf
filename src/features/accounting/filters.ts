import type { AccountingServiceRow, AccountingTransactionRow } from '#contract/accounting.ts';
import type { AccountingView } from './url-state.ts';

/** A patient number as typed: digits, or '' for none; anything else is not a usable filter. */
export function patidOf(text: string): number | null | 'invalid' {
  const s = text.trim();
  if (s === '') return null;
  return /^\d+$/.test(s) ? Number(s) : 'invalid';
}

/** The row filter of the services extract; null when nothing filters. */
export function serviceFilter(
  view: Pick<AccountingView, 'law' | 'status' | 'type' | 'patid' | 'invoice'>,
): ((r: AccountingServiceRow) => boolean) | null {
  const { law, status, type } = view;
  const patid = patidOf(view.patid);
  const invoice = view.invoice.trim().toLowerCase();
  if (!law && !status && !type && typeof patid !== 'number' && !invoice) return null;
  return (r) =>
    (!law || r.law === law) &&
    (!status || r.status === status) &&
    (!type || r.type === type) &&
    (typeof patid !== 'number' || r.patid === patid) &&
    (!invoice || r.invoice_no.toLowerCase().includes(invoice));
}

/** The row filter of the payments extract (patient and invoice; payments carry no law, status or type). */
export function paymentFilter(
  view: Pick<AccountingView, 'patid' | 'invoice'>,
): ((r: AccountingTransactionRow) => boolean) | null {
  const patid = patidOf(view.patid);
  const invoice = view.invoice.trim().toLowerCase();
  if (typeof patid !== 'number' && !invoice) return null;
  return (r) =>
    (typeof patid !== 'number' || r.patid === patid) &&
    (!invoice || r.invoice_no.toLowerCase().includes(invoice));
}
