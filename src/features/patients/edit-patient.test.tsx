import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerQuery } from '#api/system.ts';
import type { Patient } from '#contract/system.ts';
import { createPatient, patientRecord } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { changedFields, conflicts, toPatientFields } from './edit-patient.ts';
import { Component as PatientPage } from './patient-route.tsx';

vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService();

beforeEach(() => {
  signInForTest();
});

const sent = (op: string) => api.calls.filter((c) => c.op === op).map((c) => c.input);

async function record(patid: number): Promise<Patient> {
  return (await api.send('getCustomerById', { patid })).body.result as Patient;
}

function renderPatient(patid: number, query = '') {
  return renderWithProviders(<PatientPage />, {
    url: `/patients/${patid}${query}`,
    path: '/patients/:patid',
  });
}

describe("a patient's data", () => {
  it('changes the mobile number: only that field is sent, and the journal shows the change', async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Mobilwechsel',
      firstname: 'Mia',
      gender: 'female',
      dob: '1980-01-02',
      mobile: '079 000 11 22',
      street: 'Bahnhofstrasse 1',
    });
    const { user } = renderPatient(patid);
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile' });
    expect(mobile).toHaveValue('079 000 11 22');
    await user.clear(mobile);
    await user.type(mobile, '079 333 44 55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Sent with the version the dialog started from (docs/api.md#versions).
    await waitFor(() =>
      expect(sent('updateCustomer')).toEqual([{ patid, mobile: '079 333 44 55', ifVersion: 1 }]),
    );
    expect(await record(patid)).toMatchObject({ mobile: '079 333 44 55', street: 'Bahnhofstrasse 1' });
    expect(await screen.findByRole('link', { name: '079 333 44 55' })).toHaveAttribute(
      'href',
      'tel:079 333 44 55',
    );
    // The journal (the first tab) lists the change.
    expect(await screen.findByText(/079 000 11 22 → 079 333 44 55/)).toBeInTheDocument();
  });

  it('shows a field somebody changed meanwhile instead of overwriting it, and saves once the person confirms', async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Zweiplatz',
      firstname: 'Zoe',
      gender: 'female',
      dob: '1975-05-05',
      mobile: '079 100 00 00',
    });
    const { user } = renderPatient(patid, '?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    // A colleague changes the mobile number while the dialog is open.
    await api.send('updateCustomer', { patid, mobile: '079 200 00 00' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile' });
    await user.clear(mobile);
    await user.type(mobile, '079 300 00 00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Mobile is now: 079 200 00 00')).toBeInTheDocument();
    // The write based on version 1 was refused (409) and changed nothing.
    expect(sent('updateCustomer')).toEqual([{ patid, mobile: '079 300 00 00', ifVersion: 1 }]);
    expect((await record(patid)).mobile).toBe('079 200 00 00');
    // Saved again, knowingly: the person's value wins, over the version shown now.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('updateCustomer')).toEqual([
        { patid, mobile: '079 300 00 00', ifVersion: 1 },
        { patid, mobile: '079 300 00 00', ifVersion: 2 },
      ]),
    );
    expect((await record(patid)).mobile).toBe('079 300 00 00');
  });

  it("after a conflict, writes back none of the colleague's other changes: the form shows them", async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Dreiplatz',
      firstname: 'Dora',
      gender: 'female',
      dob: '1976-06-06',
      mobile: '079 100 00 00',
      city: 'Bern',
    });
    const { user } = renderPatient(patid, '?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    // A colleague changes the mobile number and the city while the dialog is open.
    await api.send('updateCustomer', { patid, mobile: '079 200 00 00', city: 'Thun' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile' });
    await user.clear(mobile);
    await user.type(mobile, '079 300 00 00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Mobile is now: 079 200 00 00')).toBeInTheDocument();
    // The city the person did not touch now reads as the service has it; the mobile number as the person typed.
    expect(within(dialog).getByRole('textbox', { name: 'City' })).toHaveValue('Thun');
    expect(mobile).toHaveValue('079 300 00 00');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('updateCustomer').at(-1)).toEqual({ patid, mobile: '079 300 00 00', ifVersion: 2 }),
    );
    expect(await record(patid)).toMatchObject({ mobile: '079 300 00 00', city: 'Thun' });
  });

  it("takes over the colleague's value for a field in conflict, keeping the person's other changes", async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Vierplatz',
      firstname: 'Vera',
      gender: 'female',
      dob: '1977-07-07',
      mobile: '079 100 00 00',
      city: 'Bern',
    });
    const { user } = renderPatient(patid, '?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    await api.send('updateCustomer', { patid, mobile: '079 200 00 00' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile' });
    await user.clear(mobile);
    await user.type(mobile, '079 300 00 00');
    const city = within(dialog).getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Biel');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Mobile is now: 079 200 00 00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take over theirs' }));
    expect(mobile).toHaveValue('079 200 00 00');
    expect(city).toHaveValue('Biel');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('updateCustomer').at(-1)).toEqual({ patid, city: 'Biel', ifVersion: 2 }));
    expect(await record(patid)).toMatchObject({ mobile: '079 200 00 00', city: 'Biel', version: 3 });
  });

  it('a colleague changed another field only: saves at once over the new version, both changes kept', async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Fuenfplatz',
      firstname: 'Fabia',
      gender: 'female',
      dob: '1978-08-08',
      mobile: '079 100 00 00',
      city: 'Bern',
    });
    const { user } = renderPatient(patid, '?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    await api.send('updateCustomer', { patid, city: 'Thun' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile' });
    await user.clear(mobile);
    await user.type(mobile, '079 300 00 00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('updateCustomer')).toEqual([
        { patid, mobile: '079 300 00 00', ifVersion: 1 },
        { patid, mobile: '079 300 00 00', ifVersion: 2 },
      ]),
    );
    expect(await record(patid)).toMatchObject({ mobile: '079 300 00 00', city: 'Thun', version: 3 });
  });

  it('opens at once from a failed recall (?edit=1), and a deleted patient offers neither editing nor booking', async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Direkt',
      firstname: 'Dora',
      gender: 'female',
      dob: '1970-01-01',
    });
    renderPatient(patid, '?edit=1');
    expect(await screen.findByRole('dialog', { name: 'Patient data' })).toBeInTheDocument();
  });

  it('shows a deleted patient read-only', async () => {
    // Every 40th seeded patient is deleted.
    renderPatient(40);
    expect(await screen.findByText(/A deleted patient's data cannot be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit data' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book appointment' })).toBeNull();
    // Booking is shown but not offered, the reason beside it.
    const book = screen.getByRole('button', { name: 'Book appointment' });
    expect(book).toBeDisabled();
    expect(book).toHaveAccessibleDescription(/they cannot be booked/);
  });

  it('says so and keeps the data read-only against a practice server without updateCustomer', async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Altserver',
      firstname: 'Alf',
      gender: 'male',
      dob: '1960-01-01',
    });
    api.intercept('updateCustomer', () => ({ http: 404, msg: 'Unknown operation.' }));
    const { user } = renderPatient(patid, '?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    const city = within(dialog).getByRole('textbox', { name: 'City' });
    await user.type(city, 'Bern');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/does not offer changing a patient's data/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect((await record(patid)).city).toBe('');
  });
});

