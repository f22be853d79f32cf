import type { SQLInputValue } from 'node:sqlite';
import { type HistoryEntry, MSG, type TaskRow } from '#contract/sales.ts';
import { type Db, sql } from '../db/database.ts';
import { type Ctx, fail, type Handlers, page } from '../handler.ts';
import {
  addHistory,
  joinWatchers,
  leadName,
  notify,
  nowText,
  refLabel,
  refreshTasks,
  requireActiveLead,
  requireLead,
  touch,
  userOf,
} from './store.ts';

interface HistoryRow {
  history_id: number;
  lead_id: number;
  type: string;
  category: string;
  text: string;
  is_task: number;
  reminder_date: string | null;
  assigned_to: number | null;
  priority: number | null;
  completed: number;
  completed_time: string | null;
  completed_by: number | null;
  created_by: number;
  created: string;
  deleted: number;
}

const historyCols = `history_id, lead_id, type, category, text, is_task, reminder_date, assigned_to, priority,
  completed, completed_time, completed_by, created_by, created, deleted`;

function toEntry(r: HistoryRow): HistoryEntry {
  return {
    historyId: r.history_id,
    leadId: r.lead_id,
    type: r.type,
    category: r.category,
    text: r.text,
    task: r.is_task === 1,
    reminderDate: r.reminder_date,
    assignedTo: r.assigned_to,
    priority: r.priority,
    completed: r.completed === 1,
    completedTime: r.completed_time,
    completedBy: r.completed_by,
    createdBy: r.created_by,
    created: r.created,
    deleted: r.deleted === 1,
  };
}

/** `YYYY-MM-DD` -> 00:00:00; `YYYY-MM-DD HH:MM` -> :00. */
function reminderOf(s: string | null | undefined): string | null {
  if (!s) return null;
  if (s.length === 10) return `${s} 00:00:00`;
  if (s.length === 16) return `${s}:00`;
  return s;
}

function checkCategory(db: Db, category: string | undefined): string {
  const c = (category ?? '').trim();
  if (c !== '' && refLabel(db, 'categories', c) === undefined) fail(422, `${MSG.unknownCategory}${c}`);
  return c;
}

interface TaskSqlRow {
  history_id: number;
  lead_id: number;
  lastname: string;
  firstname: string;
  lead_ispatient: 0 | 1;
  text: string;
  category: string;
  reminder_date: string | null;
  assigned_to: number | null;
  priority: number;
  completed: number;
  completed_time: string | null;
  created: string;
}

