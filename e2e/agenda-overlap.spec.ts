import { expect, test } from './fixtures.ts';
import { api, signIn, weekdayAhead } from './support.ts';

/** Booking into a time the calendar already holds asks first; both answers do what they say. */

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1400, height: 1000 } });

const run = Date.now().toString(36);
// Calendar 5 (Labor / MPA) has only early blood draws; mornings four weeks ahead are this test's own.
const CALENDAR = 5;

test('the overlap question appears; "No" books nothing, "Book anyway" books', async ({ page, request }) => {
  const day = weekdayAhead(3, 2);
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
