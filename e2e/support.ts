import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { recallFailure } from '../src/components/recall-error.tsx';
import { en as commonEn } from '../src/i18n/common/en.ts';

export interface SignInOptions {
  /** Where to go; the app asks for sign-in and comes back here. Default: the start page (/today). */
  path?: string;
  user?: string;
  password?: string;
}

/** The demo practice's credentials (extensions.md section 2). */
export const DEMO = { user: 'demo', password: 'demo' } as const;

const DEMO_AUTH = {
  authorization: `Basic ${Buffer.from(`${DEMO.user}:${DEMO.password}`).toString('base64')}`,
};

/**
 * Calls a practice operation as the demo user, for data a test makes or checks through the API (`sales/createLead`,
 * with or without the leading slash), and returns its result; an error envelope fails the test with its message.
 * searchPatients answers in `results` instead of `result`.
 */
export async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/v1/${path.replace(/^\//, '')}`, { data, headers: DEMO_AUTH });
  const body = (await res.json()) as { status: boolean; msg: string; result: T; results?: T };
  expect(body.status, `${path}: ${body.msg}`).toBe(true);
  return body.results ?? body.result;
}

/**
 * A weekday `weeks` weeks after the coming Monday (plus `offset` days), as the practice (Zurich) counts days. Each
 * spec that books into the agenda takes its own week, so that their appointments never meet.
 */
export function weekdayAhead(weeks: number, offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  const toMonday = (8 - d.getUTCDay()) % 7 || 7;
  d.setUTCDate(d.getUTCDate() + toMonday + 7 * weeks + offset);
  return d.toISOString().slice(0, 10);
}

/** The signed-in shell is there: its main navigation (English labels, the tests run in en-GB). */
export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/**
 * Signs in through the sign-in page, as a person would, with demo/demo unless told otherwise, and waits for the
 * shell. `path` is visited first, so the app sends the user to sign in and brings them back there.
 */
export async function signIn(page: Page, opts: SignInOptions = {}): Promise<void> {
  await page.goto(opts.path ?? '/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('User name', { exact: true }).fill(opts.user ?? DEMO.user);
  await page.getByLabel('Password', { exact: true }).fill(opts.password ?? DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectShell(page);
  if (opts.path) await expect(page).toHaveURL(new RegExp(`${escapeRegExp(opts.path)}$`));
}

/**
 * Signs in without the sign-in page: POST /session through the browser context's own requests (which share its
 * cookies), as the page's form does. The app then starts signed in on the next goto.
 */
export async function signInOverApi(
  page: Page,
  opts: { user?: string; password?: string; key?: string; remember?: boolean } = {},
): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://localhost').origin;
  const credentials = opts.key
    ? { key: opts.key }
    : { user: opts.user ?? DEMO.user, password: opts.password ?? DEMO.password };
  const res = await page.context().request.post('/session', {
    data: { ...credentials, remember: opts.remember ?? false },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Collects the page's Content-Security-Policy violations: the browser's console reports and its
 * `securitypolicyviolation` events (with the file and line that caused them). Call before the first goto.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return violations;
}

/** Types a `YYYY-MM-DD` day into a day field as a person does here: DD.MM.YYYY, then on to the next field. */
export async function typeDay(field: Locator, isoDay: string): Promise<void> {
  const [y, m, d] = isoDay.split('-');
  await field.fill(`${d}.${m}.${y}`);
  await field.press('Tab');
}

/** Types `HH:MM` into a 24-hour time field's hours and minutes. */
export async function typeTime(scope: Locator, time: string): Promise<void> {
  const [h = '', min = ''] = time.split(':');
  await scope.getByRole('spinbutton', { name: 'Hours' }).fill(h);
  await scope.getByRole('spinbutton', { name: 'Minutes' }).fill(min);
}

/**
 * Axe finds nothing on the page (or inside `include`, a CSS selector); a finding is listed with its rule, its
 * element and axe's summary of what is wrong.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  const found = result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ')})`),
  );
  expect(found).toEqual([]);
}

/** A failed recall's error as the app shows it in English (src/components/recall-error.tsx). */
export function recallFailureText(r: {
  errorMsg: string;
  customerMail: string;
  customerMobile: string;
}): string {
  const failure = recallFailure(r);
  return failure
    ? commonEn.recallFailure[failure]
    : commonEn.recallFailure.other.replace('{{msg}}', r.errorMsg);
}
