import { expect, test } from './fixtures.ts';
import { api, signIn } from './support.ts';

/** Disqualifying with the reason "Other" asks why, and the answer is kept as a note in the same action. */

test.describe.configure({ timeout: 60_000 });

const run = Date.now().toString(36);

test('disqualifying for "Other" asks for a short text and keeps it as a note', async ({ page, request }) => {
  const lastname = `Anders${run}`;
  const { leadId } = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    folderId: 2,
    contact: { lastname, firstname: 'Otto' },
  });
  await signIn(page, { path: `/leads/${leadId}` });
  await page.getByRole('button', { name: 'Disqualify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Disqualify ${lastname} Otto` });
  // The reasons are the practice's labels, as the service sends them (German in the demo, decision 0026).
  await dialog.getByRole('radio', { name: 'Anderer Grund', exact: true }).check();
  const why = dialog.getByRole('textbox', { name: 'Why, in a few words' });
  await expect(why).toBeVisible();
  await dialog.getByRole('button', { name: 'Disqualify' }).click();
  await expect(dialog.getByText('Say in a few words why the lead is disqualified.')).toBeVisible();

  await why.fill('Moved abroad');
  await dialog.getByRole('button', { name: 'Disqualify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Disqualified, other reason: Moved abroad')).toBeVisible();

  const [lead] = await api<{ folderId: number; reasonDisqualified: string }[]>(request, 'sales/getLeads', {
    filter: { leadId },
  });
  expect(lead).toMatchObject({ folderId: 5, reasonDisqualified: 'OTHER' });
  const notes = await api<{ text: string }[]>(request, 'sales/getLeadHistory', { leadId, type: '' });
  expect(notes.map((n) => n.text)).toContain('Disqualified, other reason: Moved abroad');
});
