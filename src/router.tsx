import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { AppLayout } from './components/layout/app-layout.tsx';
import { RootLayout } from './components/layout/root-layout.tsx';
import { type AreaModule, loadArea } from './components/lazy-area.tsx';
import { NotFound, RouteError } from './components/route-error.tsx';
import { LoadingState } from './components/states.tsx';

/**
 * Every area is its own chunk, loaded when first visited: `src/features/<area>/route.tsx` exports `Component`.
 * Only `Component` is taken from the module, so a route file may export helpers without upsetting the router.
 */
function area(path: string, load: () => Promise<AreaModule>): RouteObject {
  return {
    path,
    // Offline, the area says so and loads when the connection is back (lazy-area.tsx).
    lazy: async () => ({ Component: (await loadArea(load)).Component }),
    ErrorBoundary: RouteError,
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingState,
    children: [
      area('/sign-in', () => import('./features/sign-in/route.tsx')),
      {
        path: '/',
        Component: AppLayout,
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => redirect('/leads') },
          area('leads', () => import('./features/leads/route.tsx')),
          area('leads/:leadId', () => import('./features/leads/lead-route.tsx')),
          area('tasks', () => import('./features/tasks/route.tsx')),
          area('agenda', () => import('./features/agenda/route.tsx')),
          area('booking', () => import('./features/booking/route.tsx')),
          area('recalls', () => import('./features/recalls/route.tsx')),
          area('patients', () => import('./features/patients/route.tsx')),
          area('patients/:patid', () => import('./features/patients/patient-route.tsx')),
          area('lab', () => import('./features/labor/route.tsx')),
          area('accounting', () => import('./features/accounting/route.tsx')),
          area('stats', () => import('./features/stats/route.tsx')),
          area('settings', () => import('./features/settings/route.tsx')),
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
