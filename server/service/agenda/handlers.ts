import { appointmentChangedMsg } from '#contract/agenda.ts';
import { isRealDate } from '#contract/common.ts';
import type { OpParsedInput } from '#contract/operations.ts';
import { patientDeletedMessage } from '#contract/system.ts';
import { addDays, fromZurich, unixSeconds, zurichDateTime } from '../../time.ts';
import { sql } from '../db/database.ts';
import { foldText } from '../db/fold.ts';
import { type Ctx, fail, type Handlers } from '../handler.ts';
import { patientState } from '../system/patients.ts';

interface AppointmentRow {
  id: number;
  calendarid: number;
  start_ts: number;
  end_ts: number;
  date_local: string;
  end_local: string;
  patid: number;
  text: string;
  comment: string;
  displayedduration: string;
  state: string;
  calendar_name: string;
  color: string;
  version: number;
  state_changed: string | null;
}

const listSelect = `
  SELECT a.id, a.calendarid, a.start_ts, a.end_ts, a.date_local, a.end_local, a.patid, a.text, a.comment,
         a.displayedduration, a.state, c.name AS calendar_name, COALESCE(t.color, c.color) AS color,
         a.version, a.state_changed
  FROM appointments a
  JOIN calendars c ON c.calendarid = a.calendarid
  LEFT JOIN appointment_types t ON t.id = a.type_id
  WHERE a.deleted = 0 AND a.state <> 'PR'`;

const order = 'ORDER BY a.start_ts DESC, a.id DESC';

function base(r: AppointmentRow) {
  return {
    id: r.id,
    date: r.date_local,
    end: r.end_local,
    duration: Math.round((r.end_ts - r.start_ts) / 60),
    displayedduration: r.displayedduration,
    patid: r.patid,
    appointment: r.text,
    comment: r.comment,
    color: r.color,
    state: r.state,
    calendar: r.calendar_name,
    version: r.version,
    stateChanged: r.state_changed,
  };
}

/** from/until of getAppointments: Unix seconds, a date-time, or a day (from its start / through its end). */
export function boundToUnix(v: string | number, edge: 'from' | 'until'): number {
  if (typeof v === 'number') return v;
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s);
  if (isRealDate(s)) {
    return edge === 'from' ? unixSeconds(fromZurich(s)) : unixSeconds(fromZurich(addDays(s, 1))) - 1;
  }
  return unixSeconds(fromZurich(s));
}

const FAR_PAST = -1e12;
const FAR_FUTURE = 1e12;

type AppointmentsInput = OpParsedInput<'getAppointments'>;

function calendarMode(ctx: Ctx, calendarid: number, input: AppointmentsInput) {
  // Calendar mode: each bound applies on its own; an appointment belongs to the period it starts in.
  const from = input.from !== undefined ? boundToUnix(input.from, 'from') : FAR_PAST;
  const until = input.until !== undefined ? boundToUnix(input.until, 'until') : FAR_FUTURE;
  const rows = sql(
    ctx.db,
    `${listSelect} AND a.calendarid = ? AND a.start_ts >= ? AND a.start_ts <= ? ${order}`,
  ).all(calendarid, from, until) as unknown as AppointmentRow[];
  return rows.map((r) => ({ ...base(r), dateTs: r.start_ts, endTs: r.end_ts }));
}

