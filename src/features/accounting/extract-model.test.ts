import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '#api/session.ts';
import type { AccountingServiceRow } from '#contract/accounting.ts';
import { createExtractHost, type FromHost } from './extract-host.ts';
import { ExtractModel, emptyFilter, type ViewSpec } from './extract-model.ts';
import { totalsBy } from './table-model.ts';

const laws = ['KVG', 'UVG', 'IVG', 'MVG', 'VVG'] as const;
const statuses = ['wip', 'printed'] as const;
const types = ['service', 'drug', 'material'] as const;

function service(i: number): AccountingServiceRow {
  return {
    invoice_no: `${String(10_000 + (i % 97)).padStart(5, '0')}-00${i % 3}`,
    patid: 1 + (i % 13),
    case_no: 100 + i,
    service_id: i,
    date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    code: `AA.00.${String(i % 50).padStart(4, '0')}`,
    title: i % 2 ? `Ärztliche Konsultation ${i % 31}` : `analyse ${i % 17}`,
    comment: i % 5 ? '' : `=SUM(${i})`,
    quantity: 1 + (i % 4),
    session: 1,
    tariff_type: 'TARDOC',
    type: types[i % 3],
    unit_mt: 10,
    unit_tt: 8,
    unit_factor_mt: 1,
    unit_factor_tt: 1,
    vat: 0,
    vat_rate: 0,
    // Amounts with cents (some negative) that drift when summed as floats.
    amount: ((i * 37) % 2000) / 10 - 20 + 0.05,
    status: statuses[i % 2],
    case_name: 'Krankheit',
    case_short: 'KV',
    law: laws[i % 5],
    account_number: '3200',
    is_covered: i % 2 === 0,
    section_code: 'AMB',
    provider: 2,
    responsible: 2,
  };
}

const rows = Array.from({ length: 5000 }, (_, i) => service(i));
const view = (filter: Partial<ViewSpec['filter']>, sort: ViewSpec['sort'] = null): ViewSpec => ({
  filter: { ...emptyFilter, ...filter },
  sort,
});

/** The model's answers for rows fed in batches of `batch`. */
function loaded(spec: ViewSpec, batch = 700): ExtractModel {
  const model = new ExtractModel('accountingServices', spec);
  for (let i = 0; i < rows.length; i += batch) model.add(rows.slice(i, i + batch));
  return model;
}

const triples = (ts: { key: string; count: number; amount: number }[]) =>
  ts.map((t) => [t.key, t.count, t.amount]);

