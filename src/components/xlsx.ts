import type { CsvColumn } from './csv.ts';

/**
 * The Excel workbook beside every CSV of the app (docs/decisions/0042-excel-workbooks-beside-the-csv.md): the same
 * columns as the CSV (components/csv.ts), with Excel's own cell types instead of text that Excel has to guess at.
 * Text stays text (`00042-001`, tariff `1371.00`, account `1020` keep their zeros and dots), dates are real Excel
 * dates shown `dd.mm.yyyy`, amounts numbers shown with two decimals (`0.00`), counts and ids numbers.
 *
 * exceljs (about 250 KB over the wire) is imported only when a person asks for a workbook, never with a page.
 */

/** Lines above the table: what the extract is and how it was chosen (period, the date the filter used, filters). */
export interface XlsxSheet<R> {
  /** The sheet's tab (Excel allows 31 characters and none of `[]:*?/\`). */
  name: string;
  /** The first line bold, each in its own row above the table; an empty row separates them from the table. */
  lines: readonly string[];
  columns: readonly CsvColumn<R>[];
  rows: readonly R[];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DATE_FORMAT = 'dd.mm.yyyy';
export const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm';
export const AMOUNT_FORMAT = '0.00';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;
// Characters XML 1.0 cannot hold: a file with one of them is refused by Excel as damaged.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is matched
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Excel's limit for the text of one cell. */
const MAX_TEXT = 32_767;

/**
 * `2026-11-23` (or `2026-11-23 14:30`) as the moment Excel stores for that wall-clock day and time: Excel's dates
 * have no zone, and exceljs writes a Date by its UTC fields. Null for anything that is not a real day.
 */
export function excelDate(value: string): { date: Date; time: boolean } | null {
  const m = isoDate.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return { date, time: m[4] !== undefined };
}

export function xlsxText(value: string): string {
  return value.replace(notXml, '').slice(0, MAX_TEXT);
}

/** A cell's value and, where Excel needs one, its number format. */
export function xlsxCell(
  kind: CsvColumn<unknown>['kind'],
  value: string | number | boolean | null | undefined,
): { value: string | number | Date | null; numFmt?: string } {
  if (value === null || value === undefined || value === '') return { value: null };
  switch (kind) {
    case 'amount':
      return typeof value === 'number' && Number.isFinite(value)
        ? { value: Math.round(value * 100) / 100, numFmt: AMOUNT_FORMAT }
        : { value: null };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { value } : { value: null };
    case 'boolean':
      return { value: value ? 1 : 0 };
    case 'date': {
      // A value that is no well-formed date is written as it came, as text (as in the CSV).
      const d = excelDate(String(value));
      return d
        ? { value: d.date, numFmt: d.time ? DATE_TIME_FORMAT : DATE_FORMAT }
        : { value: xlsxText(String(value)) };
    }
    default:
      return { value: xlsxText(String(value)) };
  }
}

/** A sheet name Excel accepts. */
function sheetName(name: string): string {
  return (
    xlsxText(name)
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

/** Characters a column needs, from its header's longest word and its first rows' cells. */
function widthOf(header: string, cells: readonly (string | number | Date | null)[]): number {
  let n = Math.max(...header.split(/\s+/).map((w) => w.length), 6);
  for (const c of cells) {
    const len = c instanceof Date ? 10 : c === null ? 0 : String(c).length;
    if (len > n) n = len;
  }
  return Math.min(n + 2, 60);
}

/** The workbook's file: one sheet with the lines, the header row (bold, frozen, with filters) and the rows. */
export async function toXlsx<R>(sheet: XlsxSheet<R>): Promise<ArrayBuffer> {
  const module = await import('exceljs');
  // The browser build is a CommonJS bundle: its classes come as the default export.
  const Excel = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new Excel.Workbook();
  workbook.created = new Date();
  const headerRow = sheet.lines.length > 0 ? sheet.lines.length + 2 : 1;
  const ws = workbook.addWorksheet(sheetName(sheet.name), {
    views: [{ state: 'frozen', ySplit: headerRow }],
  });
  sheet.lines.forEach((line, i) => {
    const cell = ws.getCell(i + 1, 1);
    cell.value = xlsxText(line);
    if (i === 0) cell.font = { bold: true, size: 13 };
  });
  const header = ws.getRow(headerRow);
  header.values = sheet.columns.map((c) => xlsxText(c.header));
  header.font = { bold: true };
  const sample: (string | number | Date | null)[][] = sheet.columns.map(() => []);
  let r = headerRow;
  for (const row of sheet.rows) {
    r++;
    const out = ws.getRow(r);
    sheet.columns.forEach((c, i) => {
      const { value, numFmt } = xlsxCell(c.kind, c.value(row));
      if (value === null) return;
      const cell = out.getCell(i + 1);
      cell.value = value;
      if (numFmt) cell.numFmt = numFmt;
      if (r - headerRow <= 200) sample[i].push(value);
    });
  }
  sheet.columns.forEach((c, i) => {
    ws.getColumn(i + 1).width = widthOf(c.header, sample[i]);
  });
  if (sheet.columns.length > 0) {
    ws.autoFilter = {
      from: { row: headerRow, column: 1 },
      to: { row: Math.max(r, headerRow), column: sheet.columns.length },
    };
  }
  const data: unknown = await workbook.xlsx.writeBuffer();
  // A Buffer (Node, and the browser build's stand-in) may be a view into a larger pool: copy out its own bytes, so
  // that the worker can hand the file over whole.
  const view = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data as ArrayBuffer);
  const own = new Uint8Array(view.byteLength);
  own.set(view);
  return own.buffer;
}

/** Hands the workbook to the browser as a download. */
export function xlsxBlob(data: ArrayBuffer | Uint8Array): Blob {
  return new Blob([data as BlobPart], { type: XLSX_TYPE });
}
