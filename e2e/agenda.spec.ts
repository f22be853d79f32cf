import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { practiceDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { api, expectNoAxeViolations, signIn, weekdayAhead } from './support.ts';

// Calendar 5 (Labor / MPA) has no practitioner and only early blood draws: these tests' appointments, late
// mornings on weekdays two weeks ahead, meet nobody else's.
const CALENDAR = 5;
const CALENDAR_NAME = 'Labor / MPA';
const PX_PER_MIN = 1.2;

test.use({ viewport: { width: 1400, height: 1000 } });
// The machine is shared: drags, axe on a week grid and API checks get time to spare.
test.describe.configure({ timeout: 90_000 });

interface Appt {
  id: number;
  date: string;
  end: string;
  patid: number;
  appointment: string;
  comment: string;
  displayedduration: string;
  state: string;
}

async function appointmentsOn(request: APIRequestContext, day: string): Promise<Appt[]> {
  return api<Appt[]>(request, '/agenda/getAppointments', { calendarid: CALENDAR, from: day, until: day });
}

async function findAppointment(
  request: APIRequestContext,
  day: string,
  id: number,
): Promise<Appt | undefined> {
  return (await appointmentsOn(request, day)).find((a) => a.id === id);
}

async function createAppointment(
  request: APIRequestContext,
  fields: Partial<Appt> & { date: string; end: string },
) {
  const { appointmentid } = await api<{ appointmentid: number }>(request, '/agenda/createAppointment', {
    calendar: CALENDAR,
    patid: 0,
    appointment: '',
    comment: '',
    displayedduration: '',
    state: 'P',
    ...fields,
  });
  return appointmentid;
}

function column(page: Page, day: string): Locator {
  return page.locator(`[data-column="${day}|${CALENDAR}"]`);
}

/** The y coordinate (page) of a minute of the day in a column. */
async function yOf(col: Locator, minute: number): Promise<{ x: number; y: number }> {
  const box = await col.boundingBox();
  if (!box) throw new Error('column not visible');
  const from = Number(await col.getAttribute('data-from-minute'));
  return { x: box.x + box.width / 2, y: box.y + (minute - from) * PX_PER_MIN };
}

async function openDay(page: Page, day: string) {
  await page.goto(`/agenda?view=day&date=${day}&cals=${CALENDAR}`);
  await expect(column(page, day)).toBeVisible({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('changing the time in the dialog keeps text, comment and every other field', async ({
  page,
  request,
}) => {
  const day = weekdayAhead(1, 0);
  const stamp = Date.now();
  const text = `E2E time ${stamp}`;
  const comment = `Keep this comment ${stamp}`;
  const id = await createAppointment(request, {
    date: `${day} 10:00:00`,
    end: `${day} 10:30:00`,
    patid: 5,
    appointment: text,
    comment,
    displayedduration: '30',
    state: 'W',
  });

  await openDay(page, day);
  const event = page.getByRole('button', { name: new RegExp(text) });
  // The patient's name comes first, then the text (issue 26).
  await expect(event).toHaveAccessibleName(
    new RegExp(`^10:00\\s?–10:30, .+\\s?, ${text}\\s?, Waiting, Comment: ${comment}`),
  );
  // Hover shows the details.
  await event.hover();
  await expect(page.getByRole('tooltip')).toContainText(comment);
  await event.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Text')).toHaveValue(text);
  await dialog.getByLabel('From').fill('10:45');
  await dialog.getByLabel('To').fill('11:15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^10:45\\s?–11:15, .+${text}`) })).toBeVisible();

  const saved = await findAppointment(request, day, id);
  expect(saved).toMatchObject({
    date: `${day} 10:45:00`,
    end: `${day} 11:15:00`,
    appointment: text,
    comment,
    patid: 5,
    state: 'W',
    displayedduration: '30',
  });
});

test('a change made elsewhere while the dialog is open is shown before anything is written', async ({
  page,
  request,
}) => {
  const day = weekdayAhead(1, 1);
  const stamp = Date.now();
  const text = `E2E conflict ${stamp}`;
  const base = {
    date: `${day} 11:00:00`,
    end: `${day} 11:20:00`,
    patid: 0,
    appointment: text,
    comment: 'Original comment',
    displayedduration: '20',
    state: 'P',
  };
  const id = await createAppointment(request, base);

  await openDay(page, day);
  await page.getByRole('button', { name: new RegExp(text) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Text').fill(`${text} mine`);

  // A colleague changes the comment meanwhile (a complete record, as modifyAppointment overwrites).
  await api(request, '/agenda/modifyAppointment', {
    appointmentid: id,
    calendar: CALENDAR,
    ...base,
    comment: 'Changed by a colleague',
  });

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Someone else changed this appointment' }),
  ).toBeVisible();
  const table = dialog.getByTestId('conflict-table');
  await expect(table.getByRole('row', { name: /Comment/ })).toContainText('Original comment');
  await expect(table.getByRole('row', { name: /Comment/ })).toContainText('Changed by a colleague');
  await expect(table.getByRole('row', { name: /Text/ })).toContainText(`${text} mine`);
  // Nothing was written yet.
  expect(await findAppointment(request, day, id)).toMatchObject({
    appointment: text,
    comment: 'Changed by a colleague',
  });

  await dialog.getByRole('button', { name: 'Keep their changes and apply mine' }).click();
  await expect(dialog).toBeHidden();
  expect(await findAppointment(request, day, id)).toMatchObject({
    appointment: `${text} mine`,
    comment: 'Changed by a colleague',
    displayedduration: '20',
    state: 'P',
  });
});

test('creates by selecting a free range, moves by dragging and deletes after confirming', async ({
  page,
  request,
}) => {
  const day = weekdayAhead(1, 2);
  const stamp = Date.now();
  const text = `E2E drag ${stamp}`;
  await openDay(page, day);
  const col = column(page, day);

  // Select 11:00 to 11:30 by dragging over the free column.
  const from = await yOf(col, 11 * 60 + 2);
  const to = await yOf(col, 11 * 60 + 28);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();

  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByLabel('From')).toHaveValue('11:00');
  await expect(dialog.getByLabel('To')).toHaveValue('11:30');
  await expect(dialog.getByLabel('Calendar')).toHaveValue(String(CALENDAR));
  await dialog.getByLabel('Text').fill(text);
  await dialog.getByLabel('Comment').fill('Created by drag');
  await dialog.getByRole('button', { name: 'Create appointment' }).click();
  await expect(dialog).toBeHidden();
  const event = page.getByRole('button', { name: new RegExp(`^11:00\\s?–11:30, ${text}`) });
  await expect(event).toBeVisible();
  const created = (await appointmentsOn(request, day)).find((a) => a.appointment === text);
  expect(created).toMatchObject({
    date: `${day} 11:00:00`,
    end: `${day} 11:30:00`,
    comment: 'Created by drag',
  });
  const id = created?.id ?? 0;

  // Drag it one hour later.
  const box = await event.boundingBox();
  if (!box) throw new Error('event not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 8 + 30, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2, box.y + 8 + 60 * PX_PER_MIN, { steps: 5 });
  await expect(page.getByTestId('drag-preview')).toHaveText('12:00–12:30');
  await page.mouse.up();
  await expect(page.getByRole('button', { name: new RegExp(`^12:00\\s?–12:30, ${text}`) })).toBeVisible();
  await expect.poll(async () => (await findAppointment(request, day, id))?.date).toBe(`${day} 12:00:00`);
  expect(await findAppointment(request, day, id)).toMatchObject({
    end: `${day} 12:30:00`,
    appointment: text,
    comment: 'Created by drag',
  });

  // Delete, after confirming.
  await page.getByRole('button', { name: new RegExp(`^12:00\\s?–12:30, ${text}`) }).click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('button', { name: 'Delete…' }).click();
  await editor.getByRole('button', { name: 'Delete appointment' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(text) })).toHaveCount(0);
  expect(await findAppointment(request, day, id)).toBeUndefined();
});

test('moves an appointment to a day typed as D.M.YY, and refuses 31.02. at the field without saving', async ({
  page,
  request,
}) => {
  const day = weekdayAhead(1, 3);
  const target = weekdayAhead(1, 4);
  const text = `E2E typed day ${Date.now()}`;
  const id = await createAppointment(request, {
    date: `${day} 11:30:00`,
    end: `${day} 12:00:00`,
    appointment: text,
    displayedduration: '30',
  });
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/agenda/modifyAppointment')) writes.push(r.url());
  });

  await openDay(page, day);
  await page.getByRole('button', { name: new RegExp(text) }).click();
  const dialog = page.getByRole('dialog');
  const date = dialog.getByRole('textbox', { name: 'Date' });
  // As receptionists write it: no leading zeros, a two-digit year (1.12.26). It used to be refused in silence and
  // the old day saved.
  const [y, m, d] = target.split('-');
  await date.fill(`${Number(d)}.${Number(m)}.${y.slice(2)}`);
  await date.press('Tab');
  await expect(date).toHaveValue(`${d}.${m}.${y}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(text) })).toHaveCount(0);
  expect(await findAppointment(request, day, id)).toBeUndefined();
  const moved = await findAppointment(request, target, id);
  expect(moved).toMatchObject({ date: `${target} 11:30:00`, end: `${target} 12:00:00`, appointment: text });
  expect(writes).toHaveLength(1);

  // "Go to date" with D.M.: the next such day from today on.
  const goTo = page.getByRole('textbox', { name: 'Go to date' });
  await goTo.fill(`${Number(d)}.${Number(m)}.`);
  await expect(page).toHaveURL(new RegExp(`date=${target}`));
  const event = page.getByRole('button', { name: new RegExp(`^11:30\\s?–12:00, ${text}`) });
  await expect(event).toBeVisible();

  // 31.02. is no day: said at the field, and Save writes nothing (not the day the appointment had either).
  await event.click();
  const again = page.getByRole('dialog');
  const field = again.getByRole('textbox', { name: 'Date' });
  await field.fill('31.02.');
  await field.press('Tab');
  await expect(field).toHaveValue('31.02.');
  await expect(again.getByText('This date does not exist.')).toBeVisible();
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(again).toBeVisible();
  await expect(field).toHaveValue('31.02.');
  expect(writes).toHaveLength(1);
  expect(await findAppointment(request, target, id)).toEqual(moved);
});

test('moves through dates by keys and buttons, marks today, and has no accessibility violations', async ({
  page,
}) => {
  const day = weekdayAhead(1, 0);
  await openDay(page, day);
  const heading = page.getByRole('heading', { level: 2 }).first();
  const monday = await heading.textContent();
  await page.locator('body').press('ArrowRight');
  await expect(heading).not.toHaveText(monday ?? '');
  await expect(page).toHaveURL(new RegExp(`date=${weekdayAhead(1, 1)}`));
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  await expectNoAxeViolations(page);

  await page.locator('body').press('w');
  await expect(page).toHaveURL(/view=week/);
  await expect(heading).toContainText('Week');
  // Monday to Friday: nobody works at the weekend in this calendar (issue 26; it was seven days before).
  await expect(page.getByRole('group', { name: new RegExp(`^${CALENDAR_NAME}, `) })).toHaveCount(5);
  await expectNoAxeViolations(page);

  // T: today, marked in the header, with the line of the current time on weekdays' business grid.
  await page.locator('body').press('t');
  const today = practiceDay();
  await expect(page).toHaveURL(new RegExp(`date=${today}`));
  await expect(page.locator('[aria-current="date"]')).toContainText('today');

  // The dialog too.
  await page.getByRole('button', { name: 'New appointment' }).click();
  await expect(page.getByRole('dialog', { name: 'New appointment' })).toBeVisible();
  await expectNoAxeViolations(page);
});
