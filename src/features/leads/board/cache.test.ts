import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { type LeadPage, shareLeads } from '#api/sales.ts';
import type { Lead } from '#contract/sales.ts';
import { type BoardFilter, columnInput, columnKey } from '../shared/queries.ts';
import { applyMove, beginMove, hasPendingMoves, restoreMove, settleMove } from './cache.ts';
import { makeLead } from './test-data.ts';

const board: BoardFilter = { ispatient: 1 };
const key = (folderId: number, filter: BoardFilter = board) => columnKey(columnInput(filter, folderId));

function page(items: Lead[], total: number, offset = 0): LeadPage {
  return { items, pagination: { offset, limit: 50, total, hasMore: offset + items.length < total } };
}

function seed(client: QueryClient, folderId: number, pages: LeadPage[], filter: BoardFilter = board) {
  client.setQueryData<InfiniteData<LeadPage, number>>(key(folderId, filter), {
    pages,
    pageParams: pages.map((p) => p.pagination.offset),
  });
}

function column(client: QueryClient, folderId: number, filter: BoardFilter = board) {
  const data = client.getQueryData<InfiniteData<LeadPage, number>>(key(folderId, filter));
  return {
    ids: data?.pages.flatMap((p) => p.items.map((l) => l.leadId)) ?? [],
    total: data?.pages[0]?.pagination.total ?? 0,
    totals: data?.pages.map((p) => p.pagination.total) ?? [],
  };
}

