import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, practiceDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { api, expectNoAxeViolations, signIn, typeDay } from './support.ts';

// Seeded: service 2 "Kontrolle" by providers 2, 3, 4; calendar 2 is Dr. Favre's (3).
const run = Date.now().toString(36);

// The machine is shared: the dialogs' round trips and axe get time to spare.
test.describe.configure({ timeout: 90_000 });

async function createPatient(request: APIRequestContext, lastname: string, firstname: string) {
  const { id } = await api<{ id: number }>(request, '/system/createCustomer', {
    lastname,
    firstname,
    dob: '1972-06-14',
    language: 'de',
  });
  return id;
}

/** The waiting list's card of a patient (their name is a link in it). */
function card(page: Page, name: string) {
  return page.getByTestId('waitlist-entry').filter({ has: page.getByRole('link', { name, exact: true }) });
}

test('a receptionist puts a patient on the waiting list from booking when no time suits, and finds them there', async ({
  page,
  request,
}) => {
  const lastname = `Wartend-${run}`;
  const patid = await createPatient(request, lastname, 'Ida');
  await signIn(page, { path: `/booking?patid=${patid}` });
  await expect(page.getByTestId('chosen-patient')).toContainText(`${lastname}, Ida`);
  await page.getByLabel('Kontrolle').check();
  await page.getByRole('radio', { name: 'Dr. med. Marc Favre', exact: true }).check();

  await page.getByRole('button', { name: 'No suitable time: put on the waiting list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the waiting list' });
  // What booking had chosen is there already.
  await expect(dialog.getByTestId('waitlist-patient')).toContainText(
    `${lastname}, Ida · 14.06.1972 · #${patid}`,
  );
  await expect(dialog.getByRole('combobox', { name: 'Service' })).toHaveValue('2');
  await expect(dialog.getByRole('combobox', { name: 'Practitioner' })).toHaveValue('3');
  await dialog.getByText('Mornings', { exact: true }).click();
  await dialog.getByText('High', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Kann jederzeit kurzfristig kommen');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Add to the waiting list' }).click();
  await expect(page.getByText(`${lastname}, Ida is on the waiting list.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The agenda leads to the waiting list.
  await page.getByRole('link', { name: 'Agenda', exact: true }).click();
  await page.getByRole('link', { name: 'Waiting list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting list' })).toBeVisible();
  const entry = card(page, `${lastname}, Ida`);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('14.06.1972');
  await expect(entry).toContainText('High');
  await expect(entry).toContainText('Kontrolle');
  await expect(entry).toContainText('Dr. med. Marc Favre');
  await expect(entry).toContainText('Mornings');
  await expect(entry).toContainText('Kann jederzeit kurzfristig kommen');
  await expect(entry).toContainText(`${practiceDay().split('-').reverse().join('.')} · today`);
  await expectNoAxeViolations(page);
});

test('a receptionist edits a waiting entry, withdraws it, takes that back and withdraws it for good', async ({
  page,
  request,
}) => {
  const lastname = `Umgeplant-${run}`;
  const patid = await createPatient(request, lastname, 'Max');
  await api(request, '/agenda/addWaitlistEntry', { patid, serviceid: 2, note: 'Möchte früher kommen' });
  const name = `${lastname}, Max`;
  const latest = addDays(practiceDay(), 20);

  await signIn(page, { path: '/agenda/waitlist' });
  const entry = card(page, name);
  await expect(entry).toContainText('Möchte früher kommen');
  await expect(entry).toContainText('Any practitioner');
  await entry.getByRole('button', { name: `Edit the entry of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Waiting list entry' });
  await typeDay(dialog.getByRole('textbox', { name: 'Latest day' }), latest);
  await dialog.getByText('Afternoons', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Nur nachmittags, bis Mitte Dezember');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText('Nur nachmittags, bis Mitte Dezember');
  await expect(entry).toContainText(`until ${latest.split('-').reverse().join('.')}`);
  await expect(entry).toContainText('Afternoons');

  await entry.getByRole('button', { name: `Withdraw the entry of ${name}` }).click();
  await expect(page.getByText(`${name} is off the waiting list.`)).toBeVisible();
  await expect(entry).toBeHidden();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Nur nachmittags, bis Mitte Dezember');

  await entry.getByRole('button', { name: `Withdraw the entry of ${name}` }).click();
  await expect(entry).toBeHidden();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('withdrawn');
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Withdrawn');
  await expect(entry.getByRole('button', { name: `Withdraw the entry of ${name}` })).toHaveCount(0);
});

test('booking shows how many appointments the chosen patient missed in the last two years', async ({
  page,
  request,
}) => {
  const lastname = `Versäumt-${run}`;
  const patid = await createPatient(request, lastname, 'Nora');
  const missedDay = addDays(practiceDay(), -40);
  await api(request, '/agenda/createAppointment', {
    calendar: 2,
    date: `${missedDay} 10:00:00`,
    end: `${missedDay} 10:15:00`,
    patid,
    appointment: 'Kontrolle',
    comment: '',
    displayedduration: '15',
    state: '-2',
  });

  await signIn(page, { path: '/booking' });
  const search = page.getByRole('combobox', { name: 'Search a patient' });
  await search.fill(lastname);
  await page.getByRole('option', { name: new RegExp(`^${lastname}, Nora, `) }).click();
  await expect(page.getByTestId('chosen-patient')).toContainText(`${lastname}, Nora`);
  await expect(page.getByTestId('missed-appointments')).toHaveText(
    'Missed 1 appointment in the last two years',
  );

  // Another patient, who missed nothing: no such line.
  const other = `Pünktlich-${run}`;
  const otherId = await createPatient(request, other, 'Otto');
  await page.getByRole('button', { name: 'Choose another patient' }).click();
  await search.fill(other);
  // Their appointments answered (so that the line's absence is the count of none, not a count still on its way).
  const counted = page.waitForResponse(
    (r) =>
      r.url().endsWith('/agenda/getAppointments') &&
      (r.request().postData() ?? '').includes(`"patid":${otherId}`),
  );
  await page.getByRole('option', { name: new RegExp(`^${other}, Otto, `) }).click();
  await expect(page.getByTestId('chosen-patient')).toContainText(`${other}, Otto`);
  await counted;
  await expect(page.getByTestId('missed-appointments')).toHaveCount(0);
});

test('Ctrl+K puts a patient found by name on the waiting list', async ({ page, request }) => {
  const lastname = `Suchliste-${run}`;
  const patid = await createPatient(request, lastname, 'Kurt');
  await signIn(page, { path: '/today' });
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search patients' }).first();
  await expect(search).toBeFocused();
  await search.fill(lastname);
  await page
    .getByRole('option', { name: new RegExp(`^Put ${lastname}, Kurt, .* on the waiting list$`) })
    .click();
  await expect(page).toHaveURL(/\/agenda\/waitlist$/);
  const dialog = page.getByRole('dialog', { name: 'Add to the waiting list' });
  await expect(dialog.getByTestId('waitlist-patient')).toContainText(
    `${lastname}, Kurt · 14.06.1972 · #${patid}`,
  );
  await dialog.getByText('Urgent', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add to the waiting list' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, `${lastname}, Kurt`)).toContainText('Urgent');
});
