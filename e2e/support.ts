import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { zurichInstant } from '../contract/practice-time.ts';
import { recallFailure } from '../src/components/recall-error.tsx';
import { en as commonEn } from '../src/i18n/common/en.ts';
import { addDays, practiceDay } from './clock.ts';
import { appOrigin } from './fixtures.ts';

export interface SignInOptions {
  /** Where to go; the app asks for sign-in and comes back here. Default: the start page (/today). */
  path?: string;
  user?: string;
  password?: string;
}

/** The demo practice's credentials (docs/api.md#tenants). */
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
 * A weekday `weeks` weeks after the coming Monday (plus `offset` days), as the practice (Zurich) counts days on the
 * practice clock (e2e/clock.ts). Each spec that books into the agenda takes its own week, so that their appointments
 * never meet.
 */
export function weekdayAhead(weeks: number, offset: number): string {
  const today = practiceDay();
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const toMonday = (8 - weekday) % 7 || 7;
  return addDays(today, toMonday + 7 * weeks + offset);
}

/**
 * The instant of a practice wall time, `day` `YYYY-MM-DD` at `time` `HH:MM` in Zurich (winter or summer time): what
 * a spec gives `page.clock.install` to open the app at that moment of that day.
 */
export function zurichAt(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return zurichInstant(y, m, d, hour, minute);
}

/** The signed-in shell is there: its main navigation (English labels, the tests run in en-GB). */
export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/**
 * Signs in through the sign-in page, as a person would, with demo/demo unless told otherwise, and waits for the
 * shell. `path` is visited first, so the app sends the user to sign in and brings them back there. For the specs
 * whose subject is signing in (shell, sessions, privacy, languages); the others use `signIn`.
 */
export async function signInWithForm(page: Page, opts: SignInOptions = {}): Promise<void> {
  await page.goto(opts.path ?? '/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('User name', { exact: true }).fill(opts.user ?? DEMO.user);
  await page.getByLabel('Password', { exact: true }).fill(opts.password ?? DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectShell(page);
  if (opts.path) await expect(page).toHaveURL(new RegExp(`${escapeRegExp(opts.path)}$`));
}

/**
 * Signs in where signing in is not what is tested: the session is made over the app's server (POST /session, as
 * the sign-in form does), then `path` (default the start page) opens signed in and the shell is waited for. Saves
 * each test a page load and the form (docs/decisions/0035-a-fixed-practice-clock-for-tests.md).
 */
export async function signIn(page: Page, opts: SignInOptions = {}): Promise<void> {
  await signInOverApi(page, { user: opts.user, password: opts.password });
  await page.goto(opts.path ?? '/');
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
  const origin = appOrigin();
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