describe('a save that cannot reach the practice server', () => {
  /** The patient's data section of the page behind the dialog. */
  const masterData = () => screen.getByRole('region', { name: 'Master data' });

  it('keeps the dialog open with the typed street, keeps the page behind it, and Retry stores the street', async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Netzweg',
      firstname: 'Nora',
      gender: 'female',
      dob: '1981-03-04',
      street: 'Alte Gasse 1',
    });
    let down = false;
    api.intercept('updateCustomer', () => (down ? 'network' : undefined));
    api.intercept('getCustomerById', () => (down ? 'network' : undefined));
    const { user, queryClient } = renderPatient(patid, '?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    const street = within(dialog).getByRole('textbox', { name: 'Street' });
    await user.clear(street);
    await user.type(street, 'Neue Gasse 2');

    down = true;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The data were not saved');
    expect(alert).toHaveTextContent('It will not be sent by itself');
    // The page refreshes in the background and fails: its last data stay, and so does the dialog with the input.
    await queryClient.refetchQueries({ queryKey: customerQuery(patid).queryKey });
    expect(await within(masterData()).findByText(/shown as last loaded/i)).toBeInTheDocument();
    expect(within(masterData()).getByText(/Alte Gasse 1/)).toBeInTheDocument();
    expect(screen.queryByText(/getCustomerById/)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Patient data' })).toBe(dialog);
    expect(within(dialog).getByRole('textbox', { name: 'Street' })).toHaveValue('Neue Gasse 2');

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Patient data' })).not.toBeInTheDocument(),
    );
    expect(await record(patid)).toMatchObject({ street: 'Neue Gasse 2' });
    expect(await within(masterData()).findByText(/Neue Gasse 2/)).toBeInTheDocument();
  });

  it('keeps the page and the dialog when the re-read before writing fails (a practice server without versions)', async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Ohneversion',
      firstname: 'Olga',
      gender: 'female',
      dob: '1970-07-07',
      street: 'Weg 3',
    });
    const { user } = renderPatient(patid, '?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Patient data' });
    // The write is refused as changed meanwhile, so the dialog reads the record again: that read fails, into the
    // page's own entry (the same path as a tenant without versions, which always reads again first).
    api.intercept('updateCustomer', () => ({ http: 409, msg: 'The patient was changed meanwhile.' }));
    api.intercept('getCustomerById', () => 'network');
    const street = within(dialog).getByRole('textbox', { name: 'Street' });
    await user.clear(street);
    await user.type(street, 'Pfad 4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The practice server cannot be reached',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Street' })).toHaveValue('Pfad 4');
    expect(within(masterData()).getByText(/Weg 3/)).toBeInTheDocument();
    expect(screen.queryByText(/getCustomerById/)).not.toBeInTheDocument();
  });
});

