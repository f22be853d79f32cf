import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createLead, createPatient } from '#test/factories.ts';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { opInfiniteQuery, opKey, opMutation, opQuery, opScope } from './queries.ts';
import { createQueryClient } from './query-client.ts';
// The sales area's operations, as the area's api modules register them when they load (operation-table.ts).
import './sales/operations.ts';

const api = inProcessService();

describe('opQuery', () => {
  it('derives the key [area, op, input] from the contract table', () => {
    const input = { filter: { search: 'Muster' }, offset: 0, limit: 20 };
    expect(opQuery('getLeads', input).queryKey).toEqual(['sales', 'getLeads', input]);
    expect(opKey('getCustomerById', { patid: 3 })).toEqual(['system', 'getCustomerById', { patid: 3 }]);
    expect(
      opInfiniteQuery('getLeadHistory', { leadId: 1 }, { getNextPageParam: () => undefined }).queryKey,
    ).toEqual(['sales', 'getLeadHistory', { leadId: 1 }, 'pages']);
  });

  it('keeps one shape under a key: a reader that wants the hits reshapes in select', async () => {
    signInForTest();
    const { patid, lastname } = await createPatient(api);
    const client = new QueryClient();
    const input = { lastname, limit: 20 };
    // The booking search caches the whole answer first …
    const answer = await client.fetchQuery(opQuery('searchPatients', input));
    expect(answer).toEqual({
      items: [expect.objectContaining({ patid, lastname })],
      msg: 'Matched 1 customers',
    });
    // … then the lead page's link search reads the same entry through its select.
    const hits = new QueryObserver(client, opQuery('searchPatients', input, { select: (a) => a.items }));
    const unsubscribe = hits.subscribe(() => undefined);
    expect(hits.getCurrentResult().data).toEqual(answer.items);
    unsubscribe();
    expect(client.getQueryData(opKey('searchPatients', input))).toEqual(answer);
  });
});

describe('opMutation', () => {
  it('invalidates exactly the operations it names', async () => {
    signInForTest();
    const lead = await createLead(api);
    const client = createQueryClient();
    client.setQueryData(opKey('getLeads', { limit: 5 }), { items: [], pagination: {} });
    client.setQueryData(opKey('getAppointments', { patid: 7 }), []);
    const options = opMutation('convertLead', { invalidates: ['getLeads', 'searchPatients'] });
    expect(options.mutationKey).toEqual(['sales', 'convertLead']);
    await client.getMutationCache().build(client, options).execute({ leadId: lead.leadId });
    expect(api.calls.map((c) => c.op)).toContain('convertLead');
    expect(client.getQueryState(opKey('getLeads', { limit: 5 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(opKey('getAppointments', { patid: 7 }))?.isInvalidated).toBe(false);
  });

  it('narrows an invalidation to part of the input', () => {
    expect(opScope('getLeadHistory', { leadId: 4 })).toEqual(['sales', 'getLeadHistory', { leadId: 4 }]);
    // @ts-expect-error: only operations of the contract can be named
    const misspelt: Parameters<typeof opMutation<'convertLead'>>[1] = { invalidates: ['getLeadz'] };
    expect(misspelt).toBeDefined();
  });
});
