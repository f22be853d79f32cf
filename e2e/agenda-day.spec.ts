import type { APIRequestContext, Page } from '@playwright/test';
import { practiceDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { api, expectNoAxeViolations, signIn, weekdayAhead } from './support.ts';

/**
 * The receptionist's day in the agenda: states that show, names that read, a week that fits, an appointment opened by
 * its address, the day on paper.
 */

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1440, height: 900 } });

// Calendar 5 (Labor / MPA) has only early blood draws; six weeks ahead (past the seeded four) the days are this file's.
const CALENDAR = 5;
const run = Date.now().toString(36);

async function createPatient(request: APIRequestContext, lastname: string, firstname: string) {
  const { id } = await api<{ id: number }>(request, '/system/createCustomer', {
    lastname,
    firstname,
    dob: '1961-04-12',
    language: 'de',
  });
  return id;
}

async function createAppointment(
  request: APIRequestContext,
  fields: {
    calendar?: number;
    date: string;
    end: string;
    patid: number;
    appointment: string;
    state?: string;
  },
) {
  const { appointmentid } = await api<{ appointmentid: number }>(request, '/agenda/createAppointment', {
    calendar: CALENDAR,
    comment: '',
    displayedduration: '',
    state: 'P',
    ...fields,
  });
  return appointmentid;
}

function block(page: Page, id: number) {
  return page.locator(`[data-appointment-id="${id}"]`);
}

