import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, expectShell, signIn, signInWithForm, watchCspViolations } from './support.ts';

/** Every area, by its English navigation label, its address and its page heading. */
const areas = [
  { nav: 'Today', path: '/today' },
  { nav: 'Leads', path: '/leads' },
  { nav: 'Tasks', path: '/tasks' },
  { nav: 'Agenda', path: '/agenda' },
  { nav: 'Book', path: '/booking' },
  { nav: 'Recalls', path: '/recalls' },
  { nav: 'Patients', path: '/patients' },
  { nav: 'Lab results', path: '/lab' },
  { nav: 'Accounting', path: '/accounting' },
  { nav: 'Statistics', path: '/stats' },
  { nav: 'Settings', path: '/settings' },
];

async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(
    () => window.sessionStorage.getItem('praxis.session') ?? window.localStorage.getItem('praxis.session'),
  );
}

test('signs in with the demo credentials, visits every area, speaks German on request and signs out', async ({
  page,
}) => {
  // Eleven areas, two languages, two colour schemes: three times the usual time.
  test.slow();
  const cspViolations = await watchCspViolations(page);
  await page.goto('/');
  // Not signed in: the start address leads to sign-in, with the demo credentials offered.
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByText('This is the demo practice')).toBeVisible();
  // The app's server knows its practice: no address to type.
  await expect(page.getByLabel('Practice address')).toHaveCount(0);
  await expect(page.getByLabel('User name', { exact: true })).toHaveValue('demo');
  await expectNoAxeViolations(page);

  await signInWithForm(page);
  // The start page: Today, the front desk's day (unless another area is chosen in settings).
  await expect(page).toHaveURL(/\/today$/);
  const header = page.getByRole('banner');
  await expect(header.getByText('Petra Sommer')).toBeVisible();
  await expect(header.getByText('Practice Demo')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const area of areas) {
    await nav.getByRole('link', { name: area.nav }).click();
    // An area's code loads on its first visit: on a busy machine that takes a while.
    await expect(page).toHaveURL(new RegExp(`${area.path}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: area.nav })).toBeVisible({ timeout: 20_000 });
    await expect(nav.getByRole('link', { name: area.nav })).toHaveAttribute('aria-current', 'page');
  }
  await expectNoAxeViolations(page);

  // German, chosen in settings, kept over a reload.
  await page.getByText('Deutsch', { exact: true }).click();
  const navDe = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navDe.getByRole('link', { name: 'Aufgaben' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(navDe.getByRole('link', { name: 'Patienten' })).toBeVisible();
  await page.getByText('English', { exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Dark colours from the header, and back.
  await page.getByRole('button', { name: 'Switch to dark colours' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Switch to light colours' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // Signing out forgets the credentials.
  await header.getByRole('button', { name: /Petra Sommer/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftasks$/);
  // No area broke the page's Content-Security-Policy on the way.
  expect(cspViolations).toEqual([]);
});

test('a wrong password is said in words, keeps what was typed and goes on edit', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('User name', { exact: true }).fill('frau.muster');
  await page.getByLabel('Password', { exact: true }).fill('falsch');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('User name or password is wrong.')).toBeVisible();
  await expect(page.getByLabel('User name', { exact: true })).toHaveValue('frau.muster');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('falsch');
  // The caret may stand anywhere after the failed try: go to the end, as a person would, and correct the last letter.
  await page.getByLabel('Password', { exact: true }).press('End');
  await page.getByLabel('Password', { exact: true }).press('Backspace');
  await expect(page.getByText('User name or password is wrong.')).toBeHidden();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await storedSession(page)).toBeNull();
});

test('an API key signs in too, and is remembered on the device when asked', async ({ page, context }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
  await page.getByText('API key', { exact: true }).click();
  // The choice is labelled "API key" too: the field is the password-type input.
  await page
    .getByLabel('API key', { exact: true })
    .and(page.locator('input[type="password"]'))
    .fill('demo-key');
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectShell(page);
  await expect(page.getByText('API key', { exact: true })).toBeVisible();
  const kept = await page.evaluate(
    () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
  );
  expect(kept).not.toContain('demo-key');
  // Remembered: the server's sealed cookie lives 30 days, out of the page's reach.
  const sid = (await context.cookies()).find((c) => c.name === 'praxis.sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid?.sameSite).toBe('Strict');
  expect(sid?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  // Never in the address.
  expect(page.url()).not.toContain('demo-key');
});

test('a 401 later leads to sign-in and back to the page', async ({ page, context }) => {
  // Settings: a page of the shell itself, so that no area's loading adds to the time.
  await signIn(page, { path: '/settings' });

  // The session no longer works (a server with another key, say).
  await context.addCookies([{ name: 'praxis.sid', value: 'expired', url: page.url(), sameSite: 'Strict' }]);
  await page.goto('/settings?from=test');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%3Ffrom%3Dtest$/);
  await expect(page.getByText('Please sign in again')).toBeVisible();
  await expect(page.getByLabel('User name', { exact: true })).toHaveValue('demo');

  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\?from=test$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Without any session at all, the same.
  await context.clearCookies();
  await page.goto('/lab');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Flab$/);
  await page.getByLabel('User name', { exact: true }).fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/lab$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lab results' })).toBeVisible();
});

test('a lost connection shows a banner that goes when it is back', async ({ page, context }) => {
  await signIn(page, { path: '/settings' });
  const banner = page.getByText('No connection to the practice server');
  await expect(banner).toBeHidden();
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('an unknown address shows a page, not a blank screen', async ({ page }) => {
  await signIn(page, { path: '/no/such/page' });
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'To the leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
});

test('the page carries the security headers and breaks no Content-Security-Policy rule', async ({ page }) => {
  const violations = await watchCspViolations(page);

  const response = await page.goto('/sign-in');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  // A script of the build is never a document: it carries nosniff but not the page's policy (the bytes add up).
  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  const scriptHeaders = (await page.request.get(script ?? '/missing.js')).headers();
  expect(scriptHeaders['x-content-type-options']).toBe('nosniff');
  expect(scriptHeaders['content-security-policy']).toBeUndefined();

  // Through the app: Mantine's style tags must carry this response's nonce, or the browser reports them.
  await signIn(page, { path: '/settings' });
  await page.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
  expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
  // The nonce attribute reads empty once applied (nonce hiding); the property keeps it.
  const styleNonces = await page
    .locator('style')
    .evaluateAll((els) => els.map((e) => (e as HTMLStyleElement).nonce));
  expect(styleNonces.length).toBeGreaterThan(0);
  for (const n of styleNonces) expect(n).toBe(nonce);
  expect(violations).toEqual([]);
});
