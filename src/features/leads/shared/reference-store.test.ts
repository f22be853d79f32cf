import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, EARLY_MAX_AGE_MS, startEarly } from '#api/client.ts';
import { clearSession } from '#api/session.ts';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { referenceQuery } from './queries.ts';
import { REFERENCE_STALE_MS, REFERENCE_STORE, referenceInput, referenceWanted } from './reference-store.ts';

const api = inProcessService();
const asked = () => api.calls.filter((c) => c.op === 'getReferenceData').length;

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
  window.localStorage.clear();
});

describe('startEarly: a request sent before the page asks', () => {
  it('is taken by the call that asks the same: one request, the same checked answer', async () => {
    signInForTest();
    startEarly('getReferenceData', referenceInput());
    expect(asked()).toBe(1);
    const early = await call('getReferenceData', referenceInput());
    expect(asked()).toBe(1);
    const fresh = await call('getReferenceData', referenceInput());
    expect(asked()).toBe(2);
    expect(early).toEqual(fresh);
    expect(early.folders?.length).toBeGreaterThan(0);
  });

  it("is what the board's reference query takes (boot.ts and queries.ts ask alike)", async () => {
    signInForTest();
    startEarly('getReferenceData', referenceInput());
    const client = new QueryClient();
    const data = await client.fetchQuery(referenceQuery());
    expect(asked()).toBe(1);
    expect(data.folders?.map((f) => f.folderId)).toContain(1);
  });

  it('is not taken by another request, nor twice', async () => {
    signInForTest();
    startEarly('getReferenceData', { kinds: ['folders'] });
    const all = await call('getReferenceData', referenceInput());
    expect(asked()).toBe(2);
    expect(all.sources).toBeDefined();
    const folders = await call('getReferenceData', { kinds: ['folders'] });
    expect(asked()).toBe(2);
    expect(folders.sources).toBeUndefined();
    await call('getReferenceData', { kinds: ['folders'] });
    expect(asked()).toBe(3);
  });

  it('is not taken once it is too old', async () => {
    signInForTest();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    startEarly('getReferenceData', referenceInput());
    now.mockReturnValue(1_800_000_000_000 + EARLY_MAX_AGE_MS + 1);
    await call('getReferenceData', referenceInput());
    expect(asked()).toBe(2);
  });

  it('is not taken by another user signed in meanwhile, and sends nothing without a session', async () => {
    startEarly('getReferenceData', referenceInput());
    expect(asked()).toBe(0);
    signInForTest();
    startEarly('getReferenceData', referenceInput());
    signInForTest({ auth: { kind: 'basic', user: 'someone-else', password: 'wrong' } });
    const err = await call('getReferenceData', referenceInput()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'unauthorized' });
    expect(asked()).toBe(2);
  });

  it('still gives up after the timeout when the early answer does not come', async () => {
    signInForTest();
    let release = () => {};
    api.intercept('getReferenceData', () => new Promise((resolve) => (release = () => resolve(undefined))));
    startEarly('getReferenceData', referenceInput());
    const err = await call('getReferenceData', referenceInput(), { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout' });
    expect(asked()).toBe(1);
    release();
  });
});

describe('referenceWanted: whether boot.ts asks for the reference data early', () => {
  const store = (base: string, at: number) =>
    window.localStorage.setItem(REFERENCE_STORE, JSON.stringify({ base, at, data: {} }));

  it('asks on a first visit and when what is stored is old or of another practice; never signed out', () => {
    expect(referenceWanted()).toBe(false);
    const { base } = signInForTest();
    expect(referenceWanted()).toBe(true);
    const now = Date.now();
    store(base, now - 1000);
    expect(referenceWanted(now)).toBe(false);
    store(base, now - REFERENCE_STALE_MS - 1);
    expect(referenceWanted(now)).toBe(true);
    store('https://other.example.ch/v1', now);
    expect(referenceWanted(now)).toBe(true);
    window.localStorage.setItem(REFERENCE_STORE, '{not json');
    expect(referenceWanted(now)).toBe(true);
  });
});
