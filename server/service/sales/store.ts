/** Lead storage shared by the sales handlers and the seed: row shapes, reading, writing, side effects. */
import type { SQLInputValue } from 'node:sqlite';
import {
  type Commercial,
  disqualifiedFolderIds,
  type HxData,
  type Lead,
  MSG,
  type Watcher,
} from '#contract/sales.ts';
import { zurichDateTime } from '../../time.ts';
import { type Db, sql } from '../db/database.ts';
import { foldText } from '../db/fold.ts';
import { type Ctx, fail } from '../handler.ts';

export interface LeadRow {
  lead_id: number;
  uniqid: string;
  ispatient: 0 | 1;
  folder_id: number;
  source: string;
  assignee_id: number | null;
  flags: string;
  what: string;
  title: string;
  salutation: string;
  firstname: string;
  lastname: string;
  alias: string;
  gender: string;
  dob: string | null;
  civil_status: string;
  nationality: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  country_code: string;
  mail: string;
  mail2: string;
  phone: string;
  phone2: string;
  mobile: string;
  mobile2: string;
  blood_type: string;
  height: number | null;
  weight: number | null;
  job: string;
  hx_data: string;
  kvg: string;
  kvg_police_nr: string;
  vvg: string;
  payer_type: string;
  commercial: string;
  created: string;
  last_activity: string;
  admission_date: string | null;
  patid: number | null;
  conversion_date: string | null;
  open_tasks: number;
  next_reminder: string | null;
  deleted: number;
  deleted_by: number | null;
  deleted_time: string | null;
  reason_deleted: string;
  reason_disqualified: string;
  version: number;
}

/** Columns read for a Lead (not the search and stats copies). */
export const leadCols = `l.lead_id, l.uniqid, l.ispatient, l.folder_id, l.source, l.assignee_id, l.flags, l.what,
  l.title, l.salutation, l.firstname, l.lastname, l.alias, l.gender, l.dob, l.civil_status, l.nationality,
  l.street, l.zip, l.city, l.country, l.country_code, l.mail, l.mail2, l.phone, l.phone2, l.mobile, l.mobile2,
  l.blood_type, l.height, l.weight, l.job, l.hx_data, l.kvg, l.kvg_police_nr, l.vvg, l.payer_type, l.commercial,
  l.created, l.last_activity, l.admission_date, l.patid, l.conversion_date, l.open_tasks, l.next_reminder,
  l.deleted, l.deleted_by, l.deleted_time, l.reason_deleted, l.reason_disqualified, l.version`;

