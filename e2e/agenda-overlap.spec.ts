import { type APIRequestContext, expect, test } from '@playwright/test';
import { signIn } from './support.ts';

/** Booking into a time the calendar already holds asks first; both answers do what they say. */

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1400, height: 1000 } });

const AUTH = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
const run = Date.now().toString(36);
// Calendar 5 (Labor / MPA) has only early blood draws; mornings four weeks ahead are this test's own.
const CALENDAR = 5;

async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/v1${path}`, { data, headers: AUTH });
  const body = (await res.json()) as { status: boolean; msg: string; result: T };
  expect(body.status, `${path}: ${body.msg}`).toBe(true);
  return body.result;
}

function weekdayAhead(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  const toMonday = (8 - d.getUTCDay()) % 7 || 7;
  d.setUTCDate(d.getUTCDate() + toMonday + 21 + offset);
  return d.toISOString().slice(0, 10);
}

test('the overlap question appears; "No" books nothing, "Book anyway" books', async ({ page, request }) => {
  const day = weekdayAhead(2);
  const texts = async () =>
    (
      await api<{ appointment: string }[]>(request, '/agenda/getAppointments', {
        calendarid: CALENDAR,
        from: day,
        until: day,
      })
    ).map((a) => a.appointment);
  await api(request, '/agenda/createAppointment', {
    calendar: CALENDAR,
    date: `${day} 10:00:00`,
    end: `${day} 10:30:00`,
    appointment: `Taken ${run}`,
    state: 'P',
  });

  await signIn(page, { path: `/agenda?view=day&date=${day}&cals=${CALENDAR}` });
  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByLabel('From').fill('10:15');
  await dialog.getByLabel('To').fill('10:45');

  // Neither a text nor a patient: refused in the form.
  await dialog.getByRole('button', { name: 'Create appointment' }).click();
  await expect(dialog.getByText('Enter a text or choose a patient.')).toBeVisible();

  const text = `Double ${run}`;
  await dialog.getByLabel('Text').fill(text);
  await dialog.getByRole('button', { name: 'Create appointment' }).click();
  const question = page.getByRole('dialog', { name: 'Time already taken' });
  await expect(question).toContainText('Labor / MPA already has an appointment then. Book anyway?');
  await question.getByRole('button', { name: 'No, go back' }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  expect(await texts()).not.toContain(text);

  await dialog.getByRole('button', { name: 'Create appointment' }).click();
  await question.getByRole('button', { name: 'Book anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(texts).toContain(text);
});
