import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Patient } from '../../../contract/system.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { saveSession } from '../../api/session.ts';
import { PatientSearchBox, patientSearchKeys } from '../../components/patient-search.tsx';
import { Component as PatientsPage } from './route.tsx';

// The machine is shared: give the UI time.
const allowed = new Set<string>([...patientSearchKeys, 'offset', 'limit']);

function patient(patid: number, lastname: string, firstname: string): Patient {
  return {
    patid,
    lastname,
    firstname,
    gender: 'female',
    dob: '1980-11-21',
    title: '',
    street: 'Bahnhofstrasse 1',
    zip: '8001',
    city: 'Zürich',
    country: 'Schweiz',
    countrycode: 'ch',
    mobile: '',
    mail: '',
    AHV: '',
    language: 'de',
    deleted: '0',
  };
}

/** Every body sent to searchPatients. */
let searchBodies: Record<string, unknown>[] = [];
let hits: Patient[] = [];

beforeEach(() => {
  searchBodies = [];
  hits = [patient(7, 'Müller', 'Anna'), patient(9, 'Müller-Schmid', 'Beat')];
  saveSession({
    base: 'http://practice.test/v1',
    auth: { kind: 'basic', user: 'demo', password: 'demo' },
    remember: false,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (url.endsWith('/system/searchPatients')) {
        searchBodies.push(body);
        return new Response(
          JSON.stringify({
            status: true,
            msg: `Matched ${hits.length} customers`,
            results: hits.length ? hits : null,
          }),
        );
      }
      return new Response(JSON.stringify({ status: false, msg: 'Unknown operation.' }), { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** No transitions: jsdom has no transitionend. */
const testTheme = createTheme({ components: { Collapse: { defaultProps: { transitionDuration: 0 } } } });

function renderAt(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/patients', element },
      { path: '/patients/:patid', element: <p>patient page</p> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <MantineProvider env="test" theme={testTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function expectOnlyAllowedKeys() {
  expect(searchBodies.length).toBeGreaterThan(0);
  for (const body of searchBodies) {
    for (const key of Object.keys(body)) expect(allowed).toContain(key);
  }
}

describe('the patient search field', { timeout: 30_000 }, () => {
  it('sends each kind of input as an allowed criterion, and nothing else', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<PatientSearchBox label="Search patients" onPick={() => undefined} />);
    const field = screen.getByRole('combobox', { name: 'Search patients' });
    const cases: [string, Record<string, unknown>][] = [
      ['Müller', { lastname: 'Müller' }],
      ['Müller Anna', { lastname: 'Müller', firstname: 'Anna' }],
      ['21.11.1980', { dob: '21.11.1980' }],
      ['1980-11-21', { dob: '1980-11-21' }],
      ['42', { patid: 42 }],
      ['anna.mueller@example.ch', { mail: 'anna.mueller@example.ch' }],
      ['756.1234.5678.97', { ahv: '756.1234.5678.97' }],
    ];
    for (const [text, criteria] of cases) {
      await user.clear(field);
      await user.type(field, text);
      await waitFor(() => expect(searchBodies.at(-1)).toMatchObject(criteria));
      const { offset: _o, limit: _l, ...sent } = searchBodies.at(-1) ?? {};
      expect(sent).toEqual(criteria);
    }
    expectOnlyAllowedKeys();
  });

  it('opens the first hit on Enter, and another one after the arrow keys', async () => {
    const user = userEvent.setup({ delay: null });
    const picked: number[] = [];
    renderAt(<PatientSearchBox label="Search patients" onPick={(p) => picked.push(p.patid)} />);
    const field = screen.getByRole('combobox', { name: 'Search patients' });
    await user.type(field, 'Müller');
    await screen.findByRole('option', { name: 'Müller-Schmid, Beat' });
    await user.keyboard('{Enter}');
    expect(picked).toEqual([7]);

    await user.type(field, 'Müller');
    await screen.findByRole('option', { name: 'Müller-Schmid, Beat' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picked).toEqual([7, 9]);
  });
});

describe('the patients page', { timeout: 20_000 }, () => {
  it('searches with the single criteria, sends only allowed keys and pages with "next" while a page is full', async () => {
    const user = userEvent.setup({ delay: null });
    hits = Array.from({ length: 25 }, (_, i) => patient(i + 1, `Meier${i}`, 'Hans'));
    renderAt(<PatientsPage />, '/patients');
    await user.click(screen.getByRole('button', { name: 'Search by single criteria' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Meier');
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '1970-02-01');
    await user.type(screen.getByRole('textbox', { name: 'Mail' }), 'hans@example.ch');
    await user.type(screen.getByRole('textbox', { name: 'AHV no.' }), '7561234567897');
    await user.type(screen.getByRole('textbox', { name: 'Patient no.' }), '3{Enter}');
    await screen.findByRole('link', { name: 'Meier0, Hans' });
    expect(searchBodies.at(-1)).toEqual({
      lastname: 'Meier',
      dob: '1970-02-01',
      patid: 3,
      mail: 'hans@example.ch',
      ahv: '7561234567897',
      offset: 0,
      limit: 25,
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(searchBodies.at(-1)).toMatchObject({ offset: 25, limit: 25 }));
    hits = [];
    expectOnlyAllowedKeys();
  });

  it('refuses an invalid date of birth before asking the service', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<PatientsPage />, '/patients');
    await user.click(screen.getByRole('button', { name: 'Search by single criteria' }));
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '31.02.1980{Enter}');
    expect(await screen.findByText('Enter a date as DD.MM.YYYY or YYYY-MM-DD.')).toBeInTheDocument();
    expect(searchBodies).toEqual([]);
  });
});
