import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../contract/sales.ts';

const callMock = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ call: callMock }));

const { fetchReasonCounts, reasonFolders, REASON_PAGE_SIZE } = await import('./queries.ts');
const { reasonRows } = await import('./components/reasons-panel.tsx');

/** A service holding `n` leads per folder, the reason chosen by position; answers getLeads pages. */
function serviceWith(leads: Record<number, string[]>) {
  callMock.mockImplementation(
    async (_op: string, input: { filter: { folderId: number }; offset: number; limit: number }) => {
      const all = leads[input.filter.folderId] ?? [];
      const items = all
        .slice(input.offset, input.offset + input.limit)
        .map((reason) => ({ reasonDisqualified: reason }) as Lead);
      return {
        items,
        pagination: {
          offset: input.offset,
          limit: input.limit,
          total: all.length,
          hasMore: input.offset + items.length < all.length,
        },
      };
    },
  );
}

afterEach(() => callMock.mockReset());

describe('disqualification reasons', () => {
  it('reads every page of every disqualified folder, not only the first', async () => {
    const five = Array.from({ length: 2500 }, (_, i) => (i % 5 === 0 ? 'PRICE' : i % 5 === 1 ? '' : 'NOFIT'));
    serviceWith({ 5: five, 15: ['NOREACH', 'NOREACH', 'X'] });
    const counts = await fetchReasonCounts([5, 15], { assigneeId: 6 });
    expect(counts.leads).toBe(2503);
    expect(counts.pages).toBe(4);
    expect(counts.byFolder[5]).toEqual({ PRICE: 500, '': 500, NOFIT: 1500 });
    expect(counts.byFolder[15]).toEqual({ NOREACH: 2, X: 1 });
    const inputs = callMock.mock.calls.map((c) => c[1]);
    expect(inputs[0]).toMatchObject({
      filter: { folderId: 5, includeDeleted: false, assigneeId: 6 },
      offset: 0,
      limit: REASON_PAGE_SIZE,
    });
    expect(inputs.map((i) => [i.filter.folderId, i.offset])).toEqual([
      [5, 0],
      [5, 1000],
      [5, 2000],
      [15, 0],
    ]);
  });

  it('counts by reason label, in the reference order, unknown codes and "none given" last', async () => {
    serviceWith({ 5: ['NOFIT', '', 'PRICE', 'ZZZ'], 15: ['PRICE'] });
    const counts = await fetchReasonCounts([5, 15], {});
    const rows = reasonRows(
      counts,
      [5, 15],
      [
        { code: 'PRICE', label: 'Too expensive' },
        { code: 'NOFIT', label: 'Not a fit' },
        { code: 'OTHER', label: 'Other' },
      ],
      'No reason given',
    );
    expect(rows.map((r) => [r.label, r.counts[5], r.counts[15], r.total])).toEqual([
      ['Too expensive', 1, 1, 2],
      ['Not a fit', 1, 0, 1],
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
