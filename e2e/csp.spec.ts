import { expect, test } from './fixtures.ts';
import { rememberSession } from './screens.ts';
import { api, watchCspViolations } from './support.ts';

/**
 * The page's Content-Security-Policy allows only styles that carry the page's nonce. Opening a dialog or a drawer
 * locks the page's scroll with a style tag of its own, and dragging a card draws it where the mouse is: neither
 * may be refused by the browser (a refused scroll lock also lets the page scroll behind the dialog).
 */

test.describe.configure({ timeout: 60_000 });

test('a dialog, a drawer and a drag on the board raise no CSP violation', async ({ page, request }) => {
  const name = `Csp${Date.now().toString(36)}`;
  const { leadId } = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    folderId: 1,
    contact: { lastname: name, firstname: 'Lena' },
  });
  await page.setViewportSize({ width: 1600, height: 900 });
  const violations = await watchCspViolations(page);
  await rememberSession(page, { language: 'en', scheme: 'light' });

  await page.goto(`/leads/${leadId}`);
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The scroll lock took effect: the page behind the dialog cannot scroll.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto('/leads');
  const card = page.getByRole('article', { name: new RegExp(name) });
  await card.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const target = page.getByRole('region').nth(2);
  // Drag and drop loads just after the first cards: a card that can be carried says so to screen readers.
  await expect(card.first()).toHaveAttribute('aria-roledescription', /.+/);
  const a = await card.boundingBox();
  const b = await target.boundingBox();
  if (!a || !b) throw new Error('card or column not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + 12);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + 24, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 120, { steps: 12 });
  await expect(card.first()).toHaveAttribute('data-dragging', 'true');
  await page.mouse.up();
  await expect(target.getByRole('article', { name: new RegExp(name) })).toBeVisible();

  expect(violations).toEqual([]);
});
