import { expect, test } from '@playwright/test';
import { rememberSession } from './screens.ts';

/**
 * Every area is its own file, loaded on the first visit. Opening an area for the first time without a connection
 * says so in words (no blank page, no file name), and the area opens by itself once the connection is back.
 */

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
});
