import type { Attachment, PatientHistoryEntry } from '#contract/hx.ts';
import { sql } from '../db/database.ts';
import { foldText } from '../db/fold.ts';
import { fail, type Handlers } from '../handler.ts';

interface EntryRow {
  historyid: number;
  category: string;
  text: string;
  date: string;
  teaser: string;
  author: string;
  userid: string;
}

export const hxHandlers: Handlers = {
  getPatientHistory: (ctx, input) => {
    if (!sql(ctx.db, 'SELECT 1 FROM patients WHERE patid = ?').get(input.patid)) {
      fail(404, 'Patient not found.');
    }
    const where = ['patid = ?', 'deleted = 0'];
    const args: (string | number)[] = [input.patid];
    // Folded copies: case, accents and umlauts aside, one pass over the text (docs/decisions/0009).
    const category = foldText(input.category?.trim() ?? '');
    if (category) {
      // length() of SQLite: characters as substr counts them (JS counts UTF-16 units).
      where.push('substr(category_folded, 1, length(?)) = ?');
      args.push(category, category);
    }
    const text = foldText(input.text?.trim() ?? '');
    if (text) {
      where.push('instr(text_folded, ?) > 0');
      args.push(text);
    }
    const teaser = foldText(input.teaser?.trim() ?? '');
    if (teaser) {
      where.push('instr(teaser_folded, ?) > 0');
      args.push(teaser);
    }
    const limit = input.limit ?? 0;
    const rows = sql(
      ctx.db,
      `SELECT historyid, category, text, date, teaser, author, COALESCE(CAST(userid AS TEXT), '') AS userid
       FROM hx_entries WHERE ${where.join(' AND ')} ORDER BY date DESC, historyid DESC
       ${limit > 0 ? 'LIMIT ?' : ''}`,
    ).all(...args, ...(limit > 0 ? [limit] : [])) as unknown as EntryRow[];

    // All attachments of the page in one query, not one per entry.
    const byEntry = new Map<number, Attachment[]>();
    if (rows.length > 0) {
      const files = sql(
        ctx.db,
        `SELECT historyid, file, md5, size FROM hx_attachments
         WHERE historyid IN (SELECT value FROM json_each(?)) ORDER BY id`,
      ).all(JSON.stringify(rows.map((r) => r.historyid))) as unknown as (Attachment & {
        historyid: number;
      })[];
      for (const f of files) {
        const list = byEntry.get(f.historyid) ?? [];
        list.push({ file: f.file, md5: f.md5, size: f.size });
        byEntry.set(f.historyid, list);
      }
    }
    const result: PatientHistoryEntry[] = rows.map((r) => ({
      ...r,
      attachments: byEntry.get(r.historyid) ?? [],
    }));
    return { result };
  },

  getAttachment: (ctx, input) => {
    // Attachments of deleted entries are gone with their entry.
    const row = sql(
      ctx.db,
      `SELECT a.file, a.md5, a.size, a.mime, a.content FROM hx_attachments a
       JOIN hx_entries e ON e.historyid = a.historyid
       WHERE a.md5 = ? AND e.deleted = 0 ORDER BY a.id DESC LIMIT 1`,
    ).get(input.md5) as
      | { file: string; md5: string; size: number; mime: string; content: Uint8Array }
      | undefined;
    if (!row) fail(404, 'Attachment not found.');
    return {
      result: {
        file: row.file,
        md5: row.md5,
        size: row.size,
        mime: row.mime,
        content: Buffer.from(row.content).toString('base64'),
      },
    };
  },
};
