import type { SQLInputValue } from 'node:sqlite';
import type { StatGroupBy, StatRow } from '#contract/sales.ts';
import { sql } from '../db/database.ts';
import type { Handlers } from '../handler.ts';

/** ISO 8601 week of a `YYYY-MM-DD`: `YYYY-Www`. */
export function isoWeek(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - day + 3); // the Thursday of that week decides the year
  const year = d.getUTCFullYear();
  const week = Math.floor((d.getTime() - Date.UTC(year, 0, 1, 12)) / 86400000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The group key of each groupBy, as SQL over `leads l`. */
const keyExpr: Record<StatGroupBy, string> = {
  folder: 'CAST(l.folder_id AS TEXT)',
  source: 'l.source',
  assignee: 'CAST(coalesce(l.assignee_id, 0) AS TEXT)',
  country: "CASE WHEN l.country_code <> '' THEN l.country_code ELSE l.country END",
  what: 'l.what',
  nextStep: 'l.next_step',
  day: 'substr(l.created, 1, 10)',
  week: 'substr(l.created, 1, 10)',
  month: 'substr(l.created, 1, 7)',
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export const statsHandlers: Handlers = {
  getLeadStats: (ctx, input) => {
    const f = input.filter ?? {};
    const where = ['l.deleted = 0'];
    const params: SQLInputValue[] = [];
    if (f.ispatient !== undefined) {
      where.push('l.ispatient = ?');
      params.push(f.ispatient);
    }
    const assignee = f.assignee ?? f.assigneeId;
    if (assignee !== undefined) {
      if (assignee === 0) where.push('l.assignee_id IS NULL');
      else {
        where.push('l.assignee_id = ?');
        params.push(assignee);
      }
    }
    if (f.folderId !== undefined) {
      where.push('l.folder_id = ?');
      params.push(f.folderId);
    }
    if (f.from !== undefined) {
      where.push('l.created >= ?');
      params.push(`${f.from} 00:00:00`);
    }
    if (f.to !== undefined) {
      where.push('l.created <= ?');
      params.push(`${f.to} 23:59:59`);
    }
    const value =
      input.metric === 'revenue'
        ? 'total(l.revenue)'
        : input.metric === 'costs'
          ? 'total(l.costs)'
          : 'count(*)';
    const raw = sql(
      ctx.db,
      `SELECT ${keyExpr[input.groupBy]} AS k, ${value} AS v FROM leads l WHERE ${where.join(' AND ')} GROUP BY k`,
    ).all(...params) as unknown as { k: string; v: number }[];

    let rows: StatRow[];
    switch (input.groupBy) {
      case 'day':
      case 'month':
        rows = raw.map((r) => ({ key: r.k, label: r.k, value: r.v }));
        break;
      case 'week': {
        const weeks = new Map<string, number>();
        for (const r of raw) {
          const w = isoWeek(r.k);
          weeks.set(w, (weeks.get(w) ?? 0) + r.v);
        }
        rows = [...weeks].map(([k, v]) => ({ key: k, label: k, value: v }));
        break;
      }
      case 'folder': {
        const folders = sql(
          ctx.db,
          'SELECT folder_id, label FROM lead_folders ORDER BY ispatient DESC, sort, folder_id',
        ).all() as unknown as { folder_id: number; label: string }[];
        const byKey = new Map(raw.map((r) => [r.k, r.v]));
        rows = folders
          .filter((fo) => byKey.has(String(fo.folder_id)))
          .map((fo) => ({
            key: String(fo.folder_id),
            label: fo.label,
            value: byKey.get(String(fo.folder_id)) ?? 0,
          }));
        break;
      }
      case 'source':
        rows = labelled(
          raw,
          lookup(ctx.db, "SELECT code AS k, label FROM lead_reference WHERE kind = 'sources'"),
        );
        break;
      case 'assignee':
        rows = labelled(
          raw,
          lookup(
            ctx.db,
            "SELECT CAST(userid AS TEXT) AS k, trim(givenname || ' ' || familyname) AS label FROM users",
          ),
          '0',
        );
        break;
      case 'country':
        rows = labelled(raw, countryLabels(ctx.db));
        break;
      default:
        rows = labelled(raw, new Map());
    }
    const timeKeyed = input.groupBy === 'day' || input.groupBy === 'week' || input.groupBy === 'month';
    if (timeKeyed) rows.sort((a, b) => a.key.localeCompare(b.key));
    else if (input.groupBy !== 'folder') rows.sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
    return { result: rows.map((r) => ({ ...r, value: round2(r.value) })) };
  },
};

function lookup(db: Parameters<typeof sql>[0], text: string): Map<string, string> {
  const rows = sql(db, text).all() as unknown as { k: string; label: string }[];
  return new Map(rows.map((r) => [r.k, r.label]));
}

/** Groups without a value (key "", or "0" for assignee) keep an empty label: the client names them. */
function labelled(raw: { k: string; v: number }[], labels: Map<string, string>, none = ''): StatRow[] {
  return raw.map((r) => {
    const key = r.k ?? '';
    return { key, label: key === '' || key === none ? '' : (labels.get(key) ?? key), value: r.v };
  });
}

function countryLabels(db: Parameters<typeof sql>[0]): Map<string, string> {
  const rows = sql(
    db,
    `SELECT country_code AS k, max(country) AS label FROM leads WHERE country_code <> '' GROUP BY country_code`,
  ).all() as unknown as { k: string; label: string }[];
  return new Map(rows.map((r) => [r.k, r.label || r.k]));
}
