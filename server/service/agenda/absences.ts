import { ABSENCE_PERIOD_MAX_DAYS, absenceMessages } from '#contract/agenda-absences.ts';
import { isRealDate } from '#contract/common.ts';
import { addDays, fromZurich, unixSeconds, zurichDateTime } from '../../time.ts';
import { type Db, sql } from '../db/database.ts';
import { fail, type Handlers } from '../handler.ts';
import { closedTimeBetween } from './closed-time.ts';

/** Whether `provider` is a practitioner of the practice (active or not); 0, the whole practice, always is. */
export function isProvider(db: Db, provider: number): boolean {
  return (
    provider === 0 ||
    sql(db, 'SELECT 1 FROM users WHERE userid = ? AND is_provider = 1').get(provider) !== undefined
  );
}

/** A day as `from` is its midnight, as `until` the next midnight (through its end); a date-time is itself. */
function instantOf(value: string, edge: 'from' | 'until'): number {
  const v = value.trim();
  if (isRealDate(v)) return unixSeconds(fromZurich(edge === 'from' ? v : addDays(v, 1)));
  return unixSeconds(fromZurich(v));
}

/** Whole days from `first` to `last` (`YYYY-MM-DD`). */
function daysApart(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T12:00:00Z`) - Date.parse(`${first}T12:00:00Z`)) / 86_400_000);
}

export const absenceHandlers: Handlers = {
  getAbsences: (ctx, input) => {
    if (input.until < input.from) fail(400, absenceMessages.untilBeforeFrom);
    if (daysApart(input.from, input.until) > ABSENCE_PERIOD_MAX_DAYS) fail(400, absenceMessages.period);
    const closed = closedTimeBetween(
      ctx.db,
      ctx.tenant,
      input.from,
      input.until,
      input.provider || undefined,
    );
    return { result: closed.map(({ start: _s, end: _e, ...listed }) => listed) };
  },

  createAbsence: (ctx, input) => {
    if (!isProvider(ctx.db, input.provider)) fail(404, absenceMessages.provider);
    const start = instantOf(input.from, 'from');
    const end = instantOf(input.until, 'until');
    if (end <= start) fail(400, absenceMessages.untilBeforeFrom);
    const r = sql(
      ctx.db,
      `INSERT INTO absences (provider, start_ts, end_ts, from_local, until_local, reason, created, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      input.provider,
      start,
      end,
      zurichDateTime(new Date(start * 1000)),
      zurichDateTime(new Date(end * 1000)),
      input.reason ?? '',
      zurichDateTime(ctx.now()),
      ctx.user.userid,
    );
    return { result: { absenceId: Number(r.lastInsertRowid) } };
  },

  deleteAbsence: (ctx, input) => {
    // A holiday (absenceId 0) is not stored, so it is not found either.
    const r = sql(ctx.db, 'DELETE FROM absences WHERE absence_id = ?').run(input.absenceId);
    if (Number(r.changes) === 0) fail(404, absenceMessages.notFound);
    return { result: null };
  },
};
