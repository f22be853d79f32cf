import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

/**
 * Every export ready for Excel (issue 27, docs/decisions/0027-exports-ready-for-excel.md): a person downloads the
 * file from the screen, and it is read here as Excel in Switzerland reads it: UTF-8 byte order mark, `;` between
 * fields, CRLF line ends, fields in double quotes where needed.
 */

// Each test reads a month's extract, looks up names and downloads files: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 240_000 });

const auth = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };

/** Signs in (the sign-in page is in English) and picks the language as a person does it once: kept on the device. */
async function inLanguage(page: Page, language: string): Promise<void> {
  await signIn(page);
  await page.evaluate((lng) => window.localStorage.setItem('praxis.language', lng), language);
}

/** RFC 4180 with `;`: what Excel does with a double-clicked CSV (the BOM tells it UTF-8). */
function parseAsExcel(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n'), 'the last line ends with CRLF').toBe(true);
  const rows: string[][] = [];
  const bare: number[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      // Collected and asserted once: an expect per character made tens of thousands of Playwright steps.
      if (c === '\n') bare.push(i);
      field += c;
    }
  }
  expect(bare, 'bare line breaks (outside quotes, without CR) at').toEqual([]);
  expect(quoted, 'every quote closed').toBe(false);
  return rows;
}

async function download(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { file, bytes: await readFile(path) };
}

async function patientName(request: APIRequestContext, patid: number): Promise<string> {
  const res = await request.post('/v1/system/getCustomerById', { data: { patid }, headers: auth });
  const p = (await res.json()).result as { lastname: string; firstname: string };
  return [p.lastname, p.firstname].filter(Boolean).join(', ');
}

