import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admission, HistoryEntry, Lead, StatRow } from '#contract/sales.ts';
import { zurichDateTime } from '../../time.ts';
import { type SalesService, startSales, TODAY, uniqueName } from './test-helpers.ts';

let s: SalesService;
beforeAll(async () => {
  s = await startSales();
}, 60_000);
afterAll(() => s.svc.close());

const entries = async (leadId: number, type: string | null) =>
  (await s.ok('getLeadHistory', { leadId, type })) as HistoryEntry[];
const outboxCount = (leadId: number) =>
  (s.db.prepare('SELECT count(*) AS n FROM outbox WHERE lead_id = ?').get(leadId) as { n: number }).n;

describe('setLeadFolder', () => {
  it('moves the lead, writes one S entry and updates lastActivity; the same folder again changes nothing', async () => {
    const { leadId } = await s.createLead();
    s.clock.advance(2);
    expect(await s.ok('setLeadFolder', { leadId, folderId: 3 })).toBeNull();
    const l = await s.lead(leadId);
    expect(l).toMatchObject({ folderId: 3, lastActivity: zurichDateTime(s.clock.now) });
    const st = await entries(leadId, 'S');
    expect(st.map((e) => [e.text, e.createdBy])).toEqual([['Folder: Open → In discussion', 1]]);
    s.clock.advance(2);
    await s.ok('setLeadFolder', { leadId, folderId: 3 });
    expect(await entries(leadId, 'S')).toHaveLength(1);
    expect((await s.lead(leadId)).lastActivity).toBe(l.lastActivity);
  });

  it('moves into a custom folder of the pipeline and into 4/14 by hand without converting', async () => {
    const patients = () => (s.db.prepare('SELECT count(*) AS n FROM patients').get() as { n: number }).n;
    const before = patients();
    const { leadId } = await s.createLead();
    await s.ok('setLeadFolder', { leadId, folderId: 100 });
    expect((await s.lead(leadId)).folderId).toBe(100);
    await s.ok('setLeadFolder', { leadId, folderId: 4 });
    expect(await s.lead(leadId)).toMatchObject({ folderId: 4, patid: null, conversionDate: null });
    const contact = await s.createLead({ ispatient: 0 });
    await s.ok('setLeadFolder', { leadId: contact.leadId, folderId: 101 });
    await s.ok('setLeadFolder', { leadId: contact.leadId, folderId: 14 });
    expect(await s.lead(contact.leadId)).toMatchObject({ folderId: 14, patid: null, conversionDate: null });
    expect(patients()).toBe(before);
    expect((await entries(leadId, 'S')).map((e) => e.text)).toEqual([
      'Folder: Warteliste → Converted',
      'Folder: Open → Warteliste',
    ]);
  });
});

describe('disqualifyLead', () => {
  it('moves a patient lead to 5 and a contact lead to 15 with the reason and an S entry', async () => {
    const p = await s.createLead({ folderId: 2 });
    s.clock.advance(1);
    expect(await s.ok('disqualifyLead', { leadId: p.leadId, reasonCode: 'PRICE' })).toBeNull();
    expect(await s.lead(p.leadId)).toMatchObject({
      folderId: 5,
      reasonDisqualified: 'PRICE',
      lastActivity: zurichDateTime(s.clock.now),
    });
    expect((await entries(p.leadId, 'S')).map((e) => e.text)).toEqual([
      'Folder: To be contacted → Disqualified (PRICE: Zu teuer)',
    ]);
    const c = await s.createLead({ ispatient: 0 });
    await s.ok('disqualifyLead', { leadId: c.leadId, reasonCode: 'NOFIT' });
    expect(await s.lead(c.leadId)).toMatchObject({ folderId: 15, reasonDisqualified: 'NOFIT' });
  });

  it('is the only way into 5; leaving it by setLeadFolder clears the reason', async () => {
    const { leadId } = await s.createLead();
    await s.ok('disqualifyLead', { leadId, reasonCode: 'OTHER' });
    await s.ok('disqualifyLead', { leadId, reasonCode: 'OTHER' });
    expect(await entries(leadId, 'S')).toHaveLength(1);
    await s.ok('setLeadFolder', { leadId, folderId: 1 });
    expect(await s.lead(leadId)).toMatchObject({ folderId: 1, reasonDisqualified: '' });
    expect(await entries(leadId, 'S')).toHaveLength(2);
  });
});

