import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/client.ts';
import { createQueryClient } from '#api/query-client.ts';
import { RouteError } from './route-error.tsx';

function renderRoute(Component: () => ReactNode, path = '/leads') {
  const router = createMemoryRouter(
    [
      { path: '/leads', Component, ErrorBoundary: RouteError },
      { path: '*', Component: () => <p>elsewhere</p>, ErrorBoundary: RouteError },
    ],
    { initialEntries: [path] },
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

let leadsFail = true;
function Leads(): ReactNode {
  if (leadsFail)
    throw new ApiError({ op: 'getLeads', kind: 'http', httpStatus: 500, msg: 'Internal error.' });
  return <h1>Leads</h1>;
}

function Mismatch(): ReactNode {
  throw new ApiError({
    op: 'getTasks',
    kind: 'contract',
    httpStatus: 200,
    msg: 'The answer of getTasks does not fit the contract at result.0.priority: Invalid input',
  });
}

function Buggy(): ReactNode {
  throw new TypeError('x is undefined');
}

describe('RouteError', () => {
  // React and the router log every caught render error; the tests expect them.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says in words what failed, never the operation, with the service’s message, and Retry renders the page again', async () => {
    leadsFail = true;
    renderRoute(Leads);
    expect(await screen.findByRole('heading', { name: 'Leads could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Internal error.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/getLeads/);

    leadsFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeInTheDocument();
  });

  it('words a contract mismatch without the operation or the field', async () => {
    renderRoute(Mismatch);
    expect(await screen.findByRole('heading', { name: 'Tasks could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/answered in a form this app does not understand/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/getTasks|priority/);
  });

  it('shows an unexpected error with its message rather than a blank page', async () => {
    renderRoute(Buggy);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByText(/x is undefined/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
