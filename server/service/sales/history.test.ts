import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryEntry, historyEntry, type TaskRow, taskRow } from '#contract/sales.ts';
import { addDays, zurichDateTime } from '../../time.ts';
import { type SalesService, startSales, TODAY, uniqueName } from './test-helpers.ts';

let s: SalesService;
beforeAll(async () => {
  s = await startSales();
}, 60_000);
afterAll(() => s.svc.close());

const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
const history = async (body: Record<string, unknown>) => {
  const r = await s.call('getLeadHistory', body);
  expect(r.http, r.text).toBe(200);
  return r.body as { result: HistoryEntry[]; pagination: { total: number; hasMore: boolean } };
};
const tasks = async (body: Record<string, unknown>) => {
  const r = await s.call('getTasks', body);
  expect(r.http, r.text).toBe(200);
  for (const t of r.body.result) taskRow.parse(t);
  return r.body as { result: TaskRow[]; pagination: { total: number; hasMore: boolean; limit: number } };
};
const outbox = (leadId: number) =>
  s.db
    .prepare('SELECT recipient_userid, recipient_mail, subject FROM outbox WHERE lead_id = ? ORDER BY id')
    .all(leadId);

describe('getLeadHistory', () => {
  it('lists newest first, filters by type (null = all, "" = notes and tasks) and category, and pages', async () => {
    const { leadId } = await s.createLead({ assigneeId: 6 });
    await s.ok('addLeadNote', { leadId, text: 'First call', category: 'CALL' });
    s.clock.advance(1);
    await s.ok('setLeadFolder', { leadId, folderId: 2 });
    s.clock.advance(1);
    await s.ok('addLeadTask', {
      leadId,
      text: 'Send offer',
      assignedTo: 7,
      priority: 2,
      reminderDate: '2026-03-12 09:30',
    });
    s.clock.advance(1);
    await s.ok('addLeadNote', { leadId, text: 'Mail sent', category: 'MAIL' });

    const all = await history({ leadId, type: null });
    for (const e of all.result) historyEntry.parse(e);
    // J (assignee 6 at creation), J (caller as note author), note, S, J (task assignee 7), task, note
    expect(all.result.map((e) => [e.type, e.text])).toEqual([
      ['', 'Mail sent'],
      ['J', 'Watcher joined: Luca Meier'],
      ['', 'Send offer'],
      ['S', 'Folder: Open → To be contacted'],
      ['', 'First call'],
      ['J', 'Watcher joined: Petra Sommer'],
      ['J', 'Watcher joined: Nina Weber'],
    ]);
    const created = all.result.map((e) => e.created);
    expect([...created].sort().reverse()).toEqual(created);
    expect((await history({ leadId })).pagination.total).toBe(7);

    const notesAndTasks = await history({ leadId, type: '' });
    expect(notesAndTasks.result.map((e) => e.text)).toEqual(['Mail sent', 'Send offer', 'First call']);
    const task = notesAndTasks.result[1];
    expect(task).toMatchObject({
      task: true,
      reminderDate: '2026-03-12 09:30:00',
      assignedTo: 7,
      priority: 2,
      completed: false,
      createdBy: 1,
      deleted: false,
    });
    expect(notesAndTasks.result[0]).toMatchObject({
      task: false,
      assignedTo: null,
      priority: null,
      reminderDate: null,
    });

    expect((await history({ leadId, type: 'S' })).result).toHaveLength(1);
    expect((await history({ leadId, type: 'J' })).result).toHaveLength(3);
    expect((await history({ leadId, category: 'MAIL' })).result.map((e) => e.text)).toEqual(['Mail sent']);

    const p1 = await history({ leadId, limit: 3 });
    const p2 = await history({ leadId, limit: 3, offset: 3 });
    expect(p1.pagination.hasMore).toBe(true);
    expect([...p1.result, ...p2.result].map((e) => e.historyId)).toEqual(
      all.result.slice(0, 6).map((e) => e.historyId),
    );
  });

  it('leaves deleted entries out unless includeDeleted', async () => {
    const { leadId } = await s.createLead();
    const a = (await s.ok('addLeadNote', { leadId, text: 'kept' })) as { historyId: number };
    const b = (await s.ok('addLeadNote', { leadId, text: 'removed' })) as { historyId: number };
    s.db.prepare('UPDATE lead_history SET deleted = 1 WHERE history_id = ?').run(b.historyId);
    expect((await history({ leadId, type: '' })).result.map((e) => e.historyId)).toEqual([a.historyId]);
    const withDeleted = await history({ leadId, type: '', includeDeleted: true });
    expect(withDeleted.result.find((e) => e.historyId === b.historyId)?.deleted).toBe(true);
  });
});

