import type { SQLInputValue } from 'node:sqlite';
import {
  convertedFolderOf,
  defaultFolderOf,
  type Folder,
  MSG,
  type ReferenceData,
  type RefItem,
  referenceKinds,
} from '#contract/sales.ts';
import { patientDeletedMessage } from '#contract/system.ts';
import { zurichDate } from '../../time.ts';
import { sql } from '../db/database.ts';
import { type Ctx, fail, type Handlers, page } from '../handler.ts';
import { patientState } from '../system/patients.ts';
import { intakeToLead } from './intake.ts';
import {
  checkLeadRefs,
  emptyLead,
  folderOf,
  insertLead,
  isDisqualifiedFolder,
  type LeadRow,
  leadCols,
  moveFolder,
  type NewLead,
  newUniqid,
  nowText,
  requireLead,
  searchNeedle,
  toLead,
  watchersOf,
} from './store.ts';

/** A repeated idempotencyKey answers the first call's lead (docs/decisions/0002-idempotency-key.md). */
function byIdempotencyKey(ctx: Ctx, key: string | undefined) {
  if (!key) return undefined;
  return sql(
    ctx.db,
    `SELECT l.lead_id AS leadId, l.uniqid FROM lead_idempotency k JOIN leads l ON l.lead_id = k.lead_id
     WHERE k.key = ?`,
  ).get(key) as { leadId: number; uniqid: string } | undefined;
}

function createFrom(ctx: Ctx, n: NewLead, key: string | undefined) {
  checkLeadRefs(ctx.db, n);
  const uniqid = newUniqid();
  const leadId = insertLead(ctx, n, uniqid);
  if (key) {
    sql(ctx.db, 'INSERT INTO lead_idempotency (key, lead_id, created) VALUES (?, ?, ?)').run(
      key,
      leadId,
      nowText(ctx),
    );
  }
  return { leadId, uniqid };
}

function refItems(ctx: Ctx, kind: string): RefItem[] {
  return sql(ctx.db, 'SELECT code, label FROM lead_reference WHERE kind = ? ORDER BY sort, code').all(
    kind,
  ) as unknown as RefItem[];
}

