import { z } from 'zod';
import {
  bool,
  defineOperation,
  flag01,
  id,
  int,
  isoDate,
  isRealDate,
  jsonSchemaOf,
  limitedText,
  limitMessages,
  paging,
  searchText,
  strictInput,
  TEXT_MAX,
  UNKNOWN_FIELD,
} from './common.ts';
import { clockTimeRe, realDayRe } from './practice-time.ts';

// ---------------------------------------------------------------------------------------------------------------
// Folders, pipelines and codes (docs/api.md#folders).

/** Standard folders: 1-5 patient pipeline (ispatient 1), 11-15 contact pipeline (ispatient 0). Custom: 100 up. */
export const FOLDER = {
  open: 1,
  toBeContacted: 2,
  inDiscussion: 3,
  converted: 4,
  disqualified: 5,
  contactOpen: 11,
  contactToBeContacted: 12,
  contactInDiscussion: 13,
  contactConverted: 14,
  contactDisqualified: 15,
} as const;
export const standardFolderIds = [1, 2, 3, 4, 5, 11, 12, 13, 14, 15] as const;
/** Only disqualifyLead moves a lead here (setLeadFolder/bulkSetFolder refuse them). */
export const disqualifiedFolderIds = [5, 15] as const;
/** convertLead moves a lead here; setting them by hand converts nothing. */
export const convertedFolderIds = [4, 14] as const;

/** The folder a new lead gets when none is given. */
export function defaultFolderOf(ispatient: 0 | 1): number {
  return ispatient === 1 ? FOLDER.open : FOLDER.contactOpen;
}
export function disqualifiedFolderOf(ispatient: 0 | 1): number {
  return ispatient === 1 ? FOLDER.disqualified : FOLDER.contactDisqualified;
}
export function convertedFolderOf(ispatient: 0 | 1): number {
  return ispatient === 1 ? FOLDER.converted : FOLDER.contactConverted;
}

/**
 * History entry types: '' note or task, S status/folder change, A assignee change, J watcher joined/left,
 * OFF offer.
 */
export const historyTypes = ['', 'S', 'A', 'J', 'OFF'] as const;
export type HistoryType = (typeof historyTypes)[number];

export const referenceKinds = ['sources', 'flags', 'disqualification', 'categories', 'folders'] as const;

export const statGroupBys = [
  'folder',
  'source',
  'assignee',
  'country',
  'what',
  'nextStep',
  'day',
  'week',
  'month',
] as const;
export type StatGroupBy = (typeof statGroupBys)[number];
/** count = number of leads; revenue/costs = sums of the leads' `commercial.revenue` / `commercial.costs` (CHF). */
export const statMetrics = ['count', 'revenue', 'costs'] as const;
export type StatMetric = (typeof statMetrics)[number];