test('Arrived set in the appointment dialog shows on the block as its marker', async ({ page, request }) => {
  const day = weekdayAhead(6, 1);
  const patid = await createPatient(request, `Ankunft${run}`, 'Doris');
  const id = await createAppointment(request, {
    date: `${day} 10:00:00`,
    end: `${day} 10:30:00`,
    patid,
    appointment: 'Kontrolle',
  });
  await signIn(page, { path: `/agenda?view=day&date=${day}&cals=${CALENDAR}` });
  const appointment = block(page, id);
  await expect(appointment).toBeVisible({ timeout: 20_000 });
  // Planned: no marker yet.
  await expect(appointment.getByTestId('state-marker')).toHaveCount(0);

  await appointment.getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('State').selectOption({ label: 'Arrived' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const marker = appointment.getByTestId('state-marker');
  await expect(marker).toHaveAttribute('data-state', 'arrived');
  await expect(marker).toBeVisible();
  // The state is in the block's name too, and the border is stronger than a planned one's.
  await expect(appointment.getByRole('button')).toHaveAccessibleName(/Arrived/);
  const border = await appointment.evaluate((el) => Number.parseFloat(getComputedStyle(el).borderTopWidth));
  expect(border).toBeGreaterThanOrEqual(2);

  // The legend is one click away and names every state.
  await page.getByRole('button', { name: 'Legend' }).click();
  const legend = page.getByRole('dialog', { name: 'Appointment states' });
  await expect(legend).toBeVisible();
  for (const name of ['Planned', 'Waiting', 'Arrived', 'Done', 'No-show'])
    await expect(legend.getByText(name, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a 15-minute appointment shows the last name whole, with all calendars side by side', async ({
  page,
  request,
}) => {
  const day = weekdayAhead(6, 2);
  const lastname = 'Zimmermann-Moser';
  const patid = await createPatient(request, lastname, 'Daniel');
  const id = await createAppointment(request, {
    calendar: 1,
    date: `${day} 14:20:00`,
    end: `${day} 14:35:00`,
    patid,
    appointment: 'Kontrolle nach Therapie mit langer Bemerkung',
  });
  await signIn(page, { path: `/agenda?view=day&date=${day}` });
  const appointment = block(page, id);
  await expect(appointment).toBeVisible({ timeout: 20_000 });
  const name = appointment.getByTestId('event-name');
  await expect(name).toHaveText(`${lastname} D.`);
  // Not clipped: the name's own box holds its text, and it lies inside the block.
  const clipped = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(clipped).toBe(false);
  const nameBox = await name.boundingBox();
  const blockBox = await appointment.boundingBox();
  if (!nameBox || !blockBox) throw new Error('no boxes');
  expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(blockBox.x + blockBox.width);
  expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(blockBox.y + blockBox.height + 1);
  // The whole content is the block's accessible name (the text is cut on screen only).
  // (Chrome reads the visually hidden parts as blocks: a space may stand before their commas.)
  await expect(appointment.getByRole('button')).toHaveAccessibleName(
    /^14:20\s?–14:35, Zimmermann-Moser D\.\s?, Kontrolle nach Therapie mit langer Bemerkung\s?, Planned$/,
  );
});

test("one calendar's week shows Monday to Friday with today in view and no sideways scrolling", async ({
  page,
}) => {
  await signIn(page, { path: '/agenda?view=week&cals=1' });
  const grid = page.getByRole('region', { name: 'Appointments' });
  const today = practiceDay();
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const columns = grid.getByRole('group');
  await expect(columns).toHaveCount(weekend ? 7 : 5, { timeout: 20_000 });
  await expect(columns.first()).toHaveAccessibleName(/^Dr\. Brunner, Mon /);
  if (!weekend) await expect(columns.last()).toHaveAccessibleName(/^Dr\. Brunner, Fri /);

  const todayColumn = page.locator(`[data-column="${today}|1"]`);
  await expect(todayColumn).toBeInViewport();
  const box = await todayColumn.boundingBox();
  if (!box) throw new Error('no box for today');
  expect(box.x + box.width).toBeLessThanOrEqual(1440);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await grid.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);

  // All seven on request.
  await page.getByRole('switch', { name: 'Saturday and Sunday' }).click();
  await expect(columns).toHaveCount(7);
  await expect(page).toHaveURL(/days=7/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Several calendars: narrow day columns, still no sideways scrolling; the inactive practitioner is not offered.
  await page.goto('/agenda?view=week');
  await expect(page.getByRole('group', { name: 'Calendars shown' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('group', { name: 'Calendars shown' }).getByText('Dr. Keller')).toHaveCount(0);
  await expect(grid.getByRole('group').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await grid.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);

  // Or one calendar at a time, in readable columns.
  await page.getByLabel('Calendar in the week').selectOption({ label: 'Dr. Favre' });
  await expect(page).toHaveURL(/wcal=2/);
  await expect(grid.getByRole('group')).toHaveCount(weekend ? 7 : 5);
  await expect(grid.getByRole('group').first()).toHaveAccessibleName(/^Dr\. Favre, Mon /);
});

test('?appt= opens the appointment, whose dialog leads to the patient', async ({ page, request }) => {
  const day = weekdayAhead(6, 3);
  const patid = await createPatient(request, `Adresse${run}`, 'Beat');
  const id = await createAppointment(request, {
    date: `${day} 11:00:00`,
    end: `${day} 11:20:00`,
    patid,
    appointment: 'Besprechung Laborbefund',
  });
  await signIn(page, { path: `/agenda?view=day&date=${day}&cals=${CALENDAR}&appt=${id}` });
  const dialog = page.getByRole('dialog', { name: /Besprechung Laborbefund/ });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const link = dialog.getByRole('link', { name: 'Open patient' });
  await expect(link).toHaveAttribute('href', `/patients/${patid}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patid}$`));
});

test('a new appointment from a free slot takes its duration from the chosen service', async ({ page }) => {
  const day = weekdayAhead(6, 4);
  await signIn(page, { path: `/agenda?view=day&date=${day}&cals=1` });
  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByLabel('From').fill('09:00');
  const service = dialog.getByLabel('Service');
  await expect(service.locator('option')).not.toHaveCount(1, { timeout: 10_000 });
  await service.selectOption({ label: 'Erstkonsultation (30 min)' });
  await expect(dialog.getByLabel('To')).toHaveValue('09:30');
  await expect(dialog.getByLabel('Text')).toHaveValue('Erstkonsultation');
  await expect(dialog.getByLabel('Displayed duration (minutes)')).toHaveValue('30');
});

test('printing the day lists each practitioner without the navigation', async ({ page, request }) => {
  const day = weekdayAhead(6, 0);
  const patid = await createPatient(request, `Druck${run}`, 'Paula');
  await createAppointment(request, {
    date: `${day} 08:30:00`,
    end: `${day} 08:45:00`,
    patid,
    appointment: 'Blutentnahme nüchtern',
  });
  await signIn(page, { path: `/agenda?view=day&date=${day}` });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible({ timeout: 20_000 });
  const list = page.getByTestId('agenda-print');
  await expect(list).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(list.getByRole('heading', { name: /^Labor \/ MPA · / })).toBeVisible();
  await expect(list.getByRole('heading', { name: /^Dr\. Brunner · / })).toBeVisible();
  const row = list.getByRole('row', { name: new RegExp(`Druck${run}, Paula`) });
  await expect(row).toContainText('08:30–08:45');
  await expect(row).toContainText('Blutentnahme nüchtern');
  // A4 portrait at 96 dpi, less the margins: about 718 px wide; nothing wider.
  const width = await list.evaluate((el) => el.scrollWidth);
  expect(width).toBeLessThanOrEqual(1440);
});
