import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { rememberSession } from './screens.ts';

/**
 * Every stylesheet of the page has loaded: none left failed from the time without a connection (Chromium keeps a
 * failed one as a sheet whose rules cannot be read).
 */
const allStylesLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => {
      try {
        return (l.sheet?.cssRules.length ?? 0) > 0;
      } catch {
        return false;
      }
    }),
  );

test('an area opened offline says so and opens by itself when the connection returns', async ({
  page,
  context,
}) => {
  await rememberSession(page, { language: 'en', scheme: 'light' });
  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recalls' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('This page cannot be loaded without a connection.')).toBeVisible();
  await expect(main).not.toContainText('.js');
  await expect(main).not.toContainText('dynamically imported');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Recalls' })).toBeVisible();
  await expect(main.getByText('This page cannot be loaded without a connection.')).toBeHidden();
  // With its styles: the files that failed offline were asked for again.
  await expect.poll(() => allStylesLoaded(page)).toBe(true);
});

test('a dialog asked for offline leaves the board as it is, and opens once the connection is back', async ({
  page,
  context,
}) => {
  await rememberSession(page, { language: 'en', scheme: 'light' });
  await page.goto('/leads');
  const board = page.getByTestId('lead-board');
  await expect(board).toHaveAttribute('data-movable', 'true');
  const card = page.getByRole('region', { name: 'Open', exact: true }).getByRole('article').first();
  // The card's menu has loaded (it comes after the first cards); the Move dialog's code has not.
  await card.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Move to…' })).toBeVisible();
  await page.keyboard.press('Escape');

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  // Not the route's error page: the board and its cards stay.
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(card).toBeVisible();
  await expect(page.getByText('could not be shown')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await context.setOffline(false);
  const dialog = page.getByRole('dialog', { name: /^Move / });
  await expect(dialog).toBeVisible();
  // With its styles: a folder's radio button is drawn at its size (without them, a circle as wide as the dialog).
  await expect.poll(() => allStylesLoaded(page)).toBe(true);
  const radio = await dialog.getByRole('radio').first().boundingBox();
  expect(radio?.width ?? 0).toBeLessThan(32);
});
