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

test('two pages save one lead: the second sees the conflict with both values, nothing is lost', async ({
  page,
  context,
  request,
}) => {
  const lastname = `Zweimal${run}`;
  const { leadId } = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    contact: { lastname, firstname: 'Zora' },
    address: { city: 'Bern' },
    communication: { mail: 'zora@example.ch' },
  });
  const open = async (p: typeof page) => {
    await p.getByRole('tab', { name: 'Data' }).click();
    await p.getByRole('button', { name: 'Edit data' }).click();
    return p.getByRole('form', { name: 'Lead data' });
  };
  await signIn(page, { path: `/leads/${leadId}` });
  const first = await open(page);
  const other = await context.newPage();
  await other.goto(`/leads/${leadId}`);
  const second = await open(other);

  // The first person corrects the mail and the city, and saves.
  await first.getByRole('textbox', { name: 'E-mail', exact: true }).fill('zora.z@example.ch');
  await first.getByRole('textbox', { name: 'City' }).fill('Winterthur');
  await first.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The lead’s data was saved.')).toBeVisible();

  // The second, on the form read before that, enters a phone number and another city.
  await second.getByRole('textbox', { name: 'Phone', exact: true }).fill('044 555 66 77');
  await second.getByRole('textbox', { name: 'City' }).fill('Baden');
  await second.getByRole('button', { name: 'Save changes' }).click();
  const conflict = second.getByRole('alert');
  await expect(conflict).toContainText('Changed meanwhile by somebody else');
  await expect(conflict).toContainText('City: yours Baden, saved meanwhile Winterthur');
  // Nothing of the second person's is written yet, and nothing typed is gone.
  await expect(second.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('044 555 66 77');
  await expect(second.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('zora.z@example.ch');

  // The second person takes over the colleague's city and saves their phone number.
  await second.getByRole('button', { name: 'Take over theirs' }).click();
  await expect(second.getByRole('textbox', { name: 'City' })).toHaveValue('Winterthur');
  await second.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByText('The lead’s data was saved.')).toBeVisible();

  // The service holds both people's changes.
  const [stored] = await api<
    { address: { city: string }; communication: { mail: string; phone: string }; version: number }[]
  >(request, 'sales/getLeads', { filter: { leadId } });
  expect(stored.communication).toMatchObject({ mail: 'zora.z@example.ch', phone: '044 555 66 77' });
  expect(stored.address.city).toBe('Winterthur');
  expect(stored.version).toBe(3);
});
