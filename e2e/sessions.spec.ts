import type { Page } from '@playwright/test';
import { installClock, practiceNow } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { api, DEMO, expectShell, signInWithForm } from './support.ts';

/**
 * Sessions on the app's own server (docs/decisions/0018-sessions-on-the-server.md, 0044-sessions-in-a-store.md):
 * after signing in, nothing a script in the page can read holds the password or key, a locked session stays locked
 * whatever the page does, its cookie alone opens nothing, and once signed out no copy of the cookie opens anything.
 */

/** What would give the credentials away, as they would appear in the page. */
const SECRETS = [
  'demo-key',
  'demo:demo',
  Buffer.from('demo:demo').toString('base64'),
  '"password":"demo"',
  '"key":"demo-key"',
];

/**
 * Everything a script in the page can read: both storages, document.cookie, IndexedDB, the globals of the window
 * (as JSON, where they are data) and the values of the page's fields.
 */
async function readableByScripts(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    parts.push(JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), document.cookie);
    for (const input of document.querySelectorAll('input')) parts.push(input.value);
    const dbs = (await indexedDB.databases?.()) ?? [];
    for (const info of dbs) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => resolve([]);
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    const w = window as unknown as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(window)) {
      try {
        const v = w[key];
        if (typeof v === 'string') parts.push(v);
        else if (v && typeof v === 'object' && !(v instanceof Node) && v !== window) {
          parts.push(JSON.stringify(v)?.slice(0, 100_000) ?? '');
        }
      } catch {
        // Cyclic or guarded objects are not data a script finds credentials in.
      }
    }
    return parts.join('\n');
  });
}

function expectNoSecret(text: string) {
  for (const secret of SECRETS) expect(text, `the page can read ${secret}`).not.toContain(secret);
}

async function signInWithKey(page: Page, remember: boolean) {
  await page.goto('/sign-in');
  await page.getByText('API key', { exact: true }).click();
  await page
    .getByLabel('API key', { exact: true })
    .and(page.locator('input[type="password"]'))
    .fill('demo-key');
  if (remember) await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectShell(page);
}

test('after signing in, no storage, cookie, database, global or field of the page holds the password', async ({
  page,
  context,
}) => {
  await signInWithForm(page, { path: '/settings' });
  expectNoSecret(await readableByScripts(page));
  const sid = (await context.cookies()).find((c) => c.name === 'praxis.sid');
  expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Strict', expires: -1 });
  // A session cookie, and no script can read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('praxis.sid');
});

test('remembered on the device, the same: only the cookie lives longer', async ({ page, context }) => {
  await page.goto('/sign-in');
  await page.getByLabel('User name', { exact: true }).fill(DEMO.user);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectShell(page);
  expectNoSecret(await readableByScripts(page));
  const sid = (await context.cookies()).find((c) => c.name === 'praxis.sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  // Still signed in in a new page of this browser.
  const again = await context.newPage();
  await again.goto('/settings');
  await expect(again.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expectNoSecret(await readableByScripts(again));
});

test('signed in with an API key (remembered), the key is nowhere in the page, not even in its memory', async ({
  page,
}) => {
  await signInWithKey(page, true);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expectNoSecret(await readableByScripts(page));
  // The whole JavaScript heap of the page (after a garbage collection): the key typed once is gone.
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  expect(chunks.join('')).not.toContain('demo-key');
});

test('a locked session stays locked after clearing storage and reloading; its cookie alone cannot call /v1', async ({
  page,
  request,
}) => {
  const lead = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    folderId: 2,
    contact: { firstname: 'Vera', lastname: 'Verschlossen' },
  });
  await signInWithForm(page, { path: `/leads/${lead.leadId}` });
  await expect(page.getByText('Verschlossen').first()).toBeVisible();

  await page.getByRole('button', { name: 'Lock screen' }).click();
  const lock = page.getByRole('heading', { level: 1, name: 'Screen locked' });
  await expect(lock).toBeVisible();
  // The server's cookie says locked once its answer is in.
  await page.waitForFunction(() => {
    const raw =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('praxis.who='))
        ?.slice(11) ?? '';
    const json = atob(raw.replaceAll('-', '+').replaceAll('_', '/'));
    return json.includes('"locked":true');
  });

  // What a script in the locked page could try.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.reload();
  await expect(lock).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.textContent ?? '')).not.toContain('Verschlossen');
  const answer = await page.evaluate(async () => {
    const res = await fetch('/v1/sales/getLeads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return { status: res.status, body: await res.text() };
  });
  expect(answer.status).toBe(401);
  expect(JSON.parse(answer.body)).toEqual({ status: false, msg: 'Session locked.' });

  // Only the password unlocks.
  await page.getByLabel('Password', { exact: true }).fill('wrong');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(/password is not correct/i)).toBeVisible();
  await expect(lock).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toHaveCount(0);
  await expect(page.getByText('Verschlossen').first()).toBeVisible();
});