describe('read, merge, write', () => {
  const base = {
    title: '',
    lastname: 'A',
    firstname: 'B',
    gender: 'female' as const,
    dob: '01.02.1990',
    street: 'Alt 1',
    zip: '',
    city: 'Bern',
    country: '',
    countrycode: 'CH',
    tel: '',
    mobile: '079 1',
    mail: '',
    ahv: '',
    language: 'de',
  };

  it('sends only the fields the person changed, as the service stores them', () => {
    expect(changedFields(base, { ...base, mobile: ' 079 2 ', countrycode: 'CH', dob: '1.2.1990' })).toEqual({
      mobile: '079 2',
    });
    expect(changedFields(base, { ...base, street: '' })).toEqual({ street: '' });
  });

  it('finds a field that somebody else changed meanwhile to another value, and nothing else', () => {
    const fresh = { ...base, mobile: '079 9', city: 'Thun' };
    expect(conflicts(base, fresh, { mobile: '079 2' })).toEqual([{ field: 'mobile', theirs: '079 9' }]);
    // Their change of another field is kept: only the changed fields are written.
    expect(conflicts(base, fresh, { street: 'Neu 2' })).toEqual([]);
    // The same value on both sides is no conflict.
    expect(conflicts(base, { ...base, mobile: '079 2' }, { mobile: '079 2' })).toEqual([]);
  });

  it('reads a record into the form as a person writes it', () => {
    expect(
      toPatientFields(
        patientRecord({
          lastname: 'A',
          firstname: 'B',
          dob: '1990-02-01',
          AHV: '7561234567897',
          language: 'fr',
        }),
      ),
    ).toMatchObject({ dob: '01.02.1990', countrycode: 'CH', ahv: '756.1234.5678.97', tel: '' });
  });
});
