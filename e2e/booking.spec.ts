import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, expectNoAxeViolations, signIn } from './support.ts';

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

// The machine is shared: the wizard's round trips and axe get time to spare.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** The first day after today that the calendar marks as having free times (today's may pass during the test). */
async function chooseFreeDay(page: Page) {
  const days = page.getByRole('button', { name: /, free times$/ });
  await expect(days.first()).toBeVisible({ timeout: 20_000 });
  const count = await days.count();
  const day = days.nth(count > 1 ? 1 : 0);
  await day.click();
  return day;
}

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
  await page.getByRole('radio', { name: 'Dr. med. Marc Favre', exact: true }).check();
  await expect(page.getByLabel('Duration in minutes')).toHaveValue('15');

  // The month calendar marks days with free times; the chosen day's times are listed beside it.
  await chooseFreeDay(page);
  const slot = page.getByTestId('slot-list').getByRole('radio').first();
  const slotLabel = (await slot.getAttribute('aria-label')) ?? '';
  expect(slotLabel).toMatch(/^\w+day \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, Dr\. med\. Marc Favre$/);
  await slot.click();
  await expect(slot).toHaveAttribute('aria-checked', 'true');
  // The confirmation shows the chosen date and 24-hour time.
  const [, date, time] = /^\w+day (\S+) (\S+),/.exec(slotLabel) ?? [];
  await expect(page.getByTestId('chosen-slot')).toContainText(`${date} ${time}–`);
  await expectNoAxeViolations(page);

  // A new patient, in the app's one new-patient dialog; closing it and opening it again keeps what was typed.
  await page.getByRole('button', { name: 'New patient' }).click();
  let dialog = page.getByRole('dialog', { name: 'New patient' });
  await dialog.getByLabel('Last name').fill(lastname);
  await dialog.getByLabel('First name').fill('Anna');
  await dialog.getByRole('radio', { name: 'Female' }).check();
  await dialog.getByLabel('Date of birth').fill('01.02.1980');
  await dialog.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await dialog.getByLabel('Country code').fill('CH');
  await dialog.getByLabel('Mail').fill(`anna.${stamp}@example.ch`);
  await dialog.getByLabel('Mobile').fill('+41 79 123 45 67');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close (the entries are kept)' }).click();
  await page.getByRole('button', { name: 'New patient' }).click();
  dialog = page.getByRole('dialog', { name: 'New patient' });
  await expect(dialog.getByLabel('Last name')).toHaveValue(lastname);
  await dialog.getByRole('button', { name: 'Create patient' }).click();
  await expect(page.getByTestId('chosen-patient')).toContainText(`${lastname}, Anna`);

  // Confirm.
  const confirm = page.getByRole('region', { name: 'Check and book' });
  await expect(confirm).toContainText(`${lastname}, Anna`);
  await page.getByLabel('Comment (internal, optional)').fill(comment);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Book appointment' }).click();
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
  const day = new URL(page.url()).searchParams.get('date');
  await page.goto(`/booking?service=${KONTROLLE}&provider=3&duration=15&day=${day}`);
  await expect(page.getByTestId('slot-list')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('radio', { name: slotLabel, exact: true })).toHaveCount(0);
});

