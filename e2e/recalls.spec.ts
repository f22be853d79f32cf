import type { APIRequestContext } from '@playwright/test';
import { addDays, practiceDay } from './clock.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { api, expectNoAxeViolations, recallFailureText, signIn, typeDay, typeTime } from './support.ts';

/**
 * Recalls against the real reference service. Each run makes its own patient (unique name) and works on its recalls
 * only, through the address filter `patid`; what was saved is checked through the API.
 */

/** A shared, busy machine: the UI may need more than the default 7 s to follow. */
const expect = baseExpect.configure({ timeout: 20_000 });

const run = Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

interface Recall {
  id: number;
  active: number;
  title: string;
  recallDate: string;
  recallText: string;
  recallType: string;
  recurring: number;
  recurringFrequency: string;
  patid: number;
  internalComment: string;
  status: string;
  errorMsg: string;
  customerMail: string;
  customerMobile: string;
}

async function recallsOf(request: APIRequestContext, patid: number): Promise<Recall[]> {
  return api<Recall[]>(request, '/recall/getRecalls', { patid });
}

/** A day `n` days from today on the practice clock, `YYYY-MM-DD`. */
function day(n: number): string {
  return addDays(practiceDay(), n);
}

test.describe('recalls', () => {
  // A shared, busy machine: sign-in and saving take their time.
  test.describe.configure({ timeout: 120_000 });

  const patient = { lastname: `Recall${run}`, firstname: 'Rita' };
  let patid = 0;

  test.beforeAll(async ({ request }) => {
    const created = await api<{ id: number }>(request, '/system/createCustomer', {
      ...patient,
      gender: 'female',
      mobile: '+41 79 555 12 34',
      mail: `rita.${run}@example.ch`,
    });
    patid = created.id;
  });

  test('creates a recall for a patient, edits its date without losing text or comment, switches it off', async ({
    page,
    request,
  }) => {
    const title = `Kontrolle ${run}`;
    await signIn(page, { path: '/recalls' });
    await page.getByRole('button', { name: 'New recall' }).click();
    const dialog = page.getByRole('dialog', { name: 'New recall' });
    await dialog.getByRole('combobox', { name: 'Patient' }).fill(patient.lastname);
    await dialog.getByRole('option', { name: `${patient.lastname}, ${patient.firstname}` }).click();
    await expect(
      dialog.getByRole('link', { name: `${patient.lastname}, ${patient.firstname}` }),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await typeDay(dialog.getByRole('textbox', { name: 'Date' }), day(30));
    await typeTime(dialog, '10:30');
    await dialog.getByRole('radio', { name: 'SMS' }).check();
    await dialog
      .getByRole('textbox', { name: 'Text for the patient' })
      .fill('Bitte vereinbaren Sie einen Termin.');
    await dialog.getByRole('textbox', { name: 'Internal comment' }).fill('Nur vormittags erreichbar');
    await dialog.getByRole('switch', { name: 'Recurring' }).check();
    await dialog.getByRole('combobox', { name: 'Interval' }).click();
    await page.getByRole('option', { name: 'every 6 months' }).click();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();

    let [stored] = await recallsOf(request, patid);
    expect(stored).toMatchObject({
      title,
      recallDate: `${day(30)} 10:30:00`,
      recallType: 'sms',
      recallText: 'Bitte vereinbaren Sie einen Termin.',
      internalComment: 'Nur vormittags erreichbar',
      active: 1,
      recurring: 1,
      recurringFrequency: '6m',
      status: 'pending',
    });

    // The list of this patient, by the address: the recall with the patient's mobile and mail.
    await page.goto(`/recalls?patid=${patid}`);
    const table = page.getByRole('table', { name: 'Recalls' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('+41 79 555 12 34');
    await expect(row).toContainText(`rita.${run}@example.ch`);
    await expect(row).toContainText('every 6 months');
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(page.getByText('Pending: 1')).toBeVisible();

    // Edit: only the date changes; modifyRecall overwrites, so text and comment must be sent again.
    await row.getByRole('button', { name: `Edit ${title} (recall ${stored.id})` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit recall' });
    await typeDay(edit.getByRole('textbox', { name: 'Date' }), day(45));
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(day(45).split('-').reverse().join('.'));
    [stored] = await recallsOf(request, patid);
    expect(stored).toMatchObject({
      title,
      recallDate: `${day(45)} 10:30:00`,
      recallText: 'Bitte vereinbaren Sie einen Termin.',
      internalComment: 'Nur vormittags erreichbar',
      recallType: 'sms',
      recurringFrequency: '6m',
      active: 1,
    });

    // The active switch: off, the rest untouched.
    await row.getByRole('switch', { name: `Active: ${title} (recall ${stored.id})` }).click({ force: true });
    await expect.poll(async () => (await recallsOf(request, patid))[0].active).toBe(0);
    [stored] = await recallsOf(request, patid);
    expect(stored.recallText).toBe('Bitte vereinbaren Sie einen Termin.');
    expect(stored.internalComment).toBe('Nur vormittags erreichbar');
    await expectNoAxeViolations(page);
  });

  test('starts a recall from a template', async ({ page, request }) => {
    const templates = await api<Recall[]>(request, '/recall/getRecalls', { preset: 1 });
    const template = templates[0];
    expect(template, 'a seeded template').toBeTruthy();

    await signIn(page, { path: `/recalls?patid=${patid}` });
    await page.getByRole('button', { name: 'New recall' }).click();
    const dialog = page.getByRole('dialog', { name: 'New recall' });
    // The patient of the filter is already chosen.
    await expect(
      dialog.getByRole('link', { name: `${patient.lastname}, ${patient.firstname}` }),
    ).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Start from a template' }).click();
    await page.getByRole('option', { name: template.title }).click();
    await expect(dialog.getByRole('textbox', { name: 'Text for the patient' })).toHaveValue(
      template.recallText,
    );
    await typeDay(dialog.getByRole('textbox', { name: 'Date' }), day(60));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();

    const mine = await recallsOf(request, patid);
    const fromTemplate = mine.find((r) => r.recallDate.startsWith(day(60)));
    expect(fromTemplate).toMatchObject({
      recallText: template.recallText,
      recallType: template.recallType,
      recurringFrequency: template.recurringFrequency,
      patid,
    });
    expect(fromTemplate?.title).not.toMatch(/^Vorlage/);
  });

  test('filters by the document parameters, kept in the address', async ({ page, request }) => {
    // All recalls: the list opens on the due ones (dead-ends.spec.ts).
    await signIn(page, { path: '/recalls?view=all' });
    const table = page.getByRole('table', { name: 'Recalls' });
    await expect(table).toBeVisible();

    // Faulty only: every listed recall has status error, with its message; as many as the service lists.
    const faulty = await api<Recall[]>(request, '/recall/getRecalls', { error: 1 });
    // The switches live in the address: click, then the page follows.
    await page.getByRole('switch', { name: 'Faulty only' }).click({ force: true });
    await expect(page.getByRole('switch', { name: 'Faulty only' })).toBeChecked();
    await expect(page).toHaveURL(/faulty=1/);
    await expect(table.getByRole('row')).toHaveCount(faulty.length + 1);
    await expect(page.getByText(`Error: ${faulty.length}`)).toBeVisible();
    await expect(page.getByText('Pending: 0')).toBeVisible();
    // The service's error, told in the user's language.
    await expect(table.getByText(recallFailureText(faulty[0])).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // Plus one-time only and a period: the address carries all of it, and a reload keeps it.
    const from = day(-60);
    const until = day(60);
    const expected = await api<Recall[]>(request, '/recall/getRecalls', { error: 1, sent: 1, from, until });
    await page.getByRole('switch', { name: 'One-time only' }).click({ force: true });
    await typeDay(page.getByRole('textbox', { name: 'Due from' }), from);
    await typeDay(page.getByRole('textbox', { name: 'Due until' }), until);
    await expect(page).toHaveURL(new RegExp(`from=${from}.*until=${until}.*faulty=1.*onetime=1`));
    await expect(table.getByRole('row')).toHaveCount(expected.length + 1);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'One-time only' })).toBeChecked();
    await expect(table.getByRole('row')).toHaveCount(expected.length + 1);

    // Templates.
    await page.goto('/recalls?templates=1');
    const templates = await api<Recall[]>(request, '/recall/getRecalls', { preset: 1 });
    await expect(table.getByRole('row')).toHaveCount(templates.length + 1);
    await expect(page.getByRole('button', { name: 'New template' })).toBeVisible();
  });

  test('explains a getRecalls that fails with a non-JSON HTTP 500, and retries', async ({ page }) => {
    let broken = true;
    await page.route('**/v1/recall/getRecalls', async (route) => {
      if (broken) {
        await route.fulfill({
          status: 500,
          contentType: 'text/html',
          body: '<br />\n<b>Fatal error</b>:  Uncaught Error: Call to a member function fetch() on bool in /var/www/api/recall.php:88',
        });
      } else {
        await route.continue();
      }
    });
    await signIn(page, { path: '/recalls' });
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Recalls cannot be loaded from this practice server' });
    await expect(alert).toContainText('lack the fix for getRecalls');
    await expect(alert).toContainText("ask the practice's software provider to update the instance");
    await expectNoAxeViolations(page);

    broken = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('table', { name: 'Recalls' })).toBeVisible();
    await expect(alert).toBeHidden();
  });
});

test('a mail recall that failed for want of an address offers no "Send again" until the patient has one', async ({
  page,
  request,
}) => {
  // One of the demo's failed mail recalls (server/service/seed/agenda.ts); its patient is made to have no mail address
  // here, whatever other tests of this worker did to the demo's patients before.
  const failed = await api<Recall[]>(request, '/recall/getRecalls', { error: 1 });
  const recall = failed.find((r) => r.recallType === 'mail');
  expect(recall, 'the demo has a failed mail recall').toBeDefined();
  if (!recall) return;
  await api(request, '/system/updateCustomer', { patid: recall.patid, mail: '' });
  await signIn(page, { path: `/recalls?patid=${recall.patid}` });
  const table = page.getByRole('table', { name: 'Recalls' });
  // The row of this very recall: the one with its Edit button (a patient may have several of one title).
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${recall.title} (recall ${recall.id})` }) });
  await expect(row.getByText('Cannot be sent again without a mail address.')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Send again/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: "Mend the patient's data" })).toHaveAttribute(
    'href',
    `/patients/${recall.patid}?edit=1`,
  );

  // A colleague adds the address: now it can go out, and it is offered.
  await api(request, '/system/updateCustomer', { patid: recall.patid, mail: `mended.${run}@example.ch` });
  await page.reload();
  await expect(row.getByText('Cannot be sent again without a mail address.')).toHaveCount(0);
  await row.getByRole('button', { name: `Send again: ${recall.title} (no. ${recall.id})` }).click();
  await expect(page.getByText(`${recall.title} will be sent again.`)).toBeVisible();
  expect((await recallsOf(request, recall.patid)).find((r) => r.id === recall.id)?.status).toBe('pending');
});
