import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

/**
 * Patients against the real reference service: search by every criterion searchPatients allows, the patient page
 * (journal with filters, an attachment), a new patient after the duplicate warning, and Ctrl+K from anywhere.
 * Search tests use a patient made for this run (unique name, mail, AHV number); the journal a seeded patient read
 * through the API first.
 */

/** A shared, busy machine: the UI may need more than the default 7 s to follow. */
const expect = baseExpect.configure({ timeout: 20_000 });

const auth = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
const run = Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
const digits = () => String(Date.now() % 1e8).padStart(8, '0');

interface Envelope<T> {
  status: boolean;
  msg: string;
  result: T;
  results?: T;
}

async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<Envelope<T>> {
  const res = await request.post(`/v1${path}`, { data, headers: auth });
  return (await res.json()) as Envelope<T>;
}

interface Patient {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string | null;
}

interface Entry {
  historyid: number;
  category: string;
  text: string;
  teaser: string;
  attachments: { file: string; md5: string; size: number }[];
}

async function createPatient(request: APIRequestContext, data: Record<string, string>): Promise<number> {
  const body = await api<{ id: number }>(request, '/system/createCustomer', data);
  expect(body.status, body.msg).toBe(true);
  return body.result.id;
}

function searchForm(page: Page): Locator {
  return page.getByRole('search', { name: 'Patient search' });
}

function results(page: Page): Locator {
  return page.getByRole('table', { name: 'Search results' });
}

/** Free text search on /patients. */
async function quickSearch(page: Page, text: string) {
  const field = searchForm(page).getByRole('textbox', { name: 'Search', exact: true });
  await field.fill(text);
  await field.press('Enter');
}