export const leadHandlers: Handlers = {
  getLeads: (ctx, input) => {
    const f = input.filter ?? {};
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    if (f.onlyDeleted) where.push('l.deleted = 1');
    else if (!f.includeDeleted) where.push('l.deleted = 0');
    if (f.leadId !== undefined) {
      where.push('l.lead_id = ?');
      params.push(f.leadId);
    }
    if (f.uniqid !== undefined && f.uniqid !== '') {
      where.push('l.uniqid = ?');
      params.push(f.uniqid);
    }
    if (f.patid !== undefined) {
      where.push('l.patid = ?');
      params.push(f.patid);
    }
    if (f.ispatient !== undefined) {
      where.push('l.ispatient = ?');
      params.push(f.ispatient);
    }
    if (f.folderId !== undefined) {
      where.push('l.folder_id = ?');
      params.push(f.folderId);
    }
    if (f.assigneeId !== undefined) {
      if (f.assigneeId === 0) where.push('l.assignee_id IS NULL');
      else {
        where.push('l.assignee_id = ?');
        params.push(f.assigneeId);
      }
    }
    if (f.source !== undefined && f.source !== '') {
      where.push('l.source = ?');
      params.push(f.source);
    }
    const needle = searchNeedle(f.search ?? '');
    if (needle !== '') {
      where.push('instr(l.search, ?) > 0');
      params.push(needle);
    }
    if (f.from !== undefined) {
      where.push('l.created >= ?');
      params.push(`${f.from} 00:00:00`);
    }
    if (f.to !== undefined) {
      where.push('l.created <= ?');
      params.push(`${f.to} 23:59:59`);
    }
    for (const code of new Set(f.flags ?? [])) {
      where.push('instr(l.flags, ?) > 0');
      params.push(JSON.stringify(code));
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const dir = input.orderDir === 'asc' ? 'ASC' : 'DESC';
    const order =
      input.orderBy === 'lastname'
        ? `l.lastname COLLATE NOCASE ${dir}, l.firstname COLLATE NOCASE ${dir}, l.lead_id ${dir}`
        : input.orderBy === 'created'
          ? `l.created ${dir}, l.lead_id ${dir}`
          : `l.last_activity ${dir}, l.lead_id ${dir}`;

    // Count, then the page's ids, both on covering indexes (no wide rows); then the page's rows by id.
    // (One pass returning every matching id is slower as soon as many match, e.g. a search for "079".)
    const total = (
      sql(ctx.db, `SELECT count(*) AS n FROM leads l ${whereSql}`).get(...params) as { n: number }
    ).n;
    const ids = (
      sql(ctx.db, `SELECT l.lead_id FROM leads l ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
        ...params,
        input.limit,
        input.offset,
      ) as unknown as { lead_id: number }[]
    ).map((r) => r.lead_id);
    const rows = rowsInOrder(ctx, ids);
    const watchers = watchersOf(
      ctx.db,
      rows.map((r) => r.lead_id),
    );
    return {
      result: rows.map((r) => toLead(r, watchers.get(r.lead_id) ?? [], ctx.user.userid)),
      pagination: page(input.offset, input.limit, total),
    };
  },

  getReferenceData: (ctx, input) => {
    const kinds = input.kinds && input.kinds.length > 0 ? input.kinds : referenceKinds;
    const out: ReferenceData = {};
    for (const kind of kinds) {
      if (kind === 'folders') {
        const rows = sql(
          ctx.db,
          'SELECT folder_id, label, ispatient, custom FROM lead_folders ORDER BY ispatient DESC, sort, folder_id',
        ).all() as unknown as { folder_id: number; label: string; ispatient: 0 | 1; custom: number }[];
        out.folders = rows.map(
          (r): Folder => ({
            folderId: r.folder_id,
            label: r.label,
            ispatient: r.ispatient === 1 ? 1 : 0,
            custom: r.custom === 1,
          }),
        );
      } else {
        out[kind] = refItems(ctx, kind);
      }
    }
    return { result: out };
  },

  createLead: (ctx, input) => {
    const first = byIdempotencyKey(ctx, input.idempotencyKey);
    if (first) return { result: first };
    const ispatient = input.ispatient;
    const folderId = input.folderId ?? defaultFolderOf(ispatient);
    const folder = folderOf(ctx.db, folderId);
    if (!folder) fail(400, MSG.createFailed);
    if (isDisqualifiedFolder(folderId)) fail(422, MSG.disqualifyOnly);
    if (folder.ispatient !== ispatient) fail(422, MSG.otherPipeline);

    const n = emptyLead(ispatient, folderId);
    n.source = input.source?.trim() ?? '';
    n.assigneeId = input.assigneeId ? input.assigneeId : null;
    n.flags = [...new Set(input.flags ?? [])];
    n.what = input.what ?? '';
    Object.assign(n.contact, input.contact ?? {});
    Object.assign(n.address, input.address ?? {});
    n.address.countryCode = n.address.countryCode.toUpperCase();
    Object.assign(n.communication, input.communication ?? {});
    Object.assign(n.medical, input.medical ?? {});
    Object.assign(n.insurance, input.insurance ?? {});
    n.commercial = { ...(input.commercial ?? {}) };
    return { result: createFrom(ctx, n, input.idempotencyKey) };
  },

  intakeLead: (ctx, input) => {
    const key = input.idempotencyKey?.trim() || undefined;
    const first = byIdempotencyKey(ctx, key);
    if (first) return { result: first };
    return { result: createFrom(ctx, intakeToLead(ctx.db, input), key) };
  },

  deleteLead: (ctx, input) => {
    const lead = requireLead(ctx.db, input.leadId);
    if (lead.deleted === 1) fail(422, MSG.leadDeleted);
    sql(
      ctx.db,
      'UPDATE leads SET deleted = 1, deleted_by = ?, deleted_time = ?, reason_deleted = ? WHERE lead_id = ?',
    ).run(ctx.user.userid, nowText(ctx), input.reason, lead.lead_id);
    sql(ctx.db, 'UPDATE lead_history SET lead_deleted = 1 WHERE lead_id = ?').run(lead.lead_id);
    return { result: null };
  },

  restoreLead: (ctx, input) => {
    const lead = requireLead(ctx.db, input.leadId);
    if (lead.deleted !== 1) fail(404, MSG.leadNotDeleted);
    sql(
      ctx.db,
      `UPDATE leads SET deleted = 0, deleted_by = NULL, deleted_time = NULL, reason_deleted = '' WHERE lead_id = ?`,
    ).run(lead.lead_id);
    sql(ctx.db, 'UPDATE lead_history SET lead_deleted = 0 WHERE lead_id = ?').run(lead.lead_id);
    return { result: null };
  },

  linkLeadToPatient: (ctx, input) => {
    const lead = requireLead(ctx.db, input.leadId);
    requireActivePatient(ctx, input.patid);
    // Only patid and conversionDate: no folder move, no history (convertLead does those).
    sql(
      ctx.db,
      'UPDATE leads SET patid = ?, conversion_date = coalesce(conversion_date, ?) WHERE lead_id = ?',
    ).run(input.patid, zurichDate(ctx.now()), lead.lead_id);
    return { result: null };
  },

  convertLead: (ctx, input) => {
    const lead = requireLead(ctx.db, input.leadId);
    if (lead.deleted === 1) fail(422, MSG.leadDeleted);
    if (lead.conversion_date !== null) fail(422, MSG.alreadyConverted);
    let patid = input.patid;
    let created = false;
    if (patid !== undefined) {
      requireActivePatient(ctx, patid);
    } else {
      patid = createPatientFrom(ctx, lead.lead_id);
      created = true;
    }
    sql(ctx.db, 'UPDATE leads SET patid = ?, conversion_date = ? WHERE lead_id = ?').run(
      patid,
      zurichDate(ctx.now()),
      lead.lead_id,
    );
    moveFolder(ctx, lead, convertedFolderOf(lead.ispatient), `patient ${patid}`);
    return { result: { patid, created } };
  },
};

function rowsInOrder(ctx: Ctx, ids: number[]): LeadRow[] {
  if (ids.length === 0) return [];
  const rows = sql(
    ctx.db,
    `SELECT ${leadCols} FROM leads l WHERE l.lead_id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as unknown as LeadRow[];
  const byId = new Map(rows.map((r) => [r.lead_id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LeadRow => r !== undefined);
}

/** A lead is linked only to a patient who exists and is not deleted (docs/decisions/0019). */
function requireActivePatient(ctx: Ctx, patid: number): void {
  const state = patientState(ctx.db, patid);
  if (state === 'missing') fail(422, MSG.patientNotFound);
  if (state === 'deleted') fail(422, patientDeletedMessage);
}

/** A patient row in the core table from the lead's contact, address and communication data. */
function createPatientFrom(ctx: Ctx, leadId: number): number {
  const l = sql(
    ctx.db,
    `SELECT lastname, firstname, gender, dob, title, street, zip, city, country, country_code, phone, mobile, mail
     FROM leads WHERE lead_id = ?`,
  ).get(leadId) as unknown as {
    lastname: string;
    firstname: string;
    gender: string;
    dob: string | null;
    title: string;
    street: string;
    zip: string;
    city: string;
    country: string;
    country_code: string;
    phone: string;
    mobile: string;
    mail: string;
  };
  const res = sql(
    ctx.db,
    `INSERT INTO patients (lastname, firstname, gender, dob, title, street, zip, city, country, countrycode,
       tel, mobile, mail, language, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    l.lastname,
    l.firstname,
    l.gender === 'f' ? 'female' : 'male',
    l.dob,
    l.title,
    l.street,
    l.zip,
    l.city,
    l.country,
    l.country_code.toLowerCase(),
    l.phone,
    l.mobile,
    l.mail,
    ctx.tenant.languages[0] ?? 'de',
    nowText(ctx),
  );
  return Number(res.lastInsertRowid);
}