describe('ExtractModel', () => {
  it('totals the shown rows per law, status and type as they arrive, as one pass over them would', () => {
    const keep = (r: AccountingServiceRow) => r.law === 'KVG' && r.patid === 3;
    const expected = rows.filter(keep);
    const model = loaded(view({ law: 'KVG', patid: '3' }));
    const s = model.summary();
    expect(s.total).toBe(5000);
    expect(s.shown).toBe(expected.length);
    expect(s.shown).toBeGreaterThan(0);
    expect(triples(s.groups[0])).toEqual([['KVG', expected.length, expect.any(Number)]]);
    expect(triples(s.groups[1])).toEqual(
      triples(
        totalsBy(
          expected,
          (r) => r.status,
          (r) => r.amount,
          statuses,
        ),
      ),
    );
    expect(triples(s.groups[2])).toEqual(
      triples(
        totalsBy(
          expected,
          (r) => r.type,
          (r) => r.amount,
          types,
        ),
      ),
    );
    const cents = expected.reduce((n, r) => n + Math.round(r.amount * 100), 0);
    expect(s.grand).toEqual({ key: '', count: expected.length, amount: cents / 100 });
    expect(model.window(0, 5)).toEqual(expected.slice(0, 5));
  });

  it('sorts by a field in either direction, and a new view computes rows and totals again', () => {
    const model = loaded(view({}, { key: 'amount', kind: 'number', dir: 'desc' }));
    const amounts = model.window(0, 5000).map((r) => r.amount as number);
    expect(amounts).toHaveLength(5000);
    for (let i = 1; i < amounts.length; i++) expect(amounts[i - 1]).toBeGreaterThanOrEqual(amounts[i]);

    const before = model.summary().version;
    model.setView(view({ status: 'printed' }, { key: 'title', kind: 'text', dir: 'asc' }));
    const s = model.summary();
    expect(s.version).toBeGreaterThan(before);
    const printed = rows.filter((r) => r.status === 'printed');
    expect(s.shown).toBe(printed.length);
    expect(triples(s.groups[1])).toEqual([['printed', printed.length, expect.any(Number)]]);
    const titles = model.window(0, 50).map((r) => String(r.title).normalize('NFD').toLowerCase());
    expect(titles[0].startsWith('a')).toBe(true);
    for (let i = 1; i < titles.length; i++) expect(titles[i - 1] <= titles[i]).toBe(true);
  });

  it('gives the same answers whether the rows come in one piece or in many', () => {
    const spec = view({ invoice: '10003' }, { key: 'date', kind: 'code', dir: 'asc' });
    const whole = loaded(spec, rows.length);
    const pieces = loaded(spec, 3);
    expect(pieces.summary().groups).toEqual(whole.summary().groups);
    expect(pieces.window(0, 200)).toEqual(whole.window(0, 200));
    expect(whole.summary().shown).toBe(rows.filter((r) => r.invoice_no.includes('10003')).length);
  });

  it('writes the shown rows as CSV by field name', () => {
    const model = loaded(view({ patid: '5', type: 'drug' }));
    const text = model.csv([
      { key: 'service_id', kind: 'number', header: 'Service' },
      { key: 'comment', kind: 'text', header: 'Comment' },
      { key: 'amount', kind: 'amount', header: 'Amount' },
    ]);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    const expected = rows.filter((r) => r.patid === 5 && r.type === 'drug');
    expect(lines[0]).toBe('Service;Comment;Amount');
    expect(lines.slice(1)).toEqual(
      expected.map((r) => `${r.service_id};${r.comment ? `'${r.comment}` : ''};${r.amount.toFixed(2)}`),
    );
  });

  it('writes the same rows as an Excel workbook, labels and types kept, the lines above', async () => {
    const model = loaded(view({ patid: '5', type: 'drug' }, { key: 'amount', kind: 'number', dir: 'desc' }));
    const data = await model.xlsx(
      [
        { key: 'invoice_no', kind: 'text', header: 'Rechnung' },
        { key: 'date', kind: 'date', header: 'Datum' },
        { key: 'status', kind: 'text', header: 'Status', labels: new Map([['printed', 'Gedruckt']]) },
        { key: 'amount', kind: 'amount', header: 'Betrag' },
      ],
      { name: 'Leistungen', lines: ['Leistungen – ausgewählt nach Leistungsdatum'] },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data);
    const ws = workbook.getWorksheet('Leistungen');
    if (!ws) throw new Error('no sheet Leistungen');
    const expected = rows
      .filter((r) => r.patid === 5 && r.type === 'drug')
      .sort((a, b) => b.amount - a.amount);
    expect(ws.getCell('A1').value).toBe('Leistungen – ausgewählt nach Leistungsdatum');
    expect(ws.getRow(3).values).toEqual([undefined, 'Rechnung', 'Datum', 'Status', 'Betrag']);
    const written = expected.map((_, i) => (ws.getRow(4 + i).values as unknown[]).slice(1));
    expect(written).toEqual(
      expected.map((r) => [
        r.invoice_no,
        new Date(`${r.date}T00:00:00Z`),
        r.status === 'printed' ? 'Gedruckt' : 'wip',
        Math.round(r.amount * 100) / 100,
      ]),
    );
  });
});

// biome-ignore lint/style/noRestrictedGlobals: the stub stands in for the network that client.ts reaches
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const session: Session = {
  base: 'https://praxis.example.ch/v1/',
  tenant: 'praxis',
  auth: { kind: 'apiKey' },
  remember: false,
  locked: false,
};

describe('the extract host (the worker side)', () => {
  it('reads the stream into summaries, the last one done, and answers for windows and views', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: true, result: rows }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const got: FromHost[] = [];
    const host = createExtractHost((m) => got.push(m));
    host.handle({
      kind: 'load',
      op: 'accountingServices',
      input: {},
      session,
      timeoutMs: 5000,
      view: view({}),
    });
    await vi.waitFor(() => expect(got.some((m) => m.kind === 'summary' && m.done)).toBe(true));
    const last = got.at(-1);
    if (last?.kind !== 'summary') throw new Error('no summary');
    expect(last.summary.total).toBe(5000);
    expect(last.summary.shown).toBe(5000);
    expect(last.head).toEqual(rows.slice(0, last.head.length));
    expect(last.head.length).toBeGreaterThan(20);

    host.handle({ kind: 'window', from: 4990, to: 5010 });
    expect(got.at(-1)).toEqual({
      kind: 'window',
      version: last.summary.version,
      from: 4990,
      rows: rows.slice(4990),
    });

    host.handle({ kind: 'view', view: view({ law: 'UVG' }) });
    const filtered = got.at(-1);
    if (filtered?.kind !== 'summary') throw new Error('no summary');
    expect(filtered.summary.shown).toBe(1000);
    expect(filtered.head.every((r) => (r as AccountingServiceRow).law === 'UVG')).toBe(true);
  });

  it('hands on a broken contract as an error, not rows', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: true, result: [rows[0], { ...rows[1], amount: 'x' }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const got: FromHost[] = [];
    createExtractHost((m) => got.push(m)).handle({
      kind: 'load',
      op: 'accountingServices',
      input: {},
      session,
      timeoutMs: 5000,
      view: view({}),
    });
    await vi.waitFor(() => expect(got.some((m) => m.kind === 'error')).toBe(true));
    expect(got.find((m) => m.kind === 'error')).toMatchObject({ error: { kind: 'contract' } });
    expect(got.some((m) => m.kind === 'summary')).toBe(false);
  });
});
