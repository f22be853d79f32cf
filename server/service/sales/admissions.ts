import type { SQLInputValue } from 'node:sqlite';
import { type Admission, MSG } from '#contract/sales.ts';
import { sql } from '../db/database.ts';
import { fail, type Handlers, page } from '../handler.ts';
import { nowText } from './store.ts';

interface AdmissionRow {
  admission_id: number;
  lead_id: number;
  date: string;
  until: string | null;
  comment: string;
  settings: string;
  lastname: string;
  firstname: string;
}

export const admissionHandlers: Handlers = {
  getAdmissions: (ctx, input) => {
    const f = input.filter ?? {};
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    if (!f.includeDeleted) where.push('l.deleted = 0');
    if (f.leadId !== undefined) {
      where.push('a.lead_id = ?');
      params.push(f.leadId);
    } else if (f.uniqid !== undefined && f.uniqid !== '') {
      where.push('l.uniqid = ?');
      params.push(f.uniqid);
    }
    if (f.from !== undefined) {
      where.push('a.date >= ?');
      params.push(f.from);
    }
    if (f.to !== undefined) {
      where.push('a.date <= ?');
      params.push(f.to);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const from = 'FROM lead_admissions a JOIN leads l ON l.lead_id = a.lead_id';
    const total = (sql(ctx.db, `SELECT count(*) AS n ${from} ${whereSql}`).get(...params) as { n: number }).n;
    const rows = sql(
      ctx.db,
      `SELECT a.admission_id, a.lead_id, a.date, a.until, a.comment, a.settings, l.lastname, l.firstname
       ${from} ${whereSql} ORDER BY a.date, a.admission_id LIMIT ? OFFSET ?`,
    ).all(...params, input.limit, input.offset) as unknown as AdmissionRow[];
    const result: Admission[] = rows.map((r) => ({
      admissionId: r.admission_id,
      leadId: r.lead_id,
      date: r.date,
      until: r.until,
      comment: r.comment,
      settings: r.settings,
      lastname: r.lastname,
      firstname: r.firstname,
    }));
    return { result, pagination: page(input.offset, input.limit, total) };
  },

  createAdmission: (ctx, input) => {
    // leadId wins when both are sent.
    const lead = (
      input.leadId !== undefined
        ? sql(ctx.db, 'SELECT lead_id FROM leads WHERE lead_id = ?').get(input.leadId)
        : sql(ctx.db, 'SELECT lead_id FROM leads WHERE uniqid = ?').get((input.uniqid ?? '').trim())
    ) as { lead_id: number } | undefined;
    if (!lead) fail(404, MSG.leadNotFound);
    const until = input.until ?? null;
    if (until !== null && until < input.date) fail(400, MSG.until);
    const res = sql(
      ctx.db,
      `INSERT INTO lead_admissions (lead_id, date, until, comment, settings, created, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      lead.lead_id,
      input.date,
      until,
      input.comment ?? '',
      input.settings ?? '',
      nowText(ctx),
      ctx.user.userid,
    );
    // The lead's admission date is the first admission's and is never overwritten.
    sql(ctx.db, 'UPDATE leads SET admission_date = ? WHERE lead_id = ? AND admission_date IS NULL').run(
      input.date,
      lead.lead_id,
    );
    return { result: { admissionId: Number(res.lastInsertRowid) } };
  },
};