describe('bulkSetFolder', () => {
  it('moves each lead with an S entry and reports unchanged and deleted leads as skipped', async () => {
    const a = await s.createLead();
    const b = await s.createLead({ folderId: 2 });
    const gone = await s.createLead();
    await s.ok('deleteLead', { leadId: gone.leadId, reason: 'Spam' });
    const r = await s.ok('bulkSetFolder', {
      leadIds: [a.leadId, b.leadId, gone.leadId, a.leadId],
      folderId: 2,
    });
    expect(r).toEqual({
      updated: 1,
      skipped: [
        { leadId: b.leadId, reason: 'unchanged' },
        { leadId: gone.leadId, reason: 'deleted' },
      ],
      errors: [],
    });
    expect((await s.lead(a.leadId)).folderId).toBe(2);
    expect((await entries(a.leadId, 'S')).map((e) => e.text)).toEqual(['Folder: Open → To be contacted']);
    expect(await entries(b.leadId, 'S')).toEqual([]);
  });
});

describe('bulkAssign', () => {
  it('assigns with an A entry per changed lead; the assignee joins the watchlist; unchanged/deleted are skipped', async () => {
    const a = await s.createLead();
    const b = await s.createLead({ assigneeId: 7 });
    const gone = await s.createLead();
    await s.ok('deleteLead', { leadId: gone.leadId, reason: 'Test' });
    s.clock.advance(3);
    const r = await s.ok('bulkAssign', { leadIds: [a.leadId, b.leadId, gone.leadId, 999_999], userId: 7 });
    expect(r).toEqual({
      updated: 1,
      skipped: [
        { leadId: b.leadId, reason: 'unchanged' },
        { leadId: gone.leadId, reason: 'deleted' },
      ],
      errors: [{ leadId: 999_999, msg: 'Lead not found.' }],
    });
    const la = await s.lead(a.leadId);
    expect(la).toMatchObject({ assigneeId: 7, lastActivity: zurichDateTime(s.clock.now) });
    expect(la.watchers).toEqual([{ userId: 7, unread: true }]);
    expect((await entries(a.leadId, 'A')).map((e) => e.text)).toEqual(['Assignee: - → Luca Meier']);
    expect((await entries(a.leadId, 'J')).map((e) => e.text)).toEqual(['Watcher joined: Luca Meier']);
    expect(await entries(b.leadId, 'A')).toEqual([]);
  });

  it('userId 0 removes the assignment', async () => {
    const { leadId } = await s.createLead({ assigneeId: 6 });
    expect(await s.ok('bulkAssign', { leadIds: [leadId], userId: 0 })).toMatchObject({ updated: 1 });
    expect((await s.lead(leadId)).assigneeId).toBeNull();
    expect((await entries(leadId, 'A')).map((e) => e.text)).toEqual(['Assignee: Nina Weber → -']);
  });

  it('notify writes one outbox mail per changed lead to the new assignee', async () => {
    const a = await s.createLead();
    const b = await s.createLead();
    const c = await s.createLead({ assigneeId: 6 });
    await s.ok('bulkAssign', { leadIds: [a.leadId, b.leadId, c.leadId], userId: 6, notify: true });
    expect([outboxCount(a.leadId), outboxCount(b.leadId), outboxCount(c.leadId)]).toEqual([1, 1, 0]);
    const mail = s.db
      .prepare('SELECT recipient_userid, recipient_mail FROM outbox WHERE lead_id = ?')
      .get(a.leadId);
    expect(mail).toEqual({ recipient_userid: 6, recipient_mail: 'n.weber@praxis.example' });
    const d = await s.createLead();
    await s.ok('bulkAssign', { leadIds: [d.leadId], userId: 6 });
    expect(outboxCount(d.leadId)).toBe(0);
  });
});