test('at 1440×900 a booking completes on one screen without scrolling', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const stamp = Date.now();
  const comment = `One screen ${stamp}`;
  const { id: patid } = await api<{ id: number }>(request, '/system/createCustomer', {
    lastname: `Einseite-${stamp}`,
    firstname: 'Rita',
    dob: '1966-06-06',
    language: 'de',
  });

  await page.goto('/booking');
  await page.getByLabel('Kontrolle').check({ timeout: 20_000 });
  await page.getByRole('radio', { name: 'Dr. med. Lucia Rossi', exact: true }).check();
  await chooseFreeDay(page);
  const slot = page.getByTestId('slot-list').getByRole('radio').first();
  await slot.click();
  await page.getByLabel('Search a patient').fill(`Einseite-${stamp}`);
  await page.getByRole('option', { name: `Einseite-${stamp}, Rita` }).click();
  await expect(page.getByTestId('chosen-patient')).toContainText(`#${patid}`);
  await page.getByLabel('Comment (internal, optional)').fill(comment);

  const book = page.getByRole('button', { name: 'Book appointment' });
  await expect(book).toBeEnabled();
  await expect(book).toBeInViewport({ ratio: 1 });
  // Nothing above needed scrolling: the window never moved.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await book.click();
  await expect(page.getByText('Appointment booked')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Checked through the API: in Dr. Rossi's calendar (3), for that patient, at the chosen time.
  const [from, to] = (new URL(page.url()).searchParams.get('slot') ?? '').split('-').map(Number);
  const booked = (
    await api<Appt[]>(request, '/agenda/getAppointments', { calendarid: 3, from, until: from })
  ).find((a) => a.comment === comment);
  expect(booked).toMatchObject({ patid, appointment: 'Kontrolle', dateTs: from, displayedduration: '15' });
  expect(to - from).toBe(15 * 60);
});

