import { describe, expect, it } from 'vitest';
import { statsCsv } from './export.ts';

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