/** Gender codes of a lead: f, m, d (diverse) or "" (unknown). */
export const leadGenders = ['', 'f', 'm', 'd'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Messages (the document's exact wording where it has one; docs/decisions/0003-sales-open-points.md for the rest).

export const MSG = {
  leadId: 'Provide a valid leadId.',
  leadIdOrUniqid: 'Provide a valid leadId or uniqid.',
  date: 'Provide a valid date.',
  until: 'Provide a valid until date.',
  identifying:
    'At least one of contact.lastname, communication.mail, communication.mobile, communication.phone is required.',
  intakeIdentifying: 'At least one of lastname, email, phone, mobile is required.',
  createFailed: 'Failed to create lead.',
  groupBy: 'Provide a groupBy.',
  unsupportedGroupBy: 'Unsupported groupBy: ',
  unsupportedMetric: 'Unsupported metric: ',
  unsupportedKind: 'Unsupported kind: ',
  unknownField: UNKNOWN_FIELD,
  text: 'Provide a non-empty text.',
  historyId: 'Provide a valid historyId.',
  historyNotFound: 'History entry not found.',
  notATask: 'History entry is not a task.',
  reasonCode: 'Provide a reasonCode.',
  unknownReasonCode: 'Unknown reasonCode: ',
  unknownCategory: 'Unknown category: ',
  reasonRequired: 'Reason required for delete.',
  leadAndFolder: 'Provide valid leadId and folderId.',
  folderId: 'Provide a valid folderId.',
  disqualifyOnly: 'FolderId 5 requires disqualifyLead.',
  otherPipeline: "Folder does not belong to the lead's pipeline.",
  leadIds: 'Provide a non-empty leadIds array.',
  userId: 'Provide a valid userId.',
  userNotFound: 'User not found.',
  patid: 'Provide a valid patid.',
  leadNotFound: 'Lead not found.',
  leadNotDeleted: 'Lead is not deleted.',
  patientNotFound: 'Patient not found.',
  leadDeleted: 'Lead is deleted.',
  unknownSource: 'Unknown source: ',
  unknownFlag: 'Unknown flag: ',
  alreadyConverted: 'Lead already converted.',
  reminderDate: 'Provide a valid reminderDate (YYYY-MM-DD or YYYY-MM-DD HH:MM).',
  priority: 'Provide a priority from 0 to 3.',
  assignedTo: 'Provide a valid assignedTo.',
  dateFilter: 'Provide dates as YYYY-MM-DD.',
  orderBy: 'Unsupported orderBy: ',
  orderDir: 'Unsupported orderDir: ',
  leadChanged: 'The lead was changed meanwhile.',
} as const;

/** A field of some sales operation's input. */
type SalesInputKey = {
  [N in keyof typeof salesOperations]: keyof z.output<(typeof salesOperations)[N]['input']>;
}[keyof typeof salesOperations];

/**
 * The input field each whole message is about; a form maps it onto its own field (components/server-error.ts
 * `targetFrom`). Messages that start a text (`Unknown category: …`) or name no one field are not here.
 */
export const MSG_FIELD = {
  [MSG.leadId]: 'leadId',
  [MSG.leadIdOrUniqid]: 'leadId',
  [MSG.leadNotFound]: 'leadId',
  [MSG.leadDeleted]: 'leadId',
  [MSG.date]: 'date',
  [MSG.until]: 'until',
  [MSG.text]: 'text',
  [MSG.reminderDate]: 'reminderDate',
  [MSG.assignedTo]: 'assignedTo',
  /** addLeadTask's assignee (bulkAssign's userId has no form field). */
  [MSG.userNotFound]: 'assignedTo',
  [MSG.priority]: 'priority',
  [MSG.historyId]: 'historyId',
  [MSG.reasonCode]: 'reasonCode',
  [MSG.folderId]: 'folderId',
  [MSG.disqualifyOnly]: 'folderId',
  [MSG.otherPipeline]: 'folderId',
  [MSG.leadIds]: 'leadIds',
  [MSG.userId]: 'userId',
  [MSG.patid]: 'patid',
  [MSG.patientNotFound]: 'patid',
  [MSG.groupBy]: 'groupBy',
} as const satisfies Record<string, SalesInputKey>;

// ---------------------------------------------------------------------------------------------------------------
// Read shapes. Unset text reads back as "", unset ids and dates as null (docs/api.md#transport).

/** A reference data item (sources, flags, disqualification, categories). */
export const refItem = z.object({ code: z.string(), label: z.string() });
export type RefItem = z.infer<typeof refItem>;

/** A folder: the ten standard ones and every custom one (id 100 upward), in board order. */
export const folder = z.object({
  folderId: z.number().int(),
  label: z.string(),
  /** The pipeline the folder belongs to: 1 patient leads, 0 contact leads. */
  ispatient: z.union([z.literal(0), z.literal(1)]),
  custom: z.boolean(),
});
export type Folder = z.infer<typeof folder>;

export const referenceData = z.object({
  sources: z.array(refItem).optional(),
  flags: z.array(refItem).optional(),
  disqualification: z.array(refItem).optional(),
  categories: z.array(refItem).optional(),
  folders: z.array(folder).optional(),
});
export type ReferenceData = z.infer<typeof referenceData>;

/** Values of the anamnesis map (medical.hxData; intakeLead's `hx_<Key>` fields land here). */
export const hxValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const hxData = z.record(z.string(), hxValue);
export type HxData = z.infer<typeof hxData>;

/**
 * The commercial object as read back. Known keys: revenue and costs (CHF, the getLeadStats metrics), nextStep
 * (free text, getLeadStats groupBy nextStep), newsletter and dataProcessing (consents, from intakeLead).
 * Extra keys of a real tenant are tolerated.
 */
export const commercial = z.looseObject({
  revenue: z.number().optional(),
  costs: z.number().optional(),
  nextStep: z.string().optional(),
  newsletter: z.boolean().optional(),
  dataProcessing: z.boolean().optional(),
});
export type Commercial = z.infer<typeof commercial>;

export const watcher = z.object({ userId: z.number().int(), unread: z.boolean() });
export type Watcher = z.infer<typeof watcher>;

/** A lead as getLeads returns it (docs/api.md#leads). */
export const lead = z.object({
  leadId: z.number().int(),
  /** Stable string id, preferred for integrations. */
  uniqid: z.string(),
  ispatient: z.union([z.literal(0), z.literal(1)]),
  folderId: z.number().int(),
  /** Source code (getReferenceData sources), "" when unknown. */
  source: z.string(),
  /** null when unassigned. */
  assigneeId: z.number().int().nullable(),
  /** Flag codes (getReferenceData flags). */
  flags: z.array(z.string()),
  /** Concern of the lead. */
  what: z.string(),
  contact: z.object({
    title: z.string(),
    salutation: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    alias: z.string(),
    /** f, m, d or "". */
    gender: z.string(),
    /** `YYYY-MM-DD` or null. */
    dob: z.string().nullable(),
    civilStatus: z.string(),
    nationality: z.string(),
  }),
  address: z.object({
    street: z.string(),
    zip: z.string(),
    city: z.string(),
    country: z.string(),
    /** ISO 3166 alpha-2, upper case (CH), or "". */
    countryCode: z.string(),
  }),
  communication: z.object({
    mail: z.string(),
    mail2: z.string(),
    phone: z.string(),
    phone2: z.string(),
    mobile: z.string(),
    mobile2: z.string(),
  }),
  medical: z.object({
    bloodType: z.string(),
    /** cm, or null. */
    height: z.number().nullable(),
    /** kg, or null. */
    weight: z.number().nullable(),
    job: z.string(),
    hxData: hxData,
  }),
  insurance: z.object({
    kvg: z.string(),
    kvgPoliceNr: z.string(),
    vvg: z.string(),
    payerType: z.string(),
  }),
  commercial: commercial,
  /** `YYYY-MM-DD HH:MM:SS`. */
  created: z.string(),
  /** Last note, task, folder or assignee change; `YYYY-MM-DD HH:MM:SS`. */
  lastActivity: z.string(),
  /** `YYYY-MM-DD`, set by the first createAdmission. */
  admissionDate: z.string().nullable(),
  patid: z.number().int().nullable(),
  /** `YYYY-MM-DD`, set by linkLeadToPatient / convertLead. */
  conversionDate: z.string().nullable(),
  openTasks: z.number().int(),
  /** Earliest reminder of an open task, `YYYY-MM-DD HH:MM:SS`, or null. */
  nextReminder: z.string().nullable(),
  /** The caller's watcher state: true when the caller watches the lead and has not read its latest note. */
  unread: z.boolean(),
  watchers: z.array(watcher),
  deleted: z.boolean(),
  deletedBy: z.number().int().nullable(),
  /** `YYYY-MM-DD HH:MM:SS` or null. */
  deletedTime: z.string().nullable(),
  reasonDeleted: z.string(),
  /** Disqualification code (getReferenceData disqualification) or "". */
  reasonDisqualified: z.string(),
  /**
   * Reference service (docs/api.md#versions): grows with every change of the lead record (updateLead, folder
   * moves, assignment, disqualify, restore, convert, link); updateLead's `ifVersion`. A real tenant may not send
   * it: the client then re-reads and compares the fields about to change before it writes.
   */
  version: z.number().int().optional(),
});
export type Lead = z.infer<typeof lead>;

/** A lead history entry (docs/api.md#tasks), plus task completion data. */
export const historyEntry = z.object({
  historyId: z.number().int(),
  leadId: z.number().int(),
  /** '' note or task, S folder change, A assignee change, J watcher joined, OFF offer. */
  type: z.string(),
  category: z.string(),
  text: z.string(),
  /** Whether the entry is a task (addLeadTask); notes and system entries are not. */
  task: z.boolean(),
  /** `YYYY-MM-DD HH:MM:SS`; null when none (and once the task is completed: the reminder is removed). */
  reminderDate: z.string().nullable(),
  /** Tasks: the assignee, null when none. Null on other entries. */
  assignedTo: z.number().int().nullable(),
  /** Tasks: 0..3. Null on other entries. */
  priority: z.number().int().nullable(),
  completed: z.boolean(),
  /** `YYYY-MM-DD HH:MM:SS` or null. */
  completedTime: z.string().nullable(),
  completedBy: z.number().int().nullable(),
  createdBy: z.number().int(),
  created: z.string(),
  deleted: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** A task row of getTasks (docs/api.md#tasks), plus the lead's pipeline and the task's category. */
export const taskRow = z.object({
  historyId: z.number().int(),
  leadId: z.number().int(),
  lastname: z.string(),
  firstname: z.string(),
  ispatient: z.union([z.literal(0), z.literal(1)]),
  text: z.string(),
  category: z.string(),
  /** `YYYY-MM-DD HH:MM:SS` or null (no reminder, or completed). */
  reminderDate: z.string().nullable(),
  /** null when unassigned. */
  assignedTo: z.number().int().nullable(),
  priority: z.number().int(),
  completed: z.boolean(),
  completedTime: z.string().nullable(),
  created: z.string(),
});
export type TaskRow = z.infer<typeof taskRow>;

/** An admission (docs/api.md#admissions). */
export const admission = z.object({
  admissionId: z.number().int(),
  leadId: z.number().int(),
  /** `YYYY-MM-DD`. */
  date: z.string(),
  /** `YYYY-MM-DD` or null. */
  until: z.string().nullable(),
  comment: z.string(),
  /** Room or setting code. */
  settings: z.string(),
  lastname: z.string(),
  firstname: z.string(),
});
export type Admission = z.infer<typeof admission>;

/**
 * A getLeadStats row (deleted leads never count). Keys: folder = folderId as text (board order); source = code;
 * assignee = user id as text ("0" unassigned); country = ISO code (or the country text when no code); what and
 * nextStep = the text; day `YYYY-MM-DD`, week `YYYY-Www` (ISO 8601), month `YYYY-MM` of the lead's created
 * (ascending). Others are ordered by value descending. A group without a value has key "" (assignee "0") and
 * label "": the client names it. value = count, or the CHF sum of commercial.revenue / commercial.costs.
 */
export const statRow = z.object({ key: z.string(), label: z.string(), value: z.number() });
export type StatRow = z.infer<typeof statRow>;

export const bulkSkipped = z.object({
  leadId: z.number().int(),
  /** unchanged or deleted. */
  reason: z.string(),
});
export const bulkError = z.object({
  leadId: z.number().int(),
  /** `Lead not found.` or `Folder does not belong to the lead's pipeline.` */
  msg: z.string(),
});
export const bulkResult = z.object({
  updated: z.number().int(),
  skipped: z.array(bulkSkipped),
  errors: z.array(bulkError),
});
export type BulkResult = z.infer<typeof bulkResult>;

export const createdLead = z.object({ leadId: z.number().int(), uniqid: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Input pieces.

/** createLead's groups refuse an unknown key, naming it: `Unknown field: contact.foo.` */
const strict = strictInput;

const optText = limitedText().optional();

/** A number, also from a decimal string ("172", "72.5"); null clears. */
const measure = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v === '' ? null : v),
  z.number().nonnegative().nullable(),
);

/** `YYYY-MM-DD` date filter. */
const dateFilter = isoDate(MSG.dateFilter);

/** `asc` / `desc`. */
function orderDir(fallback: 'asc' | 'desc') {
  return z
    .enum(['asc', 'desc'], { error: (iss) => `${MSG.orderDir}${String(iss.input)}` })
    .optional()
    .transform((v) => v ?? fallback);
}

/** Reminder of addLeadTask: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or `YYYY-MM-DD HH:MM:SS` (practice time). */
export function isReminderDate(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!m || !isRealDate(m[1])) return false;
  return m[2] === undefined || (Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60);
}

/** createLead's groups, strict: an unknown key anywhere is refused naming it. */
export const leadContactInput = strict({
  title: optText,
  salutation: optText,
  firstname: optText,
  lastname: optText,
  alias: optText,
  gender: z.enum(leadGenders).optional(),
  /** `YYYY-MM-DD`. */
  dob: isoDate().nullable().optional(),
  civilStatus: optText,
  nationality: optText,
});
export const leadAddressInput = strict({
  street: optText,
  zip: optText,
  city: optText,
  country: optText,
  countryCode: z
    .string()
    .regex(/^([A-Za-z]{2})?$/)
    .optional(),
});
export const leadCommunicationInput = strict({
  mail: optText,
  mail2: optText,
  phone: optText,
  phone2: optText,
  mobile: optText,
  mobile2: optText,
});
export const leadMedicalInput = strict({
  bloodType: optText,
  height: measure.optional(),
  weight: measure.optional(),
  job: optText,
  hxData: hxData.optional(),
});
export const leadInsuranceInput = strict({
  kvg: optText,
  kvgPoliceNr: optText,
  vvg: optText,
  payerType: optText,
});
export const leadCommercialInput = strict({
  revenue: z.number().optional(),
  costs: z.number().optional(),
  nextStep: optText,
  newsletter: bool().optional(),
  dataProcessing: bool().optional(),
});

/** The disqualified folders (5, 15) are reached only by disqualifyLead. */
const notDisqualified = {
  not: { enum: [5, 15] },
  description: 'Not 5 or 15: those only via disqualifyLead.',
};

const idempotencyKey = z.string().trim().min(1).max(200).meta(jsonSchemaOf.notBlank).optional();

/** createLead fields (strict), without the cross-field check: the form schema base for `.pick`/`.extend`. */
export const createLeadFields = strict({
  ispatient: flag01(),
  contact: leadContactInput.optional(),
  address: leadAddressInput.optional(),
  communication: leadCommunicationInput.optional(),
  medical: leadMedicalInput.optional(),
  insurance: leadInsuranceInput.optional(),
  commercial: leadCommercialInput.optional(),
  /** Default 1 (patient) or 11 (contact). */
  folderId: id().meta(notDisqualified).optional(),
  source: optText,
  /** 0 = unassigned (default). */
  assigneeId: int()
    .refine((n) => n >= 0)
    .meta(jsonSchemaOf.nonNegative)
    .optional(),
  flags: z.array(z.string()).optional(),
  what: optText,
  idempotencyKey,
});

/**
 * updateLead input (docs/api.md#leads): the lead and the groups to change, each as partial as createLead's;
 * only what is sent changes. The identifying rule is checked on the merged lead by the service.
 */
export const updateLeadInput = strict({
  leadId: id(MSG.leadId),
  contact: leadContactInput.optional(),
  address: leadAddressInput.optional(),
  communication: leadCommunicationInput.optional(),
  medical: leadMedicalInput.optional(),
  insurance: leadInsuranceInput.optional(),
  what: optText,
  source: optText,
  flags: z.array(z.string()).max(100).optional(),
  /**
   * The `version` the caller read (docs/api.md#versions). Not the current one: nothing changes, HTTP 409
   * `The lead was changed meanwhile.` Missing: the write happens whatever the version.
   */
  ifVersion: int().optional(),
});
export type UpdateLeadInput = z.input<typeof updateLeadInput>;

/** createLead input (strict schema): the fields plus the one-identifying-field rule. */
export const createLeadInput = createLeadFields
  .refine(
    (v) =>
      [v.contact?.lastname, v.communication?.mail, v.communication?.mobile, v.communication?.phone].some(
        (s) => (s ?? '').trim() !== '',
      ),
    { error: MSG.identifying },
  )
  .meta({
    anyOf: [
      ['contact', 'lastname'],
      ['communication', 'mail'],
      ['communication', 'mobile'],
      ['communication', 'phone'],
    ].map(([group, field]) => ({
      required: [group],
      properties: { [group]: { required: [field], properties: { [field]: jsonSchemaOf.notBlank } } },
    })),
  });
export type CreateLeadInput = z.input<typeof createLeadInput>;

const intakeKeys = [
  'lastname',
  'email',
  'mail',
  'phone',
  'mobile',
  'salutation',
  'title',
  'firstname',
  'gender',
  'dob',
  'street',
  'streetex',
  'zip',
  'city',
  'country',
  'civilStatus',
  'nationality',
  'job',
  'comment',
  'what',
  'kvg',
  'vvg',
  'policeNr',
  'newsletter',
  'dataProcessing',
  'ispatient',
  'folderId',
  'source',
  'idempotencyKey',
] as const;
const intakeKeyOf = new Map<string, string>(intakeKeys.map((k) => [k.toLowerCase(), k]));

/**
 * Field names of intakeLead: snake_case, camelCase or any letter case map to the names below (`last_name`,
 * `lastName`, `LASTNAME` -> `lastname`); `hx_<Key>` is kept as sent. The first non-empty value of a name wins.
 */
function normaliseIntakeKeys(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    const key = /^hx_/i.test(k) ? k : (intakeKeyOf.get(k.replace(/[_-]/g, '').toLowerCase()) ?? k);
    if (!(key in out) || out[key] === undefined || out[key] === null || out[key] === '') out[key] = val;
  }
  return out;
}

/** Tolerant text: numbers become text, null is absent. */
const looseText = z.preprocess(
  (v) => (v === null ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  z.string().optional(),
);
/** Consent 1/0, true/false, "1"/"0", "yes"/"no", "on"/"off". */
const consent = z.preprocess((v) => {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['1', 'true', 'yes', 'ja', 'on'].includes(s)) return true;
    if (['0', 'false', 'no', 'nein', 'off'].includes(s)) return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean().optional());

/**
 * intakeLead input (tolerant schema): flat fields in snake_case or camelCase (normalised to camelCase here),
 * unknown fields are ignored, `hx_<Key>` fields go to medical.hxData (key without the `hx_` prefix).
 * dob is DD.MM.YYYY or YYYY-MM-DD (anything else is dropped). Defaults: ispatient 1, folder 1 (11), source I.
 */
export const intakeLeadInput = z.preprocess(
  normaliseIntakeKeys,
  z
    .looseObject({
      lastname: looseText,
      email: looseText,
      /** Alternative name of email. */
      mail: looseText,
      phone: looseText,
      mobile: looseText,
      salutation: looseText,
      title: looseText,
      firstname: looseText,
      gender: looseText,
      dob: looseText,
      street: looseText,
      /** House number. */
      streetex: looseText,
      zip: looseText,
      city: looseText,
      /** Plain text or ISO code (CH, Schweiz, Suisse, Switzerland ...), resolved server-side. */
      country: looseText,
      civilStatus: looseText,
      nationality: looseText,
      job: looseText,
      /** Concern; alternative name `what`. */
      comment: looseText,
      what: looseText,
      kvg: looseText,
      vvg: looseText,
      policeNr: looseText,
      newsletter: consent,
      dataProcessing: consent,
      /** 1 unless 0 / false is sent. */
      ispatient: z.preprocess(
        (v) => (v === 0 || v === '0' || v === false || v === 'false' ? 0 : 1),
        z.union([z.literal(0), z.literal(1)]),
      ),
      folderId: looseText,
      source: looseText,
      idempotencyKey: looseText,
    })
    .refine((v) => [v.lastname, v.email, v.mail, v.phone, v.mobile].some((s) => (s ?? '').trim() !== ''), {
      error: MSG.intakeIdentifying,
    })
    .meta({
      anyOf: ['lastname', 'email', 'mail', 'phone', 'mobile'].map((field) => ({
        required: [field],
        properties: { [field]: jsonSchemaOf.notBlank },
      })),
      'x-tolerated':
        'Field names in any letter case, snake_case or camelCase (last_name, lastName); numbers and true/false for ' +
        'texts; unknown fields are ignored.',
    }),
);

/** getLeads filter (docs/api.md#leads, plus flags, onlyDeleted and patid). */
export const leadFilter = z.object({
  leadId: id(MSG.leadId).optional(),
  uniqid: z.string().optional(),
  ispatient: flag01().optional(),
  folderId: id(MSG.folderId).optional(),
  /** A user id; 0 = unassigned leads only. */
  assigneeId: int()
    .refine((n) => n >= 0)
    .meta(jsonSchemaOf.nonNegative)
    .optional(),
  source: z.string().optional(),
  /** Contains-match on name, mail, phone and mobile (case and accent insensitive; digits match phone numbers). */
  search: searchText().optional(),
  /** Created from / to, `YYYY-MM-DD`, inclusive. */
  from: dateFilter.optional(),
  to: dateFilter.optional(),
  /** Default false: deleted leads are left out. */
  includeDeleted: bool().optional(),
  /** Only deleted leads (the bin). Implies includeDeleted. */
  onlyDeleted: bool().optional(),
  /** Flag codes; a lead must carry all of them. */
  flags: z.array(z.string()).optional(),
  /** Leads linked or converted to this patient (the patient page lists them). */
  patid: id().optional(),
});
export type LeadFilter = z.input<typeof leadFilter>;

/** getTasks filter (docs/api.md#tasks). */
export const taskFilter = z.object({
  ispatient: flag01().optional(),
  /** 0 = do not filter. */
  assignedTo: int().optional(),
  /** false = open only, true = completed only, absent = both. */
  completed: bool().optional(),
  /** On the reminder day, `YYYY-MM-DD`, inclusive. Overdue = reminderTo yesterday. */
  reminderFrom: dateFilter.optional(),
  reminderTo: dateFilter.optional(),
  /** The same as reminderFrom / reminderTo: a task is due on its reminder day. */
  dueFrom: dateFilter.optional(),
  dueTo: dateFilter.optional(),
  priority: int().optional(),
});
export type TaskFilter = z.input<typeof taskFilter>;

export const admissionFilter = z.object({
  leadId: id(MSG.leadId).optional(),
  uniqid: z.string().optional(),
  /** Admission date from / to, `YYYY-MM-DD`, inclusive. */
  from: dateFilter.optional(),
  to: dateFilter.optional(),
  /** Default false: admissions of deleted leads are left out. */
  includeDeleted: bool().optional(),
});

export const statFilter = z.object({
  ispatient: flag01().optional(),
  /** A user id; 0 = unassigned leads. `assigneeId` is accepted as well. */
  assignee: int().optional(),
  assigneeId: int().optional(),
  folderId: id(MSG.folderId).optional(),
  from: dateFilter.optional(),
  to: dateFilter.optional(),
});
export type StatFilter = z.input<typeof statFilter>;

const leadIdField = id(MSG.leadId);
const text = z
  .string({ error: MSG.text })
  .max(TEXT_MAX, { error: (iss) => limitMessages.textTooLong((iss.path ?? []).join('.')) })
  .trim()
  .min(1, { error: MSG.text })
  .meta(jsonSchemaOf.notBlank);
const leadIds = z.array(id(MSG.leadIds), { error: MSG.leadIds }).min(1, { error: MSG.leadIds });

/** createAdmission needs leadId or uniqid, checked before the date. */
const needsLeadRef = (v: unknown, ctx: z.core.$RefinementCtx<unknown>) => {
  const r = (v ?? {}) as Record<string, unknown>;
  const hasId = r.leadId !== undefined && r.leadId !== null && r.leadId !== '' && r.leadId !== 0;
  const hasUniqid = typeof r.uniqid === 'string' && r.uniqid.trim() !== '';
  if (!hasId && !hasUniqid) ctx.addIssue({ code: 'custom', message: MSG.leadIdOrUniqid, input: v });
  return v;
};

// ---------------------------------------------------------------------------------------------------------------
// Operations.

export const salesOperations = {
  getLeads: defineOperation({
    area: 'sales',
    path: '/sales/getLeads',
    summary: 'Leads, filtered and paged; ordered by lastActivity (default), created or lastname.',
    searchFields: ['filter.search'],
    input: z.object({
      filter: leadFilter.optional(),
      ...paging,
      orderBy: z
        .enum(['lastActivity', 'created', 'lastname'], {
          error: (iss) => `${MSG.orderBy}${String(iss.input)}`,
        })
        .optional()
        .transform((v) => v ?? 'lastActivity'),
      orderDir: orderDir('desc'),
    }),
    result: z.array(lead),
    envelope: 'list',
    errors: {
      [MSG.leadId]: 400,
      [MSG.folderId]: 400,
      [MSG.dateFilter]: 400,
      [MSG.orderBy]: 400,
      [MSG.orderDir]: 400,
    },
  }),

  getReferenceData: defineOperation({
    area: 'sales',
    path: '/sales/getReferenceData',
    summary:
      'Sources, flags, disqualification reasons, note categories and folders; kinds missing or empty = all.',
    input: z.object({
      kinds: z
        .array(z.enum(referenceKinds, { error: (iss) => `${MSG.unsupportedKind}${String(iss.input)}` }))
        .optional(),
    }),
    result: referenceData,
    envelope: 'standard',
    errors: { [MSG.unsupportedKind]: 400 },
  }),

  createLead: defineOperation({
    area: 'sales',
    path: '/sales/createLead',
    summary:
      'Creates a lead (strict schema: an unknown field is refused naming it). A repeated idempotencyKey returns the first lead.',
    input: createLeadInput,
    result: createdLead,
    rules: {
      [MSG.createFailed]:
        'source, flags and assigneeId name ones the practice has (getReferenceData, getUsers); folderId names a folder.',
      [MSG.otherPipeline]: 'folderId is a folder of the pipeline ispatient names.',
    },
    envelope: 'standard',
    errors: {
      [MSG.unknownField]: 400,
      [MSG.identifying]: 400,
      [MSG.createFailed]: 400,
      [MSG.disqualifyOnly]: 422,
      [MSG.otherPipeline]: 422,
    },
  }),

  updateLead: defineOperation({
    area: 'sales',
    path: '/sales/updateLead',
    summary:
      "Changes a lead's data (addition of the reference service): only the fields sent change; a history entry (category Data) lists what changed.",
    input: updateLeadInput,
    result: z.null(),
    rules: {
      [MSG.identifying]: 'The lead as it will be keeps a last name, mail, mobile or phone.',
      [`${MSG.unknownSource}`]: 'source is one of getReferenceData sources.',
      [`${MSG.unknownFlag}`]: 'flags are codes of getReferenceData flags.',
    },
    envelope: 'standard',
    errors: {
      [MSG.leadId]: 400,
      [MSG.unknownField]: 400,
      [MSG.identifying]: 400,
      [MSG.leadNotFound]: 404,
      [MSG.leadDeleted]: 422,
      [MSG.unknownSource]: 422,
      [MSG.unknownFlag]: 422,
      [MSG.leadChanged]: 409,
    },
  }),

  intakeLead: defineOperation({
    area: 'sales',
    path: '/sales/intakeLead',
    summary:
      'Creates a lead from flat web-form fields (tolerant schema). Defaults: ispatient 1, folder 1, source I.',
    input: intakeLeadInput,
    result: createdLead,
    rules: { [MSG.createFailed]: 'folderId and source name ones the practice has (getReferenceData).' },
    envelope: 'standard',
    errors: { [MSG.intakeIdentifying]: 400, [MSG.createFailed]: 400 },
  }),

  getLeadHistory: defineOperation({
    area: 'sales',
    path: '/sales/getLeadHistory',
    summary:
      'The events of a lead, newest first. type: null/absent = everything, "" = notes and tasks, S, A, J or OFF.',
    input: z.object({
      leadId: leadIdField,
      type: z.enum(historyTypes).nullable().optional(),
      category: z.string().optional(),
      includeDeleted: bool().optional(),
      ...paging,
    }),
    result: z.array(historyEntry),
    envelope: 'list',
    errors: { [MSG.leadId]: 400, [MSG.leadNotFound]: 404 },
  }),

  getTasks: defineOperation({
    area: 'sales',
    path: '/sales/getTasks',
    summary:
      'Tasks across all leads (deleted leads left out); orderBy reminder (= datetime), priority or created.',
    input: z.object({
      filter: taskFilter.optional(),
      ...paging,
      orderBy: z
        .enum(['reminder', 'datetime', 'priority', 'created'], {
          error: (iss) => `${MSG.orderBy}${String(iss.input)}`,
        })
        .optional()
        .transform((v) => (v === undefined || v === 'datetime' ? 'reminder' : v)),
      orderDir: orderDir('asc'),
    }),
    result: z.array(taskRow),
    envelope: 'list',
    errors: { [MSG.dateFilter]: 400, [MSG.orderBy]: 400, [MSG.orderDir]: 400 },
  }),

  getAdmissions: defineOperation({
    area: 'sales',
    path: '/sales/getAdmissions',
    summary: 'Admissions, by admission date ascending.',
    input: z.object({ filter: admissionFilter.optional(), ...paging }),
    result: z.array(admission),
    envelope: 'list',
    errors: { [MSG.leadId]: 400, [MSG.dateFilter]: 400 },
  }),

  createAdmission: defineOperation({
    area: 'sales',
    path: '/sales/createAdmission',
    summary: "Links an admission to a lead; sets the lead's admissionDate when not yet set.",
    input: z.preprocess(
      needsLeadRef,
      z
        .object({
          leadId: id(MSG.leadIdOrUniqid).optional(),
          uniqid: z.string().optional(),
          date: isoDate(MSG.date),
          until: isoDate(MSG.until).nullable().optional(),
          comment: z.string().optional(),
          settings: z.string().optional(),
        })
        .meta({
          anyOf: [
            { required: ['leadId'] },
            { required: ['uniqid'], properties: { uniqid: jsonSchemaOf.notBlank } },
          ],
        }),
    ),
    rules: { [MSG.until]: 'until, when given, is not before date.' },
    result: z.object({ admissionId: z.number().int() }),
    envelope: 'standard',
    errors: { [MSG.leadIdOrUniqid]: 400, [MSG.date]: 400, [MSG.until]: 400, [MSG.leadNotFound]: 404 },
  }),

  getLeadStats: defineOperation({
    area: 'sales',
    path: '/sales/getLeadStats',
    summary:
      'Leads grouped (folder, source, assignee, country, what, nextStep, day, week, month); count, or the sum of commercial.revenue / commercial.costs.',
    input: z.object({
      groupBy: z
        .string({ error: MSG.groupBy })
        .min(1, { error: MSG.groupBy })
        .pipe(z.enum(statGroupBys, { error: (iss) => `${MSG.unsupportedGroupBy}${String(iss.input)}` }))
        .meta({ enum: [...statGroupBys] }),
      metric: z
        .enum(statMetrics, { error: (iss) => `${MSG.unsupportedMetric}${String(iss.input)}` })
        .optional()
        .transform((v) => v ?? 'count'),
      filter: statFilter.optional(),
    }),
    result: z.array(statRow),
    envelope: 'standard',
    errors: {
      [MSG.groupBy]: 400,
      [MSG.unsupportedGroupBy]: 400,
      [MSG.unsupportedMetric]: 400,
      [MSG.folderId]: 400,
      [MSG.dateFilter]: 400,
    },
  }),

  addLeadTask: defineOperation({
    area: 'sales',
    path: '/sales/addLeadTask',
    summary:
      'Creates a task; the assignee joins the watchlist; notifyAssignee writes one notification mail to the outbox.',
    input: z.object({
      leadId: leadIdField,
      text,
      reminderDate: z
        .string({ error: MSG.reminderDate })
        .refine(isReminderDate, { error: MSG.reminderDate })
        .meta({
          pattern: `^${realDayRe}(?: ${clockTimeRe})?$`,
          description: 'YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DD HH:MM:SS, practice time.',
        })
        .nullable()
        .optional(),
      /** 0 = none (default). */
      assignedTo: int(MSG.assignedTo)
        .refine((n) => n >= 0, { error: MSG.assignedTo })
        .meta(jsonSchemaOf.nonNegative)
        .optional(),
      priority: int(MSG.priority)
        .refine((n) => n >= 0 && n <= 3, { error: MSG.priority })
        .meta({ minimum: 0, maximum: 3 })
        .optional(),
      category: z.string().optional(),
      notifyAssignee: bool().optional(),
    }),
    result: z.object({ historyId: z.number().int() }),
    envelope: 'standard',
    errors: {
      [MSG.leadId]: 400,
      [MSG.text]: 400,
      [MSG.reminderDate]: 400,
      [MSG.assignedTo]: 400,
      [MSG.priority]: 400,
      [MSG.leadNotFound]: 404,
      [MSG.leadDeleted]: 422,
      [MSG.userNotFound]: 422,
      [MSG.unknownCategory]: 422,
    },
  }),

  addLeadNote: defineOperation({
    area: 'sales',
    path: '/sales/addLeadNote',
    summary:
      'Adds a note; updates lastActivity, marks the other watchers unread and the caller (who joins the watchlist) read.',
    input: z.object({ leadId: leadIdField, text, category: z.string().optional() }),
    result: z.object({ historyId: z.number().int() }),
    envelope: 'standard',
    errors: {
      [MSG.leadId]: 400,
      [MSG.text]: 400,
      [MSG.leadNotFound]: 404,
      [MSG.leadDeleted]: 422,
      [MSG.unknownCategory]: 422,
    },
  }),

  completeLeadTask: defineOperation({
    area: 'sales',
    path: '/sales/completeLeadTask',
    summary: 'Completes a task (idempotent): completion flag, time and user set, reminder removed.',
    input: z.object({ historyId: id(MSG.historyId) }),
    result: z.null(),
    envelope: 'standard',
    errors: { [MSG.historyId]: 400, [MSG.historyNotFound]: 404, [MSG.notATask]: 422 },
  }),

  disqualifyLead: defineOperation({
    area: 'sales',
    path: '/sales/disqualifyLead',
    summary: "Moves a lead to folder 5 (15) with a reason code from getReferenceData's disqualification.",
    input: z.object({
      leadId: leadIdField,
      reasonCode: z
        .string({ error: MSG.reasonCode })
        .trim()
        .min(1, { error: MSG.reasonCode })
        .meta(jsonSchemaOf.notBlank),
    }),
    result: z.null(),
    envelope: 'standard',
    errorWithoutResult: true,
    errors: {
      [MSG.leadId]: 400,
      [MSG.reasonCode]: 400,
      [MSG.unknownReasonCode]: 422,
      [MSG.leadNotFound]: 404,
      [MSG.leadDeleted]: 422,
    },
  }),

  deleteLead: defineOperation({
    area: 'sales',
    path: '/sales/deleteLead',
    summary: 'Soft delete with a reason (deletedBy, deletedTime and reasonDeleted are kept).',
    input: z.object({
      leadId: leadIdField,
      reason: z
        .string({ error: MSG.reasonRequired })
        .trim()
        .min(1, { error: MSG.reasonRequired })
        .max(500)
        .meta(jsonSchemaOf.notBlank),
    }),
    result: z.null(),
    envelope: 'standard',
    errors: { [MSG.leadId]: 400, [MSG.reasonRequired]: 422, [MSG.leadNotFound]: 404, [MSG.leadDeleted]: 422 },
  }),

  restoreLead: defineOperation({
    area: 'sales',
    path: '/sales/restoreLead',
    summary: 'Restores a soft-deleted lead (deletion data cleared).',
    input: z.object({ leadId: leadIdField }),
    result: z.null(),
    envelope: 'standard',
    errors: { [MSG.leadId]: 400, [MSG.leadNotFound]: 404, [MSG.leadNotDeleted]: 404 },
  }),

  setLeadFolder: defineOperation({
    area: 'sales',
    path: '/sales/setLeadFolder',
    summary:
      'Moves a lead to a folder of its pipeline and writes a history entry of type S; 5 and 15 only via disqualifyLead.',
    input: z.object({ leadId: id(MSG.leadAndFolder), folderId: id(MSG.leadAndFolder).meta(notDisqualified) }),
    result: z.null(),
    rules: {
      [MSG.leadAndFolder]: 'leadId and folderId name a lead and a folder the practice has.',
      [MSG.otherPipeline]: "folderId is a folder of the lead's pipeline.",
    },
    envelope: 'standard',
    errorWithoutResult: true,
    errors: {
      [MSG.leadAndFolder]: 400,
      [MSG.disqualifyOnly]: 422,
      [MSG.otherPipeline]: 422,
      [MSG.leadNotFound]: 404,
      [MSG.leadDeleted]: 422,
    },
  }),

  bulkAssign: defineOperation({
    area: 'sales',
    path: '/sales/bulkAssign',
    summary:
      'Assigns leads to a user (0 removes the assignment); history entry A per changed lead; notify = one mail per lead.',
    input: z.object({
      leadIds,
      userId: int(MSG.userId)
        .refine((n) => n >= 0, { error: MSG.userId })
        .meta(jsonSchemaOf.nonNegative)
        .optional(),
      notify: bool().optional(),
    }),
    result: bulkResult,
    rules: { [MSG.userNotFound]: 'userId names a user of the practice (getUsers).' },
    envelope: 'standard',
    errors: { [MSG.leadIds]: 400, [MSG.userId]: 400, [MSG.userNotFound]: 422 },
  }),

  bulkSetFolder: defineOperation({
    area: 'sales',
    path: '/sales/bulkSetFolder',
    summary: 'Moves leads to a folder; history entry S per moved lead; per-lead skips and errors.',
    input: z.object({ leadIds, folderId: id(MSG.folderId).meta(notDisqualified) }),
    result: bulkResult,
    rules: { [MSG.folderId]: 'folderId names a folder the practice has (getReferenceData folders).' },
    envelope: 'standard',
    errors: { [MSG.leadIds]: 400, [MSG.folderId]: 400, [MSG.disqualifyOnly]: 422 },
  }),

  linkLeadToPatient: defineOperation({
    area: 'sales',
    path: '/sales/linkLeadToPatient',
    summary: 'Links a lead to an existing patient: sets only patid and conversionDate (no folder move).',
    input: z.object({ leadId: leadIdField, patid: id(MSG.patid) }),
    result: z.null(),
    envelope: 'standard',
    errors: {
      [MSG.leadId]: 400,
      [MSG.patid]: 400,
      [MSG.leadNotFound]: 404,
      [MSG.patientNotFound]: 422,
      'Patient is deleted.': 422,
    },
  }),

  convertLead: defineOperation({
    area: 'sales',
    path: '/sales/convertLead',
    summary:
      'Converts a lead: links the given patient or creates one from the lead, moves it to folder 4 (14), history S.',
    input: z.object({ leadId: leadIdField, patid: id(MSG.patid).optional() }),
    result: z.object({ patid: z.number().int(), created: z.boolean() }),
    envelope: 'standard',
    errors: {
      [MSG.leadId]: 400,
      [MSG.patid]: 400,
      [MSG.leadNotFound]: 404,
      [MSG.patientNotFound]: 422,
      'Patient is deleted.': 422,
      [MSG.leadDeleted]: 422,
      [MSG.alreadyConverted]: 422,
    },
  }),
};
