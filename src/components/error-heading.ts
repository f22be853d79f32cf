import type { Namespace, TFunction } from 'i18next';
import { isApiError } from '#api/client.ts';
import type { OpName } from '#contract/operations.ts';
import type { en } from '#i18n/common/en.ts';

/**
 * The heading of a failed call says what failed in words ("Patientendaten konnten nicht geladen werden"), never the
 * operation's name (`getCustomerById`), which means nothing to a receptionist (issue 33, docs/decisions/0043).
 * One entry per operation of the contract (tsc refuses a missing one; error-heading.test.ts checks every language)
 * and per request to the app's own sessions; anything else gets the general heading.
 */

type HeadingKey = Exclude<keyof typeof en.failedHeading, 'fallback'>;
/** The names `sessionRequest` (api/client.ts) gives its failures. */
type SessionOp = 'session' | 'lock' | 'unlock' | 'sign-out';

const headingOf = {
  getLeads: 'leads',
  getReferenceData: 'referenceData',
  createLead: 'createLead',
  updateLead: 'updateLead',
  intakeLead: 'intakeLead',
  getLeadHistory: 'leadHistory',
  getTasks: 'tasks',
  getAdmissions: 'admissions',
  createAdmission: 'createAdmission',
  getLeadStats: 'leadStats',
  addLeadTask: 'addTask',
  addLeadNote: 'addNote',
  completeLeadTask: 'completeTask',
  disqualifyLead: 'disqualifyLead',
  deleteLead: 'deleteLead',
  restoreLead: 'restoreLead',
  setLeadFolder: 'moveLead',
  bulkAssign: 'assignLeads',
  bulkSetFolder: 'moveLeads',
  linkLeadToPatient: 'linkPatient',
  convertLead: 'convertLead',
  getAppointments: 'appointments',
  createAppointment: 'createAppointment',
  modifyAppointment: 'modifyAppointment',
  getCalendars: 'calendars',
  getWaitlist: 'waitlist',
  addWaitlistEntry: 'addWaitlistEntry',
  modifyWaitlistEntry: 'modifyWaitlistEntry',
  getAbsences: 'absences',
  createAbsence: 'createAbsence',
  deleteAbsence: 'deleteAbsence',
  getRecalls: 'recalls',
  createRecall: 'createRecall',
  modifyRecall: 'modifyRecall',
  getServices: 'services',
  getSlots: 'slots',
  getPatientHistory: 'journal',
  getAttachment: 'attachment',
  laborUpload: 'labUpload',
  accountingServices: 'accountingServices',
  accountingTransactions: 'accountingPayments',
  getProviders: 'providers',
  getProvider: 'provider',
  whoami: 'whoami',
  getUsers: 'users',
  openapi: 'apiDescription',
  createCustomer: 'createPatient',
  updateCustomer: 'updatePatient',
  searchPatients: 'searchPatients',
  getCustomerById: 'patient',
  session: 'signIn',
  lock: 'lock',
  unlock: 'unlock',
  'sign-out': 'signOut',
} as const satisfies Record<OpName | SessionOp, HeadingKey>;

/** Operation -> heading key; a Map, so that an `op` such as `constructor` finds nothing. */
export const errorHeadings: ReadonlyMap<string, HeadingKey> = new Map(Object.entries(headingOf));

/** The heading's key of a failed operation: its own, or the general one for a name not listed. */
export function errorHeadingKey(op: string): HeadingKey | 'fallback' {
  return errorHeadings.get(op) ?? 'fallback';
}

/** What failed, in a heading: what the call did for an ApiError, the page for anything else. */
export function errorTitle(error: unknown, t: TFunction<Namespace>): string {
  return isApiError(error)
    ? t(`failedHeading.${errorHeadingKey(error.op)}`, { ns: 'common' })
    : t('error.pageFailed', { ns: 'common' });
}
