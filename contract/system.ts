import { z } from 'zod';
import {
  defineOperation,
  flag01,
  id,
  int,
  isRealDate,
  jsonSchemaOf,
  limitedText,
  paging,
  searchText,
} from './common.ts';
import { realDayRe, realSwissDayRe } from './practice-time.ts';

export const provider = z.object({
  userid: z.number().int(),
  title: z.string(),
  givenname: z.string(),
  familyname: z.string(),
  specialization: z.string(),
  gender: z.string(),
  active: z.boolean(),
});
export type Provider = z.infer<typeof provider>;

// ---------------------------------------------------------------------------------------------------------------
// Patient record (docs/api.md#patients); getCustomerById returns the same fields.

export const patient = z.object({
  patid: z.number().int(),
  lastname: z.string(),
  firstname: z.string(),
  /** `female` or `male`. */
  gender: z.string(),
  /** `YYYY-MM-DD`, null when unknown. */
  dob: z.string().nullable(),
  title: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  /** Lower case ISO code, e.g. `ch`. */
  countrycode: z.string(),
  mobile: z.string(),
  /**
   * The landline: not among the document's Patient fields; the reference service adds it so that the patient's
   * data can be read back and edited (a real tenant may leave it out).
   */
  tel: z.string().optional(),
  mail: z.string(),
  /** The AHV number; the output name is upper case. */
  AHV: z.string(),
  /** ISO 639-1, e.g. `de`. */
  language: z.string(),
  /** `"0"` or `"1"` (a string, as the document delivers it). */
  deleted: z.enum(['0', '1']),
  /**
   * Reference service (docs/api.md#versions): grows with every change of the patient (updateCustomer,
   * delete, ...); updateCustomer's `ifVersion`. A real tenant may not send it: the client then re-reads and
   * compares before it writes.
   */
  version: z.number().int().optional(),
});
export type Patient = z.infer<typeof patient>;

// ---------------------------------------------------------------------------------------------------------------
// Dates of birth: DD.MM.YYYY or YYYY-MM-DD (searchPatients, createCustomer).

const swissDateRe = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** `YYYY-MM-DD` for a real day given as `DD.MM.YYYY` or `YYYY-MM-DD`; null otherwise. */
export function normalizeDob(value: string): string | null {
  const s = value.trim();
  const m = swissDateRe.exec(s);
  const iso = m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : s;
  return isRealDate(iso) ? iso : null;
}

/** Numbers where text is expected (a zip sent as 8001) are read as their text; null as not sent. */
function looseText(v: unknown): unknown {
  if (v === null) return undefined;
  return typeof v === 'number' ? String(v) : v;
}

const optionalText = z.preprocess(looseText, limitedText().optional());
const optionalSearch = z.preprocess(looseText, searchText().optional());

const mailPattern =
  '^\\s*(?:@[\\s\\S]{6,}\\S|\\S[\\s\\S]{6,}@|\\S(?:[\\s\\S]{5,}@[\\s\\S]*|[\\s\\S]{4}@[\\s\\S]+|[\\s\\S]{3}@[\\s\\S]{2,}|' +
  '[\\s\\S]{2}@[\\s\\S]{3,}|[\\s\\S]@[\\s\\S]{4,}|@[\\s\\S]{5,})\\S)?\\s*$';

// ---------------------------------------------------------------------------------------------------------------
// searchPatients: only the listed fields; unknown ones are refused before anything else is checked.

export const searchPatientsMessages = {
  unknown: 'Unknown parameter(s): ',
  noCriterion: 'Provide at least one search criterion.',
  dob: 'Provide a valid dob (DD.MM.YYYY or YYYY-MM-DD).',
  patid: 'Provide a valid patid.',
  mail: 'Provide a valid mail (more than 7 characters, with @).',
} as const;