describe('addLeadNote', () => {
  it('updates lastActivity, marks the other watchers unread and the caller read', async () => {
    const { leadId } = await s.createLead({ assigneeId: 6 });
    expect((await s.lead(leadId)).watchers).toEqual([{ userId: 6, unread: true }]);
    // Nina reads the lead (first page of its history as her): her entry becomes read.
    s.db.prepare('UPDATE lead_watchers SET unread = 0 WHERE lead_id = ?').run(leadId);

    s.clock.advance(10);
    await s.ok('addLeadNote', { leadId, text: 'Called, no answer', category: 'CALL' });
    const l = await s.lead(leadId);
    expect(l.lastActivity).toBe(zurichDateTime(s.clock.now));
    expect(l.watchers).toEqual([
      { userId: 1, unread: false },
      { userId: 6, unread: true },
    ]);
    expect(l.unread).toBe(false);

    // Someone else's note makes it unread for the demo user: simulate Nina's note, then the demo user reads.
    s.db.prepare('UPDATE lead_watchers SET unread = 1 WHERE lead_id = ? AND user_id = 1').run(leadId);
    expect((await s.lead(leadId)).unread).toBe(true);
    await history({ leadId });
    expect((await s.lead(leadId)).unread).toBe(false);
  });
});

describe('addLeadTask', () => {
  it('adds a task: the assignee joins the watchlist (J), openTasks/nextReminder/lastActivity follow', async () => {
    const { leadId } = await s.createLead();
    s.clock.advance(3);
    const t1 = (await s.ok('addLeadTask', {
      leadId,
      text: 'Call back',
      assignedTo: 7,
      reminderDate: '2026-03-20',
    })) as {
      historyId: number;
    };
    let l = await s.lead(leadId);
    expect(l).toMatchObject({ openTasks: 1, nextReminder: '2026-03-20 00:00:00' });
    expect(l.lastActivity).toBe(zurichDateTime(s.clock.now));
    expect(l.watchers).toEqual([{ userId: 7, unread: true }]);
    expect((await history({ leadId, type: 'J' })).result.map((e) => e.text)).toEqual([
      'Watcher joined: Luca Meier',
    ]);

    await s.ok('addLeadTask', { leadId, text: 'Earlier', assignedTo: 7, reminderDate: '2026-03-15 14:00' });
    await s.ok('addLeadTask', { leadId, text: 'No reminder' });
    l = await s.lead(leadId);
    expect(l).toMatchObject({ openTasks: 3, nextReminder: '2026-03-15 14:00:00' });
    // The same assignee does not join twice.
    expect((await history({ leadId, type: 'J' })).result).toHaveLength(1);

    await s.ok('completeLeadTask', { historyId: t1.historyId });
    expect(await s.lead(leadId)).toMatchObject({ openTasks: 2, nextReminder: '2026-03-15 14:00:00' });
  });

  it('writes one outbox mail to the assignee with notifyAssignee, none without', async () => {
    const { leadId } = await s.createLead({ contact: { firstname: 'Mia', lastname: 'Outbox' } });
    await s.ok('addLeadTask', { leadId, text: 'Quiet', assignedTo: 6 });
    expect(outbox(leadId)).toEqual([]);
    await s.ok('addLeadTask', { leadId, text: 'Loud', assignedTo: 6, notifyAssignee: true });
    expect(outbox(leadId)).toEqual([
      {
        recipient_userid: 6,
        recipient_mail: 'n.weber@praxis.example',
        subject: 'New task for lead Mia Outbox',
      },
    ]);
    // Nobody to notify without an assignee.
    await s.ok('addLeadTask', { leadId, text: 'Nobody', notifyAssignee: true });
    expect(outbox(leadId)).toHaveLength(1);
  });
});