function patientMode(ctx: Ctx, input: AppointmentsInput) {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (input.patid !== undefined && input.patid > 0) {
    where.push('a.patid = ?');
    params.push(input.patid);
  }
  // Folded copies and instr(): case, accents and umlauts aside, at a cost of one pass over the text
  // (a GLOB of two-case classes took seconds on long texts; docs/decisions/0009).
  if (input.appointment) {
    where.push('instr(a.text_folded, ?) > 0');
    params.push(foldText(input.appointment));
  }
  if (input.comment) {
    where.push('instr(a.comment_folded, ?) > 0');
    params.push(foldText(input.comment));
  }
  if (input.from !== undefined && input.until !== undefined) {
    where.push('a.start_ts >= ? AND a.start_ts <= ?');
    params.push(boundToUnix(input.from, 'from'), boundToUnix(input.until, 'until'));
  } else if (input.from === undefined && input.until === undefined && input.period !== undefined) {
    const now = unixSeconds(ctx.now());
    if (input.period === 'future') {
      where.push('a.start_ts >= ?');
      params.push(now);
    } else if (input.period === 'past') {
      where.push('a.start_ts < ?');
      params.push(now);
    }
  }
  const text = `${listSelect}${where.map((w) => ` AND ${w}`).join('')} ${order}`;
  const rows = sql(ctx.db, text).all(...params) as unknown as AppointmentRow[];
  return rows.map((r) => ({
    ...base(r),
    date_unix: r.start_ts,
    end_unix: r.end_ts,
    calendarid: r.calendarid,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// createAppointment and modifyAppointment: one write logic (docs/api.md#appointments). Checks in the documented order:
// calendar id, start, end, end after start, known calendar, (state: by the contract).

type WriteInput = Omit<OpParsedInput<'createAppointment'>, 'calendar'> & { calendar?: number };

function instant(text: string | undefined, ts: number | undefined): number | undefined {
  if (text !== undefined && text !== '') return unixSeconds(fromZurich(text));
  return ts;
}

function checked(ctx: Ctx, input: WriteInput, calendarid: number) {
  const start = instant(input.date, input.dateTs);
  if (start === undefined) fail(200, 'Please provide a valid start date.');
  const end = instant(input.end, input.endTs);
  if (end === undefined) fail(200, 'Please provide a valid end date.');
  if (end <= start) fail(200, 'The end must be after the start.');
  if (!sql(ctx.db, 'SELECT 1 FROM calendars WHERE calendarid = ?').get(calendarid)) {
    fail(200, 'Unknown calendar.');
  }
  // Overwrite: whatever is not sent is written empty or 0.
  return {
    calendarid,
    start,
    end,
    dateLocal: zurichDateTime(new Date(start * 1000)),
    endLocal: zurichDateTime(new Date(end * 1000)),
    patid: input.patid ?? 0,
    text: input.appointment ?? '',
    comment: input.comment ?? '',
    displayedduration: input.displayedduration ?? '',
    state: input.state ?? '',
    deleted: input.deleted ?? 0,
  };
}

export const agendaHandlers: Handlers = {
  getAppointments: (ctx, input) => ({
    result:
      input.calendarid !== undefined ? calendarMode(ctx, input.calendarid, input) : patientMode(ctx, input),
  }),

  createAppointment: (ctx, input) => {
    const a = checked(ctx, input, input.calendar);
    // A deleted patient is not booked (docs/decisions/0019).
    if (a.patid > 0 && patientState(ctx.db, a.patid) === 'deleted') fail(200, patientDeletedMessage);
    const stamp = zurichDateTime(ctx.now());
    const r = sql(
      ctx.db,
      `INSERT INTO appointments (calendarid, start_ts, end_ts, date_local, end_local, patid, text, comment,
         displayedduration, state, deleted, created, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      a.calendarid,
      a.start,
      a.end,
      a.dateLocal,
      a.endLocal,
      a.patid,
      a.text,
      a.comment,
      a.displayedduration,
      a.state,
      a.deleted,
      stamp,
      stamp,
    );
    return { result: { appointmentid: Number(r.lastInsertRowid) } };
  },

  modifyAppointment: (ctx, input) => {
    const existing = sql(ctx.db, 'SELECT calendarid, patid, version FROM appointments WHERE id = ?').get(
      input.appointmentid,
    ) as { calendarid: number; patid: number; version: number } | undefined;
    if (!existing) fail(200, 'The appointment id is invalid');
    // Optimistic concurrency (docs/api.md#versions): a write based on an older read changes nothing. Requests
    // of a tenant take turns in one transaction each, so nothing changes between this read and the update.
    if (input.ifVersion !== undefined && input.ifVersion !== existing.version)
      fail(409, appointmentChangedMsg);
    const calendarid =
      input.calendar !== undefined && input.calendar > 0 ? input.calendar : existing.calendarid;
    const a = checked(ctx, input, calendarid);
    // An appointment is not moved to a deleted patient; one already theirs may still be cancelled or moved.
    if (a.patid > 0 && a.patid !== existing.patid && patientState(ctx.db, a.patid) === 'deleted') {
      fail(200, patientDeletedMessage);
    }
    sql(
      ctx.db,
      `UPDATE appointments SET calendarid = ?, start_ts = ?, end_ts = ?, date_local = ?, end_local = ?, patid = ?,
         text = ?, comment = ?, displayedduration = ?, state = ?, deleted = ?, modified = ?,
         version = version + 1, state_changed = CASE WHEN state IS ? THEN state_changed ELSE ? END
       WHERE id = ?`,
    ).run(
      a.calendarid,
      a.start,
      a.end,
      a.dateLocal,
      a.endLocal,
      a.patid,
      a.text,
      a.comment,
      a.displayedduration,
      a.state,
      a.deleted,
      zurichDateTime(ctx.now()),
      a.state,
      zurichDateTime(ctx.now()),
      input.appointmentid,
    );
    return { result: null };
  },

  getCalendars: (ctx) => ({
    result: sql(ctx.db, 'SELECT calendarid, name, provider, color FROM calendars ORDER BY calendarid').all(),
  }),
};