test('a slot taken meanwhile is not booked twice: the user is told and gets a fresh list', async ({
  page,
  request,
}) => {
  // Opened from the lead board's conversion: the patient is filled in.
  await page.goto(`/booking?patid=7&service=${KONTROLLE}&provider=4&duration=15`);
  await expect(page.getByTestId('chosen-patient')).toContainText('#7', { timeout: 20_000 });
  await chooseFreeDay(page);
  await page.getByTestId('slot-list').getByRole('radio').first().click();
  const slotParam = new URL(page.url()).searchParams.get('slot') ?? '';
  const [from, to] = slotParam.split('-').map(Number);
  expect(to - from).toBe(15 * 60);
  await expect(page.getByRole('button', { name: 'Book appointment' })).toBeEnabled();

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
  expect(new URL(page.url()).searchParams.get('slot')).toBeNull();
  await expect(page.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
  await expect(page.getByTestId('slot-list')).toBeVisible();
  // The fresh list of that day does not offer it, and nothing was booked twice.
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zurich',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(from * 1000));
  await expect(
    page.getByTestId('slot-list').getByRole('radio', { name: new RegExp(` ${time}, `) }),
  ).toHaveCount(0);
  const atThatTime = await api<Appt[]>(request, '/agenda/getAppointments', {
    calendarid: 3,
    from,
    until: from,
  });
  expect(atThatTime.map((a) => a.appointment)).toEqual([`Taken meanwhile ${stamp}`]);
});

test('at 390 px the screen stacks in one column, nothing wider than the phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/booking?service=${KONTROLLE}&provider=3&duration=15`);
  const calendar = page.getByRole('button', { name: /, free times$/ }).first();
  await expect(calendar).toBeVisible({ timeout: 20_000 });
  const service = await page.getByLabel('Kontrolle').boundingBox();
  const search = await page.getByLabel('Search a patient').boundingBox();
  const day = await calendar.boundingBox();
  // The choices come first, the calendar below them, the patient below the calendar.
  expect(service && day && service.y < day.y).toBe(true);
  expect(day && search && day.y < search.y).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('at 390 px the sticky confirmation bar never covers the field being filled in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/booking?service=${KONTROLLE}&provider=3&duration=15`);
  await chooseFreeDay(page);
  await page.getByTestId('slot-list').getByRole('radio').first().click();
  const bar = page.getByRole('region', { name: 'Check and book' });

  /** The element's box lies wholly in the window and above the bar (which stays at the window's bottom edge). */
  async function expectAboveBar(what: string, el: Locator) {
    const box = await el.boundingBox();
    const barBox = await bar.boundingBox();
    expect(box && barBox, what).toBeTruthy();
    if (!box || !barBox) return;
    expect(box.y, `${what}: top in the window`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${what}: bottom above the bar`).toBeLessThanOrEqual(barBox.y);
  }

  // Scrolled down to the end: the last field of the form stands above the bar.
  const comment = page.getByLabel('Comment (internal, optional)');
  await page.keyboard.press('End');
  await page.mouse.wheel(0, 5_000);
  await expect
    .poll(() => page.evaluate(() => window.scrollY + window.innerHeight))
    .toBeGreaterThanOrEqual(await page.evaluate(() => document.documentElement.scrollHeight - 1));
  await expectAboveBar('the comment at the end of the page', comment);

  // From the top, the patient search brought into view as the browser brings a field into view (at the window's
  // lower edge): it stops above the bar, not beneath it, and the person sees what they type.
  await page.evaluate(() => window.scrollTo(0, 0));
  const search = page.getByRole('combobox', { name: 'Search a patient' });
  await search.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await search.focus();
  await expectAboveBar('the patient search field', search);
  await search.fill('Muster');
  await expectAboveBar('the patient search field while typing', search);
});

test('a service of several practitioners shows times at once, as one radio group; a 20-minute service keeps to its grid', async ({
  page,
}) => {
  /** `HH:MM` of a time's accessible name, in minutes after midnight. */
  const minuteOf = (label: string) => {
    const [, hh, mm] = / (\d{2}):(\d{2}),/.exec(label) ?? [];
    return Number(hh) * 60 + Number(mm);
  };
  const labelsOf = (list: Locator) =>
    list.getByRole('radio').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));

  await page.goto('/booking');
  await page.getByLabel('Kontrolle').check({ timeout: 20_000 });
  // Nobody clicked a practitioner: "any" is taken, and the times of all of them are listed.
  await expect(page.getByLabel('Any practitioner')).toBeChecked();
  const group = page.getByTestId('slot-list');
  await expect(group).toHaveAttribute('role', 'radiogroup');
  await chooseFreeDay(page);
  const radios = group.getByRole('radio');
  await expect(radios.nth(1)).toBeVisible({ timeout: 20_000 });
  // Every practitioner's working blocks start on the quarter hour: 15-minute times never at an odd minute.
  expect((await labelsOf(group)).filter((l) => minuteOf(l) % 15 !== 0)).toEqual([]);

  // One Tab stop: the first time; the arrow key moves the choice, Tab leaves the group.
  await expect(radios.first()).toHaveAttribute('tabindex', '0');
  await expect(radios.nth(1)).toHaveAttribute('tabindex', '-1');
  const second = (await radios.nth(1).getAttribute('aria-label')) ?? '';
  await radios.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(radios.nth(1)).toBeFocused();
  await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('chosen-slot')).toContainText(
    / (\d{2}:\d{2}),/.exec(second)?.[1] ?? 'no time',
  );
  await expectNoAxeViolations(page);
  // One Tab from the chosen time past all the others: to "no suitable time" (the waiting list), then the patient.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^No suitable time/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Search a patient' })).toBeFocused();

  // Hautcheck (20 minutes) is Dr. Favre's alone: she is taken. Her blocks start at 08:00 and 13:30, so every time
  // of every free day is 08:00, 08:20, ... or 13:30, 13:50, ...
  await page.getByLabel('Hautcheck').check();
  await expect(page.getByRole('radio', { name: 'Dr. med. Marc Favre', exact: true })).toBeChecked();
  const days = page.getByRole('button', { name: /, free times$/ });
  await expect(days.first()).toBeVisible({ timeout: 20_000 });
  const seen: string[] = [];
  for (let i = 0; i < (await days.count()); i++) {
    const name = (await days.nth(i).getAttribute('aria-label')) ?? '';
    await days.nth(i).click();
    const weekdayAndDate = name.replace(/, free times$/, '');
    await expect(group.getByRole('radio').first()).toHaveAccessibleName(new RegExp(`^${weekdayAndDate} `));
    seen.push(...(await labelsOf(group)));
  }
  expect(seen.length).toBeGreaterThan(0);
  expect(
    seen.filter((l) => (minuteOf(l) - (minuteOf(l) < 12 * 60 ? 8 * 60 : 13 * 60 + 30)) % 20 !== 0),
  ).toEqual([]);
});