describe('admissions', () => {
  it("createAdmission sets the lead's admissionDate only when not yet set; by leadId or uniqid", async () => {
    const { leadId, uniqid } = await s.createLead({ contact: { firstname: 'Urs', lastname: 'Aufnahme' } });
    const first = (await s.ok('createAdmission', {
      leadId,
      date: '2026-04-02',
      until: '2026-04-05',
      comment: 'Erstaufnahme',
      settings: 'Zimmer 2',
    })) as { admissionId: number };
    expect(first.admissionId).toBeGreaterThan(0);
    expect((await s.lead(leadId)).admissionDate).toBe('2026-04-02');
    await s.ok('createAdmission', { uniqid, date: '2026-03-20' });
    expect((await s.lead(leadId)).admissionDate).toBe('2026-04-02');

    const list = (await s.call('getAdmissions', { filter: { uniqid } })).body as {
      result: Admission[];
      pagination: { total: number };
    };
    expect(list.pagination.total).toBe(2);
    expect(list.result).toEqual([
      {
        admissionId: first.admissionId + 1,
        leadId,
        date: '2026-03-20',
        until: null,
        comment: '',
        settings: '',
        lastname: 'Aufnahme',
        firstname: 'Urs',
      },
      {
        admissionId: first.admissionId,
        leadId,
        date: '2026-04-02',
        until: '2026-04-05',
        comment: 'Erstaufnahme',
        settings: 'Zimmer 2',
        lastname: 'Aufnahme',
        firstname: 'Urs',
      },
    ]);
  });

  it('getAdmissions filters by date range and leaves deleted leads out unless includeDeleted', async () => {
    const all = (await s.call('getAdmissions', { limit: 1000 })).body.result as Admission[];
    expect(all.length).toBeGreaterThan(3);
    const dates = all.map((a) => a.date);
    expect([...dates].sort()).toEqual(dates);
    const ranged = (await s.call('getAdmissions', { filter: { from: TODAY, to: '2026-04-30' }, limit: 1000 }))
      .body.result as Admission[];
    expect(ranged.every((a) => a.date >= TODAY && a.date <= '2026-04-30')).toBe(true);
    expect(ranged.length).toBe(all.filter((a) => a.date >= TODAY && a.date <= '2026-04-30').length);

    const { leadId } = await s.createLead();
    await s.ok('createAdmission', { leadId, date: '2026-05-01' });
    await s.ok('deleteLead', { leadId, reason: 'Test' });
    expect((await s.call('getAdmissions', { filter: { leadId } })).body.result).toEqual([]);
    expect(
      (await s.call('getAdmissions', { filter: { leadId, includeDeleted: true } })).body.result,
    ).toHaveLength(1);
    const page = (await s.call('getAdmissions', { limit: 2, offset: 1 })).body;
    expect(page.pagination).toMatchObject({ offset: 1, limit: 2, hasMore: true });
    expect(page.result.map((a: Admission) => a.admissionId)).toEqual(
      all.slice(1, 3).map((a) => a.admissionId),
    );
  });
});

