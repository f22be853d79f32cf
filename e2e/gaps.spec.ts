import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { zurichDateTime } from '../contract/practice-time.ts';
import { installClock, practiceNow } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { rememberSession } from './screens.ts';
import { api, signInOverApi, weekdayAhead, zurichAt } from './support.ts';

/**
 * Freed time filled from Today (issue 37, decision 0051), as a receptionist does it. The browser's clock is set to
 * 08:00 on a Tuesday ten weeks ahead (a day without seeded appointments and this spec's own week), so that Today
 * holds only this spec's patients in Dr. Favre's calendar and its gaps are this spec's.
 */
const CALENDAR = 2;
const PROVIDER = 3;
/** Kontrolle, 15 minutes, offered by Dr. Favre. */
const KONTROLLE = 2;
const DAY = weekdayAhead(9, 1);

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

async function patient(request: APIRequestContext, lastname: string, mobile = ''): Promise<number> {
  const { id } = await api<{ id: number }>(request, 'system/createCustomer', {
    lastname,
    firstname: 'Test',
    dob: '1968-09-14',
    language: 'de',
    mobile,
  });
  return id;
}

async function appointment(
  request: APIRequestContext,
  patid: number,
  from: string,
  to: string,
  state = 'P',
): Promise<number> {
  const { appointmentid } = await api<{ appointmentid: number }>(request, 'agenda/createAppointment', {
    calendar: CALENDAR,
    date: `${DAY} ${from}:00`,
    end: `${DAY} ${to}:00`,
    patid,
    appointment: 'Kontrolle',
    comment: '',
    displayedduration: '15',
    state,
  });
  return appointmentid;
}

async function waitFor(request: APIRequestContext, patid: number, note: string): Promise<number> {
  const { entryId } = await api<{ entryId: number }>(request, 'agenda/addWaitlistEntry', {
    patid,
    serviceid: KONTROLLE,
    provider: PROVIDER,
    earliest: DAY,
    latest: DAY,
    times: 'morning',
    priority: 2,
    note,
  });
  return entryId;
}

/** The starts (practice time `HH:MM`) that booking offers for a Kontrolle with Dr. Favre on the day. */
async function offeredTimes(request: APIRequestContext): Promise<string[]> {
  const slots = await api<{ from: number }[]>(request, 'booking/getSlots', {
    serviceid: KONTROLLE,
    provider: PROVIDER,
    from: DAY,
    to: DAY,
  });
  return slots.map((s) => zurichDateTime(new Date(s.from * 1000)).slice(11, 16));
}

async function openToday(page: Page) {
  await installClock(page.clock, zurichAt(DAY, '08:00'));
  await signInOverApi(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/today$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
}

const row = (page: Page, name: string) => page.locator('li[data-today-row]', { hasText: name });
const gapPanel = (page: Page) => page.getByRole('region', { name: 'Freed time' });
/** A gap of the panel by its time: the item that says it (its candidates are items within it). */
const gapAt = (page: Page, when: string) =>
  gapPanel(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(when, { exact: true }) });

test('a cancelled appointment shows its gap with the waiting patient first, booked in two clicks', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const leaving = `Absage${stamp}`;
  const waiting = `Wartend${stamp}`;
  const leavingId = await patient(request, leaving);
  const waitingId = await patient(request, waiting, '079 555 66 77');
  await appointment(request, leavingId, '08:30', '08:45');
  const entryId = await waitFor(request, waitingId, 'Nimmt jeden früheren Termin');

  await openToday(page);
  await expect(gapPanel(page)).toBeVisible();
  await expect(gapPanel(page).getByText('Looking for freed time…')).toHaveCount(0);
  await expect(gapAt(page, 'Today, 08:30–08:45')).toHaveCount(0);
  // The patient calls off: one click in Today.
  await row(page, leaving).getByRole('button', { name: 'Cancelled' }).click();

  const gap = gapAt(page, 'Today, 08:30–08:45');
  await expect(gap).toContainText('Dr. Favre');
  await expect(gap).toContainText('15 min');
  await expect(gap).toContainText('Cancelled');

  // Click 1: who could come. The waiting patient is first, with a call link.
  await gap.getByRole('button', { name: /^Who could come\?/ }).click();
  const candidates = gap.getByRole('list', { name: 'Patients who could come, best first' });
  const first = candidates.getByRole('listitem').first();
  await expect(first).toContainText(`${waiting}, Test`);
  await expect(first).toContainText('Waiting list');
  await expect(first).toContainText('Urgent');
  await expect(first).toContainText('Nimmt jeden früheren Termin');
  await expect(first.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:0795556677');

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // Click 2: booked. Today lists them at 08:30; the gap is filled; the waiting entry is closed.
  await first.getByRole('button', { name: /^Book at 08:30/ }).click();
  await expect(page.getByText(`${waiting}, Test booked on`)).toBeVisible();
  await expect(row(page, waiting)).toContainText('08:30');
  await expect(gapAt(page, 'Today, 08:30–08:45')).toHaveCount(0);
  await expect
    .poll(async () => {
      const list = await api<{ entryId: number; status: string }[]>(request, 'agenda/getWaitlist', {
        status: 'all',
        patid: waitingId,
      });
      return list.find((e) => e.entryId === entryId)?.status;
    })
    .toBe('booked');
  expect(await offeredTimes(request)).not.toContain('08:30');
});

