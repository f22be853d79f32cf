import { expect, type Page, test } from '@playwright/test';
import { type AwkwardData, createAwkwardData, LONG_NAME, overflowX, rememberSession } from './screens.ts';

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

    await page.goto('/recalls');
    await expect(page.getByText(LONG_NAME.slice(0, 30)).first()).toBeVisible();
    await expectFits(page, 'the recall list');
  });
}
