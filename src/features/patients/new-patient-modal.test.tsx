import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client.ts';
import { saveSession } from '../../api/session.ts';
import { Component as PatientsPage } from './route.tsx';

// The machine is shared: give the UI time.

let calls: { op: string; body: Record<string, unknown> }[] = [];
let createAnswer: () => Response;
const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });

const existing = {
  patid: 5,
  lastname: 'Muster',
  firstname: 'Anna',
  gender: 'female',
  dob: '1990-02-01',
  title: '',
  street: '',
  zip: '8001',
  city: 'Zürich',
  country: '',
  countrycode: 'ch',
  mobile: '',
  mail: '',
  AHV: '',
  language: 'de',
  deleted: '0',
};

beforeEach(() => {
  calls = [];
  createAnswer = () => json({ status: true, msg: 'Customer created', result: { id: 201 } });
  saveSession({
    base: 'http://practice.test/v1',
    auth: { kind: 'basic', user: 'demo', password: 'demo' },
    remember: false,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const op = url.split('/').at(-1) ?? '';
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ op, body });
      if (op === 'searchPatients')
        return json({ status: true, msg: 'Matched 1 customers', results: [existing] });
      if (op === 'createCustomer') return createAnswer();
      return json({ status: false, msg: 'Unknown operation.' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/patients', element: <PatientsPage /> },
      { path: '/patients/:patid', element: <p>patient page</p> },
    ],
    { initialEntries: ['/patients'] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
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

describe('a new patient', { timeout: 30_000 }, () => {
  it('shows possible duplicates first, and is created once the user confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderPage();
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('exists already');
    expect(within(dialog).getByRole('link', { name: 'Muster, Anna' })).toHaveAttribute('href', '/patients/5');
    expect(calls.find((c) => c.op === 'searchPatients')?.body).toEqual({
      lastname: 'Muster',
      firstname: 'Anna',
      dob: '1990-02-01',
      offset: 0,
      limit: 20,
    });
    expect(calls.some((c) => c.op === 'createCustomer')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients/201'));
    expect(calls.find((c) => c.op === 'createCustomer')?.body).toEqual({
      lastname: 'Muster',
      firstname: 'Anna',
      gender: 'female',
      dob: '1990-02-01',
      countrycode: 'ch',
      language: 'de',
    });
  });

  it("shows the service's message for a language the practice does not offer, and keeps the form", async () => {
    createAnswer = () => json({ status: false, msg: 'Unknown language: fr', result: null });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dialog = await fillForm(user);
    await user.click(within(dialog).getAllByLabelText('Language')[0]);
    await user.click(await screen.findByRole('option', { name: 'French' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create anyway' }));

    expect(await within(dialog).findByText('Unknown language: fr')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Last name' })).toHaveValue('Muster');
    expect(calls.find((c) => c.op === 'createCustomer')?.body).toMatchObject({ language: 'fr' });
  });
});
