import { z } from 'zod';
import { clockTimeRe, isRealDate, realDayRe } from './practice-time.ts';

// The calendar check lives with the practice clock (the date fields' parser uses it); the schemas read it here too.
export { isRealDate };

/**
 * What a refinement checks, said as JSON Schema for the OpenAPI document (docs/decisions/0046): z.toJSONSchema
 * cannot see into a refine, so each refined schema carries these beside it with `.meta()`, in one place.
 */
export const jsonSchemaOf = {
  /** A real day `YYYY-MM-DD`. */
  day: { format: 'date', pattern: `^${realDayRe}$` },
  /** A real day and wall-clock time `YYYY-MM-DD HH:MM[:SS]` (a `T` for the space is accepted too). */
  localDateTime: {
    pattern: `^${realDayRe}[ T]${clockTimeRe}$`,
    description: 'Practice time (Europe/Zurich), YYYY-MM-DD HH:MM:SS or YYYY-MM-DD HH:MM.',
  },
  /** Text with something in it: refinements that trim and then want at least one character. */
  notBlank: { minLength: 1, pattern: '\\S' },
  /** 0 or more: `int().refine((n) => n >= 0)`. */
  nonNegative: { minimum: 0 },
} as const;

/**
 * How an operation's response is wrapped (docs/api.md#envelope-deviations).
 * - standard: {status: true, msg, result}
 * - list: standard plus pagination {offset, limit, total, hasMore}
 * - raw: no envelope, the document itself (openapi)
 * - labor: {status: 200|400|500 (integer), msg}, HTTP 200 always, no result
 * - providers: {status: "ok", result}, no msg
 * - accounting: {status: true, result}, no msg
 * - searchPatients: {status: true, msg: "Matched N customers", results: [...] | null}
 */
export type EnvelopeKind =
  | 'standard'
  | 'list'
  | 'raw'
  | 'labor'
  | 'providers'
  | 'accounting'
  | 'searchPatients';

export type Area = 'sales' | 'agenda' | 'recall' | 'booking' | 'hx' | 'labor' | 'accounting' | 'system';

export interface OperationDef<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  area: Area;
  /** Path below /v1, e.g. `/sales/getLeads`. */
  path: string;
  summary: string;
  input: I;
  /** Schema of `result` (or `results` for searchPatients; the item array for list kinds). */
  result: R;
  envelope: EnvelopeKind;
  /**
   * Exact error messages the operation can answer with, and the HTTP status of each.
   * A validation issue whose message is listed here is answered with that status; other validation issues with 400.
   * Messages that end in `: ` are prefixes (e.g. `Unknown reasonCode: `).
   */
  errors: Record<string, number>;
  /** Errors carry no `result` key (modifyAppointment, disqualifyLead, setLeadFolder). Others carry `result: null`. */
  errorWithoutResult?: boolean;
  /** Success message of the standard envelope; `Success` when not given. */
  successMsg?: string;
  /** Documented as not needing the labor module etc. Only laborUpload sets this. */
  module?: 'labor';
  /**
   * Paths (as sent, dot-separated) of the search and filter texts: at most SEARCH_MAX characters
   * (docs/api.md#limits). Every other text is at most TEXT_MAX, except those in `longTextFields`.
   */
  searchFields?: readonly string[];
  /** Paths of texts with their own, larger limit (laborUpload `content`, 25 MB). */
  longTextFields?: readonly string[];
  /** Bytes of the request body, when not BODY_MAX (laborUpload: LABOR_BODY_MAX). */
  bodyMax?: number;
  /**
   * Rules between fields, or between a field and the stored record, that JSON Schema cannot say: message -> the rule.
   * The OpenAPI document lists them (`x-rules`, docs/decisions/0046); every other refusal of a request that fits its
   * schema is a fault of the document or the service.
   */
  rules?: Record<string, string>;
}

/** Keeps the envelope kind as a literal type, so `call()` can type what each kind returns. */
export function defineOperation<I extends z.ZodType, R extends z.ZodType, E extends EnvelopeKind>(
  def: OperationDef<I, R> & { envelope: E },
): OperationDef<I, R> & { envelope: E } {
  return def;
}

// ---------------------------------------------------------------------------------------------------------------
// Size limits (docs/api.md#limits). The server checks every text of every body against them before parsing;
// the schemas below carry the same limits, so the app's forms refuse the same input with the same message.

