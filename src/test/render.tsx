import { MantineProvider, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '#api/query-client.ts';
import { getSession, type Session } from '#api/session.ts';
import { RootLayout } from '#components/layout/root-layout.tsx';
import { RouteError } from '#components/route-error.tsx';
import { theme } from '../theme.ts';
import { setTestCredentials, setWhoCookie, type TestAuth } from './test-credentials.ts';

/** A fresh client per test: no retries, so failures show at once. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false, gcTime: Number.POSITIVE_INFINITY },
    mutations: { retry: false },
  });
  return client;
}

export interface TestSignIn {
  auth?: TestAuth;
  remember?: boolean;
  locked?: boolean;
  userid?: number;
  tenant?: string;
}

/**
 * Signed in as the demo user of the practice at http://localhost:3000 (jsdom's origin): the page's `praxis.who`
 * cookie, and the in-process harness adds these credentials to each /v1 call as the app's server would.
 */
export function signInForTest(options: TestSignIn = {}): Session {
  const auth = options.auth ?? { kind: 'basic', user: 'demo', password: 'demo' };
  setTestCredentials(auth);
  setWhoCookie({
    kind: auth.kind,
    user: auth.kind === 'basic' ? auth.user : null,
    tenant: options.tenant ?? 'demo',
    remember: options.remember ?? false,
    locked: options.locked ?? false,
    ...(options.userid ? { userid: options.userid } : {}),
  });
  const s = getSession();
  if (!s) throw new Error('signInForTest: no session');
  return s;
}

export interface RenderOptions {
  /** The address to start at, e.g. `/leads/12`. */
  url?: string;
  /** The route pattern the element is rendered at, e.g. `/leads/:leadId`. Default: every address. */
  path?: string;
  /** Further routes, e.g. where a link leads. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
  /** Laid over the app's theme, e.g. `instantCollapse`. */
  theme?: MantineThemeOverride;
}

/** Collapse opens at once: it waits for a transitionend, which jsdom never sends. */
export const instantCollapse: MantineThemeOverride = {
  components: { Collapse: { defaultProps: { transitionDuration: 0 } } },
};

/**
 * Renders a page or component as the app would: Mantine (test mode: no transitions, no portals), notifications,
 * modals, a fresh QueryClient and a memory router with the app's error boundary.
 * `router.state.location` tells where a navigation went.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { url = '/', path = '*', routes = [], queryClient = createTestQueryClient() } = options;
  const testTheme = options.theme ? mergeThemeOverrides(theme, options.theme) : theme;
  const router = createMemoryRouter(
    [
      {
        // As in the app: modals inside the router.
        Component: RootLayout,
        children: [
          { path, element: ui, ErrorBoundary: RouteError },
          ...routes,
          ...(path === '*' ? [] : [{ path: '*', element: <div data-testid="elsewhere" /> }]),
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  const utils = render(
    <MantineProvider theme={testTheme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, queryClient, user };
}