test('the accounting CSV of a month opens in Excel with names, words and Swiss dates', async ({
  page,
  request,
}) => {
  await inLanguage(page, 'de');
  await page.goto('/accounting');
  const table = page.getByRole('table', { name: 'Leistungen' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  const count = await page.getByTestId('row-count').textContent();
  const shown = Number(/^(\d+) von/.exec(count ?? '')?.[1]);
  expect(shown).toBeGreaterThan(0);
  // The first row on screen: its patient by name (names are read as rows come into view: scroll there, as a person does).
  await table.scrollIntoViewIfNeeded();
  const firstPatient = table.getByRole('row').nth(1).getByRole('cell').nth(2);
  await expect(firstPatient).toHaveText(/^\S.*, .+ · \d+$/, { timeout: 60_000 });
  const onScreen = (await firstPatient.textContent()) ?? '';

  const { file, bytes } = await download(page, () =>
    page.getByRole('button', { name: /angezeigten Zeilen als CSV exportieren/ }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^services_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseAsExcel(bytes);
  expect(rows).toHaveLength(shown);
  // Each row checked in plain code and the misfits asserted once: an expect per cell made some 40,000 steps of
  // Playwright's (over a minute and a half of the test's time) for a month's few thousand rows.
  expect(rows.filter((r) => r.length !== header.length)).toEqual([]);
  const col = (name: string) => {
    const i = header.indexOf(name);
    expect(i, `column ${name} in ${header.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return i;
  };
  const [patid, patient, date, status, type, amount, provider, providerName] = [
    'Patientennr.',
    'Patient',
    'Datum',
    'Status',
    'Typ',
    'Betrag',
    'Leistungserbringer',
    'Leistungserbringer (Name)',
  ].map(col);

  expect(`${rows[0][patient]} · ${rows[0][patid]}`).toBe(onScreen);
  const misfits = rows.flatMap((r) => {
    const wrong = [
      !/^\d{2}\.\d{2}\.\d{4}$/.test(r[date]) && `date ${r[date]}`,
      !['Gedruckt', 'Nicht gedruckt'].includes(r[status]) && `status ${r[status]}`,
      !['Leistung', 'Medikament', 'Material'].includes(r[type]) && `type ${r[type]}`,
      !/^-?\d+\.\d{2}$/.test(r[amount]) && `amount ${r[amount]}`,
      r[patient] === '' && `no name for patient ${r[patid]}`,
      !/\S+ \S+/.test(r[providerName]) && `provider ${r[provider]}: ${r[providerName]}`,
    ].filter(Boolean);
    return wrong.length ? [`${r.join(';')}: ${wrong.join(', ')}`] : [];
  });
  expect(misfits).toEqual([]);
  // Names as the service knows them, for a few different patients.
  const sample = [...new Set(rows.map((r) => Number(r[patid])))].slice(0, 5);
  for (const id of sample) {
    const line = rows.find((r) => Number(r[patid]) === id);
    expect(line?.[patient]).toBe(await patientName(request, id));
  }
  // The sum of the file is the total on screen.
  const cents = rows.reduce((n, r) => n + Math.round(Number(r[amount]) * 100), 0);
  const total = page.getByRole('table', { name: 'Summen nach Status' }).getByRole('row').last();
  const francs = `${Math.floor(Math.abs(cents) / 100)}`.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  await expect(total).toContainText(
    `CHF ${cents < 0 ? '-' : ''}${francs}.${String(Math.abs(cents) % 100).padStart(2, '0')}`,
  );
});

test('the payments CSV in French names the accounts', async ({ page }) => {
  await inLanguage(page, 'fr');
  await page.goto('/accounting?tab=payments');
  await expect(page.getByRole('table', { name: 'Paiements' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 60_000,
  });
  const { bytes } = await download(page, () => page.getByRole('button', { name: /Exporter en CSV/ }).click());
  const [header, ...rows] = parseAsExcel(bytes);
  const account = header.indexOf('Compte');
  const name = header.indexOf('Nom du compte');
  const entry = header.indexOf('Date de saisie');
  expect(rows.length).toBeGreaterThan(0);
  const names = new Map([
    ['1000', 'Caisse'],
    ['1010', 'Poste'],
    ['1020', 'Banque'],
  ]);
  const misfits = rows.filter(
    (r) => r[name] !== (names.get(r[account]) ?? '') || !/^\d{2}\.\d{2}\.\d{4}$/.test(r[entry]),
  );
  expect(misfits).toEqual([]);
  // On screen: number and name.
  await expect(page.getByRole('table', { name: 'Totaux par compte' })).toContainText(
    /10[012]0 (Caisse|Poste|Banque)/,
  );
});

test('the statistics CSV holds the table shown, and the chart comes as a PNG', async ({ page }) => {
  await inLanguage(page, 'de');
  await page.goto('/stats?groupBy=month&metric=revenue');
  const table = page.getByTestId('stats-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  const screenRows = await table
    .getByRole('row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));

  const { file, bytes } = await download(page, () =>
    page.getByRole('button', { name: 'CSV exportieren', exact: true }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^leads_revenue_month_.*\.csv$/);
  const [header, ...rows] = parseAsExcel(bytes);
  expect(header).toEqual(['Monat', 'Umsatz (CHF)', 'Anteil (%)']);
  const [screenHeader, ...screenBody] = screenRows;
  expect(screenHeader[0]).toBe(header[0]);
  expect(rows).toHaveLength(screenBody.length);
  rows.forEach((r, i) => {
    const [label, value, share] = screenBody[i];
    expect(r[0]).toBe(label);
    // `CHF 1'234.50` on screen, `1234.50` in the file.
    expect(r[1]).toBe(value.replace(/^CHF\s/, '').replace(/'/g, ''));
    // The screen writes a no-break space before the sign (`2.7 %`).
    expect(r[2]).toBe(share.replace(/\s%$/, ''));
  });

  const png = await download(page, () => page.getByRole('button', { name: 'Diagramm als PNG' }).click());
  expect(png.file.suggestedFilename()).toMatch(/\.png$/);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.bytes.readUInt32BE(16);
  const height = png.bytes.readUInt32BE(20);
  expect(width).toBeGreaterThan(400);
  expect(height).toBeGreaterThan(300);
});

for (const width of [1440, 390]) {
  test(`no accounting header is cut at ${width} px in any language`, async ({ page }) => {
    // Signed in at the default width (the phone layout hides the main navigation signIn waits for).
    await signIn(page);
    await page.setViewportSize({ width, height: 900 });
    for (const [language, services, payments] of [
      ['de', 'Leistungen', 'Zahlungen'],
      ['fr', 'Prestations', 'Paiements'],
      ['it', 'Prestazioni', 'Pagamenti'],
      ['en', 'Services', 'Payments'],
    ]) {
      await page.evaluate((lng) => window.localStorage.setItem('praxis.language', lng), language);
      for (const [path, name] of [
        ['/accounting', services],
        ['/accounting?tab=payments', payments],
      ]) {
        await page.goto(path);
        const headers = page.getByRole('table', { name }).getByRole('columnheader');
        await expect(headers.first()).toBeVisible({ timeout: 60_000 });
        const cut = await headers.evaluateAll((ths) =>
          ths
            .filter((th) => th.scrollWidth > th.clientWidth + 1 || th.scrollHeight > th.clientHeight + 1)
            .map((th) => th.textContent),
        );
        expect(cut, `${language} ${path}`).toEqual([]);
      }
    }
  });
}
