import { expect, test } from './fixtures.ts';
import { createAwkwardData, rememberSession } from './screens.ts';

/**
 * A phone (390 × 844): the board's filters wait behind a "Filters" button so that the first screen shows leads, and
 * the task list shows each task's reminder without scrolling sideways.
 */

// A long-overdue task of the demo user's heads the task list.
test.beforeAll(async ({ request }) => {
  await createAwkwardData(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await rememberSession(page, { language: 'en', scheme: 'light' });
});

test('the board keeps its filters behind a Filters button on a phone', async ({ page }) => {
  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The pipeline and the search stay; the other filters are folded away.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Assignee')).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Show deleted' })).toHaveCount(0);
  // A lead card is on the first screen.
  await expect(page.locator('[data-lead-id]').first()).toBeInViewport();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('switch', { name: 'Show deleted' }).click();
  await expect(page).toHaveURL(/deleted=1/);
  // The button says that a filter is on, also when folded.
  const counted = page.getByRole('button', { name: 'Filters (1)' });
  await expect(counted).toBeVisible();
  if ((await counted.getAttribute('aria-expanded')) === 'true') await counted.click();
  await expect(counted).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('switch', { name: 'Show deleted' })).toHaveCount(0);

  // On a desk everything is there at once, no button.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('switch', { name: 'Show deleted' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
});

test('the task list shows the reminder of each task without scrolling sideways on a phone', async ({
  page,
}) => {
  await page.goto('/tasks');
  const table = page.getByRole('table', { name: 'Tasks' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  // The awkward lead's task is long overdue: its reminder shows under the lead's name, inside the window's width
  // without scrolling the table sideways. (The reminder column is there too, hidden at this width.)
  for (const text of ['06.01.2020 08:00', 'Overdue']) {
    const shown = first.getByText(text).filter({ visible: true });
    const box = await shown.boundingBox();
    expect(box, text).not.toBeNull();
    expect(box?.x ?? -1, text).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 999), text).toBeLessThanOrEqual(390);
  }
  await expect(table.getByRole('columnheader', { name: 'Reminder' })).toBeHidden();
});

test('the navigation opens from the burger over the page, and closes after a choice or with Escape', async ({
  page,
}) => {
  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const tasks = nav.getByRole('link', { name: 'Tasks' });
  // Closed: the entries are neither seen nor reached with Tab.
  await expect(tasks).toBeHidden();
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  await burger.click();
  const closer = page.getByRole('button', { name: 'Close navigation' });
  await expect(closer).toHaveAttribute('aria-expanded', 'true');
  await expect(tasks).toBeVisible();
  // It covers the page's whole width under the header, once it has slid in (a 200 ms transition).
  await expect
    .poll(async () => {
      const box = await nav.boundingBox();
      return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
    })
    .toEqual({ x: 0, y: 60, width: 390 });

  // Escape closes it; the focus comes back to the burger from the entry it was on.
  await tasks.focus();
  await page.keyboard.press('Escape');
  await expect(tasks).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();

  // An entry chosen: its page, the navigation closed.
  await burger.click();
  await tasks.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(tasks).toBeHidden();
});
