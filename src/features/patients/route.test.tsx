import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { patientSearchKeys } from '#components/patient-search.tsx';
import { createPatient } from '#test/factories.ts';
import { instantCollapse, renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as PatientsPage } from './route.tsx';

// The machine is shared: give the UI time.
vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService();

const allowed = new Set<string>([...patientSearchKeys, 'offset', 'limit']);

/** Every body the app sent to searchPatients, in order. */
const searchBodies = () => api.calls.filter((c) => c.op === 'searchPatients').map((c) => c.input);

beforeEach(() => {
  signInForTest();
});

function renderAt(element: React.ReactElement, url = '/') {
  return renderWithProviders(element, {
    url,
    path: url,
    theme: instantCollapse,
    routes: [{ path: '/patients/:patid', element: <p>patient page</p> }],
  });
}

function expectOnlyAllowedKeys() {
  expect(searchBodies().length).toBeGreaterThan(0);
  for (const body of searchBodies()) {
    for (const key of Object.keys(body)) expect(allowed).toContain(key);
  }
}

describe('the patients page', () => {
  it('searches with the single criteria and sends only allowed keys', async () => {
    const hans = await createPatient(api, {
      lastname: 'Meierhofer',
      firstname: 'Hans',
      dob: '1970-02-01',
      mail: 'hans@example.ch',
      ahv: '756.1234.5678.97',
    });
    const { user } = renderAt(<PatientsPage />, '/patients');
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
    expect(searchBodies().at(-1)).toEqual({
      lastname: 'Meierhofer',
      dob: '1970-02-01',
      patid: hans.patid,
      mail: 'hans@example.ch',
      ahv: '7561234567897',
      offset: 0,
      limit: 25,
    });
    expectOnlyAllowedKeys();
  });

  it('pages with "next" while a page is full', async () => {
    // 26 of them: one page of 25 and one more.
    for (let i = 0; i < 26; i += 1) {
      await createPatient(api, { lastname: 'Blätterli', firstname: `Hans${String(i).padStart(2, '0')}` });
    }
    const { user } = renderAt(<PatientsPage />, '/patients');
    await user.click(screen.getByRole('button', { name: 'Search by single criteria' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Blätterli{Enter}');
    await screen.findByRole('link', { name: 'Blätterli, Hans00' });
    expect(screen.getByRole('link', { name: 'Blätterli, Hans24' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Blätterli, Hans25' })).toBeNull();
    expect(searchBodies().at(-1)).toEqual({ lastname: 'Blätterli', offset: 0, limit: 25 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Blätterli, Hans25' })).toBeInTheDocument();
    expect(searchBodies().at(-1)).toEqual({ lastname: 'Blätterli', offset: 25, limit: 25 });
    expect(screen.queryByRole('link', { name: 'Blätterli, Hans00' })).toBeNull();
    expectOnlyAllowedKeys();
  });

  it('refuses an invalid date of birth before asking the service', async () => {
    const { user } = renderAt(<PatientsPage />, '/patients');
    await user.click(screen.getByRole('button', { name: 'Search by single criteria' }));
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '31.02.1980{Enter}');
    expect(await screen.findByText('Enter a date as DD.MM.YYYY or YYYY-MM-DD.')).toBeInTheDocument();
    expect(searchBodies()).toEqual([]);
  });
});