/** Characters of any text field. */
export const TEXT_MAX = 10_000;
/** Characters of a search or filter text. */
export const SEARCH_MAX = 200;
/** Nesting levels of a request body. */
export const DEPTH_MAX = 32;
/** Items of any array in a request body. */
export const ITEMS_MAX = 1000;
/** Bytes of a request body; laborUpload's holds up to 25 MB of Base64 text and so has its own. */
export const BODY_MAX = 1024 * 1024;
export const LABOR_BODY_MAX = 36 * 1024 * 1024;

export const limitMessages = {
  textTooLong: (field: string) => `Text too long: ${field} (at most ${TEXT_MAX} characters).`,
  searchTooLong: (field: string) => `Search text too long: ${field} (at most ${SEARCH_MAX} characters).`,
  tooDeep: 'Request nested too deeply.',
  tooManyItems: (field: string) => `Too many items: ${field} (at most ${ITEMS_MAX}).`,
} as const;

function pathOf(iss: { path?: PropertyKey[] }): string {
  return (iss.path ?? []).map(String).join('.');
}

/** A text field: at most TEXT_MAX characters. */
export function limitedText() {
  return z.string().max(TEXT_MAX, { error: (iss) => limitMessages.textTooLong(pathOf(iss)) });
}

/** Start of the answer to a key an input does not know: `Unknown field: contact.foo.` */
export const UNKNOWN_FIELD = 'Unknown field: ';

/** Error map of a strict input: the first unknown key, by its path. */
function unknownField(iss: z.core.$ZodRawIssue): string | undefined {
  if (iss.code !== 'unrecognized_keys') return undefined;
  const keys = (iss as { keys?: string[] }).keys ?? [];
  return `${UNKNOWN_FIELD}${[...(iss.path ?? []), keys[0] ?? ''].join('.')}.`;
}

/** An input object that refuses a key it does not know, naming it (createLead, updateLead, the waiting list). */
export function strictInput<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject(shape, { error: unknownField });
}

/** A search or filter text: at most SEARCH_MAX characters. `message`: when it is not a text at all. */
export function searchText(message?: string) {
  return z
    .string({ error: message })
    .max(SEARCH_MAX, { error: (iss) => limitMessages.searchTooLong(pathOf(iss)) });
}

// ---------------------------------------------------------------------------------------------------------------
// Primitives. Integers are JSON numbers, but strings of digits are accepted too; booleans are true/false or 1/0
// (docs/api.md#transport). The client always sends numbers and booleans.

const digits = /^-?\d+$/;

/** An integer, also from a string of digits. */
export function int(message?: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && digits.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).int({ error: message }),
  );
}

/** A positive id (1 upward), also from a string of digits. */
export function id(message?: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && digits.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).int({ error: message }).positive({ error: message }),
  );
}

/** A boolean from true/false or 1/0 (also "1"/"0", "true"/"false"). */
export function bool(message?: string) {
  return z.preprocess(
    (v) => {
      if (v === 1 || v === '1' || v === 'true') return true;
      if (v === 0 || v === '0' || v === 'false') return false;
      return v;
    },
    z.boolean({ error: message }),
  );
}

/** An integer flag 0/1, also from true/false. */
export function flag01(message?: string) {
  return z.preprocess(
    (v) => {
      if (v === true || v === 'true') return 1;
      if (v === false || v === 'false') return 0;
      if (typeof v === 'string' && digits.test(v.trim())) return Number(v.trim());
      return v;
    },
    z.union([z.literal(0), z.literal(1)], { error: message }),
  );
}

/** `YYYY-MM-DD`, a real calendar day. */
export function isoDate(message?: string) {
  return z
    .string({ error: message })
    .refine(isRealDate, { error: message ?? 'Expected a date YYYY-MM-DD.' })
    .meta(jsonSchemaOf.day);
}

/**
 * List paging: `limit` below 1 or above 1000, or not an integer, falls back to 100; offset below 0 falls back to 0
 * (docs/api.md#transport, the searchPatients rule for all list operations).
 */
export const paging = {
  offset: z
    .preprocess((v) => {
      const n = typeof v === 'string' && digits.test(v) ? Number(v) : v;
      return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
    }, z.number().int())
    .default(0)
    .meta({
      minimum: 0,
      default: 0,
      'x-tolerated': 'Any other value (negative, not an integer) counts as 0.',
    }),
  limit: z
    .preprocess((v) => {
      const n = typeof v === 'string' && digits.test(v) ? Number(v) : v;
      return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 100;
    }, z.number().int())
    .default(100)
    .meta({
      minimum: 1,
      maximum: 1000,
      default: 100,
      'x-tolerated': 'Any other value (below 1, above 1000, not an integer) counts as 100.',
    }),
};

export const pagination = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type Pagination = z.infer<typeof pagination>;
