import type { APIRequestContext, Page } from '@playwright/test';
import { de } from '../src/features/booking/locales/de.ts';
import { en } from '../src/features/booking/locales/en.ts';
import { fr } from '../src/features/booking/locales/fr.ts';
import { en as patientsEn } from '../src/features/patients/locales/en.ts';
import { expect, test } from './fixtures.ts';
import { rememberSession } from './screens.ts';
import { api, signIn } from './support.ts';

/**
 * Create once (docs/decisions/0040): a create whose request reached the service but whose answer was lost is looked
 * for before anything is sent again, and the person is told it is saved; it is never made twice.
 */

// Seeded: service 2 "Kontrolle" (15 min) by providers 2, 3, 4.
const KONTROLLE = 2;
const PROVIDER = 2;

type Labels = typeof de;

// The machine is shared: the booking's round trips get time to spare.
test.describe.configure({ timeout: 90_000 });

let counter = 0;
/** A patient of this test alone: whatever is booked for them is this test's. */
async function newPatient(request: APIRequestContext) {
  counter += 1;
  const lastname = `Einmal-${Date.now()}-${counter}`;
  const { id } = await api<{ id: number }>(request, '/system/createCustomer', {
    lastname,
    firstname: 'Lea',
    gender: 'female',
    dob: '1984-03-12',
    language: 'de',
  });
  return { patid: id, lastname };
}

/** Every appointment of the patient (patient mode: any calendar, any time). */
async function appointmentsOf(request: APIRequestContext, patid: number) {
  return api<{ id: number; date_unix: number; calendarid: number; appointment: string }[]>(
    request,
    '/agenda/getAppointments',
    { patid, period: 'all' },
  );
}

/** Opens booking for the patient, chooses a free day and its first time; returns the time's Unix seconds. */
async function chooseSlot(page: Page, patid: number, lastname: string, t: Labels) {
  await page.goto(`/booking?patid=${patid}&service=${KONTROLLE}&provider=${PROVIDER}&duration=15`);
  await expect(page.getByTestId('chosen-patient')).toContainText(lastname, { timeout: 20_000 });
  const freeDay = new RegExp(`${t.slot.dayFree.replace('{{day}}', '.+')}$`);
  const days = page.getByRole('button', { name: freeDay });
  await expect(days.first()).toBeVisible({ timeout: 20_000 });
  await days.nth((await days.count()) > 1 ? 1 : 0).click();
  await page.getByTestId('slot-list').getByRole('radio').first().click();
  await expect(page.getByRole('button', { name: t.confirm.book })).toBeEnabled();
  const [from, to] = (new URL(page.url()).searchParams.get('slot') ?? '').split('-').map(Number);
  return { from, to };
}

/**
 * The next createAppointment reaches the service, which writes it; the browser gets no answer (the connection
 * fails after the request was sent). Returns how many creates the page sent.
 */
async function loseTheAnswer(page: Page) {
  const sent = { count: 0 };
  await page.route('**/v1/agenda/createAppointment', async (route) => {
    sent.count += 1;
    if (sent.count === 1) {
      await route.fetch();
      await route.abort('connectionfailed');
    } else {
      await route.continue();
    }
  });
  return sent;
}

test('a booking whose answer was lost is booked once, and the person is told it is booked', async ({
  page,
  request,
}) => {
  await signIn(page);
  const { patid, lastname } = await newPatient(request);
  const { from } = await chooseSlot(page, patid, lastname, en);
  const comment = `Lost answer ${Date.now()}`;
  await page.getByLabel(en.confirm.comment).fill(comment);
  const sent = await loseTheAnswer(page);

  await page.getByRole('button', { name: en.confirm.book }).click();

  // The app looked, found the appointment and says so: booked, and not to be booked again.
  await expect(page.getByText(en.done.title)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(en.done.foundAfterLoss)).toBeVisible();
  expect(sent.count).toBe(1);
  const booked = await appointmentsOf(request, patid);
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatchObject({ date_unix: from, appointment: 'Kontrolle' });
  await expect(page.getByText(en.done.number.replace('{{id}}', String(booked[0].id)))).toBeVisible();

  // The agenda shows it once.
  await page.getByRole('link', { name: en.done.toAgenda }).click();
  await expect(page).toHaveURL(/\/agenda\?/);
  await expect(page.getByRole('button', { name: new RegExp(comment) })).toHaveCount(1);
});

