import { describe, expect, it } from 'vitest';
import type { AccountingServiceRow, AccountingTransactionRow } from '#contract/accounting.ts';
import { i18n } from '#i18n/index.ts';
import { accountLabel } from './accounts.ts';
import { serviceCsvSpec, serviceFields, transactionCsvSpec } from './csv-columns.ts';
import { ExtractModel } from './extract-model.ts';

const service: AccountingServiceRow = {
  invoice_no: '00042-001',
  patid: 42,
  case_no: 1001,
  service_id: 7,
  date: '2026-11-03',
  code: '00.0010',
  title: 'Konsultation; erste 5 Min.',
  comment: '',
  quantity: 1,
  session: 1,
  tariff_type: '001',
  type: 'service',
  unit_mt: 9.57,
  unit_tt: 8.19,
  unit_factor_mt: 0.89,
  unit_factor_tt: 0.89,
  vat: 0,
  vat_rate: 0,
  amount: 1234.5,
  status: 'printed',
  case_name: 'KVG 2026',
  case_short: 'KVG',
  law: 'KVG',
  account_number: '3400',
  is_covered: true,
  section_code: '',
  provider: 4,
  responsible: 2,
};

const payment: AccountingTransactionRow = {
  invoice_no: '00043-001',
  patid: 43,
  case_no: 1002,
  transaction_id: 9,
  transaction_date: '2026-11-30',
  comment: 'Barzahlung',
  account_number: '1000',
  amount: -12.3,
};

const names = {
  patients: new Map([[42, 'Müller, Anna']]),
  providers: new Map([
    [4, 'Dr. Luca Rossi'],
    [2, 'Dr. Anna Berger'],
  ]),
};

/** The file as Excel reads it: BOM off, CRLF lines, `;` fields (none of these rows needs more than one quote pair). */
function parse(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  const split = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^;]*)(;|$)/g)]
      .slice(0, -1)
      .map((m) => m[1].replace(/^"(.*)"$/s, '$1').replace(/""/g, '"'));
  const [header, ...rows] = lines.map(split);
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

function csvOf(
  op: 'accountingServices' | 'accountingTransactions',
  rows: object[],
  lng: string,
): Record<string, string>[] {
  const model = new ExtractModel(op);
  model.add(rows as Record<string, unknown>[]);
  const t = i18n.getFixedT(lng, 'accounting');
  return parse(
    model.csv(op === 'accountingServices' ? serviceCsvSpec(t, names) : transactionCsvSpec(t, names)),
  );
}

describe('the accounting CSV, ready for Excel', () => {
  it('names patients, practitioners and accounts beside their numbers, and writes codes as words', () => {
    const [row] = csvOf('accountingServices', [service], 'de');
    expect(row['Patientennr.']).toBe('42');
    expect(row.Patient).toBe('Müller, Anna');
    expect(row.Leistungserbringer).toBe('4');
    expect(row['Leistungserbringer (Name)']).toBe('Dr. Luca Rossi');
    expect(row['Verantwortlich (Name)']).toBe('Dr. Anna Berger');
    expect(row.Status).toBe('Gedruckt');
    expect(row.Typ).toBe('Leistung');
    expect(row.Gedeckt).toBe('Ja');
    expect(row.Konto).toBe('3400');
    expect(row.Kontobezeichnung).toBe('Dienstleistungserlöse');
    expect(row.Datum).toBe('03.11.2026');
    expect(row.Betrag).toBe('1234.50');
    expect(row.Leistung).toBe('Konsultation; erste 5 Min.');
  });

  it('speaks the UI language in headers and words, the numbers the same in every language', () => {
    const [fr] = csvOf('accountingServices', [{ ...service, status: 'wip', type: 'drug' }], 'fr');
    expect(fr.Statut).toBe('Non imprimé');
    expect(fr['N° de patient']).toBe('42');
    expect(fr.Montant).toBe('1234.50');
    const [it] = csvOf('accountingTransactions', [payment], 'it');
    expect(it['Nome del conto']).toBe('Cassa');
    expect(it.Importo).toBe('-12.30');
    expect(it['Data di registrazione']).toBe('30.11.2026');
  });

  it('leaves a name empty where nobody knows it, and keeps unknown codes as they come', () => {
    const [row] = csvOf(
      'accountingServices',
      [{ ...service, patid: 99, provider: 77, account_number: '3210', status: 'storno' }],
      'de',
    );
    expect(row['Patientennr.']).toBe('99');
    expect(row.Patient).toBe('');
    expect(row['Leistungserbringer (Name)']).toBe('');
    expect(row.Kontobezeichnung).toBe('');
    expect(row.Status).toBe('storno');
  });

  it('has every field of the contract, with a header in every language', () => {
    for (const lng of ['de', 'fr', 'it', 'en']) {
      const spec = serviceCsvSpec(i18n.getFixedT(lng, 'accounting'), names);
      expect(spec.filter((c) => !c.labels || c.unlabelled !== 'empty').map((c) => c.key)).toEqual(
        serviceFields,
      );
      // None falls back to its key.
      expect(spec.filter((c) => c.header === c.key || c.header.startsWith('csv.'))).toEqual([]);
      expect(new Set(spec.map((c) => c.header)).size).toBe(spec.length);
    }
  });

  it('labels the standard accounts on screen as number and name', () => {
    const t = i18n.getFixedT('de', 'accounting');
    expect(accountLabel(t, '1020')).toBe('1020 Bank');
    expect(accountLabel(t, '1010')).toBe('1010 Post');
    expect(accountLabel(t, '4711')).toBe('4711');
    // Own-property names of objects are not accounts.
    expect(accountLabel(t, 'constructor')).toBe('constructor');
  });
});