describe('optimistic moves on the query cache', () => {
  let client: QueryClient;
  const a = makeLead(1, { folderId: 1 });
  const b = makeLead(2, { folderId: 1 });
  const c = makeLead(3, { folderId: 1 });
  const d = makeLead(4, { folderId: 2 });

  beforeEach(() => {
    client = new QueryClient();
    seed(client, 1, [page([a, b], 3), page([c], 3, 2)]);
    seed(client, 2, [page([d], 1)]);
    seed(client, 3, [page([], 0)]);
  });

  it('moves a card out of its column onto the top of the target column and adjusts both counts', () => {
    applyMove(client, b, 2, new Date('2026-11-21T09:00:00Z'));
    expect(column(client, 1)).toEqual({ ids: [1, 3], total: 2, totals: [2, 2] });
    expect(column(client, 2)).toEqual({ ids: [2, 4], total: 2, totals: [2] });
    const moved = client
      .getQueryData<InfiniteData<LeadPage, number>>(key(2))
      ?.pages[0].items.find((l) => l.leadId === 2);
    expect(moved?.folderId).toBe(2);
    // A move is activity: practice time of `now`.
    expect(moved?.lastActivity).toBe('2026-11-21 10:00:00');
  });

  it('puts a card back at its old page and place, and the counts back, when the move is taken back', () => {
    const snapshot = applyMove(client, c, 3);
    expect(column(client, 1).ids).toEqual([1, 2]);
    expect(column(client, 3)).toEqual({ ids: [3], total: 1, totals: [1] });
    restoreMove(client, snapshot);
    expect(column(client, 1)).toEqual({ ids: [1, 2, 3], total: 3, totals: [3, 3] });
    expect(column(client, 3)).toEqual({ ids: [], total: 0, totals: [0] });
  });

  it('leaves columns of other filters alone, and moves within each filter set that holds the card', () => {
    const mine: BoardFilter = { ispatient: 1, assigneeId: 1 };
    seed(client, 1, [page([a], 1)], mine);
    seed(client, 2, [page([], 0)], mine);
    applyMove(client, a, 2);
    expect(column(client, 2, mine).ids).toEqual([1]);
    expect(column(client, 2).ids).toEqual([1, 4]);
    // A column of another filter that never held the card does not get it.
    const other: BoardFilter = { ispatient: 1, source: 'M' };
    seed(client, 3, [page([], 0)], other);
    applyMove(client, d, 3);
    expect(column(client, 3, other).ids).toEqual([]);
    expect(column(client, 3).ids).toEqual([4]);
  });

  it('updates the single-lead entry of the details page', () => {
    const detailsKey = [
      'sales',
      'getLeads',
      { filter: { leadId: 2, includeDeleted: true }, offset: 0, limit: 1 },
    ];
    client.setQueryData(detailsKey, b);
    const snapshot = applyMove(client, b, 3);
    expect(client.getQueryData<Lead>(detailsKey)?.folderId).toBe(3);
    restoreMove(client, snapshot);
    expect(client.getQueryData<Lead>(detailsKey)?.folderId).toBe(1);
  });

  it('puts a refused move back, and counts it as pending until then', () => {
    const token = beginMove(client, a, 2);
    expect(hasPendingMoves(client)).toBe(true);
    expect(column(client, 2).ids).toEqual([1, 4]);
    settleMove(client, token, false);
    expect(hasPendingMoves(client)).toBe(false);
    expect(column(client, 1).ids).toEqual([1, 2, 3]);
    expect(column(client, 2).ids).toEqual([4]);
  });

  it('keeps a successful move', () => {
    const token = beginMove(client, a, 2);
    settleMove(client, token, true);
    expect(column(client, 1).ids).toEqual([2, 3]);
    expect(column(client, 2).ids).toEqual([1, 4]);
    expect(hasPendingMoves(client)).toBe(false);
  });

  it('two quick moves of different cards: refusing the first does not undo the second', () => {
    const first = beginMove(client, a, 2);
    const second = beginMove(client, b, 3);
    settleMove(client, first, false);
    expect(column(client, 1).ids).toEqual([1, 3]);
    expect(column(client, 3).ids).toEqual([2]);
    expect(hasPendingMoves(client)).toBe(true);
    settleMove(client, second, true);
    expect(column(client, 1)).toEqual({ ids: [1, 3], total: 2, totals: [2, 2] });
    expect(column(client, 2)).toEqual({ ids: [4], total: 1, totals: [1] });
    expect(column(client, 3)).toEqual({ ids: [2], total: 1, totals: [1] });
  });

  it('two quick moves of one card, both refused in either order: the card ends where it started', () => {
    const first = beginMove(client, a, 2);
    const second = beginMove(client, a, 3);
    expect(column(client, 3).ids).toEqual([1]);
    settleMove(client, second, false);
    // The first is still pending: the card stays where the user put it last.
    expect(column(client, 3).ids).toEqual([1]);
    settleMove(client, first, false);
    expect(column(client, 1)).toEqual({ ids: [1, 2, 3], total: 3, totals: [3, 3] });
    expect(column(client, 2).ids).toEqual([4]);
    expect(column(client, 3).ids).toEqual([]);
  });

  it('two quick moves of one card, the first accepted and the second refused: it ends in the first target', () => {
    const first = beginMove(client, a, 2);
    const second = beginMove(client, a, 3);
    settleMove(client, first, true);
    settleMove(client, second, false);
    expect(column(client, 1).ids).toEqual([2, 3]);
    expect(column(client, 2).ids).toEqual([1, 4]);
    expect(column(client, 3)).toEqual({ ids: [], total: 0, totals: [0] });
  });

  it('two quick moves of one card, the first refused and the second accepted: it ends in the second target', () => {
    const first = beginMove(client, a, 2);
    const second = beginMove(client, a, 3);
    settleMove(client, first, false);
    settleMove(client, second, true);
    expect(column(client, 1).ids).toEqual([2, 3]);
    expect(column(client, 2).ids).toEqual([4]);
    expect(column(client, 3).ids).toEqual([1]);
  });

  it('a settled move settles once', () => {
    const token = beginMove(client, a, 2);
    settleMove(client, token, false);
    settleMove(client, token, false);
    expect(column(client, 1).ids).toEqual([1, 2, 3]);
    expect(column(client, 1).total).toBe(3);
  });

  it('a rollback after the lists were refetched does not duplicate the card', () => {
    const token = beginMove(client, a, 2);
    // The server's answer to a refetch in between: the card is still in folder 1.
    seed(client, 1, [page([a, b, c], 3)]);
    seed(client, 2, [page([d], 1)]);
    settleMove(client, token, false);
    expect(column(client, 1)).toEqual({ ids: [1, 2, 3], total: 3, totals: [3] });
    expect(column(client, 2)).toEqual({ ids: [4], total: 1, totals: [1] });
  });
});

describe('structural sharing of a column', () => {
  it('keeps the object of every unchanged lead when the cards shift, and takes the changed ones', () => {
    const a = makeLead(1);
    const b = makeLead(2);
    const old = { pages: [page([a, b], 2)], pageParams: [0] };
    const moved = makeLead(9, { folderId: 1 });
    const next = {
      pages: [page([moved, makeLead(1), makeLead(2, { what: 'Knee' })], 3)],
      pageParams: [0],
    };
    const shared = shareLeads(old, next) as typeof next;
    const [first, second, third] = shared.pages[0].items;
    expect(first).toBe(moved);
    expect(second).toBe(a);
    expect(third).not.toBe(b);
    expect(third.what).toBe('Knee');
  });

  it('answers the old data when nothing changed', () => {
    const old = { pages: [page([makeLead(1), makeLead(2)], 2)], pageParams: [0] };
    const same = { pages: [page([makeLead(1), makeLead(2)], 2)], pageParams: [0] };
    expect(shareLeads(old, same)).toBe(old);
  });
});
