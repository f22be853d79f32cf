import { describe, expect, it } from 'vitest';
import { fetchReasonCounts, REASON_PAGE_SIZE } from '#api/sales.ts';
import { createLead } from '#test/factories.ts';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { reasonRows } from './components/reasons-panel.tsx';
import { reasonFolders } from './queries.ts';

const api = inProcessService();

/** Disqualified leads whose last names share `tag` (the search filter keeps the seeded ones out). */
async function disqualified(tag: string, ispatient: 0 | 1, reasons: string[]): Promise<void> {
  for (const [i, reasonCode] of reasons.entries()) {
    const lead = await createLead(api, { ispatient, contact: { lastname: `${tag} ${ispatient}-${i}` } });
    const reply = await api.send('disqualifyLead', { leadId: lead.leadId, reasonCode });
    expect(reply.body.status).toBe(true);
  }
}

describe('disqualification reasons', () => {
  it('reads every page of every disqualified folder, not only the first', async () => {
    signInForTest();
    await disqualified('Seitenweise', 1, ['PRICE', 'NOFIT', 'NOFIT', 'PRICE', 'NOFIT', 'NOFIT', 'PRICE']);
    await disqualified('Seitenweise', 0, ['NOREACH', 'NOREACH', 'OTHER']);
    // Not disqualified: not counted.
    await createLead(api, { contact: { lastname: 'Seitenweise offen' } });
    const counts = await fetchReasonCounts([5, 15], { search: 'Seitenweise' }, undefined, 3);
    expect(counts.leads).toBe(10);
    expect(counts.pages).toBe(4);
    expect(counts.byFolder[5]).toEqual({ PRICE: 3, NOFIT: 4 });
    expect(counts.byFolder[15]).toEqual({ NOREACH: 2, OTHER: 1 });
    const inputs = api.calls.map((c) => c.input as { filter: { folderId: number }; offset: number });
    expect(inputs[0]).toMatchObject({
      filter: { folderId: 5, includeDeleted: false, search: 'Seitenweise' },
      offset: 0,
      limit: 3,
    });
    expect(inputs.map((i) => [i.filter.folderId, i.offset])).toEqual([
      [5, 0],
      [5, 3],
      [5, 6],
      [15, 0],
    ]);
  });

  it('counts by reason label, in the reference order, one request per folder by default', async () => {
    signInForTest();
    await disqualified('Etikett', 1, ['NOFIT', 'PRICE']);
    await disqualified('Etikett', 0, ['PRICE']);
    const counts = await fetchReasonCounts([5, 15], { search: 'Etikett' });
    expect(api.calls.map((c) => c.input.limit)).toEqual([REASON_PAGE_SIZE, REASON_PAGE_SIZE]);
    const reference = (await api.send('getReferenceData')).body.result as {
      disqualification: { code: string; label: string }[];
    };
    const rows = reasonRows(counts, [5, 15], reference.disqualification, 'No reason given');
    expect(rows.map((r) => [r.label, r.counts[5], r.counts[15], r.total])).toEqual([
      ['Zu teuer', 1, 1, 2],
      ['Passt nicht zur Praxis', 1, 0, 1],
    ]);
  });

  it('puts codes the reference data does not know and "none given" last', () => {
    // Older leads may carry either; the service refuses both for new disqualifications.
    const counts = { byFolder: { 5: { ZZZ: 1, '': 1, PRICE: 2 }, 15: { PRICE: 1 } }, leads: 5, pages: 2 };
    const rows = reasonRows(
      counts,
      [5, 15],
      [
        { code: 'PRICE', label: 'Zu teuer' },
        { code: 'OTHER', label: 'Anderer Grund' },
      ],
      'No reason given',
    );
    expect(rows.map((r) => [r.label, r.counts[5], r.counts[15], r.total])).toEqual([
      ['Zu teuer', 2, 1, 3],
      ['ZZZ', 1, 0, 1],
      ['No reason given', 1, 0, 1],
    ]);
  });

  it('looks only at the disqualified folders the filter leaves', () => {
    expect(reasonFolders({})).toEqual([5, 15]);
    expect(reasonFolders({ ispatient: 1 })).toEqual([5]);
    expect(reasonFolders({ ispatient: 0 })).toEqual([15]);
    expect(reasonFolders({ folderId: 15 })).toEqual([15]);
    expect(reasonFolders({ folderId: 3 })).toEqual([]);
    expect(reasonFolders({ ispatient: 1, folderId: 15 })).toEqual([]);
  });
});