describe('completeLeadTask', () => {
  it('sets completion flag, time and user, removes the reminder, and is idempotent', async () => {
    const { leadId } = await s.createLead();
    const { historyId } = (await s.ok('addLeadTask', {
      leadId,
      text: 'Finish',
      assignedTo: 1,
      reminderDate: '2026-03-11 08:00',
    })) as { historyId: number };
    s.clock.advance(7);
    expect(await s.ok('completeLeadTask', { historyId })).toBeNull();
    const done = (await history({ leadId, type: '' })).result[0];
    const at = zurichDateTime(s.clock.now);
    expect(done).toMatchObject({
      historyId,
      completed: true,
      completedBy: 1,
      reminderDate: null,
      completedTime: at,
    });
    expect((await s.lead(leadId)).lastActivity).toBe(at);

    s.clock.advance(30);
    await s.ok('completeLeadTask', { historyId });
    expect((await history({ leadId, type: '' })).result[0]).toEqual(done);
    expect((await s.lead(leadId)).lastActivity).toBe(at);
  });
});

describe('getTasks', () => {
  it("includes the lead's names and filters by assignee, completion and ispatient", async () => {
    const mine = await tasks({ filter: { assignedTo: 1, completed: false }, limit: 1000 });
    expect(mine.result.length).toBeGreaterThan(5);
    expect(mine.result.every((t) => t.assignedTo === 1 && !t.completed)).toBe(true);
    expect(mine.result.every((t) => t.lastname !== '')).toBe(true);
    const done = await tasks({ filter: { assignedTo: 1, completed: true }, limit: 1000 });
    expect(done.result.length).toBeGreaterThan(2);
    expect(done.result.every((t) => t.completed && t.reminderDate === null && t.completedTime !== null)).toBe(
      true,
    );
    const everyone = await tasks({ filter: { assignedTo: 0 }, limit: 1000 });
    expect(everyone.pagination.total).toBeGreaterThan(mine.pagination.total + done.pagination.total);
    expect(new Set(everyone.result.map((t) => t.assignedTo)).size).toBeGreaterThan(1);
    const contacts = await tasks({ filter: { ispatient: 0 }, limit: 1000 });
    expect(contacts.result.length).toBeGreaterThan(0);
    expect(contacts.result.every((t) => t.ispatient === 0)).toBe(true);

    const { leadId } = await s.createLead({ contact: { firstname: 'Jana', lastname: 'Taskrow' } });
    const { historyId } = (await s.ok('addLeadTask', {
      leadId,
      text: 'Row',
      assignedTo: 7,
      priority: 3,
    })) as {
      historyId: number;
    };
    const row = (await tasks({ filter: { assignedTo: 7 }, limit: 1000 })).result.find(
      (t) => t.historyId === historyId,
    );
    expect(row).toEqual({
      historyId,
      leadId,
      lastname: 'Taskrow',
      firstname: 'Jana',
      ispatient: 1,
      text: 'Row',
      category: '',
      reminderDate: null,
      assignedTo: 7,
      priority: 3,
      completed: false,
      completedTime: null,
      created: row?.created,
    });
  });

  it('has overdue, due-today and later open tasks for the demo user (seed), filtered by reminder and due dates', async () => {
    const yesterday = addDays(TODAY, -1);
    const overdue = await tasks({
      filter: { assignedTo: 1, completed: false, reminderTo: yesterday },
      limit: 1000,
    });
    const today = await tasks({
      filter: { assignedTo: 1, completed: false, dueFrom: TODAY, dueTo: TODAY },
      limit: 1000,
    });
    const later = await tasks({
      filter: { assignedTo: 1, completed: false, reminderFrom: addDays(TODAY, 1) },
      limit: 1000,
    });
    for (const [list, n] of [
      [overdue, 'overdue'],
      [today, 'today'],
      [later, 'later'],
    ] as const) {
      expect(list.result.length, n).toBeGreaterThanOrEqual(3);
    }
    expect(overdue.result.every((t) => (t.reminderDate ?? '') < `${TODAY} 00:00:00`)).toBe(true);
    expect(today.result.every((t) => t.reminderDate?.startsWith(TODAY))).toBe(true);
    expect(later.result.every((t) => (t.reminderDate ?? '') >= `${addDays(TODAY, 1)} 00:00:00`)).toBe(true);
  });

  it('filters by priority and orders by reminder (default asc, no reminder last), priority or created', async () => {
    const byReminder = (await tasks({ filter: { completed: false }, limit: 1000 })).result;
    const withReminder = byReminder.filter((t) => t.reminderDate !== null).map((t) => t.reminderDate ?? '');
    expect([...withReminder].sort()).toEqual(withReminder);
    const firstNull = byReminder.findIndex((t) => t.reminderDate === null);
    if (firstNull >= 0) expect(byReminder.slice(firstNull).every((t) => t.reminderDate === null)).toBe(true);
    const datetime = (await tasks({ filter: { completed: false }, orderBy: 'datetime', limit: 1000 })).result;
    expect(datetime.map((t) => t.historyId)).toEqual(byReminder.map((t) => t.historyId));
    const desc = (await tasks({ filter: { completed: false }, orderDir: 'desc', limit: 1000 })).result
      .filter((t) => t.reminderDate !== null)
      .map((t) => t.reminderDate ?? '');
    expect([...desc].sort().reverse()).toEqual(desc);

    const prio = (await tasks({ orderBy: 'priority', orderDir: 'desc', limit: 1000 })).result.map(
      (t) => t.priority,
    );
    expect([...prio].sort((a, b) => b - a)).toEqual(prio);
    const created = (await tasks({ orderBy: 'created', limit: 1000 })).result.map((t) => t.created);
    expect([...created].sort()).toEqual(created);
    const p2 = (await tasks({ filter: { priority: 2 }, limit: 1000 })).result;
    expect(p2.length).toBeGreaterThan(0);
    expect(p2.every((t) => t.priority === 2)).toBe(true);
  });

  it('pages, and falls back to limit 100 for an invalid limit', async () => {
    const all = await tasks({ limit: 1000 });
    expect(all.pagination.total).toBeGreaterThan(100);
    const fallback = await tasks({ limit: 5000 });
    expect(fallback.pagination).toMatchObject({ limit: 100, hasMore: true });
    expect(fallback.result).toHaveLength(100);
    const page2 = await tasks({ limit: 10, offset: 10 });
    expect(page2.result.map((t) => t.historyId)).toEqual(all.result.slice(10, 20).map((t) => t.historyId));
  });

  it("leaves out deleted leads' tasks and deleted entries", async () => {
    const { leadId } = await s.createLead();
    const { historyId } = (await s.ok('addLeadTask', { leadId, text: 'Gone soon', assignedTo: 6 })) as {
      historyId: number;
    };
    const ids = async () =>
      (await tasks({ filter: { assignedTo: 6 }, limit: 1000 })).result.map((t) => t.historyId);
    expect(await ids()).toContain(historyId);
    await s.ok('deleteLead', { leadId, reason: 'Spam' });
    expect(await ids()).not.toContain(historyId);
    const seededDeleted = s.db
      .prepare(
        'SELECT count(*) AS n FROM lead_history h JOIN leads l USING (lead_id) WHERE l.deleted = 1 AND h.is_task = 1',
      )
      .get() as { n: number };
    const total = (await tasks({ limit: 1 })).pagination.total;
    const allTasks = (
      s.db.prepare('SELECT count(*) AS n FROM lead_history WHERE is_task = 1').get() as { n: number }
    ).n;
    expect(total).toBe(allTasks - seededDeleted.n);
  });
});

describe('tenants', () => {
  it("keeps demo's notes and tasks out of sonnenhof", async () => {
    const last = uniqueName('Tenant');
    const { leadId } = await s.createLead({ contact: { lastname: last } });
    await s.ok('addLeadTask', { leadId, text: last, assignedTo: 1 });
    const theirs = await s.call('getTasks', { limit: 1000 }, sonnenhof);
    expect(theirs.body.result.some((t: TaskRow) => t.text === last || t.lastname === last)).toBe(false);
  }, 30_000);
});
