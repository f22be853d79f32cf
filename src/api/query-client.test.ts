import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { reportReachable, reportUnreachable } from './connection.ts';
import { opKey, opMutationKey } from './queries.ts';
import { createQueryClient, retryQuery } from './query-client.ts';

const http = (httpStatus: number) => new ApiError({ op: 'getLeads', kind: 'http', httpStatus, msg: 'x' });

describe('retryQuery', () => {
  it('retries network failures and 5xx twice', () => {
    const network = new ApiError({ op: 'getLeads', kind: 'network', httpStatus: 0, msg: 'x' });
    expect(retryQuery(0, network)).toBe(true);
    expect(retryQuery(1, network)).toBe(true);
    expect(retryQuery(2, network)).toBe(false);
    expect(retryQuery(0, http(500))).toBe(true);
    expect(retryQuery(1, http(502))).toBe(true);
    expect(retryQuery(2, http(503))).toBe(false);
  });

  it('never retries a 4xx, a status false under 200, a contract mismatch or a timeout', () => {
    expect(retryQuery(0, http(400))).toBe(false);
    expect(retryQuery(0, http(404))).toBe(false);
    expect(retryQuery(0, http(200))).toBe(false);
    expect(retryQuery(0, new ApiError({ op: 'x', kind: 'contract', httpStatus: 200, msg: 'x' }))).toBe(false);
    expect(retryQuery(0, new ApiError({ op: 'x', kind: 'timeout', httpStatus: 0, msg: 'x' }))).toBe(false);
    expect(retryQuery(0, new ApiError({ op: 'x', kind: 'unauthorized', httpStatus: 401, msg: 'x' }))).toBe(
      false,
    );
    expect(retryQuery(0, new TypeError('bug'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('calls a 5xx query three times in all, a 4xx once', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
    const failing5xx = vi.fn().mockRejectedValue(http(500));
    await expect(client.fetchQuery({ queryKey: ['a'], queryFn: failing5xx })).rejects.toMatchObject({
      httpStatus: 500,
    });
    expect(failing5xx).toHaveBeenCalledTimes(3);

    const failing4xx = vi.fn().mockRejectedValue(http(404));
    await client.fetchQuery({ queryKey: ['b'], queryFn: failing4xx }).catch(() => undefined);
    expect(failing4xx).toHaveBeenCalledTimes(1);
  });

  it('never retries a mutation', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn().mockRejectedValue(http(500));
    const mutation = client.getMutationCache().build(client, { mutationFn, meta: { silent: true } });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });

  it('runs a mutation while the browser is offline, so that it fails instead of waiting for ever', async () => {
    const client = createQueryClient();
    const network = new ApiError({ op: 'createAppointment', kind: 'network', httpStatus: 0, msg: 'x' });
    const mutationFn = vi.fn().mockRejectedValue(network);
    onlineManager.setOnline(false);
    try {
      const mutation = client.getMutationCache().build(client, { mutationFn, meta: { silent: true } });
      await expect(mutation.execute(undefined)).rejects.toBe(network);
      expect(mutationFn).toHaveBeenCalledTimes(1);
      expect(mutation.state.isPaused).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('answers an awaited fetchQuery offline at once with its error: no pause, no retry', async () => {
    const client = createQueryClient();
    const network = new ApiError({ op: 'getAppointments', kind: 'network', httpStatus: 0, msg: 'x' });
    const queryFn = vi.fn().mockRejectedValue(network);
    onlineManager.setOnline(false);
    reportUnreachable();
    try {
      await expect(client.fetchQuery({ queryKey: ['offline'], queryFn })).rejects.toBe(network);
      expect(queryFn).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
      reportReachable();
    }
  });

  it('invalidates the query keys a mutation declares, and waits for the refetch', async () => {
    const client = createQueryClient();
    let leadsVersion = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['sales', 'getLeads', { limit: 10 }],
      queryFn: () => ++leadsVersion,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(client.getQueryData(['sales', 'getLeads', { limit: 10 }])).toBe(1));
    client.setQueryData(['agenda', 'getAppointments', {}], 'untouched');

    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => 'saved',
      meta: { invalidates: [['sales', 'getLeads']] },
    });
    await mutation.execute(undefined);

    expect(client.getQueryData(['sales', 'getLeads', { limit: 10 }])).toBe(2);
    expect(client.getQueryState(['agenda', 'getAppointments', {}])?.isInvalidated).toBe(false);
    unsubscribe();
  });

  it('makes the free slots and the appointment lists stale after any appointment write, declared or not', async () => {
    const client = createQueryClient();
    const slots = opKey('getSlots', { serviceid: 2, from: '2026-11-23', to: '2026-11-30' });
    const lists = opKey('getAppointments', { calendarid: 2, from: 0, until: 1 });
    const leads = opKey('getLeads', { limit: 10 });
    // An optimistic move or a state set from a list: a modifyAppointment mutation that declares nothing.
    for (const op of ['modifyAppointment', 'createAppointment'] as const) {
      for (const key of [slots, lists, leads]) client.setQueryData(key, []);
      const mutation = client.getMutationCache().build(client, {
        mutationKey: opMutationKey(op),
        mutationFn: async () => 'saved',
      });
      await mutation.execute(undefined);
      expect(client.getQueryState(slots)?.isInvalidated, op).toBe(true);
      expect(client.getQueryState(lists)?.isInvalidated, op).toBe(true);
      expect(client.getQueryState(leads)?.isInvalidated, op).toBe(false);
    }
  });

  it('sends a 401 of a query or a mutation to onUnauthorized, and keeps the cache', async () => {
    const onUnauthorized = vi.fn();
    const onMutationError = vi.fn();
    const client = createQueryClient({ onUnauthorized, onMutationError });
    client.setQueryData(['system', 'whoami', {}], { userid: 1 });
    const unauthorized = new ApiError({
      op: 'getTasks',
      kind: 'unauthorized',
      httpStatus: 401,
      msg: 'Unauthorized.',
    });

    await client
      .fetchQuery({ queryKey: ['sales', 'getTasks', {}], queryFn: () => Promise.reject(unauthorized) })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith(unauthorized);

    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(unauthorized) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(onMutationError).not.toHaveBeenCalled();
    expect(client.getQueryData(['system', 'whoami', {}])).toEqual({ userid: 1 });
  });

  it('reports other mutation errors unless the mutation handles them itself', async () => {
    const onMutationError = vi.fn();
    const client = createQueryClient({ onMutationError });
    const failed = http(422);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failed) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onMutationError).toHaveBeenCalledWith(failed);

    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failed), onError: () => undefined })
      .execute(undefined)
      .catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failed), meta: { silent: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(onMutationError).toHaveBeenCalledTimes(1);
  });
});
