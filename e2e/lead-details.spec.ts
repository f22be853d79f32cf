import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, practiceDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, signIn, typeDay, typeTime } from './support.ts';

/**
 * The lead details page, its timeline, admissions, deletion and patient link, and the new-lead form, against the
 * real reference service. Each test makes its own leads (and patients) through the API, with names unique to the
 * run, so other spec files never interfere.
 */

// The shared machine is busy when every spec runs; axe scans of a full page take a few seconds each.
test.describe.configure({ timeout: 60_000 });

const auth = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
const run = Date.now().toString(36);
let counter = 0;

function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${run}x${counter}`;
}

interface Envelope<T> {
  status: boolean;
  msg: string;
  result: T;
  pagination?: { total: number };
}

async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<Envelope<T>> {
  const res = await request.post(`/v1/${path}`, { data, headers: auth });
  const body = (await res.json()) as Envelope<T>;
  expect(body.status, `${path}: ${body.msg}`).toBe(true);
  return body;
}

async function createLead(request: APIRequestContext, lastname: string): Promise<number> {
  const body = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    contact: { lastname, firstname: 'Anna' },
    folderId: 2,
    what: 'Kniekontrolle',
  });
  return body.result.leadId;
}

interface StoredLead {
  leadId: number;
  folderId: number;
  patid: number | null;
  deleted: boolean;
  reasonDeleted: string;
  admissionDate: string | null;
}

async function getLead(request: APIRequestContext, leadId: number): Promise<StoredLead> {
  const body = await api<StoredLead[]>(request, 'sales/getLeads', {
    filter: { leadId, includeDeleted: true },
  });
  return body.result[0];
}

/** `YYYY-MM-DD` in Zurich, `days` from today. */
function zurichDay(days: number): string {
  return addDays(practiceDay(), days);
}

function swiss(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** The signed-in demo user's name as the app shows it. */
async function demoName(request: APIRequestContext): Promise<string> {
  const me = await api<{ givenname: string; familyname: string }>(request, 'system/whoami', {});
  return `${me.result.givenname} ${me.result.familyname}`;
}

async function openLead(page: Page, leadId: number, name: string) {
  await signIn(page, { path: `/leads/${leadId}` });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

const timeline = (page: Page) => page.getByRole('list', { name: 'History entries' });
const entry = (page: Page, text: string): Locator =>
  timeline(page).getByRole('listitem').filter({ hasText: text });

test('notes, tasks and completing a task in the timeline, with the type filter', async ({
  page,
  request,
}) => {
  const lastname = unique('Tml');
  const leadId = await createLead(request, lastname);
  const me = await demoName(request);
  await openLead(page, leadId, `${lastname} Anna`);

  // A note over the service's limit is refused in words before anything is sent; then a note with a category.
  await page.getByRole('button', { name: 'Add note' }).click();
  const noteField = page.getByRole('textbox', { name: 'Note', exact: true });
  await noteField.fill('x'.repeat(10_001));
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText("At most 10'000 characters.", { exact: true })).toBeVisible();
  await noteField.fill('Called, she wants an offer.');
  await page.getByLabel('Category').selectOption({ label: 'Telefonat' });
  await page.getByRole('button', { name: 'Save note' }).click();
  const note = entry(page, 'Called, she wants an offer.');
  await expect(note).toBeVisible();
  await expect(note.getByText('Telefonat')).toBeVisible();
  await expect(note.getByText(new RegExp(`^${me} · \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}$`))).toBeVisible();

  // A task with reminder, priority and assignee.
  const tomorrow = zurichDay(1);
  await page.getByRole('button', { name: 'Add task' }).click();
  await page.getByRole('textbox', { name: 'Task', exact: true }).fill('Send the offer');
  const taskForm = page.getByRole('form', { name: 'New task' });
  // Typed as the practice writes it, whatever the browser's language: 24 hours, the day before the month.
  const reminderDay = taskForm.getByRole('textbox', { name: 'Reminder date', exact: true });
  await typeDay(reminderDay, tomorrow);
  await expect(reminderDay).toHaveValue(swiss(tomorrow));
  await typeTime(taskForm, '09:30');
  await page.getByLabel('Priority').selectOption({ label: 'High priority' });
  await page.getByRole('button', { name: 'Save task' }).click();
  const task = entry(page, 'Send the offer');
  await expect(task.getByText(`Reminder ${swiss(tomorrow)} 09:30`)).toBeVisible();
  await expect(task.getByText('High priority')).toBeVisible();
  await expect(task.getByText('Open', { exact: true })).toBeVisible();

  await task.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(task.getByText('Completed', { exact: true })).toBeVisible();
  // Held for the Undo's 8 seconds (the service has no un-complete), then sent: the page's clock moves past them.
  await page.clock.runFor(8_500);
  await expect(task.getByText(new RegExp(`^Completed by ${me} on`))).toBeVisible();
  await expect
    .poll(
      async () => {
        const history = await api<{ text: string; completed: boolean }[]>(request, 'sales/getLeadHistory', {
          leadId,
          type: '',
        });
        return history.result.find((e) => e.text === 'Send the offer')?.completed;
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // Filter: watcher entries only (writing the note made the demo user a watcher), then notes and tasks again.
  const show = page.getByLabel('Show');
  await show.selectOption({ label: 'Watchers' });
  await expect(entry(page, `Watcher joined: ${me}`)).toBeVisible();
  await expect(entry(page, 'Send the offer')).toHaveCount(0);
  await show.selectOption({ label: 'Folder changes' });
  await expect(page.getByText('No entries')).toBeVisible();
  await show.selectOption({ label: 'Notes and tasks' });
  await expect(entry(page, 'Send the offer')).toBeVisible();
  await expect(entry(page, 'Called, she wants an offer.')).toBeVisible();
  await expect(entry(page, 'Watcher joined')).toHaveCount(0);
});

test('the history: the patient of a conversion by name, watcher changes folded, the creation first', async ({
  page,
  request,
}) => {
  const lastname = unique('Hist');
  const leadId = await createLead(request, lastname);
  // Two colleagues join the watchers one after the other, then the lead becomes a patient.
  for (const userId of [6, 7]) await api(request, 'sales/bulkAssign', { leadIds: [leadId], userId });
  const converted = await api<{ patid: number }>(request, 'sales/convertLead', { leadId });
  await openLead(page, leadId, `${lastname} Anna`);

  // The service writes "(patient N)": the person reads the patient's name, a link to the patient.
  const folderChange = entry(page, '→ Converted');
  const patient = folderChange.getByRole('link', { name: `${lastname}, Anna` });
  await expect(patient).toHaveAttribute('href', `/patients/${converted.result.patid}`);
  await expect(folderChange).not.toContainText('(patient');

  // Watcher entries: a closed line per run, opened with the keyboard.
  const watchers = timeline(page).getByRole('button', { name: /^\d+ watcher changes?$/ });
  await expect(watchers.first()).toHaveAttribute('aria-expanded', 'false');
  await expect(timeline(page).getByText(/^Watcher joined: /)).toHaveCount(0);
  await watchers.first().focus();
  await page.keyboard.press('Enter');
  await expect(watchers.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page
      .getByRole('list', { name: 'Watcher changes' })
      .getByText(/^Watcher joined: /)
      .first(),
  ).toBeVisible();

  // The creation, the oldest event, last.
  await expect(timeline(page).getByRole('listitem').last()).toContainText('Lead created');
  await expectNoAxeViolations(page);
});

test('a refused completion is rolled back with the reason', async ({ page, request }) => {
  const lastname = unique('Rbk');
  const leadId = await createLead(request, lastname);
  await api(request, 'sales/addLeadTask', { leadId, text: 'Check the insurance' });
  await openLead(page, leadId, `${lastname} Anna`);
  const task = entry(page, 'Check the insurance');
  await expect(task.getByText('Open', { exact: true })).toBeVisible();

  // The service refuses this one completion (as if the task had been removed meanwhile).
  await page.route('**/v1/sales/completeLeadTask', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ status: false, msg: 'History entry not found.', result: null }),
    }),
  );
  await task.getByRole('button', { name: 'Mark as completed' }).click();
  // Sent after the Undo's 8 seconds.
  await expect(task.getByRole('alert')).toContainText(
    'The task could not be completed: This history entry does not exist (any more).',
    { timeout: 20_000 },
  );
  await expect(task.getByText('Open', { exact: true })).toBeVisible();
  await expect(task.getByRole('button', { name: 'Mark as completed' })).toBeVisible();
});

test('adding an admission lists it and gives the lead its admission date', async ({ page, request }) => {
  const lastname = unique('Adm');
  const leadId = await createLead(request, lastname);
  await openLead(page, leadId, `${lastname} Anna`);
  await page.getByRole('tab', { name: 'Admissions' }).click();
  await expect(page.getByText('The lead has no admission date yet')).toBeVisible();
  await expect(page.getByText('No admissions yet')).toBeVisible();

  const from = zurichDay(10);
  const until = zurichDay(24);
  await page.getByRole('button', { name: 'Add admission' }).click();
  // Until before the admission is refused here already.
  const admissionForm = page.getByRole('form', { name: 'New admission' });
  const untilField = admissionForm.getByRole('textbox', { name: 'Until', exact: true });
  await typeDay(admissionForm.getByRole('textbox', { name: 'Admission', exact: true }), from);
  await typeDay(untilField, zurichDay(5));
  await page.getByRole('button', { name: 'Save admission' }).click();
  await expect(page.getByText('Enter a valid end date, not before the admission.')).toBeVisible();
  await typeDay(untilField, until);
  await page.getByLabel('Room or setting').fill('R12');
  await page.getByLabel('Comment').fill('Two weeks of rehabilitation');
  await page.getByRole('button', { name: 'Save admission' }).click();

  const row = page.getByRole('table', { name: 'Admissions' }).getByRole('row').filter({ hasText: 'R12' });
  await expect(row).toContainText(swiss(from));
  await expect(row).toContainText(swiss(until));
  await expect(row).toContainText('Two weeks of rehabilitation');
  await expect(page.getByText(`Admission date of the lead: ${swiss(from)}`)).toBeVisible();
  await expect(page.getByText(`Admission date: ${swiss(from)}`)).toBeVisible();
  expect((await getLead(request, leadId)).admissionDate).toBe(from);
});

test('deleting needs a reason, and the deleted-leads list restores the lead', async ({ page, request }) => {
  const lastname = unique('Del');
  const leadId = await createLead(request, lastname);
  const name = `${lastname} Anna`;
  await openLead(page, leadId, name);

  await page
    .getByRole('group', { name: 'What can be done next' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Give a reason.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Entered twice');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('This lead is deleted')).toBeVisible();
  await expect(page.getByText('Reason: Entered twice')).toBeVisible();
  const stored = await getLead(request, leadId);
  expect(stored.deleted).toBe(true);
  expect(stored.reasonDeleted).toBe('Entered twice');

  await page.goto('/leads/deleted');
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted leads' })).toBeVisible({
    timeout: 15_000,
  });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Entered twice');
  await expect(row).toContainText(await demoName(request));
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await getLead(request, leadId)).deleted).toBe(false);

  await page.goto(`/leads/${leadId}`);
  // A full page load (the app starts again): on a busy machine that takes a while.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('This lead is deleted')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'What can be done next' })).toBeVisible();
});

test('linking to an existing patient sets the patient and nothing else', async ({ page, request }) => {
  const lastname = unique('Lnk');
  const leadId = await createLead(request, lastname);
  const patientName = unique('Pat');
  const patient = await api<{ id: number }>(request, 'system/createCustomer', {
    lastname: patientName,
    firstname: 'Beat',
    dob: '1975-03-14',
    language: 'de',
  });
  const patid = patient.result.id;

  await openLead(page, leadId, `${lastname} Anna`);
  await page.getByRole('tab', { name: 'Patient link' }).click();
  await expect(page.getByText(/^Linking only records which existing patient this lead is/)).toBeVisible();
  await expect(page.getByText('The lead is not linked to a patient.')).toBeVisible();

  await page.getByLabel('Last name').fill(patientName);
  await page.getByRole('button', { name: 'Search patients' }).click();
  const results = page.getByRole('table', { name: 'Patients found' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results).toContainText('14.03.1975');
  await results.getByRole('button', { name: `Link to ${patientName}, Beat` }).click();

  await expect(page.getByText(`Linked to ${patientName}, Beat (#${patid}).`)).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Linked to ${patientName}, Beat \\(#${patid}\\) since`)),
  ).toBeVisible();
  await expect(page.getByText(`Patient #${patid}`)).toBeVisible();
  const stored = await getLead(request, leadId);
  expect(stored.patid).toBe(patid);
  // Linking is not converting: the folder stays.
  expect(stored.folderId).toBe(2);
});

