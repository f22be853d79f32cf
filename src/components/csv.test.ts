import { describe, expect, it } from 'vitest';
import { BOM, type CsvColumn, csvDate, csvField, csvValue, toCsv } from './csv.ts';

interface Row {
  name: string;
  amount: number;
  n: number;
  ok: boolean;
  day: string;
}
const columns: CsvColumn<Row>[] = [
  { header: 'name', kind: 'text', value: (r) => r.name },
  { header: 'amount', kind: 'amount', value: (r) => r.amount },
  { header: 'n', kind: 'number', value: (r) => r.n },
  { header: 'ok', kind: 'boolean', value: (r) => r.ok },
  { header: 'day', kind: 'date', value: (r) => r.day },
];

describe('CSV for Excel in Switzerland', () => {
  it('starts with the UTF-8 byte order mark and separates fields with ;', () => {
    const text = toCsv(columns, [{ name: 'Müller', amount: 1234.5, n: 3, ok: true, day: '2026-11-21' }]);
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe(`${BOM}name;amount;n;ok;day\r\nMüller;1234.50;3;1;21.11.2026\r\n`);
  });

  it('writes amounts with two decimals and a point, no thousands separator, negative with a minus', () => {
    expect(csvValue('amount', 1234567.891)).toBe('1234567.89');
    expect(csvValue('amount', -12.3)).toBe('-12.30');
    expect(csvValue('amount', 0)).toBe('0.00');
    expect(csvValue('number', 8.1)).toBe('8.1');
    expect(csvValue('number', 42)).toBe('42');
    expect(csvValue('boolean', false)).toBe('0');
    expect(csvValue('text', null)).toBe('');
  });

  it('quotes fields with a separator, a quote, a line break or edge spaces, and doubles quotes', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('Dr. "Hans"')).toBe('"Dr. ""Hans"""');
    expect(csvField('Zeile 1\nZeile 2')).toBe('"Zeile 1\nZeile 2"');
    expect(csvField(' x')).toBe('" x"');
    expect(csvField('Hausbesuch')).toBe('Hausbesuch');
  });

  it('keeps text from running as a formula', () => {
    expect(csvValue('text', '=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvValue('text', '+41 44 000 00 00')).toBe("'+41 44 000 00 00");
    expect(csvValue('text', '@sum')).toBe("'@sum");
    // Numbers are numbers: a negative amount keeps its minus.
    expect(csvValue('amount', -5)).toBe('-5.00');
  });

  it('guards every text cell whatever its column: dates, headers, tab, CR, LF and the full-width signs', () => {
    // A real tenant's date column is text like any other.
    expect(csvValue('date', '=HYPERLINK("http://x","Rechnung")')).toBe(
      `"'=HYPERLINK(""http://x"",""Rechnung"")"`,
    );
    expect(csvValue('date', '2026-11-23')).toBe('23.11.2026');
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
      for (const kind of ['text', 'date'] as const) {
        const cell = csvValue(kind, `${start}1+1`);
        expect(cell.replace(/^"/, ''), `${kind} ${JSON.stringify(start)}`).toMatch(/^'/);
      }
    }
    const text = toCsv(
      [{ header: '=cmd', kind: 'date', value: (r: { d: string }) => r.d }],
      [{ d: '＝1+1' }],
    );
    expect(text).toBe(`${BOM}'=cmd\r\n'＝1+1\r\n`);
  });

  it('writes dates as DD.MM.YYYY, with a time as DD.MM.YYYY HH:MM, and leaves anything else as guarded text', () => {
    expect(csvDate('2026-11-23')).toBe('23.11.2026');
    expect(csvDate('2026-01-05 08:07:00')).toBe('05.01.2026 08:07');
    expect(csvDate('2026-01-05T08:07')).toBe('05.01.2026 08:07');
    expect(csvValue('date', '2026-02-28')).toBe('28.02.2026');
    // Not a date: kept, never half-converted.
    expect(csvDate('2026-11-23=1+1')).toBe('2026-11-23=1+1');
    expect(csvDate('23.11.2026')).toBe('23.11.2026');
    expect(csvDate('')).toBe('');
  });
});