test('a booking that never reached the service says so, and Book again books it once', async ({
  page,
  request,
}) => {
  await signIn(page);
  const { patid, lastname } = await newPatient(request);
  const { from } = await chooseSlot(page, patid, lastname, en);
  let sent = 0;
  await page.route('**/v1/agenda/createAppointment', async (route) => {
    sent += 1;
    if (sent === 1) await route.abort('connectionfailed');
    else await route.continue();
  });

  await page.getByRole('button', { name: en.confirm.book }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not booked' })).toBeVisible();
  expect(await appointmentsOf(request, patid)).toHaveLength(0);
  // The choice is kept: the same time, ready to book again.
  await expect(page.getByRole('button', { name: en.confirm.book })).toBeEnabled();

  await page.getByRole('button', { name: en.confirm.book }).click();
  await expect(page.getByText(en.done.title)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(en.done.foundAfterLoss)).toHaveCount(0);
  expect(sent).toBe(2);
  const booked = await appointmentsOf(request, patid);
  expect(booked).toHaveLength(1);
  expect(booked[0].date_unix).toBe(from);
});

test('a new patient whose answer was lost is created once and taken for the booking', async ({
  page,
  request,
}) => {
  await signIn(page);
  const lastname = `Verloren-${Date.now()}`;
  await page.goto(`/booking?service=${KONTROLLE}&provider=${PROVIDER}&duration=15`);
  await page.getByRole('button', { name: 'New patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'New patient' });
  await dialog.getByLabel('Last name').fill(lastname);
  await dialog.getByLabel('First name').fill('Mia');
  await dialog.getByRole('radio', { name: 'Female' }).check();
  await dialog.getByLabel('Date of birth').fill('14.05.1990');
  let sent = 0;
  await page.route('**/v1/system/createCustomer', async (route) => {
    sent += 1;
    await route.fetch();
    await route.abort('connectionfailed');
  });

  await dialog.getByRole('button', { name: 'Create patient' }).click();

  // Found after the lost answer: the dialog closes, the patient is the booking's, and the person is told.
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('chosen-patient')).toContainText(`${lastname}, Mia`);
  const [patient, ...others] = await api<{ patid: number }[]>(request, '/system/searchPatients', {
    lastname,
  });
  expect(others).toHaveLength(0);
  const told = patientsEn.newPatient.createdAfterLostAnswer.replace('{{id}}', String(patient.patid));
  await expect(page.getByText(told)).toBeVisible();
  expect(sent).toBe(1);
});

for (const shot of [
  { language: 'de', scheme: 'light', width: 1440, t: de },
  { language: 'de', scheme: 'dark', width: 1440, t: de },
  { language: 'fr', scheme: 'light', width: 390, t: fr },
] as const) {
  test(`the confirmation after a lost answer reads in ${shot.language}, ${shot.scheme}, ${shot.width} px`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: shot.width, height: 900 });
    await rememberSession(page, { language: shot.language, scheme: shot.scheme });
    const { patid, lastname } = await newPatient(request);
    await chooseSlot(page, patid, lastname, shot.t);
    const sent = await loseTheAnswer(page);
    await page.getByRole('button', { name: shot.t.confirm.book }).click();
    await expect(page.getByText(shot.t.done.foundAfterLoss)).toBeVisible({ timeout: 15_000 });
    expect(sent.count).toBe(1);
    expect(await appointmentsOf(request, patid)).toHaveLength(1);
    await page.screenshot({
      path: testInfo.outputPath(`booking-lost-answer-${shot.language}-${shot.scheme}-${shot.width}.png`),
      fullPage: true,
    });
  });
}
