import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  type AwkwardData,
  createAwkwardData,
  HTML,
  LONG_NAME,
  overflowX,
  rememberSession,
} from './screens.ts';

/**
 * A last name of 300 letters without a space (the API accepts it) must wrap or be cut with an ellipsis: no page
 * may become wider than the window, on a desk (1440 px) or a phone (390 px).
 */

test.describe.configure({ timeout: 90_000 });

let data: AwkwardData;
test.beforeAll(async ({ request }) => {
  data = await createAwkwardData(request);
});

async function expectFits(page: Page, what: string) {
  await expect
    .poll(() => overflowX(page), { message: `${what} is wider than the window` })
    .toBeLessThanOrEqual(0);
}

/** How many lines of its own text the element is tall (its height over its computed line height). */
async function linesTall(el: Locator): Promise<number> {
  return el.evaluate(
    (e) => e.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(e).lineHeight),
  );
}

/**
 * On a phone the long name is cut after two lines (with an ellipsis) instead of filling the first screen; the whole
 * name is still the heading's accessible name (what a screen reader reads) and its tooltip.
 */
async function expectShortHeading(heading: Locator, fullName: string) {
  await expect(heading).toHaveAccessibleName(fullName);
  await expect(heading).toHaveAttribute('title', fullName);
  expect(await linesTall(heading)).toBeLessThanOrEqual(3);
}

test('on a phone a long name heads the lead page, the drawer and the patient page in at most three lines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await rememberSession(page, { language: 'en', scheme: 'light' });
  const leadName = `${LONG_NAME} ${HTML}`;

  await page.goto(`/leads/${data.leadId}`);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toContainText(LONG_NAME.slice(0, 20));
  await expectShortHeading(h1, leadName);
  // What follows the name (the lead's badges and actions) is on the first screen.
  await expect(page.getByRole('button', { name: 'Delete' }).first()).toBeInViewport();
  // A dialog titled with the name keeps its question and buttons on the screen too.
  await page.getByRole('button', { name: 'Delete' }).first().click();
  const dialog = page.getByRole('dialog');
  await expectShortHeading(dialog.getByRole('heading', { name: `Delete ${leadName}` }), `Delete ${leadName}`);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeInViewport();
  await page.keyboard.press('Escape');

  await page.goto(`/leads?lead=${data.leadId}`);
  const drawer = page.getByRole('dialog');
  const drawerTitle = drawer.getByRole('heading', { name: leadName, exact: true });
  await expectShortHeading(drawerTitle, leadName);
  await expect(drawer.getByRole('link', { name: 'Open the full page' })).toBeInViewport();

  await page.goto(`/patients/${data.patid}`);
  await expectShortHeading(page.getByRole('heading', { level: 1 }), `${LONG_NAME}, ${HTML}`);
  await expect(page.getByText('Patient no.')).toBeInViewport();
});

for (const width of [1440, 390]) {
  test(`no page is wider than a ${width} px window because of a long name`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await rememberSession(page, { language: 'en', scheme: 'light' });

    await page.goto(`/leads/${data.leadId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(LONG_NAME.slice(0, 20));
    await expect(page.getByText(LONG_NAME.slice(0, 30)).first()).toBeVisible();
    await expectFits(page, 'the lead page');

    await page.getByRole('button', { name: 'Delete' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectFits(page, 'the delete dialog');
    await page.keyboard.press('Escape');

    await page.goto('/leads');
    await expect(page.getByText(LONG_NAME.slice(0, 30)).first()).toBeVisible();
    await expectFits(page, 'the board');
    if (width === 1440) {
      // The other columns stay beside the one with the long name.
      await expect(page.getByRole('region').nth(2)).toBeInViewport();
    }

    await page.goto(`/patients/${data.patid}`);
    await expect(page.getByText(LONG_NAME.slice(0, 30)).first()).toBeVisible();
    await expectFits(page, 'the patient page');

    await page.goto('/tasks');
    await expect(page.getByText(LONG_NAME.slice(0, 30)).first()).toBeVisible();
    await expectFits(page, 'the task list');

    // The patient's recalls only: the whole list is long and virtual after the other specs, so the row may lie below.
    await page.goto(`/recalls?patid=${data.patid}`);
    await expect(page.getByText(LONG_NAME.slice(0, 30)).first()).toBeVisible();
    await expectFits(page, 'the recall list');
  });
}
