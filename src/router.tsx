import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { AppLayout } from '#components/layout/app-layout.tsx';
import { navItems } from '#components/layout/nav-items.tsx';
import { RootLayout } from '#components/layout/root-layout.tsx';
import { type AreaModule, loadArea } from '#components/lazy-area.tsx';
import { NotFound, RouteError } from '#components/route-error.tsx';
import { readStartPage } from '#components/start-page.ts';
import { LoadingState } from '#components/states.tsx';
import { loadNamespace } from '#i18n/index.ts';
import type { Namespace } from '#i18n/namespaces.ts';

/**
 * Every area is its own chunk, loaded when first visited: `src/features/<area>/route.tsx` exports `Component`.
 * The area's namespaces of strings load with it.
 * Only `Component` is taken from the module, so a route file may export helpers without upsetting the router.
 */
function area(path: string, ns: Namespace | Namespace[], load: () => Promise<AreaModule>): RouteObject {
  // The area's strings (namespaces `ns`, in the language in use) load beside its code: the area shows with its
  // words, never its keys. Strings that fail to load fail the area's load, which then offers to retry.
  const names = Array.isArray(ns) ? ns : [ns];
  const loadWithStrings = async () => (await Promise.all([load(), loadNamespace(...names)]))[0];
  return {
    path,
    // Offline, the area says so and loads when the connection is back (lazy-area.tsx).
    lazy: async () => ({ Component: (await loadArea(loadWithStrings)).Component }),
    ErrorBoundary: RouteError,
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingState,
    children: [
      area('/sign-in', 'sign-in', () => import('./features/sign-in/route.tsx')),
      {
        path: '/',
        Component: AppLayout,
        ErrorBoundary: RouteError,
        children: [
          // The start page: Today unless the user chose another area in the settings (components/start-page.ts).
          { index: true, loader: () => redirect(readStartPage(navItems.map((i) => i.to))) },
          area('today', 'today', () => import('./features/today/route.tsx')),
          area('leads', 'leads', () => import('./features/leads/route.tsx')),
          // The lead page's own strings are a namespace the board does without (i18n/namespaces.ts).
          area(
            'leads/:leadId',
            ['leads', 'leadDetails', 'patients'],
            () => import('./features/leads/details/route.tsx'),
          ),
          area('tasks', 'tasks', () => import('./features/tasks/route.tsx')),
          area('agenda', ['agenda', 'patients'], () => import('./features/agenda/route.tsx')),
          // The waiting list: under the agenda in the address and the navigation, its own area in the code.
          area('agenda/waitlist', ['waitlist', 'patients'], () => import('./features/waitlist/route.tsx')),
          area('booking', ['booking', 'patients'], () => import('./features/booking/route.tsx')),
          area('recalls', ['recalls', 'patients'], () => import('./features/recalls/route.tsx')),
          area('patients', 'patients', () => import('./features/patients/route.tsx')),
          area('patients/:patid', 'patients', () => import('./features/patients/patient-route.tsx')),
          area('lab', ['labor', 'patients'], () => import('./features/labor/route.tsx')),
          area('accounting', 'accounting', () => import('./features/accounting/route.tsx')),
          area('stats', 'stats', () => import('./features/stats/route.tsx')),
          area('settings', 'settings', () => import('./features/settings/route.tsx')),
          { path: '*', Component: NotFound, ErrorBoundary: RouteError },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