/** The fields searchPatients allows (forms can `z.object(searchPatientsShape)`); the input wraps them. */
export const searchPatientsShape = {
  /** Contains-match, also finds double names (`Müller` finds `Müller-Schmid`). Case-insensitive. */
  lastname: optionalSearch.describe('Contains-match, case-insensitive; also finds double names.'),
  /** Contains-match, case-insensitive. */
  firstname: optionalSearch.describe('Contains-match, case-insensitive.'),
  /** DD.MM.YYYY or YYYY-MM-DD; parsed to YYYY-MM-DD. */
  dob: z
    .preprocess(looseText, z.string({ error: searchPatientsMessages.dob }).optional())
    .refine((v) => v === undefined || v.trim() === '' || normalizeDob(v) !== null, {
      error: searchPatientsMessages.dob,
    })
    .meta({ pattern: `^\\s*(?:${realSwissDayRe}|${realDayRe})?\\s*$` })
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : (normalizeDob(v) ?? undefined)))
    .describe('Date of birth, DD.MM.YYYY or YYYY-MM-DD.'),
  /** Exact, positive. */
  patid: id(searchPatientsMessages.patid).optional().describe('Exact match, positive.'),
  /** Exact match (case-insensitive); more than 7 characters and containing @. */
  mail: z
    .preprocess(looseText, searchText(searchPatientsMessages.mail).optional())
    .refine((v) => v === undefined || v.trim() === '' || (v.trim().length > 7 && v.includes('@')), {
      error: searchPatientsMessages.mail,
    })
    // Blank, or more than 7 characters once trimmed with an @ among them (no lookahead: generators read this too).
    .meta({ pattern: mailPattern })
    .describe('Exact match; more than 7 characters and containing @.'),
  /** Exact match on the AHV number (dots and spaces optional). */
  ahv: optionalSearch.describe('AHV number, exact match (with or without dots and spaces).'),
  /**
   * An addition of the reference service (docs/api.md#patient-search): digits compared with the patient's tel and mobile,
   * ignoring spaces, dots and the prefixes +41, 0041 and 0. A real tenant answers `Unknown parameter(s): phone`.
   */
  phone: optionalSearch.describe(
    'Reference service addition: phone or mobile digits, ignoring spaces, dots and +41, 0041 or 0.',
  ),
  ...paging,
};

const searchPatientsKeys = new Set(Object.keys(searchPatientsShape));

export const searchPatientsInput = z
  .preprocess((v, ctx) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const unknown = Object.keys(v).filter((k) => !searchPatientsKeys.has(k));
      if (unknown.length > 0) {
        ctx.issues.push({
          code: 'custom',
          message: `${searchPatientsMessages.unknown}${unknown.join(', ')}`,
          input: v,
        });
      }
    }
    return v;
  }, z.object(searchPatientsShape))
  .refine(
    (v) =>
      [v.lastname, v.firstname, v.mail, v.ahv, v.phone].some((s) => s !== undefined && s.trim() !== '') ||
      v.dob !== undefined ||
      v.patid !== undefined,
    { error: searchPatientsMessages.noCriterion },
  )
  .meta({
    anyOf: [
      ...['lastname', 'firstname', 'mail', 'ahv', 'phone', 'dob'].map((field) => ({
        required: [field],
        properties: { [field]: jsonSchemaOf.notBlank },
      })),
      { required: ['patid'] },
    ],
  });
export type SearchPatientsInput = z.input<typeof searchPatientsInput>;

// ---------------------------------------------------------------------------------------------------------------
// createCustomer: every field optional, only the language is checked (against the tenant's list).

export const createCustomerInput = z.object({
  firstname: optionalText,
  lastname: optionalText,
  title: optionalText,
  /** Contains the letter f (either case): stored as female; anything else, or nothing: male. */
  gender: optionalText.describe('Contains the letter f: stored as female; otherwise male.'),
  /** DD.MM.YYYY or YYYY-MM-DD; anything else is stored as unknown (null), not refused. */
  dob: optionalText.describe('DD.MM.YYYY or YYYY-MM-DD.'),
  street: optionalText,
  zip: optionalText,
  city: optionalText,
  country: optionalText,
  /** The field name is lower case; `countryCode` is ignored. The value is stored lower-cased (`CH` -> `ch`). */
  countrycode: optionalText.describe('Lower-case field name (countryCode is ignored); stored lower-cased.'),
  tel: optionalText,
  fax: optionalText,
  mobile: optionalText,
  mail: optionalText,
  ahv: optionalText,
  /** de, fr, it or en, and it must be in the tenant's list; else status false `Unknown language: <x>` (HTTP 200). */
  language: optionalText
    .describe("de, fr, it or en; must be in the tenant's list, else Unknown language: <x>.")
    .meta({
      enum: ['', 'de', 'fr', 'it', 'en'],
      'x-tolerated': 'Any letter case and spaces around the code.',
    }),
  /** Patient group by name (case-insensitive); created when it does not exist. */
  group: optionalText.describe('Patient group name; created when it does not exist.'),
});
export type CreateCustomerInput = z.input<typeof createCustomerInput>;

