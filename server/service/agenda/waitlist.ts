import { type WaitlistEntry, waitlistMessages, waitlistWindowOk } from '#contract/agenda-waitlist.ts';
import type { OpParsedInput } from '#contract/operations.ts';
import { zurichDateTime } from '../../time.ts';
import { type Db, sql } from '../db/database.ts';
import { fail, type Handlers } from '../handler.ts';
import { patientState } from '../system/patients.ts';
import { isProvider } from './absences.ts';

/** The waiting list (docs/api.md#waiting-list, docs/decisions/0047). */

interface EntryRow {
  entry_id: number;
  patid: number;
  serviceid: number;
  provider: number;
  earliest: string | null;
  latest: string | null;
  times: WaitlistEntry['times'];
  priority: number;
  note: string;
  status: WaitlistEntry['status'];
  created: string;
  created_by: number;
  version: number;
}

function listed(r: EntryRow): WaitlistEntry {
  return {
    entryId: r.entry_id,
    patid: r.patid,
    serviceid: r.serviceid,
    provider: r.provider,
    earliest: r.earliest,
    latest: r.latest,
    times: r.times,
    priority: r.priority,
    note: r.note,
    status: r.status,
    created: r.created,
    createdBy: r.created_by,
    version: r.version,
  };
}

const columns =
  'entry_id, patid, serviceid, provider, earliest, latest, times, priority, note, status, created, created_by, version';

/**
 * Waiting entries first: the most urgent, then the oldest (who waits longest comes first); the others after them,
 * the most recently changed first.
 */
const order = `ORDER BY status <> 'waiting',
  CASE WHEN status = 'waiting' THEN -priority END,
  CASE WHEN status = 'waiting' THEN created END,
  CASE WHEN status = 'waiting' THEN entry_id END,
  modified DESC, entry_id DESC`;

type Fields = Omit<OpParsedInput<'modifyWaitlistEntry'>, 'entryId' | 'ifVersion'>;

/** A service and a practitioner named by an entry exist (0 is any). */
function checkChoices(db: Db, fields: Fields): void {
  if (
    fields.serviceid &&
    !sql(db, 'SELECT 1 FROM booking_services WHERE serviceid = ?').get(fields.serviceid)
  ) {
    fail(400, waitlistMessages.service);
  }
  if (fields.provider && !isProvider(db, fields.provider)) fail(404, waitlistMessages.provider);
}

/** The entry's fields a write may set, by input name: the column names come from here, never from a request. */
const writable = new Map<keyof Fields, string>([
  ['serviceid', 'serviceid'],
  ['provider', 'provider'],
  ['earliest', 'earliest'],
  ['latest', 'latest'],
  ['times', 'times'],
  ['priority', 'priority'],
  ['note', 'note'],
  ['status', 'status'],
]);

export const waitlistHandlers: Handlers = {
  getWaitlist: (ctx, input) => {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const status = input.status ?? 'waiting';
    if (status !== 'all') {
      where.push('status = ?');
      params.push(status);
    }
    if (input.patid) {
      where.push('patid = ?');
      params.push(input.patid);
    }
    const rows = sql(
      ctx.db,
      `SELECT ${columns} FROM waitlist ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${order}`,
    ).all(...params) as unknown as EntryRow[];
    return { result: rows.map(listed) };
  },

  addWaitlistEntry: (ctx, input) => {
    const state = patientState(ctx.db, input.patid);
    if (state === 'missing') fail(404, waitlistMessages.patientNotFound);
    if (state === 'deleted') fail(422, waitlistMessages.patientDeleted);
    checkChoices(ctx.db, input);
    if (!waitlistWindowOk(input.earliest, input.latest)) fail(400, waitlistMessages.window);
    const stamp = zurichDateTime(ctx.now());
    const r = sql(
      ctx.db,
      `INSERT INTO waitlist (patid, serviceid, provider, earliest, latest, times, priority, note, status, created,
         created_by, modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?)`,
    ).run(
      input.patid,
      input.serviceid ?? 0,
      input.provider ?? 0,
      input.earliest ?? null,
      input.latest ?? null,
      input.times ?? 'any',
      input.priority ?? 0,
      input.note ?? '',
      stamp,
      ctx.user.userid,
      stamp,
    );
    return { result: { entryId: Number(r.lastInsertRowid) } };
  },

  modifyWaitlistEntry: (ctx, input) => {
    const { entryId, ifVersion, ...fields } = input;
    const existing = sql(ctx.db, `SELECT ${columns} FROM waitlist WHERE entry_id = ?`).get(entryId) as
      | EntryRow
      | undefined;
    if (!existing) fail(404, waitlistMessages.notFound);
    // Requests of a tenant take turns in one transaction each: nothing changes between this read and the update.
    if (ifVersion !== undefined && ifVersion !== existing.version) fail(409, waitlistMessages.changed);
    checkChoices(ctx.db, fields);
    const earliest = fields.earliest !== undefined ? fields.earliest : existing.earliest;
    const latest = fields.latest !== undefined ? fields.latest : existing.latest;
    if (!waitlistWindowOk(earliest, latest)) fail(400, waitlistMessages.window);

    // Only the fields sent change; the trigger counts the version when a value really changes.
    const sets: string[] = [];
    const params: (string | number | null)[] = [];
    for (const [field, column] of writable) {
      const value = fields[field];
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(value);
    }
    if (sets.length > 0) {
      sql(ctx.db, `UPDATE waitlist SET ${sets.join(', ')}, modified = ? WHERE entry_id = ?`).run(
        ...params,
        zurichDateTime(ctx.now()),
        entryId,
      );
    }
    return { result: null };
  },
};