test('a POST from another origin with the cookie is refused', async ({ page, context }) => {
  await signInWithForm(page, { path: '/settings' });
  const origin = new URL(page.url()).origin;
  const evil = await context.request.post('/v1/system/whoami', {
    data: {},
    headers: { origin: 'http://evil.example' },
  });
  expect(evil.status()).toBe(403);
  expect(await evil.json()).toEqual({ status: false, msg: 'Cross-origin request refused.' });
  const own = await context.request.post('/v1/system/whoami', { data: {}, headers: { origin } });
  expect(own.status()).toBe(200);
});

test('signing out takes the cookie away; Back shows nothing of the record', async ({
  page,
  context,
  request,
}) => {
  const lead = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    folderId: 2,
    contact: { firstname: 'Anna', lastname: 'Abgemeldet' },
  });
  await signInWithForm(page, { path: '/settings' });
  // A page of its own in the history, for Back to come to.
  await page.goto(`/leads/${lead.leadId}`);
  await expect(page.getByText('Abgemeldet').first()).toBeVisible();
  await page.getByTestId('user-name').click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('praxis.sid');
  expect(names).not.toContain('praxis.who');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.textContent ?? '')).not.toContain('Abgemeldet');
});

test('a copied session cookie stops working once the browser it came from signs out', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  const lead = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    folderId: 2,
    contact: { firstname: 'Karl', lastname: 'Kopiert' },
  });
  await signInWithForm(page, { path: `/leads/${lead.leadId}` });
  await expect(page.getByText('Kopiert').first()).toBeVisible();

  // Another browser given this one's cookies (as a stolen cookie would be): it opens the record, for now.
  const copied = await browser.newContext({ baseURL });
  await installClock(copied.clock, practiceNow());
  await copied.addCookies(await context.cookies());
  try {
    const other = await copied.newPage();
    await other.goto(`/leads/${lead.leadId}`);
    await expect(other.getByText('Kopiert').first()).toBeVisible();

    await page.getByTestId('user-name').click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // The copy still has its cookie, but the server has ended the session: sign-in, and nothing of the record.
    expect((await copied.cookies()).map((c) => c.name)).toContain('praxis.sid');
    await other.goto(`/leads/${lead.leadId}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await other.evaluate(() => document.documentElement.textContent ?? '')).not.toContain('Kopiert');
    const answer = await copied.request.post('/v1/system/whoami', {
      data: {},
      headers: { origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toEqual({ status: false, msg: 'Unauthorized.' });
  } finally {
    await copied.close();
  }
});

test('"Sign out on every device" ends the session of the same user in another browser too', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInWithForm(page, { path: '/settings' });
  // A colleague at another desk, signed in as the same user in a browser of their own.
  const colleague = await browser.newContext({ baseURL });
  await installClock(colleague.clock, practiceNow());
  try {
    const other = await colleague.newPage();
    await signInWithForm(other, { path: '/settings' });

    await page.getByTestId('user-name').click();
    await page.getByRole('menuitem', { name: 'Sign out on every device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out on every device?' });
    await expect(dialog).toContainText('including colleagues signed in with the same user name');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // The colleague's screen: its next request to the server finds no session (here the colleague reloads the page;
    // a click or the header's own refresh does the same): the sign-in page, back to Settings afterwards, with the
    // user name filled in. (A session ended only here would leave it on Settings.)
    await other.reload();
    await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(other).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
    await expect(other.getByLabel('User name', { exact: true })).toHaveValue(DEMO.user);
    const answer = await colleague.request.post('/v1/system/whoami', {
      data: {},
      headers: { origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(401);
  } finally {
    await colleague.close();
  }
});

test('an account held after 10 failed sign-ins is told how long to wait, with the user name kept', async ({
  page,
}) => {
  await page.goto('/sign-in');
  const origin = new URL(page.url()).origin;
  // Ten wrong passwords for one account, as a guesser would send them (not the demo user: other tests sign in).
  for (let i = 0; i < 10; i++) {
    const res = await page.context().request.post('/session', {
      data: { user: 'held.e2e', password: `guess-${i}` },
      headers: { origin },
    });
    expect(res.status()).toBe(401);
  }
  await page.getByLabel('User name', { exact: true }).fill('held.e2e');
  await page.getByLabel('Password', { exact: true }).fill('right-at-last');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first wait is 60 s (Retry-After 60, or 59 once a second has passed): one minute, or the seconds below it.
  await expect(page.getByText(/^Too many failed attempts\. Try again in (1\smin|5\d\ss)\.$/)).toBeVisible();
  await expect(page.getByLabel('User name', { exact: true })).toHaveValue('held.e2e');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