function parseObject<T>(json: string, fallback: T): T {
  try {
    const v: unknown = JSON.parse(json);
    return v !== null && typeof v === 'object' ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The Lead of docs/api.md#leads from its row, its watchers and the caller. */
export function toLead(r: LeadRow, watchers: Watcher[], callerId: number): Lead {
  return {
    leadId: r.lead_id,
    uniqid: r.uniqid,
    ispatient: r.ispatient === 1 ? 1 : 0,
    folderId: r.folder_id,
    source: r.source,
    assigneeId: r.assignee_id,
    flags: parseObject<string[]>(r.flags, []),
    what: r.what,
    contact: {
      title: r.title,
      salutation: r.salutation,
      firstname: r.firstname,
      lastname: r.lastname,
      alias: r.alias,
      gender: r.gender,
      dob: r.dob,
      civilStatus: r.civil_status,
      nationality: r.nationality,
    },
    address: { street: r.street, zip: r.zip, city: r.city, country: r.country, countryCode: r.country_code },
    communication: {
      mail: r.mail,
      mail2: r.mail2,
      phone: r.phone,
      phone2: r.phone2,
      mobile: r.mobile,
      mobile2: r.mobile2,
    },
    medical: {
      bloodType: r.blood_type,
      height: r.height,
      weight: r.weight,
      job: r.job,
      hxData: parseObject<HxData>(r.hx_data, {}),
    },
    insurance: { kvg: r.kvg, kvgPoliceNr: r.kvg_police_nr, vvg: r.vvg, payerType: r.payer_type },
    commercial: parseObject<Commercial>(r.commercial, {}),
    created: r.created,
    lastActivity: r.last_activity,
    admissionDate: r.admission_date,
    patid: r.patid,
    conversionDate: r.conversion_date,
    openTasks: r.open_tasks,
    nextReminder: r.next_reminder,
    unread: watchers.some((w) => w.userId === callerId && w.unread),
    watchers,
    deleted: r.deleted === 1,
    deletedBy: r.deleted_by,
    deletedTime: r.deleted_time,
    reasonDeleted: r.reason_deleted,
    reasonDisqualified: r.reason_disqualified,
    version: r.version,
  };
}

/** Watchers of several leads in one query (no N+1 on a page of leads). */
export function watchersOf(db: Db, leadIds: number[]): Map<number, Watcher[]> {
  const out = new Map<number, Watcher[]>();
  if (leadIds.length === 0) return out;
  const rows = sql(
    db,
    `SELECT lead_id, user_id, unread FROM lead_watchers
     WHERE lead_id IN (SELECT value FROM json_each(?)) ORDER BY lead_id, user_id`,
  ).all(JSON.stringify(leadIds)) as unknown as { lead_id: number; user_id: number; unread: number }[];
  for (const r of rows) {
    let list = out.get(r.lead_id);
    if (!list) {
      list = [];
      out.set(r.lead_id, list);
    }
    list.push({ userId: r.user_id, unread: r.unread === 1 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Small lookups.

export interface LeadBrief {
  lead_id: number;
  ispatient: 0 | 1;
  folder_id: number;
  assignee_id: number | null;
  deleted: number;
  firstname: string;
  lastname: string;
  patid: number | null;
  conversion_date: string | null;
  reason_disqualified: string;
}

export function leadBrief(db: Db, leadId: number): LeadBrief | undefined {
  return sql(
    db,
    `SELECT lead_id, ispatient, folder_id, assignee_id, deleted, firstname, lastname, patid, conversion_date,
       reason_disqualified FROM leads WHERE lead_id = ?`,
  ).get(leadId) as unknown as LeadBrief | undefined;
}

/** The lead, or 404 `Lead not found.` */
export function requireLead(db: Db, leadId: number): LeadBrief {
  return leadBrief(db, leadId) ?? fail(404, MSG.leadNotFound);
}

/** A lead that is not deleted: 404 `Lead not found.`, 422 `Lead is deleted.` */
export function requireActiveLead(db: Db, leadId: number): LeadBrief {
  const lead = requireLead(db, leadId);
  if (lead.deleted === 1) fail(422, MSG.leadDeleted);
  return lead;
}

export interface FolderRow {
  folder_id: number;
  label: string;
  ispatient: 0 | 1;
  custom: number;
}

export function folderOf(db: Db, folderId: number): FolderRow | undefined {
  return sql(db, 'SELECT folder_id, label, ispatient, custom FROM lead_folders WHERE folder_id = ?').get(
    folderId,
  ) as unknown as FolderRow | undefined;
}

export function isDisqualifiedFolder(folderId: number): boolean {
  return (disqualifiedFolderIds as readonly number[]).includes(folderId);
}

export function refLabel(db: Db, kind: string, code: string): string | undefined {
  const r = sql(db, 'SELECT label FROM lead_reference WHERE kind = ? AND code = ?').get(kind, code) as
    | { label: string }
    | undefined;
  return r?.label;
}

export interface UserRow {
  userid: number;
  givenname: string;
  familyname: string;
  mail: string;
}

export function userOf(db: Db, userId: number): UserRow | undefined {
  return sql(db, 'SELECT userid, givenname, familyname, mail FROM users WHERE userid = ?').get(
    userId,
  ) as unknown as UserRow | undefined;
}

export function userName(db: Db, userId: number | null): string {
  if (!userId) return '-';
  const u = userOf(db, userId);
  return u ? `${u.givenname} ${u.familyname}`.trim() : `#${userId}`;
}

export function leadName(l: { firstname: string; lastname: string; lead_id: number }): string {
  return `${l.firstname} ${l.lastname}`.trim() || `Lead ${l.lead_id}`;
}

export function nowText(ctx: Ctx): string {
  return zurichDateTime(ctx.now());
}

// ---------------------------------------------------------------------------------------------------------------
// Search text.

/** The one folding of search text (server/service/db/fold.ts), also for the leads' `search` column. */
export const fold = foldText;

/** Bare digits of a phone number without leading zeros (079 ... and +41 79 ... then meet). */
export function phoneDigits(s: string): string {
  return s.replace(/\D/g, '').replace(/^0+/, '');
}

export interface SearchFields {
  firstname: string;
  lastname: string;
  alias: string;
  mail: string;
  mail2: string;
  phone: string;
  phone2: string;
  mobile: string;
  mobile2: string;
}

/**
 * Characters of each part of the `search` column. The column sits in three covering indexes, which every change
 * of a lead (folder, assignee, activity) rewrites: with whole 10,000-character names a bulk move of 1,000 leads
 * wrote hundreds of megabytes (issue 24). A search text is at most 200 characters; a name, mail or number longer
 * than this is found by its first SEARCH_PART characters.
 */
export const SEARCH_PART = 256;

/** The `search` column: names both ways round, mails, phone numbers as written and as bare digits. */
export function searchText(f: SearchFields): string {
  const cut = (s: string) => s.slice(0, SEARCH_PART);
  const first = cut(f.firstname);
  const last = cut(f.lastname);
  const phones = [f.phone, f.phone2, f.mobile, f.mobile2].filter((p) => p !== '').map(cut);
  return fold(
    [
      `${first} ${last}`,
      `${last} ${first}`,
      f.alias,
      f.mail,
      f.mail2,
      ...phones,
      ...phones.map((p) => p.replace(/\D/g, '')),
    ]
      .map(cut)
      .filter((p) => p.trim() !== '')
      .join('|'),
  );
}

/** What to look for in `search`: folded text, or bare digits when the query is a phone number. */
export function searchNeedle(q: string): string {
  const t = q.trim();
  if (/\d/.test(t) && /^[\d\s+()/.-]+$/.test(t)) return phoneDigits(t) || t.replace(/\D/g, '');
  return fold(t);
}

// ---------------------------------------------------------------------------------------------------------------
// Writing a lead.

export interface NewLead {
  ispatient: 0 | 1;
  folderId: number;
  source: string;
  assigneeId: number | null;
  flags: string[];
  what: string;
  contact: Lead['contact'];
  address: Lead['address'];
  communication: Lead['communication'];
  medical: Lead['medical'];
  insurance: Lead['insurance'];
  commercial: Commercial;
}

export function emptyLead(ispatient: 0 | 1, folderId: number): NewLead {
  return {
    ispatient,
    folderId,
    source: '',
    assigneeId: null,
    flags: [],
    what: '',
    contact: {
      title: '',
      salutation: '',
      firstname: '',
      lastname: '',
      alias: '',
      gender: '',
      dob: null,
      civilStatus: '',
      nationality: '',
    },
    address: { street: '', zip: '', city: '', country: '', countryCode: '' },
    communication: { mail: '', mail2: '', phone: '', phone2: '', mobile: '', mobile2: '' },
    medical: { bloodType: '', height: null, weight: null, job: '', hxData: {} },
    insurance: { kvg: '', kvgPoliceNr: '', vvg: '', payerType: '' },
    commercial: {},
  };
}

const insertLeadSql = `INSERT INTO leads (uniqid, ispatient, folder_id, source, assignee_id, flags, what,
  title, salutation, firstname, lastname, alias, gender, dob, civil_status, nationality,
  street, zip, city, country, country_code, mail, mail2, phone, phone2, mobile, mobile2,
  blood_type, height, weight, job, hx_data, kvg, kvg_police_nr, vvg, payer_type,
  commercial, revenue, costs, next_step, created, created_by, last_activity, search)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
    ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The values of insertLeadSql in order (shared with the seed, which prepares the same statement). */
export function insertLeadValues(
  n: NewLead,
  uniqid: string,
  created: string,
  createdBy: number | null,
): SQLInputValue[] {
  const c = n.contact;
  const a = n.address;
  const m = n.communication;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return [
    uniqid,
    n.ispatient,
    n.folderId,
    n.source,
    n.assigneeId,
    JSON.stringify(n.flags),
    n.what,
    c.title,
    c.salutation,
    c.firstname,
    c.lastname,
    c.alias,
    c.gender,
    c.dob,
    c.civilStatus,
    c.nationality,
    a.street,
    a.zip,
    a.city,
    a.country,
    a.countryCode,
    m.mail,
    m.mail2,
    m.phone,
    m.phone2,
    m.mobile,
    m.mobile2,
    n.medical.bloodType,
    n.medical.height,
    n.medical.weight,
    n.medical.job,
    JSON.stringify(n.medical.hxData),
    n.insurance.kvg,
    n.insurance.kvgPoliceNr,
    n.insurance.vvg,
    n.insurance.payerType,
    JSON.stringify(n.commercial),
    num(n.commercial.revenue),
    num(n.commercial.costs),
    typeof n.commercial.nextStep === 'string' ? n.commercial.nextStep : '',
    created,
    createdBy,
    created,
    searchText({ ...c, ...m }),
  ];
}

export function insertLeadStatement(db: Db) {
  return sql(db, insertLeadSql);
}

export function newUniqid(): string {
  // 16 hex characters: stable, opaque, unguessable enough for integrations.
  return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

/** Inserts a lead (and the assignee as watcher); returns its id. */
export function insertLead(ctx: Ctx, n: NewLead, uniqid: string): number {
  const now = nowText(ctx);
  const res = insertLeadStatement(ctx.db).run(...insertLeadValues(n, uniqid, now, ctx.user.userid));
  const leadId = Number(res.lastInsertRowid);
  if (n.assigneeId) joinWatchers(ctx, leadId, n.ispatient, n.assigneeId, n.assigneeId !== ctx.user.userid);
  return leadId;
}

/** Checks the reference codes of a new lead: a source, flags and assignee that exist, else `Failed to create lead.` */
export function checkLeadRefs(db: Db, n: NewLead): void {
  if (n.source !== '' && refLabel(db, 'sources', n.source) === undefined) fail(400, MSG.createFailed);
  for (const f of n.flags) if (refLabel(db, 'flags', f) === undefined) fail(400, MSG.createFailed);
  if (n.assigneeId && !userOf(db, n.assigneeId)) fail(400, MSG.createFailed);
}

// ---------------------------------------------------------------------------------------------------------------
// History and side effects.

export interface NewEntry {
  leadId: number;
  ispatient: 0 | 1;
  type: string;
  text: string;
  category?: string;
  task?: { reminderDate: string | null; assignedTo: number | null; priority: number };
  createdBy: number;
  created: string;
}

export function addHistory(db: Db, e: NewEntry): number {
  const res = sql(
    db,
    `INSERT INTO lead_history (lead_id, type, category, text, is_task, reminder_date, assigned_to, priority,
       created_by, created, lead_ispatient, lead_deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
  ).run(
    e.leadId,
    e.type,
    e.category ?? '',
    e.text,
    e.task ? 1 : 0,
    e.task?.reminderDate ?? null,
    e.task?.assignedTo ?? null,
    e.task ? e.task.priority : null,
    e.createdBy,
    e.created,
    e.ispatient,
  );
  return Number(res.lastInsertRowid);
}

export function touch(db: Db, leadId: number, when: string): void {
  sql(db, 'UPDATE leads SET last_activity = ? WHERE lead_id = ?').run(when, leadId);
}

/** Recomputes the denormalised openTasks and nextReminder of a lead. */
export function refreshTasks(db: Db, leadId: number): void {
  sql(
    db,
    `UPDATE leads SET
       open_tasks = (SELECT count(*) FROM lead_history h
                     WHERE h.lead_id = leads.lead_id AND h.is_task = 1 AND h.completed = 0 AND h.deleted = 0),
       next_reminder = (SELECT min(h.reminder_date) FROM lead_history h
                     WHERE h.lead_id = leads.lead_id AND h.is_task = 1 AND h.completed = 0 AND h.deleted = 0)
     WHERE lead_id = ?`,
  ).run(leadId);
}

/**
 * Adds a user to a lead's watchlist (a J entry when new). `unread` marks the lead unread for them (something
 * new was given to them by someone else). Returns whether they joined.
 */
export function joinWatchers(
  ctx: Ctx,
  leadId: number,
  ispatient: 0 | 1,
  userId: number,
  unread: boolean,
): boolean {
  const now = nowText(ctx);
  const res = sql(
    ctx.db,
    'INSERT OR IGNORE INTO lead_watchers (lead_id, user_id, unread, joined) VALUES (?, ?, ?, ?)',
  ).run(leadId, userId, unread ? 1 : 0, now);
  if (res.changes === 0) {
    if (unread)
      sql(ctx.db, 'UPDATE lead_watchers SET unread = 1 WHERE lead_id = ? AND user_id = ?').run(
        leadId,
        userId,
      );
    return false;
  }
  addHistory(ctx.db, {
    leadId,
    ispatient,
    type: 'J',
    text: `Watcher joined: ${userName(ctx.db, userId)}`,
    createdBy: ctx.user.userid,
    created: now,
  });
  return true;
}

/** Moves a lead to a folder with a history entry of type S. */
export function moveFolder(ctx: Ctx, lead: LeadBrief, folderId: number, note = ''): void {
  const now = nowText(ctx);
  const from = folderOf(ctx.db, lead.folder_id)?.label ?? String(lead.folder_id);
  const to = folderOf(ctx.db, folderId)?.label ?? String(folderId);
  // Leaving the disqualified folder clears the reason; disqualifyLead sets it after the move.
  sql(
    ctx.db,
    `UPDATE leads SET folder_id = ?, last_activity = ?,
       reason_disqualified = CASE WHEN ? IN (5, 15) THEN reason_disqualified ELSE '' END
     WHERE lead_id = ?`,
  ).run(folderId, now, folderId, lead.lead_id);
  addHistory(ctx.db, {
    leadId: lead.lead_id,
    ispatient: lead.ispatient,
    type: 'S',
    text: `Folder: ${from} → ${to}${note ? ` (${note})` : ''}`,
    createdBy: ctx.user.userid,
    created: now,
  });
}

/** Changes the assignee with a history entry of type A; the new assignee joins the watchlist. */
export function changeAssignee(ctx: Ctx, lead: LeadBrief, userId: number | null): void {
  const now = nowText(ctx);
  sql(ctx.db, 'UPDATE leads SET assignee_id = ?, last_activity = ? WHERE lead_id = ?').run(
    userId,
    now,
    lead.lead_id,
  );
  addHistory(ctx.db, {
    leadId: lead.lead_id,
    ispatient: lead.ispatient,
    type: 'A',
    text: `Assignee: ${userName(ctx.db, lead.assignee_id)} → ${userName(ctx.db, userId)}`,
    createdBy: ctx.user.userid,
    created: now,
  });
  if (userId) joinWatchers(ctx, lead.lead_id, lead.ispatient, userId, userId !== ctx.user.userid);
}

/** One notification mail in the core outbox. */
export function notify(ctx: Ctx, userId: number, leadId: number, subject: string, body: string): void {
  const u = userOf(ctx.db, userId);
  sql(
    ctx.db,
    `INSERT INTO outbox (created, recipient_userid, recipient_mail, subject, body, lead_id)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(nowText(ctx), userId, u?.mail ?? '', subject, body, leadId);
}
