import { expect, test } from './fixtures.ts';
import { api, expectNoAxeViolations, signIn } from './support.ts';

// Booking where the receptionist is (issue 26): from the patient page, from Ctrl+K, and back from the patient's
// appointments to the agenda.

interface PatientAppt {
  id: number;
  patid: number;
  appointment: string;
  comment: string;
  calendarid: number;
  date: string;
}

// The machine is shared: the round trips and axe get time to spare.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('books from the patient page with the patient chosen, and the appointment leads back to the agenda', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const lastname = `Seitenbuchung-${stamp}`;
  const comment = `From the patient page ${stamp}`;
  const { id: patid } = await api<{ id: number }>(request, '/system/createCustomer', {
    lastname,
    firstname: 'Paula',
    dob: '1971-07-17',
    language: 'de',
  });

  await page.goto(`/patients/${patid}`);
  await page.getByRole('link', { name: 'Book appointment' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking\\?patid=${patid}$`));
  await expect(page.getByTestId('chosen-patient')).toContainText(`${lastname}, Paula`, { timeout: 20_000 });
  await expect(page.getByRole('combobox', { name: 'Search a patient' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('Kontrolle').check({ timeout: 20_000 });
  const days = page.getByRole('button', { name: /, free times$/ });
  await expect(days.first()).toBeVisible({ timeout: 20_000 });
  // Not today's (its times may pass during the test).
  await days.nth((await days.count()) > 1 ? 1 : 0).click();
  await page.getByTestId('slot-list').getByRole('radio').first().click();
  const confirm = page.getByRole('region', { name: 'Check and book' });
  await expect(confirm).toContainText(`${lastname}, Paula (#${patid})`);
  await page.getByLabel('Comment (internal, optional)').fill(comment);
  await confirm.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('Appointment booked')).toBeVisible({ timeout: 15_000 });

  // The appointment belongs to that patient.
  const mine = await api<PatientAppt[]>(request, '/agenda/getAppointments', { patid, period: 'future' });
  const booked = mine.find((a) => a.comment === comment);
  expect(booked).toMatchObject({ patid, appointment: 'Kontrolle' });
  if (!booked) return;
  const day = booked.date.slice(0, 10);
  const [y, m, d] = day.split('-');

  // On the patient page, the appointment's date leads to the agenda at that day, its calendar and the appointment.
  await page.goto(`/patients/${patid}?tab=appointments`);
  const link = page
    .getByRole('table', { name: 'Appointments' })
    .getByRole('link', { name: new RegExp(`^${d}\\.${m}\\.${y} \\d{2}:\\d{2}: show in the agenda$`) });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`/agenda\\?view=day&date=${day}&cals=${booked.calendarid}&appt=${booked.id}$`),
  );
  await expect(page.getByRole('button', { name: new RegExp(lastname) }).first()).toBeVisible({
    timeout: 20_000,
  });
});

test('Ctrl+K: a hit offers "Book appointment", which opens booking with that patient', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const lastname = `Schnellbuchung-${stamp}`;
  const { id: patid } = await api<{ id: number }>(request, '/system/createCustomer', {
    lastname,
    firstname: 'Kurt',
    dob: '1958-05-08',
    language: 'de',
  });

  // From a page without a search of its own.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const field = page.getByRole('combobox', { name: 'Search patients' });
  await expect(field).toBeEditable({ timeout: 20_000 });
  await page.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  // Focused and empty: the hint, and no empty list for axe to find.
  await expectNoAxeViolations(page);
  await field.fill(lastname);
  const book = page.getByRole('option', { name: new RegExp(`^Book appointment for ${lastname}, Kurt, `) });
  await expect(book).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  // The hit is highlighted first; the arrow reaches its "Book appointment".
  await field.press('ArrowDown');
  await expect(book).toHaveAttribute('data-combobox-selected', 'true');
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/booking\\?patid=${patid}$`));
  await expect(page.getByTestId('chosen-patient')).toContainText(`${lastname}, Kurt`, { timeout: 20_000 });
});