describe('getLeadStats', () => {
  const stats = async (body: Record<string, unknown>) => (await s.ok('getLeadStats', body)) as StatRow[];
  let live: Lead[];
  beforeEach(async () => {
    live = (await s.call('getLeads', { limit: 1000 })).body.result as Lead[];
  });
  const sum = (rows: StatRow[]) => rows.reduce((n, r) => n + r.value, 0);

  it('counts leads per folder in board order, deleted leads left out', async () => {
    const rows = await stats({ groupBy: 'folder' });
    expect(sum(rows)).toBe(live.length);
    for (const r of rows)
      expect(r.value, r.key).toBe(live.filter((l) => String(l.folderId) === r.key).length);
    expect(rows.find((r) => r.key === '100')?.label).toBe('Warteliste');
    expect(rows.map((r) => r.key).slice(0, 3)).toEqual(['1', '2', '3']);
  });

  it('sums commercial.revenue and commercial.costs', async () => {
    const revenue = live.reduce((n, l) => n + (l.commercial.revenue ?? 0), 0);
    const costs = live.reduce((n, l) => n + (l.commercial.costs ?? 0), 0);
    expect(revenue).toBeGreaterThan(0);
    expect(sum(await stats({ groupBy: 'source', metric: 'revenue' }))).toBeCloseTo(revenue, 2);
    expect(sum(await stats({ groupBy: 'assignee', metric: 'costs' }))).toBeCloseTo(costs, 2);
    const name = uniqueName('Stat');
    await s.createLead({
      contact: { lastname: name },
      what: name,
      commercial: { revenue: 1234.5, costs: 99 },
    });
    expect(
      await stats({ groupBy: 'what', metric: 'revenue', filter: { from: '2026-03-10' } }),
    ).toContainEqual({
      key: name,
      label: name,
      value: 1234.5,
    });
  });

  it('groups by every groupBy with labels, and filters like getLeads', async () => {
    const source = await stats({ groupBy: 'source' });
    expect(source.find((r) => r.key === 'I')?.label).toBe('Internet');
    const values = source.map((r) => r.value);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const assignee = await stats({ groupBy: 'assignee' });
    expect(assignee.find((r) => r.key === '1')?.label).toBe('Petra Sommer');
    expect(assignee.find((r) => r.key === '0')).toMatchObject({ label: '' });
    const country = await stats({ groupBy: 'country' });
    expect(country.find((r) => r.key === 'CH')?.label).toBe('Schweiz');
    expect(sum(await stats({ groupBy: 'nextStep' }))).toBe(live.length);
    expect(sum(await stats({ groupBy: 'what' }))).toBe(live.length);

    const day = await stats({ groupBy: 'day' });
    const week = await stats({ groupBy: 'week' });
    const month = await stats({ groupBy: 'month' });
    for (const rows of [day, week, month]) {
      expect(sum(rows)).toBe(live.length);
      const keys = rows.map((r) => r.key);
      expect([...keys].sort()).toEqual(keys);
    }
    expect(day[0].key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(week.map((r) => r.key)).toContain('2026-W11'); // 2026-03-10 is in ISO week 11
    expect(month.map((r) => r.key)).toContain('2026-03');

    const patient = await stats({ groupBy: 'folder', filter: { ispatient: 0 } });
    expect(patient.every((r) => Number(r.key) > 10)).toBe(true);
    expect(sum(await stats({ groupBy: 'folder', filter: { assignee: 1 } }))).toBe(
      live.filter((l) => l.assigneeId === 1).length,
    );
    expect(await stats({ groupBy: 'source', filter: { folderId: 2 } })).toSatisfy((rows: StatRow[]) =>
      rows.every((r) => r.value > 0),
    );
    expect(sum(await stats({ groupBy: 'month', filter: { from: '2026-03-01', to: '2026-03-31' } }))).toBe(
      live.filter((l) => l.created.startsWith('2026-03')).length,
    );
  });
});

describe('the seeded sales data', () => {
  it('spreads leads over all ten standard and both custom folders, both pipelines and users 1, 6, 7', async () => {
    const all = (await s.call('getLeads', { filter: { includeDeleted: true }, limit: 1000 })).body
      .result as Lead[];
    const seeded = all.filter((l) => l.leadId <= 150);
    expect(seeded).toHaveLength(150);
    expect(new Set(seeded.map((l) => l.folderId))).toEqual(
      new Set([1, 2, 3, 4, 5, 11, 12, 13, 14, 15, 100, 101]),
    );
    expect(new Set(seeded.map((l) => l.assigneeId))).toEqual(new Set([1, 6, 7, null]));
    expect(seeded.filter((l) => l.assigneeId === 1).length).toBeGreaterThan(40);
    const deleted = seeded.filter((l) => l.deleted);
    expect(deleted.length).toBeGreaterThanOrEqual(3);
    expect(deleted.every((l) => l.reasonDeleted !== '' && l.deletedTime !== null)).toBe(true);
    const converted = seeded.filter((l) => l.patid !== null);
    expect(converted.length).toBeGreaterThanOrEqual(3);
    expect(
      converted.every((l) => (l.patid ?? 0) % 40 !== 0 && (l.patid ?? 0) <= 200 && l.conversionDate),
    ).toBe(true);
    const disq = seeded.filter((l) => l.folderId === 5 || l.folderId === 15);
    expect(disq.every((l) => l.reasonDisqualified !== '')).toBe(true);
    expect(seeded.some((l) => l.watchers.length > 1)).toBe(true);
    expect(seeded.some((l) => l.admissionDate !== null)).toBe(true);
    // The denormalised task numbers agree with the history.
    for (const l of seeded.slice(0, 30)) {
      const open = (await s.ok('getLeadHistory', {
        leadId: l.leadId,
        type: '',
        limit: 1000,
      })) as HistoryEntry[];
      expect(l.openTasks, String(l.leadId)).toBe(open.filter((e) => e.task && !e.completed).length);
    }
  });
});
