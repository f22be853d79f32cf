import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountingOperations } from '#contract/accounting.ts';
import { ApiError } from './client.ts';
import { registerOperations } from './operation-table.ts';
import type { Session } from './session.ts';
import { RowSplitter, streamRows } from './stream.ts';

// As the accounting extract's host does when it loads (operation-table.ts).
registerOperations(accountingOperations);

const session: Session = {
  base: 'https://praxis.example.ch/v1/',
  tenant: 'praxis',
  auth: { kind: 'apiKey' },
  remember: false,
  locked: false,
};

function payment(id: number, extra: Record<string, unknown> = {}) {
  return {
    invoice_no: `0000${id}-001`,
    patid: id,
    case_no: 100 + id,
    transaction_id: id,
    transaction_date: '2026-11-02',
    // Braces, brackets, commas and escaped quotes inside strings must not cut a row.
    comment: `Zahlung {${id}}, [Bank] "Post\\" \\\\`,
    account_number: '1020',
    amount: id + 0.05,
    ...extra,
  };
}

/** A body sent in pieces of `size` characters. */
function chunked(text: string, size: number): Response {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(c) {
        if (at >= bytes.length) return c.close();
        c.enqueue(bytes.slice(at, at + size));
        at += size;
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

// biome-ignore lint/style/noRestrictedGlobals: the stub stands in for the network that client.ts reaches
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

async function collect(gen: AsyncGenerator<unknown[]>): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const b of gen) out.push(b);
  return out;
}

describe('RowSplitter', () => {
  it('cuts an envelope into its rows at any chunk border and keeps the rest as the skeleton', () => {
    const rows = [payment(1), payment(2), { a: [1, { b: '}' }] }];
    const text = ` {"status":true,"result":[${rows.map((r) => JSON.stringify(r)).join(' , ')}]} `;
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      const splitter = new RowSplitter();
      const found: string[] = [];
      for (let i = 0; i < text.length; i += size) found.push(...splitter.push(text.slice(i, i + size)));
      expect(found.map((t) => JSON.parse(t))).toEqual(rows);
      expect(JSON.parse(splitter.skeleton)).toEqual({ status: true, result: [] });
    }
  });

  it('tells escaped quotes and backslashes from the end of a string wherever the chunks are cut', () => {
    // Runs of backslashes before quotes, quotes and braces inside strings, empty strings, unicode escapes.
    const rows = [
      { a: '\\', b: '"', c: '\\"}{,[', d: '' },
      { a: 'x\\\\\\"y', b: '\u00e4 "}, {"', c: '\\\\' },
      { a: '}', b: [1, '"]'], c: { d: '\\"' } },
    ];
    const text = `{"status":true,"result":[${rows.map((r) => JSON.stringify(r)).join(',')}]}`;
    for (let size = 1; size <= 40; size++) {
      const splitter = new RowSplitter();
      const found: string[] = [];
      for (let i = 0; i < text.length; i += size) found.push(...splitter.push(text.slice(i, i + size)));
      expect(
        found.map((t) => JSON.parse(t)),
        `chunks of ${size}`,
      ).toEqual(rows);
      expect(JSON.parse(splitter.skeleton)).toEqual({ status: true, result: [] });
    }
  });

  it('keeps an error envelope whole as the skeleton', () => {
    const splitter = new RowSplitter();
    expect(splitter.push('{"status":false,"msg":"Unauthorized."}')).toEqual([]);
    expect(JSON.parse(splitter.skeleton)).toEqual({ status: false, msg: 'Unauthorized.' });
  });
});

describe('streamRows', () => {
  it('hands on checked rows in batches as the answer arrives, to the address of the given session', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => payment(i + 1));
    fetchMock.mockResolvedValueOnce(chunked(JSON.stringify({ status: true, result: rows }), 50));
    const batches = await collect(
      streamRows('accountingTransactions', { from: '2026-11-01' }, { session, batch: 5 }),
    );
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(batches.flat()).toEqual(rows);
    const [url, init = {}] = fetchMock.mock.calls[0];
    expect(url).toBe('https://praxis.example.ch/v1/accounting/transactions');
    // The app's server adds the credentials: the worker's request carries the session cookie only.
    expect((init.headers as Record<string, string>)['x-api-key']).toBeUndefined();
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toEqual({ from: '2026-11-01' });
  });

  it('names the row that does not fit the contract by its place in the whole list', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => payment(i + 1));
    rows[6] = payment(7, { amount: 'a lot' });
    fetchMock.mockResolvedValueOnce(chunked(JSON.stringify({ status: true, result: rows }), 30));
    const error = await collect(streamRows('accountingTransactions', {}, { session, batch: 3 })).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('contract');
    expect(error.msg).toMatch(/at result\.6\.amount/);
  });

  it('throws the service message of a failed envelope as call does', async () => {
    fetchMock.mockResolvedValueOnce(
      chunked(JSON.stringify({ status: false, msg: 'API token is not enabled for module accounting.' }), 10),
    );
    const error = await collect(streamRows('accountingServices', {}, { session })).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.msg).toBe('API token is not enabled for module accounting.');

    fetchMock.mockResolvedValueOnce(new Response('{"status":false,"msg":"Unauthorized."}', { status: 401 }));
    const denied = await collect(streamRows('accountingServices', {}, { session })).catch((e) => e);
    expect(denied).toBeInstanceOf(ApiError);
    expect(denied.kind).toBe('unauthorized');
  });
});
