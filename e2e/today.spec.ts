import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { installClock } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { api, signIn, signInOverApi, weekdayAhead, zurichAt } from './support.ts';

/**
 * Today as a receptionist uses it. The browser's clock (page.clock) is set to a Tuesday six weeks ahead, a day
 * without seeded appointments, so that the day holds only this spec's patients (Dr. Favre's calendar, who works
 * Tuesday mornings) and "late" follows the clock the test sets.
 */
const CALENDAR = 2;
const PROVIDER = 3;
/** Kontrolle, 15 minutes, offered by Dr. Favre. */
const KONTROLLE = 2;
const DAY = weekdayAhead(5, 1);

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

async function patient(request: APIRequestContext, lastname: string): Promise<number> {
  const { id } = await api<{ id: number }>(request, 'system/createCustomer', {
    lastname,
    firstname: 'Test',
    dob: '1975-04-02',
    language: 'de',
  });
  return id;
}

async function appointment(
  request: APIRequestContext,
  patid: number,
  from: string,
  to: string,
  text: string,
  state = 'P',
): Promise<number> {
  const { appointmentid } = await api<{ appointmentid: number }>(request, 'agenda/createAppointment', {
    calendar: CALENDAR,
    date: `${DAY} ${from}:00`,
    end: `${DAY} ${to}:00`,
    patid,
    appointment: text,
    comment: '',
    displayedduration: '15',
    state,
  });
  return appointmentid;
}

/** The starts (Unix seconds) that booking offers for a Kontrolle with Dr. Favre on the day. */
async function slotStarts(request: APIRequestContext): Promise<number[]> {
  const slots = await api<{ from: number }[]>(request, 'booking/getSlots', {
    serviceid: KONTROLLE,
    provider: PROVIDER,
    from: DAY,
    to: DAY,
  });
  return slots.map((s) => s.from);
}

/** Signed in (over the app's server, as the sign-in page does), the app opened at its start page: Today. */
async function openToday(page: Page, time: string) {
  await installClock(page.clock, zurichAt(DAY, time));
  await signInOverApi(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/today$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
}

const row = (page: Page, name: string) => page.locator('li[data-today-row]', { hasText: name });
const section = (page: Page, name: RegExp) => page.getByRole('region', { name });

test('a patient set Arrived is listed under here; one 15 minutes past the start without arriving is late', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const arriving = `Ankunft${stamp}`;
  const late = `Verspaetet${stamp}`;
  const annaId = await patient(request, arriving);
  const beatId = await patient(request, late);
  await appointment(request, beatId, '08:30', '08:45', 'Kontrolle');
  const annaAppt = await appointment(request, annaId, '09:00', '09:15', 'Blutdruck');

  // 08:45: Beat's 08:30 appointment started 15 minutes ago; Anna is expected at 09:00.
  await openToday(page, '08:45');
  const lateRow = section(page, /^Late \(\d+\)$/).locator('li', { hasText: late });
  await expect(lateRow).toContainText('15 min late');
  await expect(lateRow).toContainText('08:30');
  await expect(section(page, /^Expected/).locator('li', { hasText: arriving })).toBeVisible();
  // The navigation counts the late patient.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Today/ })).toContainText(/\d/);
  await expect(nav.getByText(/^\d+ late$/)).toBeAttached();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // One click: Arrived. The row moves under "Here", the service has the state, the navigation counts her.
  await row(page, arriving).getByRole('button', { name: 'Arrived' }).click();
  const hereRow = section(page, /^Here \(\d+\)$/).locator('li', { hasText: arriving });
  await expect(hereRow).toBeVisible();
  await expect(hereRow).toContainText('Arrived');
  await expect(hereRow.getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'true');
  await expect(nav.getByText(/^\d+ here$/)).toBeAttached();
  await expect
    .poll(async () => {
      const list = await api<{ id: number; state: string }[]>(request, 'agenda/getAppointments', {
        from: DAY,
        until: DAY,
      });
      return list.find((a) => a.id === annaAppt)?.state;
    })
    .toBe('1');
  // The patient and the agenda are one click away.
  await expect(hereRow.getByRole('link', { name: `${arriving}, Test` })).toHaveAttribute(
    'href',
    `/patients/${annaId}`,
  );
  await expect(hereRow.getByRole('link', { name: 'Show in the agenda' })).toHaveAttribute(
    'href',
    `/agenda?view=day&date=${DAY}&cals=${CALENDAR}&appt=${annaAppt}`,
  );

  // By keyboard: 2 in the row sets Waiting.
  await hereRow.getByRole('link', { name: `${arriving}, Test` }).focus();
  await page.keyboard.press('2');
  await expect(section(page, /^Here/).locator('li', { hasText: arriving })).toContainText('Waiting');
  // 1 sets Arrived again; the agenda, one click away, shows her block with the arrived look and opens it.
  await hereRow.getByRole('link', { name: `${arriving}, Test` }).focus();
  await page.keyboard.press('1');
  await expect(hereRow).toContainText('Arrived');
  await expect(hereRow.getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'true');
  await hereRow.getByRole('link', { name: 'Show in the agenda' }).click();
  const block = page.locator(`[data-appointment-id="${annaAppt}"]`);
  await expect(block.getByTestId('state-marker')).toHaveAttribute('data-state', 'arrived');
  await expect(block.getByTestId('state-marker')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(arriving);
});

test('a block without a patient is listed apart and not counted; a patient who arrived is never late', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const meeting = `Teamsitzung ${stamp}`;
  const twice = `Zweimal${stamp}`;
  // The team meeting was set "arrived" in the agenda; it has no patient (patid 0).
  await appointment(request, 0, '07:00', '07:30', meeting, '1');
  // Arrived at 07:00 for the blood test; the 07:15 consultation would be "1 h 30 min late" at 08:45. (Before
  // 08:00: the next test books 08:00 and 08:15 free again.)
  const patid = await patient(request, twice);
  await appointment(request, patid, '07:00', '07:15', 'Blutentnahme', '1');
  const consult = await appointment(request, patid, '07:15', '07:30', 'Konsultation');

  await openToday(page, '08:45');
  const blocks = section(page, /^Without patient$/);
  const block = blocks.locator('li', { hasText: meeting });
  await expect(block).toContainText('07:00–07:30');
  await expect(block).toContainText('Dr. Favre');
  await expect(block.getByRole('button')).toHaveCount(0);
  await expect(page.locator('li[data-today-row]', { hasText: meeting })).toHaveCount(0);

  // Not counted: "All" is the patients' rows, the navigation's "here" is the Here section's.
  const rows = await page.locator('li[data-today-row]').count();
  await expect(page.getByRole('radio', { name: `All ${rows}` })).toBeAttached();
  const here = section(page, /^Here \(\d+\)$/);
  const hereCount = Number((await here.getByRole('heading').textContent())?.match(/\((\d+)\)/)?.[1]);
  await expect(here.locator('li', { hasText: twice })).toHaveCount(1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(new RegExp(`^${hereCount} here$`))).toBeAttached();

  // Her second appointment is expected, not late.
  const second = page.locator(`li[data-appointment-id="${consult}"]`);
  await expect(second).toHaveAttribute('data-section', 'expected');
  await expect(second).not.toContainText('late');
  await expect(section(page, /^Late/).locator('li', { hasText: twice })).toHaveCount(0);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // By keyboard, as before: 1 in the row sets the consultation Arrived; the block stays apart.
  await second.getByRole('link', { name: `${twice}, Test` }).focus();
  await page.keyboard.press('1');
  await expect(here.locator('li', { hasText: twice })).toHaveCount(2);
  await expect(blocks.locator('li', { hasText: meeting })).toBeVisible();
});

