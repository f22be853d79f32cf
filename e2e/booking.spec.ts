import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

const AUTH = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
// Seeded: service 2 "Kontrolle" (15 min) by providers 2, 3, 4; calendar 2 is Dr. Favre's (3), 3 Dr. Rossi's (4).
const KONTROLLE = 2;

interface Appt {
  id: number;
  date: string;
  patid: number;
  appointment: string;
  comment: string;
  state: string;
  displayedduration: string;
  dateTs: number;
}

async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/v1${path}`, { data, headers: AUTH });
  const body = (await res.json()) as { status: boolean; msg: string; result: T; results?: T };
  expect(body.status, `${path}: ${body.msg}`).toBe(true);
  return body.results ?? body.result;
}

async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const found = result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ')})`),
  );
  expect(found).toEqual([]);
}

// The machine is shared: the wizard's round trips and axe get time to spare.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('books a slot for a new patient, shows it in the agenda and no longer offers the slot', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const lastname = `Buchung-${stamp}`;
  const comment = `E2E booked ${stamp}`;

  await page.goto('/booking');
  await expect(page.getByLabel('Kontrolle')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.getByLabel('Kontrolle').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Dr. med. Marc Favre').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Duration in minutes')).toHaveValue('15');
  await page.getByRole('button', { name: 'Next' }).click();

  // A slot on the second day listed (today's may pass while the test runs).
  const list = page.getByTestId('slot-list');
  await expect(page.getByText('Next available')).toBeVisible();
  const slot = list.locator('section').nth(1).getByRole('button').first();
  const slotLabel = (await slot.getAttribute('aria-label')) ?? '';
  expect(slotLabel).toMatch(/^\w+day \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, Dr\. med\. Marc Favre$/);
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // A new patient; going back and forth keeps what was typed.
  await page.getByText('New patient', { exact: true }).click();
  await page.getByLabel('Last name').fill(lastname);
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Date of birth').fill('01.02.1980');
  await page.getByLabel('Language').selectOption('fr');
  await page.getByLabel('Country code').fill('CH');
  await page.getByLabel('E-mail').fill(`anna.${stamp}@example.ch`);
  await page.getByLabel('Mobile').fill('+41 79 123 45 67');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue(lastname);
  await page.getByRole('button', { name: 'Create patient' }).click();

  // Confirm.
  await expect(page.getByRole('heading', { name: 'Check and book' })).toBeVisible();
  await expect(page.getByText(`${lastname}, Anna`).first()).toBeVisible();
  await page.getByLabel('Comment for the practice (optional)').fill(comment);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('Appointment booked')).toBeVisible({ timeout: 15_000 });

  // Written as the service keeps it: in Dr. Favre's calendar, for the new patient (country code lower case).
  const [patient] = await api<{ patid: number; countrycode: string; language: string }[]>(
    request,
    '/system/searchPatients',
    { lastname },
  );
  expect(patient).toMatchObject({ countrycode: 'ch', language: 'fr' });
  const slotParam = new URL(page.url()).searchParams.get('slot') ?? '';
  const [from] = slotParam.split('-').map(Number);
  const booked = (
    await api<Appt[]>(request, '/agenda/getAppointments', { calendarid: 2, from, until: from })
  ).find((a) => a.comment === comment);
  expect(booked).toMatchObject({
    patid: patient.patid,
    appointment: 'Kontrolle',
    state: 'P',
    displayedduration: '15',
  });

  // In the agenda.
  await page.getByRole('link', { name: 'Show in the agenda' }).click();
  await expect(page).toHaveURL(/\/agenda\?/);
  await expect(page.getByRole('button', { name: new RegExp(comment) })).toBeVisible();

  // No longer free.
  await page.goto(`/booking?service=${KONTROLLE}&provider=3&duration=15&step=3`);
  await expect(page.getByText('Next available')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: slotLabel, exact: true })).toHaveCount(0);
});

test('a slot taken meanwhile is not booked twice: the user is told and gets a fresh list', async ({
  page,
  request,
}) => {
  // Opened from the lead board's conversion: the patient is filled in.
  await page.goto(`/booking?patid=7&service=${KONTROLLE}&provider=4&duration=15&step=3`);
  await page.getByRole('button', { name: /^Choose this time: / }).click({ timeout: 20_000 });
  const slotParam = new URL(page.url()).searchParams.get('slot') ?? '';
  const [from, to] = slotParam.split('-').map(Number);
  expect(to - from).toBe(15 * 60);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('chosen-patient')).toContainText('#7');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Book appointment' })).toBeVisible();

  // Someone books that very time through the API.
  const stamp = Date.now();
  await api(request, '/agenda/createAppointment', {
    calendar: 3,
    dateTs: from,
    endTs: to,
    patid: 9,
    appointment: `Taken meanwhile ${stamp}`,
    state: 'P',
  });

  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'has just been taken' })).toBeVisible();
  await expect(page).toHaveURL(/step=3/);
  expect(new URL(page.url()).searchParams.get('slot')).toBeNull();
  await expect(page.getByText('Next available')).toBeVisible();
  // The fresh list does not offer it, and nothing was booked twice.
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zurich',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(from * 1000));
  const slotButtons = page.getByRole('button', { name: new RegExp(` ${day}, Dr\\. med\\. Lucia Rossi$`) });
  const labels = await slotButtons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const dayText = new Intl.DateTimeFormat('de-CH', {
    timeZone: 'Europe/Zurich',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(from * 1000));
  expect(labels.filter((l) => l?.includes(dayText))).toEqual([]);
  const atThatTime = await api<Appt[]>(request, '/agenda/getAppointments', {
    calendarid: 3,
    from,
    until: from,
  });
  expect(atThatTime.map((a) => a.appointment)).toEqual([`Taken meanwhile ${stamp}`]);
});
