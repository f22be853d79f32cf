import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { api, signIn } from './support.ts';

/** A receptionist corrects a lead's mistyped mail on the lead page; the history says what changed. */

test.describe.configure({ timeout: 60_000 });

const run = Date.now().toString(36);

test('a lead’s mail is corrected and the history shows the change', async ({ page, request }) => {
  const lastname = `Korrektur${run}`;
  const { leadId } = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    contact: { lastname, firstname: 'Lea' },
    communication: { mail: 'lea.korrektur@exmaple.ch', phone: '044 123 45 67' },
  });

  await signIn(page, { path: `/leads/${leadId}` });
  await page.getByRole('tab', { name: 'Data' }).click();
  await page.getByRole('button', { name: 'Edit data' }).click();
  const form = page.getByRole('form', { name: 'Lead data' });
  const mail = form.getByRole('textbox', { name: 'E-mail', exact: true });
  await expect(mail).toHaveValue('lea.korrektur@exmaple.ch');
  const axe = await new AxeBuilder({ page }).include('form[aria-label="Lead data"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await mail.fill('lea.korrektur@example.ch');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The lead’s data was saved.')).toBeVisible();
  // The read-only view shows the corrected mail.
  await expect(
    page.getByRole('region', { name: 'Communication' }).getByText('lea.korrektur@example.ch'),
  ).toBeVisible();

  // The entry names the field as the form does, with the old and the new value.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    page.getByText('Data changed: E-mail: lea.korrektur@exmaple.ch → lea.korrektur@example.ch', {
      exact: true,
    }),
  ).toBeVisible();

  // The service has it, and nothing else changed.
  const [stored] = await api<{ communication: { mail: string; phone: string } }[]>(
    request,
    'sales/getLeads',
    {
      filter: { leadId },
    },
  );
  expect(stored.communication).toMatchObject({ mail: 'lea.korrektur@example.ch', phone: '044 123 45 67' });
});
