import type { OpParsedInput } from '#contract/operations.ts';
import { MSG, type RecallType } from '#contract/recall.ts';
import { patientDeletedMessage } from '#contract/system.ts';
import { addDays, zurichDateTime } from '../../time.ts';
import { sql } from '../db/database.ts';
import { type Ctx, fail, type Handlers } from '../handler.ts';
import { patientState } from '../system/patients.ts';

interface RecallRow {
  id: number;
  active: number;
  title: string;
  recall_date: string;
  recall_text: string;
  recall_type: RecallType;
  recurring: number;
  recurring_frequency: string;
  patid: number;
  internal_comment: string;
  status: 'sent' | 'pending' | 'error';
  error_msg: string;
  mobile: string | null;
  mail: string | null;
}

function toRecall(r: RecallRow) {
  return {
    id: r.id,
    active: r.active,
    title: r.title,
    recallDate: r.recall_date,
    recallText: r.recall_text,
    recallType: r.recall_type,
    recurring: r.recurring,
    recurringFrequency: r.recurring_frequency,
    patid: r.patid,
    internalComment: r.internal_comment,
    status: r.status,
    errorMsg: r.error_msg,
    customerMobile: r.mobile ?? '',
    customerMail: r.mail ?? '',
  };
}

/** `YYYY-MM-DD HH:MM[:SS]` (or with T) as stored: `YYYY-MM-DD HH:MM:SS`. */
function normalDateTime(s: string): string {
  const t = s.trim().replace('T', ' ');
  return t.length === 16 ? `${t}:00` : t;
}

type ModifyInput = OpParsedInput<'modifyRecall'>;

/**
 * createRecall's checks beyond the contract's, in the documented order: the required fields (modifyRecall only
 * gets here with them possibly missing), patid 0 only for a template, the patient must exist (and not be deleted).
 */
function validated(ctx: Ctx, input: Omit<ModifyInput, 'recallId'>) {
  const { title, patid, nextRecall, recallType } = input;
  if (title === undefined) fail(200, MSG.title);
  if (patid === undefined || (patid === 0 && input.preset !== 1)) fail(200, MSG.patid);
  if (patid > 0) {
    const state = patientState(ctx.db, patid);
    if (state === 'missing') fail(200, MSG.patientMissing);
    // A deleted patient gets no recall (docs/decisions/0019).
    if (state === 'deleted') fail(200, patientDeletedMessage);
  }
  if (nextRecall === undefined) fail(200, MSG.date);
  if (recallType === undefined) fail(200, MSG.recallType);
  // Overwrite: whatever is not sent is written empty or 0.
  return {
    title,
    patid,
    recallDate: normalDateTime(nextRecall),
    recallType,
    recallText: input.recallText ?? '',
    internalComment: input.internalComment ?? '',
    active: input.active ?? 0,
    recurring: input.recurring ?? 0,
    recurringFrequency: input.recurringFrequency ?? '',
    preset: input.preset ?? 0,
  };
}

export const recallHandlers: Handlers = {
  getRecalls: (ctx, input) => {
    const preset = input.preset === 1 ? 1 : 0;
    const where = ['r.preset = ?'];
    const params: (string | number)[] = [preset];
    if (input.patid !== undefined && input.patid > 0) {
      where.push('r.patid = ?');
      params.push(input.patid);
    }
    if (input.from) {
      where.push('r.recall_date >= ?');
      params.push(input.from);
    }
    if (input.until) {
      where.push('r.recall_date < ?');
      params.push(addDays(input.until, 1));
    }
    if (input.error === 1) where.push("r.status = 'error'");
    // "sent 1 returns only one-time recalls" (the practice's API document, docs/api.md#recall): the name is the document's.
    if (input.sent === 1) where.push('r.recurring = 0');
    if (input.mandant !== undefined && input.mandant > 0) {
      where.push('? IN (r.mandant1, r.mandant2, r.mandant3)');
      params.push(input.mandant);
    }
    const order = preset ? 'r.title COLLATE NOCASE, r.id' : 'r.recall_date, r.id';
    const rows = sql(
      ctx.db,
      `SELECT r.*, p.mobile, p.mail FROM recalls r LEFT JOIN patients p ON p.patid = r.patid
       WHERE ${where.join(' AND ')} ORDER BY ${order}`,
    ).all(...params) as unknown as RecallRow[];
    return { result: rows.map(toRecall) };
  },

  createRecall: (ctx, input) => {
    const r = validated(ctx, input);
    const stamp = zurichDateTime(ctx.now());
    const out = sql(
      ctx.db,
      `INSERT INTO recalls (active, title, recall_date, recall_text, recall_type, recurring, recurring_frequency,
         patid, internal_comment, status, error_msg, preset, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', '', ?, ?, ?)`,
    ).run(
      r.active,
      r.title,
      r.recallDate,
      r.recallText,
      r.recallType,
      r.recurring,
      r.recurringFrequency,
      r.patid,
      r.internalComment,
      r.preset,
      stamp,
      stamp,
    );
    return { result: { recallId: Number(out.lastInsertRowid) } };
  },

  modifyRecall: (ctx, input) => {
    const { recallId, ...fields } = input;
    if (!sql(ctx.db, 'SELECT 1 FROM recalls WHERE id = ?').get(recallId)) {
      fail(200, MSG.recallMissing);
    }
    const r = validated(ctx, fields);
    // Status, error and practitioners are not write fields: they stay, but for a recall that failed: saving it
    // again queues it again (status pending, no error), so that a mended address gets its try (decision 0019).
    sql(
      ctx.db,
      `UPDATE recalls SET active = ?, title = ?, recall_date = ?, recall_text = ?, recall_type = ?, recurring = ?,
         recurring_frequency = ?, patid = ?, internal_comment = ?, preset = ?, modified = ?,
         error_msg = CASE status WHEN 'error' THEN '' ELSE error_msg END,
         status = CASE status WHEN 'error' THEN 'pending' ELSE status END
       WHERE id = ?`,
    ).run(
      r.active,
      r.title,
      r.recallDate,
      r.recallText,
      r.recallType,
      r.recurring,
      r.recurringFrequency,
      r.patid,
      r.internalComment,
      r.preset,
      zurichDateTime(ctx.now()),
      recallId,
    );
    return { result: { recallId } };
  },
};
