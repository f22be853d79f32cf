import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#contract/sales.ts';
import { expectError, type SalesService, startSales, uniqueName } from './test-helpers.ts';

let s: SalesService;
beforeAll(async () => {
  s = await startSales();
});
afterAll(() => s.svc.close());

const version = async (leadId: number) => (await s.lead(leadId)).version;

describe('lead version and updateLead ifVersion (extensions.md section 4)', () => {
  it('lists version 1 for a new lead and grows it with every change of the lead record', async () => {
    const { leadId } = await s.createLead();
    expect(await version(leadId)).toBe(1);
    await s.ok('updateLead', { leadId, what: 'Knie' });
    expect(await version(leadId)).toBe(2);
    await s.ok('setLeadFolder', { leadId, folderId: 3 });
    expect(await version(leadId)).toBe(3);
    await s.ok('bulkAssign', { leadIds: [leadId], userId: 2 });
    expect(await version(leadId)).toBe(4);
    await s.ok('disqualifyLead', { leadId, reasonCode: 'PRICE' });
    const disqualified = await version(leadId);
    expect(disqualified).toBeGreaterThan(4);
    await s.ok('deleteLead', { leadId, reason: 'Duplicate' });
    const deleted = await version(leadId);
    expect(deleted).toBeGreaterThan(disqualified ?? 0);
    await s.ok('restoreLead', { leadId });
    expect(await version(leadId)).toBeGreaterThan(deleted ?? 0);
  });

  it('grows with link and convert; not with a note (not a change of the lead record)', async () => {
    const a = await s.createLead();
    await s.ok('addLeadNote', { leadId: a.leadId, text: 'Rückruf erbeten' });
    expect(await version(a.leadId)).toBe(1);
    await s.ok('linkLeadToPatient', { leadId: a.leadId, patid: 7 });
    expect(await version(a.leadId)).toBe(2);
    const b = await s.createLead();
    await s.ok('convertLead', { leadId: b.leadId, patid: 5 });
    expect(await version(b.leadId)).toBeGreaterThan(1);
  });

  it('an updateLead that changes nothing keeps the version', async () => {
    const lastname = uniqueName();
    const { leadId } = await s.createLead({ contact: { lastname } });
    await s.ok('updateLead', { leadId, contact: { lastname }, ifVersion: 1 });
    expect(await version(leadId)).toBe(1);
  });

  it('answers 409 and changes nothing when ifVersion is not the current version', async () => {
    const { leadId } = await s.createLead();
    await s.ok('updateLead', { leadId, what: 'first', ifVersion: 1 });
    const stale = await s.call('updateLead', { leadId, what: 'second', ifVersion: 1 });
    expectError(stale, 409, MSG.leadChanged);
    expect(await s.lead(leadId)).toMatchObject({ version: 2, what: 'first' });
    // A folder move in between makes a form read before it stale too.
    await s.ok('setLeadFolder', { leadId, folderId: 3 });
    expectError(await s.call('updateLead', { leadId, what: 'third', ifVersion: 2 }), 409, MSG.leadChanged);
    await s.ok('updateLead', { leadId, what: 'third', ifVersion: 3 });
    expect(await s.lead(leadId)).toMatchObject({ version: 4, what: 'third' });
  });

  it('without ifVersion the write happens whatever the version (as before)', async () => {
    const { leadId } = await s.createLead();
    await s.ok('updateLead', { leadId, what: 'a' });
    await s.ok('updateLead', { leadId, what: 'b' });
    expect(await s.lead(leadId)).toMatchObject({ version: 3, what: 'b' });
  });

  it('40 interleaved writers, each with the version it read: every acknowledged change is kept, the others get 409', async () => {
    const { leadId } = await s.createLead();
    const acknowledged: string[] = [];
    // 40 writers in 10 waves of 4: each reads, then all of a wave write with what they read.
    for (let wave = 0; wave < 10; wave++) {
      const reads = await Promise.all([0, 1, 2, 3].map(() => s.lead(leadId)));
      const writes = await Promise.all(
        reads.map((read, i) =>
          s.call('updateLead', {
            leadId,
            // Each writer appends its mark to what it read: a lost update would drop an acknowledged mark.
            what: `${read.what} w${wave}.${i}`.trim(),
            ifVersion: read.version,
          }),
        ),
      );
      writes.forEach((w, i) => {
        if (w.http === 200) acknowledged.push(`w${wave}.${i}`);
        else expectError(w, 409, MSG.leadChanged);
      });
      expect(
        writes.filter((w) => w.http === 200),
        `wave ${wave}`,
      ).toHaveLength(1);
    }
    const final = await s.lead(leadId);
    expect(final.what.split(' ')).toEqual(acknowledged);
    expect(final.version).toBe(1 + acknowledged.length);
  });
});
