import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recall } from '../../../contract/recall.ts';
import { ApiError } from '../../api/client.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { saveSession } from '../../api/session.ts';
import { isRecallsBroken } from './queries.ts';
import { Component as RecallsPage } from './route.tsx';

// The machine is shared: give the UI time.
const recall: Recall = {
  id: 12,
  active: 1,
  title: 'Jahreskontrolle',
  recallDate: '2026-03-10 08:15:00',
  recallText: 'Ihre jährliche Kontrolle ist fällig.',
  recallType: 'sms',
  recurring: 1,
  recurringFrequency: '1y',
  patid: 33,
  internalComment: 'Patient wünscht Anruf',
  status: 'error',
  errorMsg: 'Keine Mobilnummer hinterlegt',
  customerMobile: '',
  customerMail: 'anna@example.ch',
};

type Handler = (body: Record<string, unknown>) => Response;
let handlers: Record<string, Handler> = {};
let calls: { op: string; body: Record<string, unknown> }[] = [];

const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });

beforeEach(() => {
  calls = [];
  handlers = {
    getRecalls: () => json({ status: true, msg: 'Success', result: [recall] }),
    getProviders: () => json({ status: 'ok', result: [] }),
    getCustomerById: () =>
      json({
        status: true,
        msg: 'Success',
        result: {
          patid: 33,
          lastname: 'Muster',
          firstname: 'Anna',
          gender: 'female',
          dob: '1980-01-01',
          title: '',
          street: '',
          zip: '',
          city: '',
          country: '',
          countrycode: 'ch',
          mobile: '',
          mail: '',
          AHV: '',
          language: 'de',
          deleted: '0',
        },
      }),
    modifyRecall: () => json({ status: true, msg: 'Recall modified', result: { recallId: 12 } }),
  };
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
      const handler = handlers[op];
      return handler ? handler(body) : json({ status: false, msg: 'Unknown operation.' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const testTheme = createTheme({ components: { Collapse: { defaultProps: { transitionDuration: 0 } } } });

function renderRecalls(path = '/recalls') {
  const router = createMemoryRouter([{ path: '/recalls', element: <RecallsPage /> }], {
    initialEntries: [path],
  });
  render(
    <MantineProvider env="test" theme={testTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const htmlError = () =>
  new Response('<html><body><b>Fatal error</b>: Uncaught Error in recall.php</body></html>', {
    status: 500,
    headers: { 'content-type': 'text/html' },
  });

describe('isRecallsBroken', () => {
  it('recognises a 500 without an envelope, not one with an envelope', () => {
    expect(isRecallsBroken(new ApiError({ op: 'getRecalls', kind: 'http', httpStatus: 500, msg: 'x' }))).toBe(
      true,
    );
    expect(
      isRecallsBroken(
        new ApiError({ op: 'getRecalls', kind: 'http', httpStatus: 500, msg: 'x', envelopeStatus: false }),
      ),
    ).toBe(false);
    expect(
      isRecallsBroken(new ApiError({ op: 'getRecalls', kind: 'network', httpStatus: 0, msg: 'x' })),
    ).toBe(false);
  });
});

describe('the recalls page', { timeout: 20_000 }, () => {
  it('names the cause of a non-JSON HTTP 500 and offers a retry that asks again', async () => {
    handlers.getRecalls = htmlError;
    const user = userEvent.setup({ delay: null });
    renderRecalls();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('lack the fix for getRecalls');
    expect(alert).toHaveTextContent("ask the practice's software provider to update");
    // No automatic retries: the answer will not change.
    expect(calls.filter((c) => c.op === 'getRecalls')).toHaveLength(1);

    handlers.getRecalls = () => json({ status: true, msg: 'Success', result: [recall] });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Jahreskontrolle')).toBeInTheDocument();
    expect(calls.filter((c) => c.op === 'getRecalls')).toHaveLength(2);
  });

  it('shows status with the error message, type, contact data, interval and counts', async () => {
    renderRecalls();
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(within(table).getByText('Keine Mobilnummer hinterlegt')).toBeInTheDocument();
    expect(within(table).getByText('SMS')).toBeInTheDocument();
    expect(within(table).getByText('Mail: anna@example.ch')).toBeInTheDocument();
    expect(within(table).getByText('every year')).toBeInTheDocument();
    expect(screen.getByText('Error: 1')).toBeInTheDocument();
    expect(screen.getByText('Pending: 0')).toBeInTheDocument();
  });

  it("names each recall's patient instead of showing the patient number", async () => {
    renderRecalls();
    expect(await screen.findByRole('link', { name: 'Muster, Anna' })).toHaveAttribute('href', '/patients/33');
    expect(screen.queryByText('Patient 33')).toBeNull();
    expect(calls.filter((c) => c.op === 'getCustomerById')).toEqual([
      { op: 'getCustomerById', body: { patid: 33 } },
    ]);
  });

  it('sends the filters from the address as the document names them', async () => {
    renderRecalls('/recalls?faulty=1&onetime=1&from=2026-01-01&practitioner=3');
    await screen.findByRole('table', { name: 'Recalls' });
    expect(calls.find((c) => c.op === 'getRecalls')?.body).toEqual({
      error: 1,
      sent: 1,
      from: '2026-01-01',
      mandant: 3,
    });
  });

  it('saves an edited date with the complete record, read fresh just before', async () => {
    const user = userEvent.setup({ delay: null });
    renderRecalls();
    await user.click(await screen.findByRole('button', { name: 'Edit Jahreskontrolle (recall 12)' }));
    const dialog = await screen.findByRole('dialog');
    // DD.MM.YYYY and 24 hours in every language, not the browser's native date and time inputs.
    expect(dialog.querySelector('input[type="date"], input[type="time"]')).toBeNull();
    const day = within(dialog).getByRole('textbox', { name: /^Date/ });
    expect(within(dialog).getByRole('spinbutton', { name: 'Hours' })).toHaveValue('08');
    await user.clear(day);
    await user.type(day, '2.4.2026');
    await user.tab();
    expect(day).toHaveValue('02.04.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.op === 'modifyRecall')).toBe(true));
    const i = calls.findIndex((c) => c.op === 'modifyRecall');
    expect(calls[i - 1]).toEqual({ op: 'getRecalls', body: { patid: 33 } });
    expect(calls[i].body).toEqual({
      recallId: 12,
      title: 'Jahreskontrolle',
      patid: 33,
      nextRecall: '2026-04-02 08:15:00',
      recallType: 'sms',
      recallText: 'Ihre jährliche Kontrolle ist fällig.',
      internalComment: 'Patient wünscht Anruf',
      active: 1,
      recurring: 1,
      recurringFrequency: '1y',
      preset: 0,
    });
  });

  it('keeps what was typed and shows the service message on its field when saving fails', async () => {
    handlers.modifyRecall = () =>
      json({ status: false, msg: 'Please provide a valid recall date.', result: null });
    const user = userEvent.setup({ delay: null });
    renderRecalls();
    await user.click(await screen.findByRole('button', { name: 'Edit Jahreskontrolle (recall 12)' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText('Text for the patient');
    await user.clear(text);
    await user.type(text, 'Bitte melden Sie sich.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please provide a valid recall date.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Text for the patient')).toHaveValue('Bitte melden Sie sich.');
  });
});
