/**
 * CSV that Excel opens correctly in Switzerland (docs/decisions/0007-csv-export.md): UTF-8 with a byte order mark
 * (so that umlauts survive a double click), `;` between fields (the list separator of Swiss Windows), CRLF line
 * ends, numbers with `.` as decimal separator and no thousands separator (what Excel de-CH reads as numbers),
 * dates as `DD.MM.YYYY` (docs/decisions/0027-exports-ready-for-excel.md), fields quoted where needed. Shared by
 * every export of the app (accounting, statistics).
 */

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';

export type CsvKind = 'text' | 'number' | 'amount' | 'boolean' | 'date';

export interface CsvColumn<R> {
  header: string;
  kind: CsvKind;
  value: (row: R) => string | number | boolean | null | undefined;
}

/**
 * Text that a spreadsheet would run as a formula gets a leading apostrophe: `=`, `+`, `-`, `@`, tab, CR, LF, and
 * their full-width forms `＝＋－＠`, which some spreadsheets read as the ASCII ones. In every text cell whatever its
 * column (a real tenant's date column once carried `=HYPERLINK(...)`) and in the headers. Numbers and amounts
 * are written from finite numbers only, so a minus there is a negative number, never a formula.
 */
const formulaStart = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const needsQuotes = /[";\r\n]|^\s|\s$/;

/** One text cell: guarded against formulas, quoted where needed. */
export function csvField(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * `2026-11-23` as `23.11.2026` (with a time, `23.11.2026 14:30`): what Excel in de-CH, fr-CH and it-CH reads as a
 * date when the file is opened by a double click, and what a person there reads. Anything else stays text.
 */
export function csvDate(value: string): string {
  const m = isoDate.exec(value);
  if (!m) return csvField(value);
  const day = `${m[3]}.${m[2]}.${m[1]}`;
  return m[4] ? `${day} ${m[4]}:${m[5]}` : day;
}

export function csvValue(kind: CsvKind, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'amount':
      return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
    case 'boolean':
      return value ? '1' : '0';
    case 'date':
      return csvDate(String(value));
    default:
      return csvField(String(value));
  }
}

/** The whole file: BOM, header line, one line per row; every line ends with CRLF. */
export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const lines: string[] = [columns.map((c) => csvField(c.header)).join(CSV_SEPARATOR)];
  for (const row of rows) {
    lines.push(columns.map((c) => csvValue(c.kind, c.value(row))).join(CSV_SEPARATOR));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a download. */
export function downloadCsv(filename: string, text: string): void {
  downloadBlob(filename, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

/** Hands a file (a CSV, a PNG) to the browser as a download. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