test('a patient booked later moves into the gap, and their old time is offered as the next gap', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const leaving = `Abgesagt${stamp}`;
  const later = `Spaeter${stamp}`;
  const leavingId = await patient(request, leaving);
  const laterId = await patient(request, later, '078 222 33 44');
  await appointment(request, leavingId, '09:00', '09:15', '-1');
  const moving = await appointment(request, laterId, '11:30', '11:45');
  expect(await offeredTimes(request)).not.toContain('11:30');

  await openToday(page);
  const gap = gapAt(page, 'Today, 09:00–09:15');
  await gap.getByRole('button', { name: /^Who could come\?/ }).click();
  const candidate = gap.getByRole('listitem').filter({ hasText: `${later}, Test` });
  await expect(candidate).toContainText('Booked later');
  await expect(candidate).toContainText(`on ${DAY.slice(8, 10)}.${DAY.slice(5, 7)}.${DAY.slice(0, 4)} 11:30`);
  await candidate.getByRole('button', { name: /^Move to 09:00/ }).click();

  await expect(page.getByText(`${later}, Test moved to`)).toBeVisible();
  await expect(row(page, later)).toContainText('09:00');
  // The time they left is the next gap, and booking offers it again.
  const next = gapAt(page, 'Today, 11:30–11:45');
  await expect(next).toContainText('Moved away');
  await expect(gapAt(page, 'Today, 09:00–09:15')).toHaveCount(0);
  expect(await offeredTimes(request)).toContain('11:30');
  const list = await api<{ id: number; date: string }[]>(request, 'agenda/getAppointments', {
    patid: laterId,
    from: DAY,
    until: DAY,
  });
  expect(list.find((a) => a.id === moving)?.date).toBe(`${DAY} 09:00:00`);
});

test('a time a colleague booked meanwhile is refused with a message, and its gap goes at once', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const leavingId = await patient(request, `Storniert${stamp}`);
  const waiting = `Geduldig${stamp}`;
  const waitingId = await patient(request, waiting, '079 444 55 66');
  const colleagues = `Telefon${stamp}`;
  const colleaguesId = await patient(request, colleagues);
  await appointment(request, leavingId, '10:30', '10:45', '-1');
  const entryId = await waitFor(request, waitingId, 'Kommt gern früher');

  await openToday(page);
  const gap = gapAt(page, 'Today, 10:30–10:45');
  await gap.getByRole('button', { name: /^Who could come\?/ }).click();
  const candidate = gap.getByRole('listitem').filter({ hasText: `${waiting}, Test` });
  await expect(candidate).toContainText('Waiting list');
  // While the receptionist reads the list, a colleague books the time on the phone.
  await appointment(request, colleaguesId, '10:30', '10:45');
  await candidate.getByRole('button', { name: /^Book at 10:30/ }).click();

  await expect(gapPanel(page).getByRole('alert')).toHaveText(
    'This time is no longer free: someone booked it meanwhile.',
  );
  // The lists are read again at once: the gap is gone and Today shows the colleague's booking.
  await expect(gapAt(page, 'Today, 10:30–10:45')).toHaveCount(0);
  await expect(row(page, colleagues)).toContainText('10:30');
  await expect(row(page, waiting)).toHaveCount(0);
  const list = await api<{ entryId: number; status: string }[]>(request, 'agenda/getWaitlist', {
    status: 'all',
    patid: waitingId,
  });
  expect(list.find((e) => e.entryId === entryId)?.status).toBe('waiting');
});

/** Screenshots of the offer for a person to look at (GAPS_SHOTS=<dir>): de light and dark at 1440, fr at 390. */
test('screenshots of the gap offer', async ({ browser, request }) => {
  const dir = process.env.GAPS_SHOTS;
  test.skip(!dir, 'only when GAPS_SHOTS names a folder');
  const stamp = Date.now();
  const leavingId = await patient(request, `Bild${stamp}`);
  await appointment(request, leavingId, '10:00', '10:15', '-1');
  await waitFor(request, await patient(request, `Meier-Bachmann${stamp}`, '079 321 45 67'), 'Kann jederzeit');
  await appointment(request, await patient(request, `Rochat${stamp}`, '021 555 12 34'), '11:45', '12:00');
  for (const [name, language, scheme, width] of [
    ['de-light-1440', 'de', 'light', 1440],
    ['de-dark-1440', 'de', 'dark', 1440],
    ['fr-light-390', 'fr', 'light', 390],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await installClock(page.clock, zurichAt(DAY, '08:00'));
    await rememberSession(page, { language, scheme });
    await page.goto('/today');
    const panel = page.getByRole('region', {
      name: language === 'de' ? 'Frei gewordene Zeit' : 'Plages libérées',
    });
    const gap = panel.getByRole('listitem').filter({ hasText: '10:00' }).first();
    await gap.getByRole('button').first().click();
    await expect(gap.getByRole('list')).toBeVisible();
    await expect(gap.getByRole('list').getByRole('listitem').first()).toContainText('Meier-Bachmann');
    await page.screenshot({ path: `${dir}/gaps-${name}.png`, fullPage: true });
    // The agenda's panel starts closed, above the grid.
    await page.goto(`/agenda?view=day&date=${DAY}`);
    await panel.getByRole('button', { name: language === 'de' ? 'Anzeigen' : 'Afficher' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: '10:00' }).first()).toBeVisible();
    await page.screenshot({ path: `${dir}/agenda-${name}.png` });
    await context.close();
  }
  // Statistics on the practice's own day: freed and refilled minutes of the seeded weeks.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await installClock(page.clock, practiceNow());
  await rememberSession(page, { language: 'de', scheme: 'light' });
  await page.goto('/stats');
  const table = page.getByRole('table', { name: 'Frei gewordene und wieder belegte Zeit pro Woche' });
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}/stats-de-light-1440.png` });
  await context.close();
});