export const historyHandlers: Handlers = {
  getLeadHistory: (ctx, input) => {
    requireLead(ctx.db, input.leadId);
    const where = ['lead_id = ?'];
    const params: SQLInputValue[] = [input.leadId];
    if (!input.includeDeleted) where.push('deleted = 0');
    // null or absent = everything; "" = notes and tasks; else the type.
    if (input.type !== undefined && input.type !== null) {
      where.push('type = ?');
      params.push(input.type);
    }
    if (input.category !== undefined && input.category !== '') {
      where.push('category = ?');
      params.push(input.category);
    }
    const whereSql = where.join(' AND ');
    const total = (
      sql(ctx.db, `SELECT count(*) AS n FROM lead_history WHERE ${whereSql}`).get(...params) as {
        n: number;
      }
    ).n;
    const rows = sql(
      ctx.db,
      `SELECT ${historyCols} FROM lead_history WHERE ${whereSql}
       ORDER BY created DESC, history_id DESC LIMIT ? OFFSET ?`,
    ).all(...params, input.limit, input.offset) as unknown as HistoryRow[];
    // Reading the first page of a lead's history is reading the lead: the caller's watcher entry becomes read.
    if (input.offset === 0) {
      sql(ctx.db, 'UPDATE lead_watchers SET unread = 0 WHERE lead_id = ? AND user_id = ? AND unread = 1').run(
        input.leadId,
        ctx.user.userid,
      );
    }
    return { result: rows.map(toEntry), pagination: page(input.offset, input.limit, total) };
  },

  addLeadNote: (ctx, input) => {
    const lead = requireActiveLead(ctx.db, input.leadId);
    const category = checkCategory(ctx.db, input.category);
    const now = nowText(ctx);
    // The author watches the lead from now on (joining first, so the history reads in that order);
    // everyone else watching has something new to read.
    joinWatchers(ctx, lead.lead_id, lead.ispatient, ctx.user.userid, false);
    const historyId = addHistory(ctx.db, {
      leadId: lead.lead_id,
      ispatient: lead.ispatient,
      type: '',
      category,
      text: input.text,
      createdBy: ctx.user.userid,
      created: now,
    });
    sql(
      ctx.db,
      'UPDATE lead_watchers SET unread = CASE WHEN user_id = ? THEN 0 ELSE 1 END WHERE lead_id = ?',
    ).run(ctx.user.userid, lead.lead_id);
    touch(ctx.db, lead.lead_id, now);
    return { result: { historyId } };
  },

  addLeadTask: (ctx, input) => {
    const lead = requireActiveLead(ctx.db, input.leadId);
    const assignedTo = input.assignedTo ? input.assignedTo : null;
    if (assignedTo !== null && !userOf(ctx.db, assignedTo)) fail(422, MSG.userNotFound);
    const category = checkCategory(ctx.db, input.category);
    const now = nowText(ctx);
    const reminderDate = reminderOf(input.reminderDate);
    const historyId = addHistory(ctx.db, {
      leadId: lead.lead_id,
      ispatient: lead.ispatient,
      type: '',
      category,
      text: input.text,
      task: { reminderDate, assignedTo, priority: input.priority ?? 0 },
      createdBy: ctx.user.userid,
      created: now,
    });
    if (assignedTo !== null) {
      joinWatchers(ctx, lead.lead_id, lead.ispatient, assignedTo, assignedTo !== ctx.user.userid);
      if (input.notifyAssignee) {
        notifyTask(ctx, assignedTo, lead, input.text, reminderDate);
      }
    }
    refreshTasks(ctx.db, lead.lead_id);
    touch(ctx.db, lead.lead_id, now);
    return { result: { historyId } };
  },

  completeLeadTask: (ctx, input) => {
    const row = sql(
      ctx.db,
      'SELECT lead_id, is_task, completed FROM lead_history WHERE history_id = ? AND deleted = 0',
    ).get(input.historyId) as { lead_id: number; is_task: number; completed: number } | undefined;
    if (!row) fail(404, MSG.historyNotFound);
    if (row.is_task !== 1) fail(422, MSG.notATask);
    // Idempotent: a completed task keeps its first completion time and user.
    if (row.completed === 1) return { result: null };
    const now = nowText(ctx);
    sql(
      ctx.db,
      `UPDATE lead_history SET completed = 1, completed_time = ?, completed_by = ?, reminder_date = NULL
       WHERE history_id = ?`,
    ).run(now, ctx.user.userid, input.historyId);
    refreshTasks(ctx.db, row.lead_id);
    touch(ctx.db, row.lead_id, now);
    return { result: null };
  },

  getTasks: (ctx, input) => {
    const f = input.filter ?? {};
    const where = ['h.is_task = 1', 'h.deleted = 0', 'h.lead_deleted = 0'];
    const params: SQLInputValue[] = [];
    if (f.assignedTo) {
      where.push('h.assigned_to = ?');
      params.push(f.assignedTo);
    }
    if (f.completed !== undefined) {
      where.push('h.completed = ?');
      params.push(f.completed ? 1 : 0);
    }
    if (f.ispatient !== undefined) {
      where.push('h.lead_ispatient = ?');
      params.push(f.ispatient);
    }
    // due = the reminder day (docs/decisions/0003-sales-open-points.md).
    for (const from of [f.reminderFrom, f.dueFrom]) {
      if (from !== undefined) {
        where.push('h.reminder_date >= ?');
        params.push(`${from} 00:00:00`);
      }
    }
    for (const to of [f.reminderTo, f.dueTo]) {
      if (to !== undefined) {
        where.push('h.reminder_date <= ?');
        params.push(`${to} 23:59:59`);
      }
    }
    if (f.priority !== undefined) {
      where.push('h.priority = ?');
      params.push(f.priority);
    }
    const whereSql = where.join(' AND ');
    const dir = input.orderDir === 'desc' ? 'DESC' : 'ASC';
    // Tasks without a reminder come last in either direction.
    const order =
      input.orderBy === 'priority'
        ? `h.priority ${dir}, h.reminder_date IS NULL, h.reminder_date ${dir}, h.history_id ${dir}`
        : input.orderBy === 'created'
          ? `h.created ${dir}, h.history_id ${dir}`
          : `h.reminder_date IS NULL, h.reminder_date ${dir}, h.history_id ${dir}`;
    const total = (
      sql(ctx.db, `SELECT count(*) AS n FROM lead_history h WHERE ${whereSql}`).get(...params) as {
        n: number;
      }
    ).n;
    // Ids first (covering index), then the page's rows with their leads' names.
    const ids = (
      sql(
        ctx.db,
        `SELECT h.history_id FROM lead_history h WHERE ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ).all(...params, input.limit, input.offset) as unknown as { history_id: number }[]
    ).map((r) => r.history_id);
    const found = sql(
      ctx.db,
      `SELECT h.history_id, h.lead_id, l.lastname, l.firstname, h.lead_ispatient, h.text, h.category,
         h.reminder_date, h.assigned_to, h.priority, h.completed, h.completed_time, h.created
       FROM lead_history h JOIN leads l ON l.lead_id = h.lead_id
       WHERE h.history_id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as unknown as TaskSqlRow[];
    const byId = new Map(found.map((r) => [r.history_id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is TaskSqlRow => r !== undefined);
    const result: TaskRow[] = rows.map((r) => ({
      historyId: r.history_id,
      leadId: r.lead_id,
      lastname: r.lastname,
      firstname: r.firstname,
      ispatient: r.lead_ispatient === 1 ? 1 : 0,
      text: r.text,
      category: r.category,
      reminderDate: r.reminder_date,
      assignedTo: r.assigned_to,
      priority: r.priority ?? 0,
      completed: r.completed === 1,
      completedTime: r.completed_time,
      created: r.created,
    }));
    return { result, pagination: page(input.offset, input.limit, total) };
  },
};

function notifyTask(
  ctx: Ctx,
  userId: number,
  lead: { lead_id: number; firstname: string; lastname: string },
  text: string,
  reminderDate: string | null,
): void {
  const name = leadName(lead);
  const due = reminderDate ? `\nReminder: ${reminderDate}` : '';
  const subject = `New task for lead ${name}`;
  const body = `A task was assigned to you on lead ${name} (#${lead.lead_id}).\n\n${text}${due}`;
  notify(ctx, userId, lead.lead_id, subject, body);
}
