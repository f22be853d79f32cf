import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

/**
 * Lab uploads against the real reference service: files are built here (an HL7 message naming a seeded patient in
 * PID-3, a small PDF) under base names unique to this run, and chosen through the page's "Choose files" button.
 */

const auth = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
const run = Date.now().toString(36);

interface Patient {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string | null;
}

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/v1${path}`, { data, headers: auth });
  const body = await res.json();
  expect(body.status, `${path}: ${body.msg}`).toBe(true);
  return body.result as T;
}

/** A seeded patient that is not deleted, read through the API. */
async function seededPatient(request: APIRequestContext): Promise<Patient> {
  return post<Patient>(request, '/system/getCustomerById', { patid: 7 });
}

function hl7For(p: Patient, controlId: string): Buffer {
  const dob = (p.dob ?? '1970-01-01').replaceAll('-', '');
  const segments = [
    `MSH|^~\\&|LABSYS|Labor Risch|PRAXIS|Praxis|20261120093000||ORU^R01|${controlId}|P|2.5`,
    `PID|1||${p.patid}||${p.lastname}^${p.firstname}||${dob}`,
    'OBR|1|||^Blutbild|||20261120090000',
    'OBX|1|NM|718-7^Haemoglobin||14.1|g/dl|12.0-16.0|N|||F',
    'OBX|2|NM|6690-2^Leukozyten||11.2|G/l|4.0-10.0|H|||F',
  ];
  return Buffer.from(`${segments.join('\r')}\r`, 'utf8');
}

function pdfFor(name: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`, 'latin1');
}

/** Opens the file picker by keyboard (the button, then Enter) and chooses the files in the given order. */
async function chooseFiles(page: Page, files: { name: string; buffer: Buffer; mimeType: string }[]) {
  const button = page.getByRole('button', { name: 'Choose files' });
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(files);
}

function uploadRow(page: Page, filename: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: filename }) });
}

/** The file names sent to laborUpload, in order. */
/**
 * Gives a request every chance to show up before a test says there was none: the page's timers run a second on, and
 * a request of the page's own comes back (the browser reports requests in the order they are made).
 */
async function letRequestsOut(page: Page): Promise<void> {
  await page.clock.runFor(1_000);
  await page.evaluate(() => fetch('/healthz').then((r) => r.text()));
}

function watchUploads(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/v1/labor/upload')) {
      const body = req.postDataJSON() as { filename?: string } | null;
      sent.push(body?.filename ?? '?');
    }
  });
  return sent;
}

test('uploads a PDF and then its HL7 message, pairs them, refuses a duplicate and keeps the list', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const patient = await seededPatient(request);
  const base = `e2e-lab-${run}`;
  const hl7 = {
    name: `${base}.hl7`,
    buffer: hl7For(patient, `C${run}`),
    mimeType: 'application/octet-stream',
  };
  const pdf = { name: `${base}.pdf`, buffer: pdfFor(base), mimeType: 'application/pdf' };
  const sent = watchUploads(page);

  await signIn(page, { path: '/lab' });
  await expect(page.getByRole('heading', { level: 1, name: 'Lab results' })).toBeVisible();
  await expect(page.getByText('same base name')).toBeVisible();
  await expect(page.getByText('taken from the HL7 content only')).toBeVisible();
  await expect(page.getByTestId('no-labor-module')).toHaveCount(0);

  // Reverse order: the PDF first, then its HL7 message.
  await chooseFiles(page, [pdf, hl7]);
  await expect(uploadRow(page, pdf.name)).toContainText('Saved on the practice server.');
  await expect(uploadRow(page, hl7.name)).toContainText('Saved on the practice server.');
  await expect(uploadRow(page, pdf.name)).toContainText('Accepted');
  expect(sent).toEqual([pdf.name, hl7.name]);
  // Each row names the patient and leads to the journal.
  const known = `${patient.lastname} ${patient.firstname}`;
  await expect(uploadRow(page, hl7.name)).toContainText(`Known: ${known} (no. ${patient.patid})`);
  await expect(uploadRow(page, pdf.name)).toContainText(`From ${hl7.name}`);
  await expect(
    uploadRow(page, hl7.name).getByRole('link', { name: `Open the journal of ${known}` }),
  ).toHaveAttribute('href', `/patients/${patient.patid}?tab=journal`);

  // The service paired them: the patient's new Labor entry carries the PDF.
  const history = await post<{ category: string; attachments: { file: string }[] }[]>(
    request,
    '/hx/getPatientHistory',
    { patid: patient.patid },
  );
  const entry = history.find((h) => h.category === 'Labor' && h.attachments.some((a) => a.file === pdf.name));
  expect(entry, 'a Labor entry with the PDF attached').toBeDefined();

  // The same HL7 again: already there, nothing to do, and no retry.
  await chooseFiles(page, [hl7]);
  const duplicate = page.getByRole('row').filter({ hasText: 'This file is already on the practice server.' });
  await expect(duplicate).toHaveCount(1);
  await expect(duplicate).toContainText('Nothing to do.');
  await expect(duplicate).toContainText('Already uploaded');
  await expect(duplicate.getByRole('button', { name: `Send ${hl7.name} again` })).toHaveCount(0);
  expect(sent).toEqual([pdf.name, hl7.name, hl7.name]);

  // The list stays while the user works elsewhere in the app.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lab results' }).click();
  await expect(uploadRow(page, pdf.name)).toContainText('Saved on the practice server.');
  await expect(uploadRow(page, hl7.name)).toHaveCount(2);
  await expect(page.getByTestId('upload-summary')).toHaveText(
    '2 accepted, 1 already uploaded, 0 refused or failed, 0 in progress, 0 not sent',
  );

  await expectNoAxeViolations(page);
});

