import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { patientSearchKeys } from '#components/patient-search.tsx';
import { instantCollapse, renderWithProviders } from './render.tsx';
import type { ServiceHarness } from './service.ts';

/** What searchPatients may be sent: its criteria and the page. */
const allowed = new Set<string>([...patientSearchKeys, 'offset', 'limit']);

/** Every body the app sent to searchPatients, in order. */
export function searchBodies(api: ServiceHarness): Record<string, unknown>[] {
  return api.calls.filter((c) => c.op === 'searchPatients').map((c) => c.input);
}

/** At least one search was sent, and none with a key searchPatients does not know. */
export function expectOnlyAllowedKeys(api: ServiceHarness): void {
  const bodies = searchBodies(api);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    for (const key of Object.keys(body)) expect(allowed).toContain(key);
  }
}

/** A search UI at `url`, with a stand-in patient page to land on when a hit is opened. */
export function renderSearchAt(element: ReactElement, url = '/') {
  return renderWithProviders(element, {
    url,
    path: url,
    theme: instantCollapse,
    routes: [{ path: '/patients/:patid', element: <p>patient page</p> }],
  });
}
