import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import type { OperationDef, Pagination } from '#contract/common.ts';
import type { Lead } from '#contract/sales.ts';
import type { Patient } from '#contract/system.ts';
import { setWhoCookie } from '#test/test-credentials.ts';
import { ApiError, call, callOperation, isSessionLocked } from './client.ts';
import { isOnline } from './connection.ts';
import { clearSession } from './session.ts';

// Operations of every envelope kind, defined here so that these tests do not depend on the areas' contracts.
const item = z.object({ id: z.number().int(), name: z.string() });
const ops = {
  standard: {
    area: 'sales',
    path: '/sales/getThing',
    summary: '',
    input: z.object({ thingId: z.number({ error: 'Provide a valid thingId.' }).int().positive() }),
    result: item,
    envelope: 'standard',
    errors: { 'Provide a valid thingId.': 400 },
  },
  list: {
    area: 'sales',
    path: '/sales/getThings',
    summary: '',
    input: z.object({ offset: z.number().optional(), limit: z.number().optional() }),
    result: z.array(item),
    envelope: 'list',
    errors: {},
  },
  raw: {
    area: 'system',
    path: '/system/openapi',
    summary: '',
    input: z.object({}),
    result: z.string(),
    envelope: 'raw',
    errors: {},
  },
  labor: {
    area: 'labor',
    path: '/labor/upload',
    summary: '',
    input: z.object({ filename: z.string(), content: z.string() }),
    result: z.object({ status: z.number(), msg: z.string() }),
    envelope: 'labor',
    errors: {},
  },
  providers: {
    area: 'system',
    path: '/system/getProviders',
    summary: '',
    input: z.object({}),
    result: z.array(item),
    envelope: 'providers',
    errors: {},
  },
  accounting: {
    area: 'accounting',
    path: '/accounting/services',
    summary: '',
    input: z.object({}),
    result: z.array(item),
    envelope: 'accounting',
    errors: {},
  },
  search: {
    area: 'system',
    path: '/system/searchPatients',
    summary: '',
    input: z.object({ lastname: z.string() }),
    result: z.array(item),
    envelope: 'searchPatients',
    errors: {},
  },
} satisfies Record<string, OperationDef>;

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setWhoCookie({ kind: 'basic', user: 'demo', tenant: 'demo', remember: false, locked: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('call', () => {
  it('posts the input as JSON to its own origin, with the session cookie and no credentials of its own', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ status: true, msg: 'Success', result: { id: 7, name: 'Seven', extra: 'ignored' } }),
    );
    const thing = await callOperation('getThing', ops.standard, { thingId: 7 });
    expect(thing).toEqual({ id: 7, name: 'Seven' });
    expectTypeOf(thing).toEqualTypeOf<{ id: number; name: string }>();

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://localhost:3000/v1/sales/getThing');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ thingId: 7 });
    const headers = init?.headers as Record<string, string>;
    // The app's server adds the credentials from its sealed cookie (docs/decisions/0018).
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-api-key']).toBeUndefined();
    expect(headers['content-type']).toBe('application/json');
  });

  it('reads a locked session as unauthorized with the message the app knows', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: false, msg: 'Session locked.' }, 401));
    const err = await failure(callOperation('getThing', ops.standard, { thingId: 7 }));
    expect(isSessionLocked(err)).toBe(true);
  });

  it('refuses input that does not fit the contract without sending it', async () => {
    const err = await failure(callOperation('getThing', ops.standard, { thingId: 0 }));
    expect(err).toMatchObject({
      op: 'getThing',
      kind: 'contract',
      httpStatus: 0,
      msg: 'Provide a valid thingId.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads a list envelope into items and pagination', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({
        status: true,
        msg: 'Success',
        result: [{ id: 1, name: 'A' }],
        pagination: { offset: 0, limit: 1, total: 3, hasMore: true },
      }),
    );
    const page = await callOperation('getThings', ops.list, { limit: 1 });
    expect(page).toEqual({
      items: [{ id: 1, name: 'A' }],
      pagination: { offset: 0, limit: 1, total: 3, hasMore: true },
    });
    expectTypeOf(page.items).toEqualTypeOf<{ id: number; name: string }[]>();
  });

  it('names the pagination when a list envelope lacks it', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: true, msg: 'Success', result: [] }));
    const err = await failure(callOperation('getThings', ops.list, {}));
    expect(err.kind).toBe('contract');
    expect(err.msg).toContain('getThings');
    expect(err.msg).toContain('pagination');
  });

  it('returns the openapi document as text', async () => {
    fetchMock.mockResolvedValueOnce(answer('openapi: 3.0.0\ninfo:\n  version: 1.0.0\n'));
    const doc = await callOperation('openapi', ops.raw, {});
    expect(doc).toBe('openapi: 3.0.0\ninfo:\n  version: 1.0.0\n');
    expectTypeOf(doc).toEqualTypeOf<string>();
  });

  it('reads the integer status of laborUpload: 200 returns, 400 throws with the message', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: 200, msg: 'successfully uploaded' }));
    await expect(
      callOperation('laborUpload', ops.labor, { filename: 'a.hl7', content: 'TVNI' }),
    ).resolves.toEqual({
      status: 200,
      msg: 'successfully uploaded',
    });

    fetchMock.mockResolvedValueOnce(answer({ status: 400, msg: 'file already exists, not saving again' }));
    const err = await failure(
      callOperation('laborUpload', ops.labor, { filename: 'a.hl7', content: 'TVNI' }),
    );
    expect(err).toMatchObject({
      op: 'laborUpload',
      kind: 'http',
      httpStatus: 200,
      envelopeStatus: 400,
      msg: 'file already exists, not saving again',
    });
  });

  it('accepts status "ok" without msg for getProviders', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: 'ok', result: [{ id: 2, name: 'Dr. Berger' }] }));
    await expect(callOperation('getProviders', ops.providers, {})).resolves.toEqual([
      { id: 2, name: 'Dr. Berger' },
    ]);
  });

  it('accepts the accounting envelope without msg', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: true, result: [{ id: 3, name: 'TARMED' }] }));
    await expect(callOperation('accountingServices', ops.accounting, {})).resolves.toEqual([
      { id: 3, name: 'TARMED' },
    ]);
  });

  it('reads searchPatients hits from results, and null as no hits', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ status: true, msg: 'Matched 1 customers', results: [{ id: 9, name: 'Müller' }] }),
    );
    await expect(callOperation('searchPatients', ops.search, { lastname: 'Mü' })).resolves.toEqual({
      items: [{ id: 9, name: 'Müller' }],
      msg: 'Matched 1 customers',
    });

    fetchMock.mockResolvedValueOnce(answer({ status: true, msg: 'Matched 0 customers', results: null }));
    await expect(callOperation('searchPatients', ops.search, { lastname: 'Zz' })).resolves.toEqual({
      items: [],
      msg: 'Matched 0 customers',
    });
  });

  it('throws the server message of a status false envelope, also under HTTP 200', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: false, msg: 'The appointment id is invalid' }));
    const err = await failure(callOperation('getThing', ops.standard, { thingId: 5 }));
    expect(err).toMatchObject({
      kind: 'http',
      httpStatus: 200,
      envelopeStatus: false,
      msg: 'The appointment id is invalid',
    });

    fetchMock.mockResolvedValueOnce(answer({ status: false, msg: 'Lead not found.', result: null }, 404));
    expect(await failure(callOperation('getThing', ops.standard, { thingId: 5 }))).toMatchObject({
      kind: 'http',
      httpStatus: 404,
      msg: 'Lead not found.',
    });
  });

  it('marks a 401 as unauthorized with the server message', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: false, msg: 'Unauthorized.' }, 401));
    const err = await failure(call('whoami', {}));
    expect(err).toMatchObject({ op: 'whoami', kind: 'unauthorized', httpStatus: 401, msg: 'Unauthorized.' });
  });

  it('does not send anything when nobody is signed in', async () => {
    clearSession();
    const err = await failure(call('whoami', {}));
    expect(err.kind).toBe('unauthorized');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a 500 that is not JSON as an HTTP error', async () => {
    fetchMock.mockResolvedValueOnce(answer('<b>Fatal error</b>: Uncaught Error', 500));
    const err = await failure(callOperation('getThing', ops.standard, { thingId: 1 }));
    expect(err).toMatchObject({ op: 'getThing', kind: 'http', httpStatus: 500 });
    expect(err.msg).toContain('500');
  });

  it('gives up after the timeout', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const started = Date.now();
    const err = await failure(callOperation('getThing', ops.standard, { thingId: 1 }, { timeoutMs: 30 }));
    expect(err).toMatchObject({ kind: 'timeout', httpStatus: 0 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects with the abort, not an ApiError, when the caller cancels', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = callOperation('getThing', ops.standard, { thingId: 1 }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports a network failure and marks the connection lost until the next answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await failure(callOperation('getThing', ops.standard, { thingId: 1 }));
    expect(err).toMatchObject({ kind: 'network', httpStatus: 0 });
    expect(isOnline()).toBe(false);

    fetchMock.mockResolvedValueOnce(answer({ status: false, msg: 'Lead not found.' }, 404));
    await failure(callOperation('getThing', ops.standard, { thingId: 1 }));
    expect(isOnline()).toBe(true);
  });

  it('names the operation and the field when the result does not fit the contract', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({
        status: 'ok',
        result: [
          {
            userid: 2,
            title: '',
            givenname: 'Anna',
            familyname: 'Berger',
            specialization: '',
            gender: 'f',
            active: true,
          },
          {
            userid: '3x',
            title: '',
            givenname: 'Beat',
            familyname: 'Keller',
            specialization: '',
            gender: 'm',
            active: true,
          },
        ],
      }),
    );
    const err = await failure(call('getProviders', {}));
    expect(err.kind).toBe('contract');
    expect(err.op).toBe('getProviders');
    expect(err.msg).toContain('getProviders');
    expect(err.msg).toContain('result.1.userid');
  });
});

describe('result types', () => {
  it('follow the literal envelope kinds of the contract', () => {
    expectTypeOf<Awaited<ReturnType<typeof call<'getLeads'>>>>().toEqualTypeOf<{
      items: Lead[];
      pagination: Pagination;
    }>();
    expectTypeOf<Awaited<ReturnType<typeof call<'searchPatients'>>>>().toEqualTypeOf<{
      items: Patient[];
      msg: string;
    }>();
    expectTypeOf<Awaited<ReturnType<typeof call<'laborUpload'>>>>().toEqualTypeOf<{
      status: 200;
      msg: string;
    }>();
    expectTypeOf<Awaited<ReturnType<typeof call<'openapi'>>>>().toEqualTypeOf<string>();
    expectTypeOf<Awaited<ReturnType<typeof call<'getCustomerById'>>>>().toEqualTypeOf<Patient>();
  });
});
