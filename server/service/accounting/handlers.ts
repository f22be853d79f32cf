import { type Db, sql } from '../db/database.ts';
import type { Handlers, Outcome } from '../handler.ts';

// Open ends of a range: every stored date lies between these.
const FIRST_DAY = '0000-01-01';
const LAST_DAY = '9999-12-31';

type Kind = 'text' | 'number' | 'boolean';

/**
 * The fields of a row, in the document's order, with their SQL expression. handlers.test.ts checks them against
 * the contract's row schemas.
 */
export const serviceFields: readonly [string, string, Kind][] = [
  ['invoice_no', 'c.invoice_no', 'text'],
  ['patid', 'c.patid', 'number'],
  ['case_no', 's.case_no', 'number'],
  ['service_id', 's.service_id', 'number'],
  ['date', 's.date', 'text'],
  ['code', 's.code', 'text'],
  ['title', 's.title', 'text'],
  ['comment', 's.comment', 'text'],
  ['quantity', 's.quantity', 'number'],
  ['session', 's.session', 'number'],
  ['tariff_type', 's.tariff_type', 'text'],
  ['type', 's.type', 'text'],
  ['unit_mt', 's.unit_mt', 'number'],
  ['unit_tt', 's.unit_tt', 'number'],
  ['unit_factor_mt', 's.unit_factor_mt', 'number'],
  ['unit_factor_tt', 's.unit_factor_tt', 'number'],
  ['vat', 's.vat', 'number'],
  ['vat_rate', 's.vat_rate', 'number'],
  ['amount', 's.amount', 'number'],
  ['status', 's.status', 'text'],
  ['case_name', 'c.case_name', 'text'],
  ['case_short', 'c.case_short', 'text'],
  ['law', 'c.law', 'text'],
  ['account_number', 's.account_number', 'text'],
  ['is_covered', 's.is_covered', 'boolean'],
  ['section_code', 's.section_code', 'text'],
  ['provider', 's.provider', 'number'],
  ['responsible', 's.responsible', 'number'],
];

export const transactionFields: readonly [string, string, Kind][] = [
  ['invoice_no', 'c.invoice_no', 'text'],
  ['patid', 'c.patid', 'number'],
  ['case_no', 't.case_no', 'number'],
  ['transaction_id', 't.transaction_id', 'number'],
  ['transaction_date', 't.entry_date', 'text'],
  ['comment', 't.comment', 'text'],
  ['account_number', 't.account_number', 'text'],
  ['amount', 't.amount', 'number'],
];

/** An SQL expression that writes one row as a JSON object (every column is NOT NULL). */
function rowJson(fields: readonly [string, string, Kind][]): string {
  const parts = fields.map(([key, expr, kind], i) => {
    const value =
      kind === 'text'
        ? `json_quote(${expr})`
        : kind === 'boolean'
          ? `CASE WHEN ${expr} THEN 'true' ELSE 'false' END`
          : expr;
    return `'${i === 0 ? '{' : ','}"${key}":' || ${value}`;
  });
  return `${parts.join(' || ')} || '}'`;
}

/**
 * The whole stock (100,000 lines) must answer within 2 s and 400 MB: building 100,000 JS objects and stringifying
 * them takes several times that. So SQLite writes the JSON text of the rows itself, a page of rows at a time
 * (keyset paging on the sort key), and each page is sent as the client reads: the peak stays near one page. The accounting envelope ({status: true, result}, no msg) is written around the pages here.
 */
const PAGE = 5000;

interface Page {
  json: string | null;
  last: string | null;
  n: number;
}

function pagesSql(rowExpr: string, key: [string, string], from: string, where: string): string {
  return `SELECT group_concat(row, ',') AS json, max(k) AS last, count(*) AS n FROM (
    SELECT ${rowExpr} AS row, ${key[0]} || ' ' || printf('%012d', ${key[1]}) AS k
    ${from}
    WHERE ${where} AND ${key[0]} BETWEEN ? AND ? AND (${key[0]}, ${key[1]}) > (?, ?)
    ORDER BY ${key[0]}, ${key[1]} LIMIT ${PAGE})`;
}

function accountingJson(db: Db, text: string, from: string, until: string): Outcome {
  const stmt = sql(db, text);
  let after: [string, number] = ['', 0];
  let done = false;
  let rowsSent = false;
  /** The next page's JSON text (rows joined by commas), or null after the last one. */
  const nextPage = (): string | null => {
    if (done) return null;
    // The cursor's day as the lower bound too, so that each page starts its index range there.
    const lower = after[0] > from ? after[0] : from;
    const page = stmt.get(lower, until, after[0], after[1]) as unknown as Page;
    if (!page.json || !page.last) {
      done = true;
      return null;
    }
    if (page.n < PAGE) done = true;
    after = [page.last.slice(0, page.last.indexOf(' ')), Number(page.last.slice(page.last.indexOf(' ') + 1))];
    return page.json;
  };
  // The first page inside the handler's transaction (a failure is still an error envelope); the rest as the
  // client reads: the first rows leave at once and only one page is in memory at a time. The accounting data is
  // not changed by the API, and keyset paging neither repeats nor skips a row between pages.
  const first = nextPage();
  const encoder = new TextEncoder();
  let opened = false;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (closed) return;
      if (!opened) {
        opened = true;
        controller.enqueue(encoder.encode(`{"status":true,"result":[${first ?? ''}`));
        rowsSent = first !== null;
        return;
      }
      let json: string | null;
      try {
        json = nextPage();
      } catch (e) {
        closed = true;
        controller.error(e);
        return;
      }
      if (json === null) {
        closed = true;
        controller.enqueue(encoder.encode(']}'));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(rowsSent ? `,${json}` : json));
      rowsSent = true;
    },
  });
  return { raw: new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } }) };
}

const servicesSql = pagesSql(
  rowJson(serviceFields),
  ['s.date', 's.service_id'],
  'FROM accounting_services s JOIN billing_cases c ON c.case_no = s.case_no',
  "s.type <> 'diagnosis'",
);

const transactionsSql = pagesSql(
  rowJson(transactionFields),
  ['t.booking_date', 't.transaction_id'],
  'FROM accounting_transactions t JOIN billing_cases c ON c.case_no = t.case_no',
  "t.code = 'Z'",
);

export const accountingHandlers: Handlers = {
  // Diagnosis lines are stored with the services but never listed; the filter is on the service date.
  accountingServices: (ctx, input) =>
    accountingJson(ctx.db, servicesSql, input.from ?? FIRST_DAY, input.until ?? LAST_DAY),

  // Payments received (code Z) only; the filter is on the booking date, transaction_date is the entry date.
  accountingTransactions: (ctx, input) =>
    accountingJson(ctx.db, transactionsSql, input.from ?? FIRST_DAY, input.until ?? LAST_DAY),
};
