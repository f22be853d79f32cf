import { z } from 'zod';
import { defineOperation, isRealDate, jsonSchemaOf } from './common.ts';

/** Accounting service row (docs/api.md#accounting). */
export const accountingServiceRow = z.object({
  /** PPPPP-FFF. */
  invoice_no: z.string(),
  patid: z.number().int(),
  case_no: z.number().int(),
  service_id: z.number().int(),
  /** Service date `YYYY-MM-DD`. */
  date: z.string(),
  /** Tariff code, e.g. `AA.00.0010`. */
  code: z.string(),
  title: z.string(),
  comment: z.string(),
  quantity: z.number().int(),
  session: z.number().int(),
  /** e.g. TARDOC, TARMED, MiGeL, SL, Analysenliste. */
  tariff_type: z.string(),
  type: z.enum(['service', 'drug', 'material']),
  unit_mt: z.number(),
  unit_tt: z.number(),
  unit_factor_mt: z.number(),
  unit_factor_tt: z.number(),
  vat: z.number(),
  vat_rate: z.number(),
  /** CHF. */
  amount: z.number(),
  /** wip (not printed) or printed. */
  status: z.enum(['wip', 'printed']),
  case_name: z.string(),
  case_short: z.string(),
  law: z.enum(['KVG', 'UVG', 'IVG', 'MVG', 'VVG']),
  account_number: z.string(),
  is_covered: z.boolean(),
  section_code: z.string(),
  provider: z.number().int(),
  responsible: z.number().int(),
});
export type AccountingServiceRow = z.infer<typeof accountingServiceRow>;

/** Accounting transaction row: payments received (transaction code Z) only. */
export const accountingTransactionRow = z.object({
  /** PPPPP-FFF. */
  invoice_no: z.string(),
  patid: z.number().int(),
  case_no: z.number().int(),
  transaction_id: z.number().int(),
  /** The ENTRY date `YYYY-MM-DD`; the from/until filter uses the booking date, which can differ. */
  transaction_date: z.string().describe('The entry date; the filter uses the booking date.'),
  comment: z.string(),
  account_number: z.string(),
  /** CHF. */
  amount: z.number(),
});
export type AccountingTransactionRow = z.infer<typeof accountingTransactionRow>;

/** An optional `YYYY-MM-DD`; "" and null count as not sent. */
function optionalDay(message: string) {
  return z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string({ error: message }).refine(isRealDate, { error: message }).meta(jsonSchemaOf.day).optional(),
    )
    .meta({ 'x-tolerated': '"" and null count as not sent.' })
    .optional();
}

const rangeMessages = {
  from: 'Provide a valid from date (YYYY-MM-DD).',
  until: 'Provide a valid until date (YYYY-MM-DD).',
} as const;

export const accountingRange = z.object({
  from: optionalDay(rangeMessages.from).describe('YYYY-MM-DD, inclusive; missing = from the start.'),
  until: optionalDay(rangeMessages.until).describe('YYYY-MM-DD, inclusive; missing = to the end.'),
});
export type AccountingRange = z.input<typeof accountingRange>;

export const accountingOperations = {
  accountingServices: defineOperation({
    area: 'accounting',
    path: '/accounting/services',
    summary:
      'All recorded services over all patients with their billing case (diagnosis lines excluded), filtered on the service date; without from/until the whole stock.',
    input: accountingRange,
    result: z.array(accountingServiceRow),
    envelope: 'accounting',
    errors: { [rangeMessages.from]: 400, [rangeMessages.until]: 400 },
  }),
  accountingTransactions: defineOperation({
    area: 'accounting',
    path: '/accounting/transactions',
    summary:
      'Payments received (transaction code Z only), filtered on the booking date; transaction_date is the entry date.',
    input: accountingRange,
    result: z.array(accountingTransactionRow),
    envelope: 'accounting',
    errors: { [rangeMessages.from]: 400, [rangeMessages.until]: 400 },
  }),
};