test('No-show and Cancelled move the row and free the time for booking', async ({ page, request }) => {
  const stamp = Date.now();
  const noShow = `Nichterschienen${stamp}`;
  const cancelled = `Abgesagt${stamp}`;
  await appointment(request, await patient(request, noShow), '08:00', '08:15', 'Kontrolle');
  await appointment(request, await patient(request, cancelled), '08:15', '08:30', 'Kontrolle');
  const eight = zurichAt(DAY, '08:00').getTime() / 1000;
  const quarterPast = zurichAt(DAY, '08:15').getTime() / 1000;
  const before = await slotStarts(request);
  expect(before).not.toContain(eight);
  expect(before).not.toContain(quarterPast);

  await openToday(page, '07:40');
  await row(page, noShow).getByRole('button', { name: 'No-show' }).click();
  await row(page, cancelled).getByRole('button', { name: 'Cancelled' }).click();

  const missed = section(page, /^Cancelled \/ no-show \(\d+\)$/);
  await expect(missed.locator('li', { hasText: noShow })).toContainText('No-show');
  await expect(missed.locator('li', { hasText: cancelled })).toContainText('Cancelled by patient');
  await expect(section(page, /^Expected/).locator('li', { hasText: stamp.toString() })).toHaveCount(0);

  // Booking offers both times again.
  await expect.poll(() => slotStarts(request)).toEqual(expect.arrayContaining([eight, quarterPast]));
});

test('the printed day list shows every appointment without the navigation or the buttons', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const printed = `Gedruckt${stamp}`;
  await appointment(request, await patient(request, printed), '10:00', '10:15', `Impfung ${stamp}`);
  await openToday(page, '07:30');
  await expect(row(page, printed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('li[data-today-row]').first()).toBeHidden();
  const list = page.getByRole('table');
  await expect(list).toBeVisible();
  const line = list.getByRole('row', { name: new RegExp(printed) });
  await expect(line).toContainText('10:00–10:15');
  await expect(line).toContainText(`${printed}, Test`);
  await expect(line).toContainText('born 02.04.1975');
  await expect(line).toContainText(`Impfung ${stamp}`);
  await expect(line).toContainText('Dr. Favre');
  await expect(line).toContainText('Planned');
  // A4 portrait (210 mm, about 794 px): the list fits the page's width.
  await page.setViewportSize({ width: 794, height: 1123 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(794);

  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('Today is the start page unless another area is chosen in the settings', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/today$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Open after signing in').selectOption({ label: 'Leads' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  // Back to Today: the choice is forgotten.
  await page.goto('/settings');
  await page.getByLabel('Open after signing in').selectOption({ label: 'Today' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/today$/);
});

test('on a phone (390 px) the rows are cards and the page does not scroll sideways', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const name = `Telefon${stamp}`;
  await appointment(
    request,
    await patient(request, name),
    '11:00',
    '11:15',
    'Kontrolle mit einem sehr langen Text',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await openToday(page, '07:30');
  const card = row(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancelled' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
