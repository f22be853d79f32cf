import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Lead } from '../../../contract/sales.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { saveSession } from '../../api/session.ts';
import { i18n } from '../../i18n/index.ts';
import { en } from './locales/en-details.ts';

/**
 * Test kit of the details page and the new-lead form: a fake practice service behind `fetch` (so the real client
 * reads real envelopes) and a render inside a memory data router (useBlocker needs one).
 */

// The jsdom shims and the 5 s wait are in src/test/setup.ts.
// The loader merges locales/en-details.ts into `leads`; adding it again keeps the kit independent of that.
i18n.addResourceBundle('en', 'leads', en, true, true);

export interface Answer {
  http?: number;
  body: unknown;
}

export type Handler = (body: Record<string, unknown>) => Answer | Promise<Answer>;

export const ok = (result: unknown): Answer => ({ body: { status: true, msg: 'Success', result } });
export const list = (result: unknown[], total = result.length): Answer => ({
  body: {
    status: true,
    msg: 'Success',
    result,
    pagination: { offset: 0, limit: 100, total, hasMore: total > result.length },
  },
});
export const refused = (http: number, msg: string): Answer => ({
  http,
  body: { status: false, msg, result: null },
});

export const referenceData = {
  sources: [
    { code: 'I', label: 'Internet' },
    { code: 'M', label: 'Word of mouth' },
  ],
  flags: [{ code: 'VIP', label: 'VIP' }],
  disqualification: [{ code: 'PRICE', label: 'Too expensive' }],
  categories: [{ code: 'CALL', label: 'Phone call' }],
  folders: [
    { folderId: 1, label: 'Open', ispatient: 1, custom: false },
    { folderId: 2, label: 'To be contacted', ispatient: 1, custom: false },
    { folderId: 4, label: 'Converted', ispatient: 1, custom: false },
    { folderId: 5, label: 'Disqualified', ispatient: 1, custom: false },
    { folderId: 11, label: 'Open', ispatient: 0, custom: false },
    { folderId: 15, label: 'Disqualified', ispatient: 0, custom: false },
    { folderId: 100, label: 'VIP care', ispatient: 1, custom: true },
  ],
};

export const users = [
  { userid: 1, givenname: 'Demo', familyname: 'User', active: true },
  { userid: 6, givenname: 'Sara', familyname: 'Sales', active: true },
];

/** Every request the fake service got, by operation name (the last path segment). */
export interface FakeService {
  calls: { op: string; body: Record<string, unknown> }[];
  bodiesOf(op: string): Record<string, unknown>[];
}

/** Installs the fake service; `handlers` answer per operation, the common look-ups are answered already. */
export function fakeService(handlers: Record<string, Handler>): FakeService {
  saveSession({
    base: 'http://practice.test/v1',
    auth: { kind: 'basic', user: 'demo', password: 'demo' },
    remember: false,
  });
  const defaults: Record<string, Handler> = {
    getReferenceData: () => ok(referenceData),
    getUsers: () => ok(users),
    whoami: () =>
      ok({
        userid: 1,
        username: 'demo',
        givenname: 'Demo',
        familyname: 'User',
        modules: ['all'],
        tenant: 'demo',
      }),
  };
  const calls: FakeService['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const op = url.split('/').at(-1) ?? '';
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ op, body });
      const handler = handlers[op] ?? defaults[op];
      const answer = handler
        ? await handler(body)
        : { http: 404, body: { status: false, msg: 'Unknown operation.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.http ?? 200 });
    }),
  );
  return { calls, bodiesOf: (op) => calls.filter((c) => c.op === op).map((c) => c.body) };
}

/**
 * Renders `element` at `path`, with the board and other lead pages as targets. `pattern` is the element's route
 * (default: `path` itself); `/leads/:leadId` renders the element for every lead.
 */
export function renderAt(element: ReactNode, path: string, pattern = path) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/leads', element: <p>The board</p> },
      { path: '/leads/:leadId', element: <p>A lead page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}

/** A lead as getLeads returns it, with the given changes. */
export function aLead(changes: Partial<Lead> = {}): Lead {
  return {
    leadId: 42,
    uniqid: 'l-42',
    ispatient: 1,
    folderId: 1,
    source: 'I',
    assigneeId: 1,
    flags: [],
    what: 'Knee',
    contact: {
      title: '',
      salutation: 'Frau',
      firstname: 'Anna',
      lastname: 'Muster',
      alias: '',
      gender: 'f',
      dob: '1980-11-21',
      civilStatus: '',
      nationality: 'CH',
    },
    address: {
      street: 'Bahnhofstrasse 1',
      zip: '8001',
      city: 'Zürich',
      country: 'Schweiz',
      countryCode: 'CH',
    },
    communication: { mail: 'anna@example.ch', mail2: '', phone: '', phone2: '', mobile: '', mobile2: '' },
    medical: { bloodType: '', height: null, weight: null, job: '', hxData: {} },
    insurance: { kvg: '', kvgPoliceNr: '', vvg: '', payerType: '' },
    commercial: {},
    created: '2026-11-01 09:00:00',
    lastActivity: '2026-11-02 10:00:00',
    admissionDate: null,
    patid: null,
    conversionDate: null,
    openTasks: 1,
    nextReminder: null,
    unread: false,
    watchers: [],
    deleted: false,
    deletedBy: null,
    deletedTime: null,
    reasonDeleted: '',
    reasonDisqualified: '',
    ...changes,
  };
}
