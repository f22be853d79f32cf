import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

/**
 * Where the focus is after an action (issue 33): the skip link is the first stop of Tab and takes the focus into the
 * page; a form dialog opens with the focus in its first field and gives it back to its button when it closes.
 */

test.describe.configure({ timeout: 60_000 });

test('Tab from the top of the page reaches "Skip to content" first, and Enter moves the focus into the page', async ({
  page,
}) => {
  await signIn(page, { path: '/recalls' });
  await expect(page.getByRole('heading', { level: 1, name: 'Recalls' })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // Out of sight until it has the focus.
  await expect(skip).not.toBeInViewport();

  // From the top: nothing focused, as after the page loaded.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  // The address is the page's, not #main.
  await expect(page).toHaveURL(/\/recalls$/);
  // The next Tab stays in the page: past the header and the navigation.
  await page.keyboard.press('Tab');
  await expect(main.locator(':focus')).toHaveCount(1);
  await expect(page.getByRole('banner').locator(':focus')).toHaveCount(0);
  await expect(page.getByRole('navigation').locator(':focus')).toHaveCount(0);
});

test('a form dialog opens with the focus in its first field and gives it back to its button when it closes', async ({
  page,
}) => {
  await signIn(page, { path: '/recalls' });
  const opener = page.getByRole('button', { name: 'New recall' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'New recall' });
  await expect(dialog).toBeVisible();
  // The first field, not the close button in the header.
  await expect(dialog.getByRole('switch', { name: 'Template' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Close' })).not.toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The second time too (the dialog is mounted by then), and closed by Cancel.
  await opener.press('Enter');
  await expect(dialog.getByRole('switch', { name: 'Template' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