test('explains an HL7 file for an unknown patient, creates the patient from it, and then sends it to that patient', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lastname = `Unbekannt${run}`;
  const unknown = { patid: 987654, lastname, firstname: 'Hans', dob: '1960-02-01' };
  const file = { name: `e2e-unknown-${run}.hl7`, buffer: hl7For(unknown, `U${run}`), mimeType: 'text/plain' };
  const sent = watchUploads(page);

  await signIn(page, { path: '/lab' });
  await chooseFiles(page, [file]);
  const row = uploadRow(page, file.name);
  await expect(row).toContainText('Held: patient unknown');
  await expect(row).toContainText(
    `No patient with number 987654 or named ${lastname} Hans, born 01.02.1960. Create the patient (then the file is sent), or ask the laboratory for a corrected message.`,
  );
  expect(sent).toEqual([]);
  await expectNoAxeViolations(page);

  // The app's one new-patient dialog, filled in from the message; the person chooses the gender.
  await row.getByRole('button', { name: 'Create the patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'New patient' });
  await expect(dialog.getByLabel('Last name')).toHaveValue(lastname);
  await expect(dialog.getByLabel('First name')).toHaveValue('Hans');
  await expect(dialog.getByLabel(/Date of birth/)).toHaveValue('01.02.1960');
  expect(sent).toEqual([]);
  await dialog.getByRole('radio', { name: 'Male', exact: true }).check();
  await dialog.getByRole('button', { name: 'Create patient' }).click();
  await expect(dialog).toHaveCount(0);

  // Checked again and sent: it lands in the new patient's journal.
  await expect(row).toContainText('Accepted', { timeout: 15_000 });
  expect(sent).toEqual([file.name]);
  const found = (await (
    await request.post('/v1/system/searchPatients', { data: { lastname, dob: '1960-02-01' }, headers: auth })
  ).json()) as { results: Patient[] };
  const [created] = found.results;
  await expect(row).toContainText(`Known: ${lastname} Hans (no. ${created.patid})`);
  const entries = await post<{ category: string; text: string }[]>(request, '/hx/getPatientHistory', {
    patid: created.patid,
    category: 'Labor',
  });
  expect(entries).toHaveLength(1);
});

test('holds a message whose number belongs to another patient than its name: nothing is sent', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await seededPatient(request);
  const stranger = { patid: owner.patid, lastname: 'Muster', firstname: 'Hans', dob: '1970-01-01' };
  const file = {
    name: `e2e-mismatch-${run}.hl7`,
    buffer: hl7For(stranger, `M${run}`),
    mimeType: 'text/plain',
  };
  const sent = watchUploads(page);

  await signIn(page, { path: '/lab' });
  await chooseFiles(page, [file]);
  const row = uploadRow(page, file.name);
  await expect(row).toContainText('Held: number and name do not match');
  const born = (owner.dob ?? '').split('-').reverse().join('.');
  await expect(row).toContainText(
    `Number ${owner.patid} is ${owner.lastname} ${owner.firstname}, born ${born}, but the message names Muster Hans, born 01.01.1970. Nothing was sent.`,
  );
  await expect(row).toContainText('Ask the laboratory for a corrected message.');
  await expect(
    row.getByRole('link', { name: `Open the record of ${owner.lastname} ${owner.firstname}` }),
  ).toHaveAttribute('href', `/patients/${owner.patid}`);
  await letRequestsOut(page);
  expect(sent).toEqual([]);
  await expectNoAxeViolations(page);

  // The service refuses the same file from any other client, and stores nothing.
  const answer = await (
    await request.post('/v1/labor/upload', {
      data: { filename: file.name, content: file.buffer.toString('base64') },
      headers: auth,
    })
  ).json();
  expect(answer).toEqual({
    status: 400,
    msg: `Patient data do not match: number ${owner.patid} is ${owner.lastname} ${owner.firstname}, born ${born}.`,
  });
});

test('stops a file with another extension before sending anything', async ({ page }) => {
  test.setTimeout(60_000);
  const sent = watchUploads(page);
  await signIn(page, { path: '/lab' });
  const name = `e2e-lab-${run}-notes.txt`;
  await chooseFiles(page, [{ name, buffer: Buffer.from('not a lab file'), mimeType: 'text/plain' }]);
  const row = uploadRow(page, name);
  await expect(row).toContainText('Only .hl7 and .pdf files can be uploaded.');
  await expect(row).toContainText('Not sent');
  await expect(row.getByRole('button', { name: /again/ })).toHaveCount(0);
  await letRequestsOut(page);
  expect(sent).toEqual([]);

  await row.getByRole('button', { name: `Remove ${name} from the list` }).click();
  await expect(uploadRow(page, name)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('says before any upload that an API key without module labor cannot upload', async ({ page }) => {
  test.setTimeout(60_000);
  const sent = watchUploads(page);
  await page.goto('/lab');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Sign in with' }).getByText('API key').click();
  await page.getByRole('textbox', { name: 'API key' }).fill('demo-key-nolabor');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lab results' })).toBeVisible({ timeout: 15_000 });
  const warning = page.getByRole('alert').filter({ hasText: 'not enabled for this sign-in' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('module labor');
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeDisabled();
  expect(sent).toEqual([]);
  await expectNoAxeViolations(page);
});
