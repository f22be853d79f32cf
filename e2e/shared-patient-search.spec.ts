import { expect, test } from './fixtures.ts';
import { api, signIn } from './support.ts';

/**
 * One cache entry, one shape: a patient search in the booking wizard and the lead page's "link to a patient" search
 * send the same searchPatients request. Once the booking search had cached its answer, the lead page's search read
 * it in another shape and failed. Here a person does both in one visit of the app, without reloading it.
 */

test.describe.configure({ timeout: 90_000 });

const run = Date.now().toString(36);

test('a patient searched in booking can then be found and linked on a lead page', async ({
  page,
  request,
}) => {
  const leadName = `Shared${run}`;
  const patientName = `Sought${run}`;
  const { leadId } = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    contact: { lastname: leadName, firstname: 'Anna' },
    folderId: 2,
    what: 'Kniekontrolle',
  });
  const { id: patid } = await api<{ id: number }>(request, 'system/createCustomer', {
    lastname: patientName,
    firstname: 'Beat',
    dob: '1975-03-14',
    language: 'de',
  });

  // Booking: service and practitioner chosen, then the patient looked up with the Ctrl+K search box.
  await signIn(page, { path: '/booking?service=2&provider=3&duration=15' });
  await page.getByLabel('Search a patient').fill(patientName);
  await expect(page.getByRole('option', { name: `${patientName}, Beat` })).toBeVisible();

  // Without reloading: to the lead board, the lead, its full page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' }).click();
  await page
    .getByRole('link', { name: `${leadName} Anna` })
    .or(page.getByRole('article', { name: `${leadName} Anna` }))
    .first()
    .click();
  await page.getByRole('link', { name: 'Open the full page' }).click();
  await expect(page).toHaveURL(new RegExp(`/leads/${leadId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${leadName} Anna` })).toBeVisible();

  // The same search on the lead page finds the patient, and linking works.
  await page.getByRole('tab', { name: 'Patient link' }).click();
  await page.getByLabel('Last name').fill(patientName);
  await page.getByRole('button', { name: 'Search patients' }).click();
  const linkHits = page.getByRole('table', { name: 'Patients found' });
  await expect(linkHits).toContainText('14.03.1975');
  await linkHits.getByRole('button', { name: `Link to ${patientName}, Beat` }).click();
  await expect(page.getByText(`Linked to ${patientName}, Beat (#${patid}).`)).toBeVisible();
  const [stored] = await api<{ patid: number | null }[]>(request, 'sales/getLeads', {
    filter: { leadId, includeDeleted: true },
  });
  expect(stored.patid).toBe(patid);
});
