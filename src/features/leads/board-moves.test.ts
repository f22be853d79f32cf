import { type InfiniteData, MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../contract/sales.ts';
import { ApiError, call } from '../../api/client.ts';
import { opScope } from '../../api/queries.ts';
import { makeLead } from './board-test-data.ts';
import { type BoardFilter, columnInput, columnKey, type LeadPage, setLeadFolderMutation } from './queries.ts';

vi.mock('../../api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/client.ts')>();
  return { ...actual, call: vi.fn() };
});

const board: BoardFilter = { ispatient: 1 };
const key = (folderId: number) => columnKey(columnInput(board, folderId));

function seed(client: QueryClient, folderId: number, items: Lead[]) {
  client.setQueryData<InfiniteData<LeadPage, number>>(key(folderId), {
    pages: [{ items, pagination: { offset: 0, limit: 50, total: items.length, hasMore: false } }],
    pageParams: [0],
  });
}

function ids(client: QueryClient, folderId: number): number[] {
  return (
    client.getQueryData<InfiniteData<LeadPage, number>>(key(folderId))?.pages[0].items.map((l) => l.leadId) ??
    []
  );
}

/** A promise settled from outside: the service's answer, when the test wants it. */
function deferred() {
  let resolve: (v: null) => void = () => {};
  let reject: (e: unknown) => void = () => {};
  const promise = new Promise<null>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('setLeadFolder on the board', () => {
  let client: QueryClient;
  const a = makeLead(1, { folderId: 1 });
  const b = makeLead(2, { folderId: 1 });

  beforeEach(() => {
    client = new QueryClient();
    seed(client, 1, [a, b]);
    seed(client, 2, []);
    seed(client, 3, []);
  });
  afterEach(() => vi.mocked(call).mockReset());

  it('moves the card at once, puts it back when the service refuses, then refreshes the lists', async () => {
    const answer = deferred();
    vi.mocked(call).mockReturnValueOnce(answer.promise as ReturnType<typeof call>);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const move = new MutationObserver(client, setLeadFolderMutation()).mutate({ lead: a, folderId: 2 });
    await tick();
    expect(call).toHaveBeenCalledWith('setLeadFolder', { leadId: 1, folderId: 2 });
    expect(ids(client, 1)).toEqual([2]);
    expect(ids(client, 2)).toEqual([1]);
    expect(invalidate).not.toHaveBeenCalled();

    answer.reject(
      new ApiError({ op: 'setLeadFolder', kind: 'http', httpStatus: 422, msg: 'Lead is deleted.' }),
    );
    await expect(move).rejects.toMatchObject({ msg: 'Lead is deleted.' });
    expect(ids(client, 1)).toEqual([1, 2]);
    expect(ids(client, 2)).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: opScope('getLeads') });
  });

  it('refreshes only once no move is in flight, so that a refetch never undoes a pending move', async () => {
    const first = deferred();
    const second = deferred();
    vi.mocked(call)
      .mockReturnValueOnce(first.promise as ReturnType<typeof call>)
      .mockReturnValueOnce(second.promise as ReturnType<typeof call>);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const one = new MutationObserver(client, setLeadFolderMutation()).mutate({ lead: a, folderId: 2 });
    const two = new MutationObserver(client, setLeadFolderMutation()).mutate({ lead: b, folderId: 3 });
    await tick();
    expect(ids(client, 2)).toEqual([1]);
    expect(ids(client, 3)).toEqual([2]);

    first.resolve(null);
    await one;
    expect(invalidate).not.toHaveBeenCalled();
    expect(ids(client, 3)).toEqual([2]);

    second.reject(
      new ApiError({ op: 'setLeadFolder', kind: 'http', httpStatus: 422, msg: 'Lead is deleted.' }),
    );
    await expect(two).rejects.toBeInstanceOf(ApiError);
    expect(ids(client, 1)).toEqual([2]);
    expect(ids(client, 2)).toEqual([1]);
    expect(ids(client, 3)).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: opScope('getLeads') });
  });
});
