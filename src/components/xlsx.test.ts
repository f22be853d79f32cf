import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CsvColumn } from './csv.ts';
import { excelDate, toXlsx, xlsxCell } from './xlsx.ts';

interface Row {
  invoice: string;
  code: string;
  day: string;
  amount: number;
  n: number;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Rechnungsnr.', kind: 'text', value: (r) => r.invoice },
  { header: 'Code', kind: 'text', value: (r) => r.code },
  { header: 'Datum', kind: 'date', value: (r) => r.day },
  { header: 'Betrag', kind: 'amount', value: (r) => r.amount },
  { header: 'Menge', kind: 'number', value: (r) => r.n },
];

async function readBack(data: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const ws = workbook.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}

describe('the Excel workbook of an export', () => {
  it('keeps codes as text, writes dates as Excel dates and amounts as numbers with two decimals', async () => {
    const data = await toXlsx({
      name: 'Zahlungen',
      lines: ['Zahlungen, ausgewählt nach Buchungsdatum: 01.11.2026 bis 30.11.2026', 'Filter: keine'],
      columns,
      rows: [
        { invoice: '00042-001', code: '1371.00', day: '2026-11-23', amount: 1234.5, n: 2 },
        { invoice: '=HYPERLINK("x")', code: '0001', day: 'unbekannt', amount: -12, n: 1 },
      ],
    });
    const ws = await readBack(data);
    expect(ws.name).toBe('Zahlungen');
    expect(ws.getCell('A1').value).toBe(
      'Zahlungen, ausgewählt nach Buchungsdatum: 01.11.2026 bis 30.11.2026',
    );
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A2').value).toBe('Filter: keine');
    // An empty row, then the header.
    expect(ws.getRow(3).cellCount).toBe(0);
    expect(ws.getRow(4).values).toEqual([undefined, 'Rechnungsnr.', 'Code', 'Datum', 'Betrag', 'Menge']);
    const first = ws.getRow(5);
    expect(first.getCell(1).value).toBe('00042-001');
    expect(first.getCell(2).value).toBe('1371.00');
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 23)));
    expect(first.getCell(3).numFmt).toBe('dd.mm.yyyy');
    expect(first.getCell(4).value).toBe(1234.5);
    expect(first.getCell(4).numFmt).toBe('0.00');
    expect(first.getCell(5).value).toBe(2);
    const second = ws.getRow(6);
    // A string cell is never run as a formula: the text stays as it came.
    expect(second.getCell(1).value).toBe('=HYPERLINK("x")');
    expect(second.getCell(2).value).toBe('0001');
    expect(second.getCell(3).value).toBe('unbekannt');
    expect(second.getCell(4).value).toBe(-12);
    // The header row stays in view and carries the filter buttons.
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(ws.autoFilter).toBeTruthy();
  });

  it('starts with the header when there are no lines, and leaves empty values empty', async () => {
    const data = await toXlsx({
      name: 'Statistik: Umsatz / Monat [CHF]',
      lines: [],
      columns,
      rows: [{ invoice: '', code: 'a\u0001b', day: '', amount: Number.NaN, n: Number.NaN }],
    });
    const ws = await readBack(data);
    expect(ws.name).toBe('Statistik  Umsatz   Monat  CHF');
    expect(ws.getRow(1).getCell(1).value).toBe('Rechnungsnr.');
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBeNull();
    expect(row.getCell(2).value).toBe('ab');
    expect(row.getCell(3).value).toBeNull();
    expect(row.getCell(4).value).toBeNull();
    expect(row.getCell(5).value).toBeNull();
  });

  it('reads only real days as dates', () => {
    expect(excelDate('2026-02-29')).toBeNull();
    expect(excelDate('2026-11-23 14:30')).toEqual({
      date: new Date(Date.UTC(2026, 10, 23, 14, 30)),
      time: true,
    });
    expect(xlsxCell('date', '2026-11-23 14:30').numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(xlsxCell('amount', 0.1 + 0.2)).toEqual({ value: 0.3, numFmt: '0.00' });
    expect(xlsxCell('boolean', true)).toEqual({ value: 1 });
  });
});
