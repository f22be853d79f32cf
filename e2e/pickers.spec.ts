import type { Locator, Page } from '@playwright/test';
import { addDays, practiceDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

// Issue 33: the agenda's "go to date" and the appointment dialog opened a calendar without its stylesheet (80 px
// chevrons, days out of line, no marked day, Save covered), because only the booking page loaded it. Every date field
// now brings the calendar's styles itself (components/date-time-fields.tsx); these tests open each kind of picker
// where a person opens it and look at its layout.

test.use({ viewport: { width: 1440, height: 900 } });

/** The calendar button beside the date field `name` in `scope` (for the mouse; the field itself is typed into). */
async function openCalendar(page: Page, scope: Locator | Page, name: string): Promise<Locator> {
  await expect(scope.getByRole('textbox', { name })).toBeVisible();
  const wrapper = scope
    .locator('.mantine-InputWrapper-root')
    .filter({ has: page.getByRole('textbox', { name }) });
  await wrapper.locator('[title="Calendar"]').click();
  const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await expect(calendar).toBeVisible();
  return calendar;
}

/** The look of a day cell that tells days apart: its background, border, colour and weight. */
function lookOf(day: Locator): Promise<string> {
  return day.evaluate((el) => {
    const s = getComputedStyle(el);
    return [
      s.backgroundColor,
      s.borderTopWidth,
      s.borderTopStyle,
      s.borderTopColor,
      s.color,
      s.fontWeight,
    ].join(' ');
  });
}

/**
 * What a person sees of a calendar: a month of weeks, each day in one of 7 equal columns in one line, the month's
 * arrows of a button's size, and `marked` days (today, the chosen one) looking unlike an ordinary weekday.
 */
async function expectCalendarLaidOut(calendar: Locator, marked: Locator[]): Promise<void> {
  const rows = calendar.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  for (const row of [rows.nth(1), rows.nth(2)]) {
    const boxes = await row.locator('td').evaluateAll((cells) =>
      cells.map((c) => {
        const r = c.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width };
      }),
    );
    expect(boxes).toHaveLength(7);
    const width = boxes[0].width;
    expect(width).toBeGreaterThan(20);
    for (const [i, b] of boxes.entries()) {
      expect(Math.abs(b.width - width), `column ${i + 1}'s width`).toBeLessThan(1);
      expect(Math.abs(b.y - boxes[0].y), `column ${i + 1} in the week's line`).toBeLessThan(1);
      expect(Math.abs(b.x - (boxes[0].x + i * width)), `column ${i + 1} in its place`).toBeLessThan(1.5);
    }
  }

  const arrows = calendar.locator('button[data-direction]');
  await expect(arrows).toHaveCount(2);
  for (const arrow of await arrows.all()) {
    const box = await arrow.boundingBox();
    expect(box?.height, 'the month arrow’s height').toBeLessThan(40);
  }

  // An ordinary day: a weekday of the month, neither today nor chosen.
  const ordinary = calendar
    .locator('button:not([data-today]):not([data-selected]):not([data-outside]):not([data-weekend])')
    .first();
  const plain = await lookOf(ordinary);
  for (const day of marked) {
    await expect(day).toBeVisible();
    expect(await lookOf(day), `${await day.textContent()} stands out`).not.toBe(plain);
  }
}

/** Two boxes share no point. */
function apart(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
}

const today = practiceDay();
// Another day of this month, to be chosen: today and the chosen day must each be marked.
const chosen = addDays(today, 1).slice(0, 7) === today.slice(0, 7) ? addDays(today, 1) : addDays(today, -1);
const dayNumber = (day: string) => String(Number(day.slice(8)));

test('the agenda’s go-to-date calendar is laid out, marks today and the day shown', async ({ page }) => {
  await signIn(page, { path: `/agenda?date=${chosen}` });
  const calendar = await openCalendar(page, page, 'Go to date');
  await expectCalendarLaidOut(calendar, [
    calendar.locator('button[data-today]', { hasText: new RegExp(`^${dayNumber(today)}$`) }),
    calendar.locator('button[data-selected]', { hasText: new RegExp(`^${dayNumber(chosen)}$`) }),
  ]);

  // Picking a day goes there and closes the calendar.
  await calendar.locator('button[data-today]').click();
  await expect(calendar).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`date=${today}`));
});

test('the appointment dialog’s calendar is laid out and leaves its Save button free', async ({ page }) => {
  await signIn(page, { path: `/agenda?date=${chosen}` });
  await page.getByRole('button', { name: 'New appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  const calendar = await openCalendar(page, dialog, 'Date');
  await expectCalendarLaidOut(calendar, [
    calendar.locator('button[data-today]'),
    calendar.locator('button[data-selected]', { hasText: new RegExp(`^${dayNumber(chosen)}$`) }),
  ]);
  const save = dialog.getByRole('button', { name: 'Create appointment' });
  const [popup, button] = [await calendar.boundingBox(), await save.boundingBox()];
  expect(popup && button && apart(popup, button), 'the calendar leaves Save free').toBe(true);

  await calendar.locator('button[data-today]').click();
  await expect(calendar).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue(
    `${today.slice(8)}.${today.slice(5, 7)}.${today.slice(0, 4)}`,
  );
});

test('the new lead’s date-of-birth calendar is laid out and marks today', async ({ page }) => {
  await signIn(page, { path: '/leads/new' });
  const calendar = await openCalendar(page, page, 'Date of birth');
  await expectCalendarLaidOut(calendar, [calendar.locator('button[data-today]')]);
});
