import { expect, test } from './fixtures.ts';
import { api, signIn, weekdayAhead } from './support.ts';

/** The week of one calendar fits the screen; another receptionist's booking shows up by itself. */

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const run = Date.now().toString(36);
// Calendar 5 (Labor / MPA) has only early blood draws; afternoons four weeks ahead, Thursday, are this file's own.
const CALENDAR = 5;

// Issue 26: without appointments at the weekend the week is Monday to Friday (it was seven days before).
test('with one calendar chosen the week shows five day columns inside 1440 px', async ({ page }) => {
  const day = weekdayAhead(3, 3);
  await signIn(page, { path: `/agenda?view=week&date=${day}&cals=${CALENDAR}` });
  const grid = page.getByRole('region', { name: 'Appointments' });
  const columns = grid.getByRole('group');
  await expect(columns).toHaveCount(5, { timeout: 20_000 });

  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const boxes = [];
  for (let i = 0; i < 5; i++) {
    const box = await columns.nth(i).boundingBox();
    if (!box) throw new Error(`column ${i} has no box`);
    boxes.push(box);
  }
  for (const [i, box] of boxes.entries()) {
    // Inside the window, wide enough to read "08:00 Blutentnahme", next to the day before.
    expect(box.x, `column ${i} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `column ${i} ends inside the window`).toBeLessThanOrEqual(viewport.width);
    expect(box.width, `column ${i} is readable`).toBeGreaterThanOrEqual(110);
    if (i > 0) expect(box.x).toBeGreaterThan(boxes[i - 1].x);
  }
  // Nothing to scroll sideways: the grid shows the whole week.
  const sideways = await grid.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways).toBeLessThanOrEqual(1);
});

test('several calendars stand side by side in the day view', async ({ page }) => {
  const day = weekdayAhead(3, 3);
  await signIn(page, { path: `/agenda?view=day&date=${day}` });
  const chips = page.getByRole('group', { name: 'Calendars shown' }).locator('label');
  await expect(chips.first()).toBeVisible({ timeout: 20_000 });
  const calendars = await chips.count();
  expect(calendars).toBeGreaterThan(1);
  const columns = page.getByRole('region', { name: 'Appointments' }).getByRole('group');
  await expect(columns).toHaveCount(calendars);
  const first = await columns.nth(0).boundingBox();
  const second = await columns.nth(1).boundingBox();
  expect(first && second && second.x > first.x && Math.abs(second.y - first.y) < 1).toBe(true);
});

test('an appointment booked by another receptionist appears within the refresh and is highlighted', async ({
  page,
  request,
}) => {
  const day = weekdayAhead(3, 3);
  await signIn(page, { path: `/agenda?view=day&date=${day}&cals=${CALENDAR}` });
  const grid = page.getByRole('region', { name: 'Appointments' });
  await expect(grid.getByRole('group')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);

  const text = `Live ${run}`;
  await api(request, '/agenda/createAppointment', {
    calendar: CALENDAR,
    date: `${day} 15:00:00`,
    end: `${day} 15:30:00`,
    appointment: text,
    state: 'P',
  });
  const block = grid.getByRole('button', { name: new RegExp(text) });
  // Not yet: nobody reloaded, five seconds on the page's clock later.
  await page.clock.runFor(5_000);
  await expect(block).toHaveCount(0);

  // Thirty seconds later the agenda has asked again.
  await page.clock.fastForward(31_000);
  await expect(block).toBeVisible({ timeout: 10_000 });
  await expect(grid.locator('[data-changed]').filter({ hasText: text })).toHaveCount(1);
});

test.describe('in an English (US) browser', () => {
  test.use({ locale: 'en-US' });

  test('the appointment dialog shows the day as DD.MM.YYYY and times in 24 hours', async ({ page }) => {
    const day = weekdayAhead(3, 3);
    await signIn(page, { path: `/agenda?view=day&date=${day}&cals=${CALENDAR}` });
    await page.getByRole('button', { name: 'New appointment' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    const [y, m, d] = day.split('-');
    await expect(dialog.getByLabel('Date')).toHaveValue(`${d}.${m}.${y}`);
    await expect(dialog.getByLabel('From')).toHaveValue(/^\d{2}:\d{2}$/);
    // Typed the short way, the time reads 24-hour.
    await dialog.getByLabel('To').fill('1730');
    await dialog.getByLabel('To').blur();
    await expect(dialog.getByLabel('To')).toHaveValue('17:30');
  });
});
