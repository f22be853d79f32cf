import type { Folder, Lead } from '#contract/sales.ts';

/** Leads and folders for the board's unit tests. */

export function makeLead(leadId: number, over: Partial<Lead> = {}): Lead {
  return {
    leadId,
    uniqid: `u${leadId}`,
    ispatient: 1,
    folderId: 1,
    source: 'I',
    assigneeId: null,
    flags: [],
    what: 'Check-up',
    contact: {
      title: '',
      salutation: '',
      firstname: 'Anna',
      lastname: `Muster${leadId}`,
      alias: '',
      gender: 'f',
      dob: null,
      civilStatus: '',
      nationality: '',
    },
    address: { street: '', zip: '', city: '', country: '', countryCode: '' },
    communication: { mail: '', mail2: '', phone: '', phone2: '', mobile: '', mobile2: '' },
    medical: { bloodType: '', height: null, weight: null, job: '', hxData: {} },
    insurance: { kvg: '', kvgPoliceNr: '', vvg: '', payerType: '' },
    commercial: {},
    created: '2026-11-01 10:00:00',
    lastActivity: '2026-11-10 10:00:00',
    admissionDate: null,
    patid: null,
    conversionDate: null,
    openTasks: 0,
    nextReminder: null,
    unread: false,
    watchers: [],
    deleted: false,
    deletedBy: null,
    deletedTime: null,
    reasonDeleted: '',
    reasonDisqualified: '',
    ...over,
  };
}

export const testFolders: Folder[] = [
  { folderId: 1, label: 'Open', ispatient: 1, custom: false },
  { folderId: 2, label: 'To be contacted', ispatient: 1, custom: false },
  { folderId: 3, label: 'In discussion', ispatient: 1, custom: false },
  { folderId: 100, label: 'Warteliste', ispatient: 1, custom: true },
  { folderId: 4, label: 'Converted', ispatient: 1, custom: false },
  { folderId: 5, label: 'Disqualified', ispatient: 1, custom: false },
  { folderId: 11, label: 'Open', ispatient: 0, custom: false },
  { folderId: 12, label: 'To be contacted', ispatient: 0, custom: false },
  { folderId: 13, label: 'In discussion', ispatient: 0, custom: false },
  { folderId: 101, label: 'Nachfassen Partner', ispatient: 0, custom: true },
  { folderId: 14, label: 'Converted', ispatient: 0, custom: false },
  { folderId: 15, label: 'Disqualified', ispatient: 0, custom: false },
];
