import { expect, test } from './fixtures.ts';
import { signIn, typeDay, weekdayAhead } from './support.ts';

// Seeded: the demo practice is in Zürich (its holidays named in German, the practice's first language); service 2
// "Kontrolle" (15 min); calendar 3 is Dr. Rossi's (provider 4).
const KONTROLLE = 2;
const ROSSI_CALENDAR = 3;
const CHRISTMAS = '2026-12-25';

test.describe.configure({ timeout: 90_000 });

test('25 December is shaded with its name in the agenda, booking there asks first, and booking does not offer it', async ({
  page,
}) => {
  await signIn(page, { path: `/agenda?view=week&date=${CHRISTMAS}` });
  const grid = page.getByRole('region', { name: 'Appointments' });
  await expect(grid.getByRole('group').first()).toBeVisible({ timeout: 20_000 });
  // Every calendar's column of Friday 25.12. is shaded with the holiday's name.
  const christmas = grid.getByRole('group', { name: /25\.12\.2026.*Holiday: Weihnachtstag/ });
  await expect(christmas.first()).toBeVisible();
  // The day's header names it (the week's narrow columns have no room for the name).
  await expect(grid.getByText('· Weihnachtstag')).toBeVisible();
  // Thursday is open.
  await expect(grid.getByRole('group', { name: /24\.12\.2026.*Holiday/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Closed time' })).toContainText('25.12.2026');

  // A new appointment on the holiday asks first; No keeps the dialog open with what was typed.
  await page.goto(`/agenda?view=day&date=${CHRISTMAS}&cals=${ROSSI_CALENDAR}`);
  await expect(page.getByRole('heading', { name: /Weihnachtstag/ })).toBeVisible({ timeout: 20_000 });
  await expect(grid.getByText('Holiday: Weihnachtstag')).toBeVisible();
  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByLabel('Text').fill('Nur am Feiertag');
  await dialog.getByRole('button', { name: 'Create appointment' }).click();
  const question = page.getByRole('dialog', { name: 'Closed time' });
  await expect(question).toContainText('Practice closed: Weihnachtstag. Book anyway?');
  await question.getByRole('button', { name: 'No, go back' }).click();
  await expect(dialog.getByLabel('Text')).toHaveValue('Nur am Feiertag');

  // Booking's calendar: the day is not offered, and says why.
  await page.goto(`/booking?service=${KONTROLLE}&provider=4&duration=15&day=${CHRISTMAS}`);
  const day = page.getByRole('button', { name: 'Friday 25.12.2026, closed: Weihnachtstag' });
  await expect(day).toBeVisible({ timeout: 20_000 });
  await expect(day).toBeDisabled();
  await expect(page.getByTestId('closed-days')).toContainText('25.12. Weihnachtstag');
});

test('an absence entered in the agenda removes its times from booking, and is deleted again with Undo at hand', async ({
  page,
}) => {
  const day = weekdayAhead(7, 1);
  const [y, m, d] = day.split('-');
  const reason = `Kurs ${Date.now()}`;
  const dayButton = page.getByRole('button', { name: new RegExp(`^\\w+day ${d}\\.${m}\\.${y}, `) });

  // Before: booking offers Dr. Rossi's times that day.
  await signIn(page, { path: `/booking?service=${KONTROLLE}&provider=4&duration=15&day=${day}` });
  await expect(dayButton).toHaveAccessibleName(/, free times$/, { timeout: 20_000 });
  await expect(page.getByTestId('slot-list').getByRole('radio').first()).toBeVisible();

  // The receptionist enters the absence in the agenda.
  await page.goto(`/agenda?view=day&date=${day}&cals=${ROSSI_CALENDAR}`);
  await page.getByRole('button', { name: 'Enter absence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter an absence' });
  await dialog.getByLabel('Who is absent').selectOption({ label: await rossiLabel(page) });
  await typeDay(dialog.getByRole('textbox', { name: 'From', exact: true }), day);
  await typeDay(dialog.getByRole('textbox', { name: 'Until (inclusive)' }), day);
  await dialog.getByLabel('Reason').fill(reason);
  // The appointments it touches are listed, to move.
  await expect(dialog.getByTestId('absence-touched')).toContainText(
    /appointments? in this time|No appointments/,
  );
  await dialog.getByRole('button', { name: 'Save absence' }).click();
  await expect(dialog).toContainText('The absence is saved');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  const grid = page.getByRole('region', { name: 'Appointments' });
  await expect(grid.getByText(`Absent: ${reason}`)).toBeVisible();

  // After: booking no longer offers that day for Dr. Rossi.
  await page.goto(`/booking?service=${KONTROLLE}&provider=4&duration=15&day=${day}`);
  await expect(dayButton).toHaveAccessibleName(new RegExp(`closed: ${reason}$`), { timeout: 20_000 });
  await expect(dayButton).toBeDisabled();
  await expect(
    page.getByTestId('slot-list').getByRole('radio', { name: new RegExp(`${d}\\.${m}\\.${y}`) }),
  ).toHaveCount(0);

  // Deleted in the agenda: the day is offered again.
  await page.goto(`/agenda?view=day&date=${day}&cals=${ROSSI_CALENDAR}`);
  await page.getByRole('button', { name: new RegExp(`Delete absence «${reason}»`) }).click();
  await expect(page.getByText(`Absence «${reason}» deleted.`)).toBeVisible();
  await expect(grid.getByText(`Absent: ${reason}`)).toHaveCount(0);
  await page.goto(`/booking?service=${KONTROLLE}&provider=4&duration=15&day=${day}`);
  await expect(dayButton).toHaveAccessibleName(/, free times$/, { timeout: 20_000 });
});

/** Dr. Rossi's entry in the dialog's list (her calendar's name). */
async function rossiLabel(page: import('@playwright/test').Page): Promise<string> {
  const options = await page
    .getByRole('dialog', { name: 'Enter an absence' })
    .getByLabel('Who is absent')
    .locator('option')
    .allTextContents();
  const rossi = options.find((o) => /Rossi/.test(o));
  if (!rossi) throw new Error(`No Rossi among ${options.join(', ')}`);
  return rossi;
}