test('the new-lead form: the rule shows while typing, and a double click makes one lead', async ({
  page,
  request,
}) => {
  const lastname = unique('New');
  await signIn(page, { path: '/leads/new' });
  await expect(page.getByRole('heading', { level: 1, name: 'New lead' })).toBeVisible();
  const complaint = page.getByText('Enter at least one of last name, e-mail, mobile or phone.');
  await expect(complaint).toHaveCount(0);

  await page.getByLabel('First name').fill('Clara');
  await expect(complaint).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Last name').pressSequentially(lastname.slice(0, 3));
  await expect(complaint).toHaveCount(0);
  await page.getByLabel('Last name').fill(lastname);
  await page.getByLabel('Folder').selectOption({ label: 'To be contacted' });
  await page.getByLabel('Source').selectOption({ label: 'Internet' });
  await page.getByLabel('Mobile', { exact: true }).fill('079 555 12 34');
  await page.getByLabel('Concern').fill('Back pain');

  await page.getByRole('button', { name: 'Create lead' }).dblclick();
  await expect(page).toHaveURL(/\/leads\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${lastname} Clara` })).toBeVisible();

  const found = await api<StoredLead[]>(request, 'sales/getLeads', { filter: { search: lastname } });
  expect(found.pagination?.total).toBe(1);
  expect(found.result[0].folderId).toBe(2);
  expect(page.url()).toMatch(new RegExp(`/leads/${found.result[0].leadId}$`));
});

test('leaving the new-lead form with unsaved input warns, and the input comes back', async ({ page }) => {
  const lastname = unique('Lv');
  await signIn(page, { path: '/leads/new' });
  await page.getByLabel('Last name').fill(lastname);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' }).click();

  const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/leads\/new$/);
  await expect(page.getByLabel('Last name')).toHaveValue(lastname);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' }).click();
  await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/leads$/);

  await page.goto('/leads/new');
  await expect(page.getByText('Your earlier input was restored')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Last name')).toHaveValue(lastname);
  await page.getByRole('button', { name: 'Discard it' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue('');
});

test('the lead page has no accessibility violations on any tab', async ({ page, request }) => {
  const lastname = unique('Axe');
  const leadId = await createLead(request, lastname);
  await api(request, 'sales/addLeadNote', { leadId, text: 'First contact', category: 'CALL' });
  await openLead(page, leadId, `${lastname} Anna`);
  await expect(entry(page, 'First contact')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const tab of ['Data', 'Patient link']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);
  }
  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(page.getByRole('region', { name: 'Contact' })).toContainText(lastname);
});