/** The single criteria on /patients: fills these, empties those filled before. */
async function detailedSearch(
  page: Page,
  criteria: Record<string, string>,
  before: Record<string, string> = {},
) {
  const form = searchForm(page);
  const toggle = form.getByRole('button', { name: 'Search by single criteria' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await form.getByRole('textbox', { name: 'Search', exact: true }).fill('');
  for (const label of new Set([...Object.keys(before), ...Object.keys(criteria)])) {
    await form.getByRole('textbox', { name: label }).fill(criteria[label] ?? '');
  }
  await form.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('patients', () => {
  // A shared, busy machine: sign-in and search take their time.
  test.describe.configure({ timeout: 120_000 });

  const me = {
    lastname: `Zuercher${run}`,
    firstname: `Fiona${run}`,
    dob: `1912-0${(Date.now() % 9) + 1}-1${Date.now() % 9}`,
    mail: `fiona.${run}@example.ch`,
    ahv: `756.${digits().slice(0, 4)}.${digits().slice(4, 8)}.${String(Date.now() % 97).padStart(2, '0')}`,
  };
  const fullName = `${me.lastname}, ${me.firstname}`;
  let patid = 0;

  test.beforeAll(async ({ request }) => {
    patid = await createPatient(request, {
      ...me,
      gender: 'female',
      countrycode: 'ch',
      city: 'Winterthur',
      language: 'de',
    });
  });

  test('finds a patient by each criterion searchPatients allows', async ({ page }) => {
    await signIn(page, { path: '/patients' });
    const row = results(page).getByRole('link', { name: fullName });
    const [dd, mm, yyyy] = [me.dob.slice(8, 10), me.dob.slice(5, 7), me.dob.slice(0, 4)];

    // Free text: part of the last name, the patient number, the mail, the AHV number, the date of birth.
    const inputs = [me.lastname.slice(2, -1), String(patid), me.mail, me.ahv, `${dd}.${mm}.${yyyy}`];
    for (const text of inputs) {
      await quickSearch(page, text);
      // The search text stays out of the address (nDSG: names, dates of birth, AHV numbers in no history).
      await expect(page).toHaveURL(/\/patients$/);
      await expect(row, `search for ${text}`).toBeVisible();
    }

    // Single criteria: the first name, the date of birth as YYYY-MM-DD, the AHV number without dots.
    const single: Record<string, string>[] = [
      { 'First name': me.firstname },
      { 'Date of birth': me.dob },
      { 'AHV no.': me.ahv.replaceAll('.', '') },
    ];
    let before: Record<string, string> = {};
    for (const criteria of single) {
      await detailedSearch(page, criteria, before);
      await expect(row, `search for ${JSON.stringify(criteria)}`).toBeVisible();
      before = criteria;
    }

    // A mail must match exactly: a part finds nothing.
    await quickSearch(page, `x${me.mail}`);
    await expect(page.getByText('No patient found')).toBeVisible();

    await quickSearch(page, me.lastname);
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);

    // Enter on the name opens the patient.
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/patients/${patid}$`));
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  });

  test('Ctrl+K searches from anywhere and Enter opens the patient', async ({ page }) => {
    await signIn(page, { path: '/settings' });
    await page.keyboard.press('Control+k');
    const field = page.getByRole('combobox', { name: 'Search patients' });
    await expect(field).toBeFocused();
    await field.fill(`${me.lastname} ${me.firstname}`);
    // The patient's own option (its name starts with theirs), not "Book appointment for …" right after it.
    const hit = page.getByRole('option', { name: new RegExp(`^${fullName},`) });
    await expect(hit).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/patients/${patid}$`));
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();

    // The header field too: a date of birth.
    await field.click();
    await field.fill(me.dob);
    await expect(page.getByRole('option', { name: new RegExp(`^${fullName},`) })).toBeVisible();
  });

  test('reads the journal with filters and opens an attachment', async ({ page, request }) => {
    // A seeded patient with history and attachments, found through the API.
    let chosen: { patient: Patient; entries: Entry[] } | null = null;
    for (let id = 1; id <= 20 && !chosen; id++) {
      const found = await api<Patient[]>(request, '/system/searchPatients', { patid: id });
      const patient = found.results?.[0];
      if (!patient) continue;
      const hx = await api<Entry[]>(request, '/hx/getPatientHistory', { patid: id, limit: 50 });
      if (hx.result.some((e) => e.attachments.length > 0) && hx.result.some((e) => e.category === 'Labor')) {
        chosen = { patient, entries: hx.result };
      }
    }
    expect(chosen, 'a seeded patient with a journal and attachments').not.toBeNull();
    if (!chosen) return;
    const { patient, entries } = chosen;

    await signIn(page, { path: `/patients/${patient.patid}` });
    await expect(
      page.getByRole('heading', { level: 1, name: `${patient.lastname}, ${patient.firstname}` }),
    ).toBeVisible();
    const journal = page.getByRole('tabpanel', { name: 'Journal' });
    const items = journal
      .getByRole('listitem')
      .filter({ has: page.getByText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/) });
    await expect(items).toHaveCount(entries.length);
    await expectNoAxeViolations(page);

    // Category filter (prefix): only Labor entries, as many as the service lists.
    const labor = await api<Entry[]>(request, '/hx/getPatientHistory', {
      patid: patient.patid,
      category: 'Lab',
    });
    await journal.getByLabel('Category', { exact: true }).fill('Lab');
    await expect(items).toHaveCount(labor.result.length);
    for (const badge of await items.locator('.mantine-Badge-root').allTextContents())
      expect(badge).toBe('Labor');

    // Text filter on top: a word of the first Labor entry.
    const word = labor.result[0].text.split(/[\s:]+/)[0];
    const both = labor.result.filter((e) => e.text.toLowerCase().includes(word.toLowerCase()));
    await journal.getByRole('textbox', { name: 'Text' }).fill(word);
    await expect(items).toHaveCount(both.length);
    await journal.getByLabel('Category', { exact: true }).fill('');
    await journal.getByRole('textbox', { name: 'Text' }).fill('');
    await expect(items).toHaveCount(entries.length);

    // An attachment: its size shown, downloaded with its name and bytes, and opened in a new tab.
    const withFile = entries.find((e) => e.attachments.length > 0);
    if (!withFile) return;
    const file = withFile.attachments[0];
    await expect(journal.getByText(file.file).first()).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      journal
        .getByRole('button', { name: `Download ${file.file}` })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(file.file);
    const bytes = await readFile(await download.path());
    expect(bytes.byteLength).toBe(file.size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      journal
        .getByRole('button', { name: `Open ${file.file}` })
        .first()
        .click(),
    ]);
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();
  });

  test('creates a patient after showing the possible duplicate', async ({ page, request }) => {
    const twin = { lastname: `Doppel${run}`, firstname: 'Lena', dob: '1985-06-15' };
    const existing = await createPatient(request, { ...twin, gender: 'female' });

    await signIn(page, { path: '/patients' });
    await page.getByRole('button', { name: 'New patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'New patient' });
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(twin.lastname);
    await dialog.getByRole('textbox', { name: 'First name' }).fill(twin.firstname);
    await dialog.getByRole('radio', { name: 'Female' }).check();
    await dialog.getByRole('textbox', { name: 'Date of birth' }).fill('15.06.1985');
    await dialog.getByRole('textbox', { name: 'Country code' }).fill('CH');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Bern');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Create patient' }).click();

    const warning = page.getByRole('dialog', { name: 'Possible duplicates' });
    await expect(warning.getByRole('alert')).toContainText('Before anything is created');
    await expect(warning.getByRole('link', { name: `${twin.lastname}, ${twin.firstname}` })).toHaveAttribute(
      'href',
      `/patients/${existing}`,
    );
    await warning.getByRole('button', { name: 'Create anyway' }).click();

    await expect(page).toHaveURL(/\/patients\/\d+$/);
    const created = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(created).not.toBe(existing);
    await expect(
      page.getByRole('heading', { level: 1, name: `${twin.lastname}, ${twin.firstname}` }),
    ).toBeVisible();

    const stored = await api<(Patient & { countrycode: string })[]>(request, '/system/searchPatients', {
      lastname: twin.lastname,
    });
    expect(stored.results?.map((p) => p.patid).sort((a, b) => a - b)).toEqual([existing, created]);
    const fresh = stored.results?.find((p) => p.patid === created);
    expect(fresh).toMatchObject({ dob: '1985-06-15', countrycode: 'ch' });
  });

  test('lists a similar name of the same birth date and the same mobile in another format before creating anything', async ({
    page,
    request,
  }) => {
    const n = digits();
    const fischer = {
      lastname: `Fischer${run}`,
      firstname: 'Nina',
      dob: '1921-06-12',
      mobile: `+41 79 ${n.slice(1, 4)} ${n.slice(4, 6)} ${n.slice(6, 8)}`,
    };
    const existing = await createPatient(request, { ...fischer, gender: 'female' });
    const creates: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/v1/system/createCustomer')) creates.push(req.postData() ?? '');
    });

    await signIn(page, { path: '/patients' });
    await page.getByRole('button', { name: 'New patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'New patient' });
    // One letter less, the same sound, the same birth date.
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Fisher${run}`);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await dialog.getByRole('radio', { name: 'Female' }).check();
    await dialog.getByRole('textbox', { name: 'Date of birth' }).fill('12.06.1921');
    await dialog.getByRole('button', { name: 'Create patient' }).click();

    const warning = page.getByRole('dialog', { name: 'Possible duplicates' });
    const match = warning.getByRole('listitem').filter({ hasText: `#${existing}` });
    await expect(match).toContainText('Same birth date, similar name');
    await expect(match.getByRole('link', { name: `${fischer.lastname}, Nina` })).toHaveAttribute(
      'href',
      `/patients/${existing}`,
    );
    expect(creates).toEqual([]);

    // Separately: another person, whose mobile is Nina Fischer's, written as 0041….
    await warning.getByRole('button', { name: 'Back to the form' }).click();
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Brunner${run}`);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Lea');
    await dialog.getByRole('textbox', { name: 'Date of birth' }).fill('03.04.2001');
    await dialog.getByRole('textbox', { name: 'Mobile' }).fill(`004179${n.slice(1)}`);
    await dialog.getByRole('button', { name: 'Create patient' }).click();
    await expect(warning.getByRole('listitem').filter({ hasText: `#${existing}` })).toContainText(
      'Same mobile number',
    );
    expect(creates).toEqual([]);

    // They share the family's mobile: created anyway, after confirming.
    await warning.getByRole('button', { name: 'Create anyway' }).click();
    await expect(page).toHaveURL(/\/patients\/\d+$/);
    const created = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(created).not.toBe(existing);
    expect(creates).toHaveLength(1);
    expect(JSON.parse(creates[0] ?? '{}')).toMatchObject({ lastname: `Brunner${run}`, dob: '2001-04-03' });
  });
});