export const createCustomerResult = z.object({
  id: z.number().int(),
  /** Only when a group was sent. */
  group: z.enum(['created', 'existed']).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// updateCustomer (docs/api.md#patients, an addition of the reference service): only the fields sent change.

export const updateCustomerMessages = {
  patid: 'Please provide a patient id.',
  notFound: 'Patient not found.',
  deleted: 'Patient is deleted.',
  language: 'Unknown language: ',
  changed: 'The patient was changed meanwhile.',
} as const;

export const updateCustomerInput = createCustomerInput.extend({
  patid: id(updateCustomerMessages.patid),
  /**
   * The `version` the caller read (docs/api.md#versions). Not the current one: nothing changes, HTTP 409
   * `The patient was changed meanwhile.` Missing: the write happens whatever the version.
   */
  ifVersion: int().optional(),
});

/** The message every operation that would book, link or recall a deleted patient answers (docs/decisions 0018). */
export const patientDeletedMessage = 'Patient is deleted.';

export const openapiFormats = ['yaml', 'json'] as const;

export const systemOperations = {
  getProviders: defineOperation({
    area: 'system',
    path: '/system/getProviders',
    summary: 'Lists active practitioners, ordered by family name.',
    input: z.object({ getall: flag01().optional() }),
    result: z.array(provider),
    envelope: 'providers',
    errors: {},
  }),
  whoami: defineOperation({
    area: 'system',
    path: '/system/whoami',
    summary: 'The signed-in user and tenant (reference service addition; fallback: pick from getProviders).',
    input: z.object({}),
    result: z.object({
      userid: z.number().int(),
      username: z.string(),
      givenname: z.string(),
      familyname: z.string(),
      modules: z.array(z.string()),
      tenant: z.string(),
    }),
    envelope: 'standard',
    errors: {},
  }),
  getUsers: defineOperation({
    area: 'system',
    path: '/system/getUsers',
    summary:
      'Users of the practice, for assignee pickers (reference service addition; fallback: getProviders getall 1).',
    input: z.object({ getall: flag01().optional() }),
    result: z.array(
      z.object({
        userid: z.number().int(),
        givenname: z.string(),
        familyname: z.string(),
        active: z.boolean(),
      }),
    ),
    envelope: 'standard',
    errors: {},
  }),
  openapi: defineOperation({
    area: 'system',
    path: '/system/openapi',
    summary:
      'The OpenAPI 3.0.0 document of the whole API (YAML by default), with an ETag; 304 on a matching If-None-Match.',
    input: z.object({
      format: z
        .preprocess(
          (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
          z.enum(openapiFormats, { error: 'Provide a valid format (yaml or json).' }),
        )
        .optional()
        .describe('yaml (default) or json.'),
    }),
    /** The document text itself (no envelope). */
    result: z.string(),
    envelope: 'raw',
    errors: { 'Provide a valid format (yaml or json).': 400 },
  }),
  createCustomer: defineOperation({
    area: 'system',
    path: '/system/createCustomer',
    summary:
      'Inserts a patient directly (bypasses the lead pipeline). All fields optional; only language is checked.',
    input: createCustomerInput,
    result: createCustomerResult,
    envelope: 'standard',
    successMsg: 'Customer created',
    errors: { 'Unknown language: ': 200 },
    rules: { 'Unknown language: ': 'The language is one the tenant offers (tenant sonnenhof: de and en).' },
  }),
  updateCustomer: defineOperation({
    area: 'system',
    path: '/system/updateCustomer',
    summary:
      "Changes a patient's data (reference service addition): only the fields sent change; the change is written to the patient's history (category Data).",
    input: updateCustomerInput,
    result: z.null(),
    envelope: 'standard',
    errors: {
      [updateCustomerMessages.patid]: 400,
      [updateCustomerMessages.notFound]: 404,
      [updateCustomerMessages.deleted]: 422,
      [updateCustomerMessages.language]: 200,
      [updateCustomerMessages.changed]: 409,
    },
    rules: {
      [updateCustomerMessages.language]:
        'The language is one the tenant offers (tenant sonnenhof: de and en).',
    },
  }),
  searchPatients: defineOperation({
    area: 'system',
    path: '/system/searchPatients',
    summary:
      'Search over patients (lastname, firstname, dob, patid, mail, ahv); hits in `results`, null without hits.',
    input: searchPatientsInput,
    searchFields: ['lastname', 'firstname', 'dob', 'mail', 'ahv', 'phone'],
    /** The hits; the envelope sends null instead of an empty array. */
    result: z.array(patient),
    envelope: 'searchPatients',
    errors: {
      [searchPatientsMessages.unknown]: 400,
      [searchPatientsMessages.noCriterion]: 400,
      [searchPatientsMessages.dob]: 400,
      [searchPatientsMessages.patid]: 400,
      [searchPatientsMessages.mail]: 400,
    },
  }),
  getCustomerById: defineOperation({
    area: 'system',
    path: '/system/getCustomerById',
    summary: 'One patient record (the searchPatients fields), deleted ones included.',
    input: z.object({ patid: id('Please provide a patient id.') }),
    result: patient,
    envelope: 'standard',
    errors: { 'Please provide a patient id.': 400, 'Patient not found.': 404 },
  }),
  getProvider: defineOperation({
    area: 'system',
    path: '/system/getProvider',
    summary: 'One practitioner (inactive ones included) by userid.',
    input: z.object({ provider: id('Please provide a provider id.') }),
    result: provider,
    envelope: 'standard',
    errors: { 'Please provide a provider id.': 400, 'Provider not found.': 404 },
  }),
};
