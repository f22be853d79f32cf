import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

/** The calendars a receptionist picks stay picked on this device the next time the agenda opens. */

test.describe.configure({ timeout: 60_000 });
test.use({ viewport: { width: 1440, height: 900 } });

test('the calendar choice is remembered for the user on this device', async ({ page }) => {
  await signIn(page, { path: '/agenda' });
  const chips = page.getByRole('group', { name: 'Calendars shown' });
  const labels = chips.locator('label');
  await expect(labels.first()).toBeVisible({ timeout: 20_000 });
  const all = await labels.count();
  expect(all).toBeGreaterThan(1);
  // Keep only the first calendar: click the others off.
  for (let i = all - 1; i >= 1; i--) await labels.nth(i).click();
  await expect(page).toHaveURL(/cals=\d+$/);
  const chosen = new URL(page.url()).searchParams.get('cals');

  // Later, the agenda opened without any calendars in the address.
  await page.goto('/leads');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agenda' }).click();
  await expect(page).toHaveURL(new RegExp(`cals=${chosen}`));
  await expect(chips.locator('input:checked')).toHaveCount(1);
});
