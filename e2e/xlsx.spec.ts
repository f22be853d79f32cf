import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

/**
 * The Excel workbook beside the CSV (issue 33, docs/decisions/0042-excel-workbooks-beside-the-csv.md): a person
 * downloads it from the accounting page and from the statistics, and it is read back here with the library the app
 * writes it with. What Excel shows depends on the cells' types: codes must be text (their zeros and dots kept),
 * dates Excel dates shown dd.mm.yyyy, amounts numbers shown with two decimals.
 */

// A month's extract, names looked up, exceljs loaded on the click: more than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function inLanguage(page: Page, language: string): Promise<void> {
  await signIn(page);
  await page.evaluate((lng) => window.localStorage.setItem('praxis.language', lng), language);
}

interface Sheet {
  name: string;
  /** The lines above the table. */
  lines: string[];
  header: string[];
  rows: ExcelJS.Row[];
  col: (header: string) => number;
}

async function downloadWorkbook(
  page: Page,
  button: RegExp | string,
): Promise<{ filename: string; sheet: Sheet }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: typeof button === 'string' }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile(await file.path())).buffer);
  const ws = workbook.worksheets[0];
  const lines: string[] = [];
  let r = 1;
  for (; ws.getRow(r).cellCount > 0; r++) lines.push(String(ws.getRow(r).getCell(1).value));
  // One empty row between the lines and the header.
  const headerRow = lines.length > 0 ? r + 1 : 1;
  const header = (ws.getRow(headerRow).values as unknown[]).slice(1).map(String);
  const rows: ExcelJS.Row[] = [];
  for (let i = headerRow + 1; i <= ws.rowCount; i++) rows.push(ws.getRow(i));
  const col = (name: string) => {
    const i = header.indexOf(name);
    expect(i, `column ${name} in ${header.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return i + 1;
  };
  return { filename: file.suggestedFilename(), sheet: { name: ws.name, lines, header, rows, col } };
}

const isDay = (v: unknown) => v instanceof Date && v.getUTCHours() === 0 && v.getUTCMinutes() === 0;

test('the services of a month come as an Excel workbook with text codes, real dates and amounts', async ({
  page,
}) => {
  await inLanguage(page, 'de');
  await page.goto('/accounting');
  const table = page.getByRole('table', { name: 'Leistungen' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  const shown = Number(/^(\d+) von/.exec((await page.getByTestId('row-count').textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(0);
  await expect(page.getByTestId('export-chosen-by')).toHaveText('Ausgewählt nach Leistungsdatum');

  const { filename, sheet } = await downloadWorkbook(page, /angezeigten Zeilen als Excel exportieren/);
  expect(filename).toMatch(/^services_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(sheet.name).toBe('Leistungen');
  expect(sheet.lines[0]).toBe('Leistungen – ausgewählt nach Leistungsdatum');
  expect(sheet.lines[1]).toMatch(/^Zeitraum: 01\.\d{2}\.\d{4} bis \d{2}\.\d{2}\.\d{4}$/);
  expect(sheet.lines).toContain('Filter: keine');
  expect(sheet.rows).toHaveLength(shown);

  const [invoice, patid, patient, date, code, amount, vat, status, account] = [
    'Rechnungsnr.',
    'Patientennr.',
    'Patient',
    'Datum',
    'Code',
    'Betrag',
    'MWST',
    'Status',
    'Konto',
  ].map(sheet.col);
  // Checked in plain code, the misfits asserted once (an expect per cell would be tens of thousands of steps).
  const misfits = sheet.rows.flatMap((row) => {
    const v = (c: number) => row.getCell(c).value;
    const wrong = [
      typeof v(invoice) !== 'string' && `invoice ${v(invoice)}`,
      typeof v(code) !== 'string' && `code ${v(code)}`,
      typeof v(account) !== 'string' && `account ${v(account)}`,
      typeof v(patid) !== 'number' && `patid ${v(patid)}`,
      (typeof v(patient) !== 'string' || v(patient) === '') && `patient ${v(patient)}`,
      !isDay(v(date)) && `date ${v(date)}`,
      row.getCell(date).numFmt !== 'dd.mm.yyyy' && `date format ${row.getCell(date).numFmt}`,
      typeof v(amount) !== 'number' && `amount ${v(amount)}`,
      row.getCell(amount).numFmt !== '0.00' && `amount format ${row.getCell(amount).numFmt}`,
      typeof v(vat) !== 'number' && `vat ${v(vat)}`,
      !['Gedruckt', 'Nicht gedruckt'].includes(String(v(status))) && `status ${v(status)}`,
    ].filter(Boolean);
    return wrong.length ? [`row ${row.number}: ${wrong.join(', ')}`] : [];
  });
  expect(misfits).toEqual([]);
  // Invoice numbers keep their leading zeros (PPPPP-FFF): text, as the service writes them.
  expect(String(sheet.rows[0].getCell(invoice).value)).toMatch(/^\d{5}-\d{3}$/);
  // The file's days are the month on screen.
  const period = /(\d{2})\.(\d{2})\.(\d{4}) bis (\d{2})\.(\d{2})\.(\d{4})/.exec(sheet.lines[1]);
  expect(period).not.toBeNull();
  const [, d1, m1, y1, d2, m2, y2] = period as RegExpExecArray;
  const first = Date.UTC(+y1, +m1 - 1, +d1);
  const last = Date.UTC(+y2, +m2 - 1, +d2);
  const outside = sheet.rows.filter((row) => {
    const t = (row.getCell(date).value as Date).getTime();
    return t < first || t > last;
  });
  expect(outside.map((r) => r.number)).toEqual([]);
  // The sum of the file is the total on screen.
  const cents = sheet.rows.reduce((n, row) => n + Math.round((row.getCell(amount).value as number) * 100), 0);
  const francs = `${Math.floor(Math.abs(cents) / 100)}`.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  await expect(page.getByRole('table', { name: 'Summen nach Status' }).getByRole('row').last()).toContainText(
    `CHF ${cents < 0 ? '-' : ''}${francs}.${String(Math.abs(cents) % 100).padStart(2, '0')}`,
  );
});

test('the payments workbook says it was chosen by the booking date, and shows the entry date as a date', async ({
  page,
}) => {
  await inLanguage(page, 'de');
  await page.goto('/accounting?tab=payments');
  await expect(page.getByRole('table', { name: 'Zahlungen' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 60_000,
  });
  // On screen, beside the buttons: by which date the rows were chosen.
  await expect(page.getByTestId('export-chosen-by')).toHaveText('Ausgewählt nach Buchungsdatum');
  const { filename, sheet } = await downloadWorkbook(
    page,
    /als Excel exportieren, ausgewählt nach Buchungsdatum/,
  );
  expect(filename).toMatch(/^payments_.*\.xlsx$/);
  expect(sheet.name).toBe('Zahlungen');
  expect(sheet.lines[0]).toBe('Zahlungen – ausgewählt nach Buchungsdatum');
  expect(sheet.lines[2]).toContain('Die Spalte «Erfassungsdatum» zeigt das Erfassungsdatum');
  expect(sheet.lines.at(-1)).toMatch(/^Erstellt am \d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}$/);
  const [account, accountName, entry, amount, invoice] = [
    'Konto',
    'Kontobezeichnung',
    'Erfassungsdatum',
    'Betrag',
    'Rechnungsnr.',
  ].map(sheet.col);
  expect(sheet.rows.length).toBeGreaterThan(0);
  const misfits = sheet.rows.flatMap((row) => {
    const v = (c: number) => row.getCell(c).value;
    const wrong = [
      // `1020` as text: an account is a code, not a quantity.
      typeof v(account) !== 'string' && `account ${v(account)}`,
      typeof v(invoice) !== 'string' && `invoice ${v(invoice)}`,
      !isDay(v(entry)) && `entry date ${v(entry)}`,
      row.getCell(entry).numFmt !== 'dd.mm.yyyy' && `entry format ${row.getCell(entry).numFmt}`,
      typeof v(amount) !== 'number' && `amount ${v(amount)}`,
      row.getCell(amount).numFmt !== '0.00' && `amount format ${row.getCell(amount).numFmt}`,
    ].filter(Boolean);
    return wrong.length ? [`row ${row.number}: ${wrong.join(', ')}`] : [];
  });
  expect(misfits).toEqual([]);
  expect(sheet.rows.some((row) => row.getCell(accountName).value === 'Bank')).toBe(true);
});

test('a filter shows in the workbook, in French too', async ({ page }) => {
  await inLanguage(page, 'fr');
  await page.goto('/accounting?law=UVG');
  await expect(page.getByRole('table', { name: 'Prestations' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('export-chosen-by')).toHaveText('Sélection selon la date de prestation');
  const { sheet } = await downloadWorkbook(page, /Exporter en Excel/);
  expect(sheet.lines[0]).toBe('Prestations – sélection selon la date de prestation');
  // UVG is the LAA in French.
  expect(sheet.lines).toContain('Filtres\u202f: Loi LAA');
  const law = sheet.col('Loi');
  expect(sheet.rows.length).toBeGreaterThan(0);
  expect(sheet.rows.filter((row) => row.getCell(law).value !== 'LAA').map((r) => r.number)).toEqual([]);
});

test('the statistics by day come as a workbook with Excel dates and amounts', async ({ page }) => {
  await inLanguage(page, 'de');
  await page.goto('/stats?groupBy=day&metric=revenue&pipeline=1');
  const table = page.getByTestId('stats-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  const screenRows = await table
    .getByRole('row')
    .evaluateAll((trs) =>
      trs.slice(1).map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())),
    );

  const { filename, sheet } = await downloadWorkbook(page, 'Excel exportieren');
  expect(filename).toMatch(/^leads_revenue_day_.*\.xlsx$/);
  expect(sheet.lines[0]).toBe('Umsatz (CHF) nach Tag');
  expect(sheet.lines[1]).toBe('Filter: Pipeline: Patienten');
  expect(sheet.header).toEqual(['Tag', 'Umsatz (CHF)', 'Anteil (%)']);
  expect(sheet.rows).toHaveLength(screenRows.length);
  const days = sheet.rows.slice(0, -1);
  expect(days.length).toBeGreaterThan(0);
  const misfits = days.flatMap((row, i) => {
    const [label, value] = screenRows[i];
    const day = row.getCell(1).value;
    const shownDay = isDay(day)
      ? `${String((day as Date).getUTCDate()).padStart(2, '0')}.${String((day as Date).getUTCMonth() + 1).padStart(2, '0')}.${(day as Date).getUTCFullYear()}`
      : String(day);
    const amount = row.getCell(2).value;
    const wrong = [
      shownDay !== label && `day ${shownDay} on screen ${label}`,
      row.getCell(1).numFmt !== 'dd.mm.yyyy' && `day format ${row.getCell(1).numFmt}`,
      typeof amount !== 'number' && `amount ${amount}`,
      typeof amount === 'number' &&
        amount.toFixed(2) !== value.replace(/^CHF\s/, '').replace(/'/g, '') &&
        `amount ${amount} on screen ${value}`,
      row.getCell(2).numFmt !== '0.00' && `amount format ${row.getCell(2).numFmt}`,
    ].filter(Boolean);
    return wrong.length ? [`row ${row.number}: ${wrong.join(', ')}`] : [];
  });
  expect(misfits).toEqual([]);
  const total = sheet.rows.at(-1) as ExcelJS.Row;
  expect(total.getCell(1).value).toBe('Total');
  expect(typeof total.getCell(2).value).toBe('number');
});

test('the statistics by month keep the month as on screen, the count as a whole number', async ({ page }) => {
  await inLanguage(page, 'de');
  await page.goto('/stats?groupBy=month');
  await expect(page.getByTestId('stats-table').getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  const { sheet } = await downloadWorkbook(page, 'Excel exportieren');
  expect(sheet.header).toEqual(['Monat', 'Anzahl', 'Anteil (%)']);
  expect(sheet.lines[1]).toBe('Filter: keine (alle Leads)');
  const first = sheet.rows[0];
  expect(first.getCell(1).value).toMatch(/^\S+ \d{4}$/);
  expect(Number.isInteger(first.getCell(2).value)).toBe(true);
  expect(typeof first.getCell(3).value).toBe('number');
});
