import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { statsCsv, statsXlsx } from './export.ts';

const headers = { group: 'Monat', value: 'Umsatz (CHF)', share: 'Anteil (%)', total: 'Total' };

describe('the statistics table as CSV', () => {
  it('holds the rows of the table in their order, then the total, with the rules of every CSV of the app', () => {
    const text = statsCsv(
      [
        { key: '2026-10', label: 'Okt. 2026', value: 1234.5 },
        { key: '2026-11', label: 'Nov. 2026', value: 765.5 },
      ],
      'revenue',
      headers,
    );
    expect(text).toBe(
      '\uFEFFMonat;Umsatz (CHF);Anteil (%)\r\nOkt. 2026;1234.50;61.7\r\nNov. 2026;765.50;38.3\r\nTotal;2000.00;\r\n',
    );
  });

  it('writes counts as whole numbers and guards labels that look like formulas or hold a separator', () => {
    const text = statsCsv(
      [
        { key: 'a', label: '=cmd', value: 3 },
        { key: 'b', label: 'Berger; Anna', value: 1 },
      ],
      'count',
      { ...headers, value: 'Anzahl' },
    );
    expect(text.split('\r\n')).toEqual([
      '\uFEFFMonat;Anzahl;Anteil (%)',
      "'=cmd;3;75",
      '"Berger; Anna";1;25',
      'Total;4;',
      '',
    ]);
  });

  it('leaves the share empty when everything sums to zero', () => {
    expect(statsCsv([{ key: 'x', label: 'X', value: 0 }], 'costs', headers)).toContain('X;0.00;\r\n');
  });
});

describe('the statistics table as an Excel workbook', () => {
  async function cells(data: ArrayBuffer): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data);
    const ws = workbook.worksheets[0];
    const out: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      out.push((row.values as unknown[]).slice(1));
    });
    return out;
  }

  it('writes days as Excel dates, money as numbers, the total row last, under the title and filters', async () => {
    const data = await statsXlsx(
      [
        { key: '2026-11-23', label: '23.11.2026', value: 1234.5 },
        { key: '2026-11-24', label: '24.11.2026', value: 765.5 },
      ],
      'revenue',
      { ...headers, group: 'Tag' },
      { name: 'Statistik', lines: ['Umsatz (CHF) nach Tag', 'Filter: keine'], byDay: true },
    );
    expect(await cells(data)).toEqual([
      ['Umsatz (CHF) nach Tag'],
      ['Filter: keine'],
      [],
      ['Tag', 'Umsatz (CHF)', 'Anteil (%)'],
      [new Date(Date.UTC(2026, 10, 23)), 1234.5, 61.7],
      [new Date(Date.UTC(2026, 10, 24)), 765.5, 38.3],
      ['Total', 2000],
    ]);
  });

  it('keeps any other grouping as the label on screen, and counts whole', async () => {
    const data = await statsXlsx(
      [{ key: '2026-11', label: 'Nov. 2026', value: 3 }],
      'count',
      { ...headers, value: 'Anzahl' },
      { name: 'Statistik', lines: [], byDay: false },
    );
    expect(await cells(data)).toEqual([
      ['Monat', 'Anzahl', 'Anteil (%)'],
      ['Nov. 2026', 3, 100],
      ['Total', 3],
    ]);
  });
});
