import { type InfiniteData, MutationObserver, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/client.ts';
import { opScope } from '#api/queries.ts';
import { type LeadPage, leadPagesQuery } from '#api/sales.ts';
import type { Lead } from '#contract/sales.ts';
import { createLead } from '#test/factories.ts';
import { signInForTest } from '#test/render.tsx';
import { type Failure, inProcessService } from '#test/service.ts';
import { type BoardFilter, columnInput, columnKey, moveLeadMutation } from '../shared/queries.ts';

const api = inProcessService();

/**
 * A board of the test's own leads: two patient leads in Open (folder 1) whose last name is `name`, and the board
 * searched for it, so that leads of the other tests (the database lives as long as the file) are not on it. The
 * columns Open, To be contacted (2) and In discussion (3) are read from the service into a fresh cache.
 */
async function boardOf(name: string) {
  const a = await createLead(api, { folderId: 1, contact: { firstname: 'Anna', lastname: name } });
  const b = await createLead(api, { folderId: 1, contact: { firstname: 'Beat', lastname: name } });
  const board: BoardFilter = { ispatient: 1, search: name };
  const client = new QueryClient();
  for (const folderId of [1, 2, 3]) {
    await client.fetchInfiniteQuery(leadPagesQuery(columnInput(board, folderId)));
  }
  const ids = (folderId: number): number[] =>
    client
      .getQueryData<InfiniteData<LeadPage, number>>(columnKey(columnInput(board, folderId)))
      ?.pages.flatMap((p) => p.items.map((l) => l.leadId)) ?? [];
  return { a, b, client, ids };
}

/**
 * A slow practice: every setLeadFolder waits until the test releases it, in the order the app sent them; released
 * with nothing it reaches the service (which moves the lead), with a failure it is refused.
 */
function holdMoves() {
  const held: { input: Record<string, unknown>; release: (answer?: Failure) => void }[] = [];
  api.intercept(
    'setLeadFolder',
    (input) =>
      new Promise<Failure | undefined>((resolve) => {
        held.push({ input, release: resolve });
      }),
  );
  return held;
}

const sentMoves = () => api.calls.filter((c) => c.op === 'setLeadFolder').map((c) => c.input);

/** Where the service has the lead. */
async function folderInService(lead: Lead): Promise<number | undefined> {
  const reply = await api.send('getLeads', { filter: { leadId: lead.leadId }, offset: 0, limit: 1 });
  return (reply.body.result as Lead[])[0]?.folderId;
}

const move = (client: QueryClient, lead: Lead, folderId: number) =>
  new MutationObserver(client, moveLeadMutation()).mutate({ lead, folderId });

const refused: Failure = { http: 422, msg: 'Lead is deleted.' };

describe('setLeadFolder on the board', () => {
  beforeEach(() => {
    signInForTest();
  });

  it('moves the card at once, puts it back when the service refuses, then refreshes the lists', async () => {
    const { a, b, client, ids } = await boardOf('Umzugeins');
    const open = ids(1);
    expect([...open].sort((x, y) => x - y)).toEqual([a.leadId, b.leadId]);
    const held = holdMoves();
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    const moved = move(client, a, 2);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(sentMoves()).toEqual([{ leadId: a.leadId, folderId: 2 }]);
    // On the board before any answer; the service still has it in Open.
    expect(ids(1)).toEqual([b.leadId]);
    expect(ids(2)).toEqual([a.leadId]);
    expect(invalidate).not.toHaveBeenCalled();
    expect(await folderInService(a)).toBe(1);

    held[0]?.release(refused);
    await expect(moved).rejects.toMatchObject({ httpStatus: 422, msg: 'Lead is deleted.' });
    // Back where it was, in its old place.
    expect(ids(1)).toEqual(open);
    expect(ids(2)).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: opScope('getLeads') });
    expect(await folderInService(a)).toBe(1);
  });

  it('refreshes only once no move is in flight, so that a refetch never undoes a pending move', async () => {
    const { a, b, client, ids } = await boardOf('Umzugzwei');
    const held = holdMoves();
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    const one = move(client, a, 2);
    const two = move(client, b, 3);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect(sentMoves()).toEqual([
      { leadId: a.leadId, folderId: 2 },
      { leadId: b.leadId, folderId: 3 },
    ]);
    expect(ids(1)).toEqual([]);
    expect(ids(2)).toEqual([a.leadId]);
    expect(ids(3)).toEqual([b.leadId]);

    // The first is done in the service; the second is still under way, so nothing is read again yet.
    held[0]?.release();
    await one;
    expect(await folderInService(a)).toBe(2);
    expect(invalidate).not.toHaveBeenCalled();
    expect(ids(3)).toEqual([b.leadId]);

    held[1]?.release(refused);
    await expect(two).rejects.toBeInstanceOf(ApiError);
    // The refused one goes back, the done one stays; now the lists are read again.
    expect(ids(1)).toEqual([b.leadId]);
    expect(ids(2)).toEqual([a.leadId]);
    expect(ids(3)).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: opScope('getLeads') });
    expect(await folderInService(b)).toBe(1);
    expect(sentMoves()).toHaveLength(2);
  });
});
