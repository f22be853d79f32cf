import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './test-support.ts';

/**
 * docs/api.md#limits, "Bounded work", and issue 24: at the limits (200-character search texts over records
 * holding 10,000-character texts), every request answers within 1 s, and another tenant's whoami within 200 ms
 * meanwhile. This is the one timed test the issue asks for; the numbers over 100,000 rows are in
 * `npm run bench:service`. The limits are generous (the GLOB searches took 7.8 s here).
 */

let svc: TestService;
const LONG = 10_000;
const RECORDS = 100;
// Worst case for a naive matcher: the text is the needle's prefix over and over, the needle fails at its end.
const haystack = 'ä'.repeat(LONG);
const needle = `${'Ä'.repeat(199)}b`;

beforeAll(async () => {
  svc = await startService();
  // The other tenant's database is opened (and seeded) on first use: not during a measurement.
  await svc.post('/system/whoami', {}, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' });
  const db = svc.service.db('demo');
  db.exec('BEGIN');
  const hx = db.prepare(
    `INSERT INTO hx_entries (patid, category, text, date, teaser, author, userid, deleted, created)
     VALUES (1, ?, ?, '2026-01-01 10:00:00', ?, 'Test', 1, 0, '2026-01-01 10:00:00')`,
  );
  for (let i = 0; i < RECORDS; i++) hx.run(haystack, haystack, haystack);
  // Patients whose names are 10,000 characters (their matching keys are kept by the triggers of migration 0007).
  const patient = db.prepare(
    `INSERT INTO patients (lastname, firstname, mobile, created) VALUES (?, ?, ?, '2026-01-01 10:00:00')`,
  );
  for (let i = 0; i < RECORDS; i++) patient.run(haystack, haystack, '0'.repeat(LONG));
  db.exec('COMMIT');
  for (let i = 0; i < RECORDS; i++) {
    const a = await svc.post('/agenda/createAppointment', {
      calendar: 1,
      date: '2026-02-02 08:00:00',
      end: '2026-02-02 08:20:00',
      patid: 1,
      appointment: haystack,
      comment: haystack,
    });
    expect(a.body.status).toBe(true);
    const l = await svc.post('/sales/createLead', {
      ispatient: 1,
      contact: { lastname: haystack, firstname: haystack, alias: haystack },
      communication: { mail: haystack },
    });
    expect(l.body.status).toBe(true);
  }
}, 120_000);

afterAll(async () => {
  await svc.close();
});

const ids = Array.from({ length: 1000 }, (_, i) => i + 1);

// Bodies by attempt: a repeated bulk change must change something again (an unchanged lead is merely skipped).
const cases: [string, string, (attempt: number) => unknown][] = [
  ['getLeads filter.search', '/sales/getLeads', () => ({ filter: { search: needle } })],
  ['getAppointments appointment', '/agenda/getAppointments', () => ({ appointment: needle })],
  ['getAppointments comment', '/agenda/getAppointments', () => ({ comment: needle })],
  ['getPatientHistory text', '/hx/getPatientHistory', () => ({ patid: 1, text: needle })],
  ['getPatientHistory teaser', '/hx/getPatientHistory', () => ({ patid: 1, teaser: needle })],
  ['getPatientHistory category', '/hx/getPatientHistory', () => ({ patid: 1, category: needle })],
  ['searchPatients lastname', '/system/searchPatients', () => ({ lastname: needle })],
  ['searchPatients firstname', '/system/searchPatients', () => ({ firstname: needle })],
  ['searchPatients phone', '/system/searchPatients', () => ({ phone: `0${'0'.repeat(198)}1` })],
  ['bulkAssign of 1,000 leads', '/sales/bulkAssign', (a) => ({ leadIds: ids, userId: 2 + (a % 2) })],
  ['bulkSetFolder of 1,000 leads', '/sales/bulkSetFolder', (a) => ({ leadIds: ids, folderId: 2 + (a % 2) })],
];

/**
 * The request and, sent with it, the other tenant's whoami: milliseconds until each answered. Best of three
 * attempts: the test files run in parallel on a busy two-core machine, and a moment without a core is not the
 * service's doing; a request that holds the event loop (the GLOB searches: 2-3 s here) fails all three.
 */
async function measured(path: string, body: (attempt: number) => unknown) {
  const attempts: { ms: number; whoamiMs: number; http: number; whoamiHttp: number }[] = [];
  for (let a = 0; a < 3; a++) {
    const started = performance.now();
    const slow = svc.post(path, body(a)).then((r) => ({ http: r.http, ms: performance.now() - started }));
    const other = svc
      .post('/system/whoami', {}, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' })
      .then((r) => ({ http: r.http, ms: performance.now() - started }));
    const [s, o] = await Promise.all([slow, other]);
    const attempt = { ms: s.ms, whoamiMs: o.ms, http: s.http, whoamiHttp: o.http };
    attempts.push(attempt);
    if (attempt.ms < 1000 && attempt.whoamiMs < 200) return attempt;
  }
  return attempts[attempts.length - 1];
}

describe('bounded work at the limits', () => {
  it.each(cases)('%s: within 1 s, another tenant’s whoami within 200 ms meanwhile', async (_, path, body) => {
    const m = await measured(path, body);
    expect(m.http).toBe(200);
    expect(m.whoamiHttp).toBe(200);
    expect(m.ms).toBeLessThan(1000);
    expect(m.whoamiMs).toBeLessThan(200);
  });

  it('still finds what it should: case, accents and umlauts aside', async () => {
    const tail = 'ä'.repeat(198);
    for (const [path, body] of [
      ['/agenda/getAppointments', { appointment: `${tail}AA` }],
      ['/agenda/getAppointments', { comment: `A${tail}a` }],
      ['/hx/getPatientHistory', { patid: 1, text: tail.toUpperCase() }],
      ['/hx/getPatientHistory', { patid: 1, category: 'Ä' }],
    ] as const) {
      const r = await svc.post(path, body);
      expect(r.body.result.length, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBeGreaterThanOrEqual(
        RECORDS,
      );
    }
    const leads = await svc.post('/sales/getLeads', { filter: { search: 'A'.repeat(200) } });
    expect(leads.body.pagination.total).toBe(RECORDS);
  });

  it('still finds the patients with the long names, as a caller spells them', async () => {
    const r = await svc.post('/system/searchPatients', { lastname: 'AE'.repeat(100), limit: 1000 });
    expect(r.body.results?.length ?? 0).toBeGreaterThanOrEqual(RECORDS);
  });
});
