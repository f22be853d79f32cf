import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Patient } from '#contract/system.ts';
import { createPatient } from '#test/factories.ts';
import { expectOnlyAllowedKeys, renderSearchAt, searchBodies } from '#test/patient-search.tsx';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as PatientsPage } from './route.tsx';

// The machine is shared: give the UI time.
vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService();

beforeEach(() => {
  signInForTest();
});

describe('the patients page', () => {
  it('searches with the single criteria and sends only allowed keys', async () => {
    const hans = await createPatient(api, {
      lastname: 'Meierhofer',
      firstname: 'Hans',
      dob: '1970-02-01',
      mail: 'hans@example.ch',
      ahv: '756.1234.5678.97',
    });
    const { user } = renderSearchAt(<PatientsPage />, '/patients');
    await user.click(screen.getByRole('button', { name: 'Search by single criteria' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Meierhofer');
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '1970-02-01');
    await user.type(screen.getByRole('textbox', { name: 'Mail' }), 'hans@example.ch');
    await user.type(screen.getByRole('textbox', { name: 'AHV no.' }), '7561234567897');
    await user.type(screen.getByRole('textbox', { name: 'Patient no.' }), `${hans.patid}{Enter}`);
    expect(await screen.findByRole('link', { name: 'Meierhofer, Hans' })).toHaveAttribute(
      'href',
      `/patients/${hans.patid}`,
    );
    expect(searchBodies(api).at(-1)).toEqual({
      lastname: 'Meierhofer',
      dob: '1970-02-01',
      patid: hans.patid,
      mail: 'hans@example.ch',
      ahv: '7561234567897',
      offset: 0,
      limit: 25,
    });
    expectOnlyAllowedKeys(api);
  });

  it('keeps what is typed after a search: its own search never starts the form anew (an answer arriving later wiped a new search text)', async () => {
    await createPatient(api, { lastname: 'Behaltli', firstname: 'Vreni' });
    const { user } = renderSearchAt(<PatientsPage />, '/patients');
    const field = screen.getByRole('textbox', { name: 'Search' });
    await user.type(field, 'Behaltli{Enter}');
    await screen.findByRole('link', { name: 'Behaltli, Vreni' });
    // The same field, not a new one put in its place.
    expect(screen.getByRole('textbox', { name: 'Search' })).toBe(field);
    await user.clear(field);
    await user.type(field, 'xbehaltli@example.ch');
    await waitFor(() => expect(searchBodies(api).length).toBeGreaterThan(0));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('xbehaltli@example.ch');
  });

  it('pages with "next" while a page is full', async () => {
    // 26 of them: one page of 25 and one more.
    for (let i = 0; i < 26; i += 1) {
      await createPatient(api, { lastname: 'Blätterli', firstname: `Hans${String(i).padStart(2, '0')}` });
    }
    const { user } = renderSearchAt(<PatientsPage />, '/patients');
    await user.click(screen.getByRole('button', { name: 'Search by single criteria' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Blätterli{Enter}');
    await screen.findByRole('link', { name: 'Blätterli, Hans00' });
    expect(screen.getByRole('link', { name: 'Blätterli, Hans24' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Blätterli, Hans25' })).toBeNull();
    expect(searchBodies(api).at(-1)).toEqual({ lastname: 'Blätterli', offset: 0, limit: 25 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Blätterli, Hans25' })).toBeInTheDocument();
    expect(searchBodies(api).at(-1)).toEqual({ lastname: 'Blätterli', offset: 25, limit: 25 });
    expect(screen.queryByRole('link', { name: 'Blätterli, Hans00' })).toBeNull();
    expectOnlyAllowedKeys(api);
  });

  it('refuses an invalid date of birth before asking the service, and says what is wrong with it', async () => {
    const { user } = renderSearchAt(<PatientsPage />, '/patients');
    await user.click(screen.getByRole('button', { name: 'Search by single criteria' }));
    const dob = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(dob, '31.02.1980{Enter}');
    expect(await screen.findByText('This date does not exist.')).toBeInTheDocument();
    await user.clear(dob);
    await user.type(dob, '1.2.2099{Enter}');
    expect(await screen.findByText('The date of birth is in the future.')).toBeInTheDocument();
    await user.clear(dob);
    await user.type(dob, '1980/02/01{Enter}');
    expect(await screen.findByText('Enter a date as DD.MM.YYYY or YYYY-MM-DD.')).toBeInTheDocument();
    expect(searchBodies(api)).toEqual([]);
  });
});

// Creating a patient from the patients page: the same person is offered before a second one is made.
/** The Anna Muster born 01.02.1990 the practice already has (each test makes one). */
const existingAnna = () => createPatient(api, { lastname: 'Muster', firstname: 'Anna', dob: '1990-02-01' });

/** Every Anna Muster born 01.02.1990 the service has, by patient number. */
async function annas(): Promise<Patient[]> {
  const reply = await api.send('searchPatients', {
    lastname: 'Muster',
    firstname: 'Anna',
    dob: '1990-02-01',
    offset: 0,
    limit: 100,
  });
  return ((reply.body.results ?? []) as Patient[]).sort((a, b) => a.patid - b.patid);
}

const sent = (op: string) => api.calls.filter((c) => c.op === op).map((c) => c.input);

function renderPage() {
  return renderWithProviders(<PatientsPage />, {
    url: '/patients',
    path: '/patients',
    routes: [{ path: '/patients/:patid', element: <p>patient page</p> }],
  });
}

/** The entry of the list of matches that names this patient. */
function matchItem(dialog: HTMLElement, name: string): HTMLElement {
  const list = within(dialog).getByRole('list', { name: 'Existing patients' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('link', { name }) !== null);
  if (!item) throw new Error(`no match for ${name}`);
  return item;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'New patient' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Muster');
  await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Anna');
  await user.click(within(dialog).getByRole('radio', { name: 'Female' }));
  await user.type(within(dialog).getByRole('textbox', { name: /Date of birth/ }), '01.02.1990');
  const code = within(dialog).getByRole('textbox', { name: /Country code/ });
  await user.clear(code);
  await user.type(code, 'CH');
  return dialog;
}

describe('a new patient', () => {
  it('shows possible duplicates first, and is created once the user confirms', async () => {
    const existing = await existingAnna();
    const { user, router } = renderPage();
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Before anything is created');
    expect(within(dialog).getByRole('link', { name: 'Muster, Anna' })).toHaveAttribute(
      'href',
      `/patients/${existing.patid}`,
    );
    expect(matchItem(dialog, 'Muster, Anna')).toHaveTextContent('Same name and birth date');
    // Everyone born that day, in one request; the name is compared in the app (typos and sounds too).
    expect(sent('searchPatients')).toEqual([{ dob: '1990-02-01', offset: 0, limit: 200 }]);
    expect(sent('createCustomer')).toEqual([]);
    expect((await annas()).map((p) => p.patid)).toEqual([existing.patid]);

    await user.click(within(dialog).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(sent('createCustomer')).toHaveLength(1));
    expect(sent('createCustomer')[0]).toEqual({
      lastname: 'Muster',
      firstname: 'Anna',
      gender: 'female',
      dob: '1990-02-01',
      countrycode: 'ch',
    });
    // The service has the second Anna Muster, and the page went to her.
    const [, created] = await annas();
    expect(created).toMatchObject({ gender: 'female', countrycode: 'ch', language: '' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/patients/${created?.patid}`));
  });

  it('refuses a form without a chosen gender or with a wrong AHV check digit, and sends nothing', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Ohnegeschlecht');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Kim');
    await user.type(within(dialog).getByRole('textbox', { name: /Date of birth/ }), '01.02.1990');
    await user.type(within(dialog).getByRole('textbox', { name: /AHV no/ }), '756.1234.5678.98');
    expect(within(dialog).getByRole('radio', { name: 'Female' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Male' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
    expect(await within(dialog).findByText('Choose the gender.')).toBeInTheDocument();
    expect(within(dialog).getByText(/not a valid AHV number/)).toBeInTheDocument();
    expect(sent('searchPatients')).toEqual([]);
    expect(sent('createCustomer')).toEqual([]);
  });

  it('finds the same person by AHV number under another name, and shows the number as on the card', async () => {
    const other = await createPatient(api, {
      lastname: 'Verheiratet',
      firstname: 'Eva',
      dob: '1985-03-04',
      ahv: '756.9000.0003.71',
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Ledig');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Eva');
    await user.click(within(dialog).getByRole('radio', { name: 'Female' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Date of birth/ }), '04.03.1985');
    const ahv = within(dialog).getByRole('textbox', { name: /AHV no/ });
    await user.type(ahv, '7569000000371');
    await user.tab();
    expect(ahv).toHaveValue('756.9000.0003.71');
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
    await within(dialog).findByRole('link', { name: 'Verheiratet, Eva' });
    const item = matchItem(dialog, 'Verheiratet, Eva');
    expect(item).toHaveTextContent(`#${other.patid}`);
    expect(item).toHaveTextContent('Same AHV no.');
    expect(sent('createCustomer')).toEqual([]);
  });

  it('lists a patient born the same day under a name one letter off or sounding the same, before anything is created', async () => {
    const fischer = await createPatient(api, {
      lastname: 'Fischer',
      firstname: 'Nina',
      dob: '1988-06-12',
      mobile: '+41 79 152 26 54',
    });
    await createPatient(api, { lastname: 'Fischbach', firstname: 'Nina', dob: '1988-06-12' });
    await createPatient(api, { lastname: 'Fischer', firstname: 'Nina', dob: '1988-06-13' });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Fisher');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nina');
    await user.click(within(dialog).getByRole('radio', { name: 'Female' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Date of birth/ }), '12.06.1988');
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));

    const list = await within(dialog).findByRole('list', { name: 'Existing patients' });
    // The demo data has a Nina Fischer of that day as well; Fischbach and the Fischer of the next day are not listed.
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items.find((text) => text.includes(`#${fischer.patid}`))).toContain(
      'Same birth date, similar name',
    );
    expect(items.every((text) => text.startsWith('Fischer, Nina12.06.1988'))).toBe(true);
    expect(sent('createCustomer')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(sent('createCustomer')).toHaveLength(1));
    expect(sent('createCustomer')[0]).toMatchObject({ lastname: 'Fisher', dob: '1988-06-12' });
  });

  it('lists a patient whose mobile number is the one typed, written another way, under another name', async () => {
    await createPatient(api, {
      lastname: 'Fischer',
      firstname: 'Nina',
      dob: '1988-06-12',
      mobile: '+41 79 152 26 54',
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Brunner');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Lea');
    await user.click(within(dialog).getByRole('radio', { name: 'Female' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Date of birth/ }), '03.04.2001');
    await user.type(within(dialog).getByRole('textbox', { name: 'Mobile' }), '0041791522654');
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));

    await within(dialog).findByRole('list', { name: 'Existing patients' });
    expect(matchItem(dialog, 'Fischer, Nina')).toHaveTextContent('Same mobile number');
    expect(sent('searchPatients')).toContainEqual({ phone: '791522654', offset: 0, limit: 200 });
    expect(sent('createCustomer')).toEqual([]);
  });

  it("shows the service's message for a language the practice does not offer, and keeps the form", async () => {
    await existingAnna();
    const before = await annas();
    // The demo practice offers French; a practice that does not answers like this.
    api.intercept('createCustomer', () => ({ http: 200, msg: 'Unknown language: fr' }));
    const { user } = renderPage();
    const dialog = await fillForm(user);
    await user.click(within(dialog).getAllByLabelText('Language')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'French' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create anyway' }));

    expect(await within(dialog).findByText('Unknown language: fr')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Last name' })).toHaveValue('Muster');
    expect(sent('createCustomer')[0]).toMatchObject({ language: 'fr' });
    expect(await annas()).toEqual(before);
  });
});
