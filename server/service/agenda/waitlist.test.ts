import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZurich } from '../../time.ts';
import { startService, type TestService } from '../test-support.ts';

// The e2e suite's practice clock: Wednesday 25 November 2026, 09:40 in Zurich (docs/decisions/0035).
let at = fromZurich('2026-11-25 09:40');
let svc: TestService;
beforeAll(async () => {
  svc = await startService({ now: () => at });
});
afterAll(() => svc.close());

interface Entry {
  entryId: number;
  patid: number;
  serviceid: number;
  provider: number;
  earliest: string | null;
  latest: string | null;
  times: string;
  priority: number;
  note: string;
  status: string;
  created: string;
  createdBy: number;
  version: number;
}

async function list(input: Record<string, unknown> = {}): Promise<Entry[]> {
  const r = await svc.post('/agenda/getWaitlist', input);
  expect(r.http, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

async function entry(entryId: number): Promise<Entry> {
  const found = (await list({ status: 'all' })).find((e) => e.entryId === entryId);
  if (!found) throw new Error(`entry ${entryId} not listed`);
  return found;
}

async function add(input: Record<string, unknown>): Promise<number> {
  const r = await svc.post('/agenda/addWaitlistEntry', input);
  expect(r.http, JSON.stringify(r.body)).toBe(200);
  return r.body.result.entryId;
}

async function refused(path: string, input: unknown, http: number, msg: string): Promise<void> {
  const r = await svc.post(path, input);
  expect({ http: r.http, body: r.body }).toEqual({ http, body: { status: false, msg, result: null } });
}

describe('the seeded waiting list (extensions.md section 5)', () => {
  it('lists the waiting ones by priority, then oldest first, with their windows relative to today', async () => {
    const waiting = await list();
    expect(waiting.map((e) => [e.patid, e.priority, e.created])).toEqual([
      [12, 2, '2026-11-24 08:15:00'],
      [27, 1, '2026-11-19 10:40:00'],
      [104, 0, '2026-11-11 11:10:00'],
      [58, 0, '2026-11-15 14:05:00'],
      [91, 0, '2026-11-22 09:20:00'],
    ]);
    expect(waiting[1]).toEqual({
      entryId: 2,
      patid: 27,
      serviceid: 3,
      provider: 3,
      earliest: '2026-11-28',
      latest: '2026-12-25',
      times: 'morning',
      priority: 1,
      note: 'Muttermal verändert, möchte zu Dr. Favre',
      status: 'waiting',
      created: '2026-11-19 10:40:00',
      createdBy: 1,
      version: 1,
    });
    expect(waiting.every((e) => e.status === 'waiting')).toBe(true);
  });

  it('lists every status with all, the waiting ones first; and one status alone', async () => {
    const all = await list({ status: 'all' });
    expect(all.map((e) => e.status)).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'withdrawn',
      'booked',
      'offered',
    ]);
    expect((await list({ status: 'offered' })).map((e) => e.patid)).toEqual([133]);
    expect((await list({ status: 'booked' })).map((e) => e.patid)).toEqual([150]);
    expect((await list({ status: 'withdrawn' })).map((e) => e.patid)).toEqual([171]);
  });

  it('filters by patient, and each tenant has its own list', async () => {
    expect((await list({ patid: 27 })).map((e) => e.entryId)).toEqual([2]);
    expect(await list({ patid: 28 })).toEqual([]);
    const other = await svc.post(
      '/agenda/getWaitlist',
      {},
      { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' },
    );
    expect(other.body.result).toHaveLength(5);
  });
});

describe('addWaitlistEntry', () => {
  it('adds a waiting entry with the defaults: any service, any practitioner, open window, normal priority', async () => {
    at = fromZurich('2026-11-25 10:02:03');
    const id = await add({ patid: 5 });
    expect(await entry(id)).toEqual({
      entryId: id,
      patid: 5,
      serviceid: 0,
      provider: 0,
      earliest: null,
      latest: null,
      times: 'any',
      priority: 0,
      note: '',
      status: 'waiting',
      created: '2026-11-25 10:02:03',
      createdBy: 1,
      version: 1,
    });
    // The newest of the normal ones: last.
    expect((await list()).at(-1)?.entryId).toBe(id);
  });

  it('keeps what is sent; an urgent newcomer comes after the urgent ones waiting longer', async () => {
    const id = await add({
      patid: '6',
      serviceid: 2,
      provider: '3',
      earliest: '2026-12-01',
      latest: '2026-12-01',
      times: 'afternoon',
      priority: '2',
      note: 'Ruft täglich an',
    });
    expect(await entry(id)).toMatchObject({
      serviceid: 2,
      provider: 3,
      earliest: '2026-12-01',
      latest: '2026-12-01',
      times: 'afternoon',
      priority: 2,
      note: 'Ruft täglich an',
    });
    expect((await list()).slice(0, 2).map((e) => e.patid)).toEqual([12, 6]);
  });

  it('takes a note of 1000 characters and refuses one of 1001', async () => {
    const id = await add({ patid: 7, note: 'x'.repeat(1000) });
    expect((await entry(id)).note).toHaveLength(1000);
    await refused(
      '/agenda/addWaitlistEntry',
      { patid: 7, note: 'x'.repeat(1001) },
      400,
      'Text too long: note (at most 1000 characters).',
    );
  });

  it('refuses with the documented messages and statuses', async () => {
    const path = '/agenda/addWaitlistEntry';
    for (const patid of [undefined, 0, -3, 'abc', 1.5, '__proto__'])
      await refused(path, { patid }, 400, 'Please provide a valid patient id.');
    await refused(path, { patid: 99_999 }, 404, 'Patient not found.');
    await refused(path, { patid: 40 }, 422, 'Patient is deleted.');
    await refused(path, { patid: 5, serviceid: 99 }, 400, 'Unknown service.');
    await refused(path, { patid: 5, serviceid: -1 }, 400, 'serviceid: Expected 0 (any) or an id.');
    // Petra Sommer (1) is no practitioner.
    await refused(path, { patid: 5, provider: 1 }, 404, 'Provider not found.');
    await refused(path, { patid: 5, provider: 99 }, 404, 'Provider not found.');
    await refused(
      path,
      { patid: 5, earliest: '2026-12-10', latest: '2026-12-09' },
      400,
      'Latest is before earliest.',
    );
    await refused(path, { patid: 5, earliest: '2026-02-30' }, 400, 'earliest: Expected a date YYYY-MM-DD.');
    await refused(
      path,
      { patid: 5, priority: 3 },
      400,
      'priority: Expected a priority 0 (normal), 1 (high) or 2 (urgent).',
    );
    const times = await svc.post(path, { patid: 5, times: 'evening' });
    expect([times.http, times.body.msg]).toEqual([400, expect.stringMatching(/^times: /)]);
  });

  it('refuses a field it does not know, naming it, status and version included', async () => {
    const path = '/agenda/addWaitlistEntry';
    await refused(path, { patid: 5, colour: 'red' }, 400, 'Unknown field: colour.');
    await refused(path, { patid: 5, status: 'booked' }, 400, 'Unknown field: status.');
    await refused(
      path,
      JSON.parse('{"patid": 5, "__proto__": {"priority": 2}}'),
      400,
      'Unknown field: __proto__.',
    );
    await refused(path, { patid: 5, constructor: 1 }, 400, 'Unknown field: constructor.');
  });
});

describe('modifyWaitlistEntry', () => {
  it('changes only the fields sent, grows the version, and clears a bound with null', async () => {
    at = fromZurich('2026-11-25 11:00');
    const id = await add({ patid: 8, serviceid: 1, earliest: '2026-12-01', latest: '2026-12-20', note: 'A' });
    const path = '/agenda/modifyWaitlistEntry';
    expect((await svc.post(path, { entryId: id, note: 'B', ifVersion: 1 })).body).toEqual({
      status: true,
      msg: 'Success',
      result: null,
    });
    expect(await entry(id)).toMatchObject({
      serviceid: 1,
      earliest: '2026-12-01',
      latest: '2026-12-20',
      note: 'B',
      version: 2,
    });
    await svc.post(path, { entryId: id, earliest: null, priority: 1 });
    expect(await entry(id)).toMatchObject({ earliest: null, latest: '2026-12-20', priority: 1, version: 3 });
    // Sending what is stored changes nothing, so nobody else's copy goes stale.
    await svc.post(path, { entryId: id, note: 'B', priority: 1 });
    expect((await entry(id)).version).toBe(3);
  });

  it('with an ifVersion that is not the current one changes nothing: 409', async () => {
    const id = await add({ patid: 9, note: 'first' });
    const path = '/agenda/modifyWaitlistEntry';
    await svc.post(path, { entryId: id, note: 'second', ifVersion: 1 });
    await refused(
      path,
      { entryId: id, note: 'third', ifVersion: 1 },
      409,
      'The waitlist entry was changed meanwhile.',
    );
    expect(await entry(id)).toMatchObject({ note: 'second', version: 2 });
    await svc.post(path, { entryId: id, note: 'third', ifVersion: '2' });
    expect(await entry(id)).toMatchObject({ note: 'third', version: 3 });
  });

  it('ends an entry booked from: it leaves the waiting list, the booked ones list it', async () => {
    const id = await add({ patid: 10 });
    await svc.post('/agenda/modifyWaitlistEntry', { entryId: id, status: 'booked' });
    expect((await list()).some((e) => e.entryId === id)).toBe(false);
    expect((await list({ status: 'booked' }))[0]).toMatchObject({
      entryId: id,
      status: 'booked',
      version: 2,
    });
  });

  it('refuses an unknown entry, a window the change would turn round, and what addWaitlistEntry refuses', async () => {
    const path = '/agenda/modifyWaitlistEntry';
    for (const entryId of [99_999, 0, -1])
      await refused(path, { entryId, note: 'x' }, 404, 'Waitlist entry not found.');
    // Not an id at all: a request of the wrong shape.
    for (const entryId of ['abc', '__proto__', undefined, 1.5, '7'.repeat(30)]) {
      const r = await svc.post(path, { entryId, note: 'x' });
      expect([r.http, r.body.msg]).toEqual([400, expect.stringMatching(/^entryId: /)]);
    }
    const id = await add({ patid: 11, earliest: '2026-12-10' });
    await refused(path, { entryId: id, latest: '2026-12-09' }, 400, 'Latest is before earliest.');
    await refused(path, { entryId: id, serviceid: 77 }, 400, 'Unknown service.');
    await refused(path, { entryId: id, provider: 6 }, 404, 'Provider not found.');
    await refused(
      path,
      { entryId: id, note: 'y'.repeat(1001) },
      400,
      'Text too long: note (at most 1000 characters).',
    );
    await refused(path, { entryId: id, patid: 12 }, 400, 'Unknown field: patid.');
    const status = await svc.post(path, { entryId: id, status: 'all' });
    expect([status.http, status.body.msg]).toEqual([400, expect.stringMatching(/^status: /)]);
    // Nothing of it was written.
    expect(await entry(id)).toMatchObject({ earliest: '2026-12-10', latest: null, serviceid: 0, version: 1 });
  });
});

describe('getWaitlist refuses', () => {
  it('an unknown status or field', async () => {
    for (const status of ['later', '__proto__', 'toString']) {
      const r = await svc.post('/agenda/getWaitlist', { status });
      expect([r.http, r.body.msg]).toEqual([400, expect.stringMatching(/^status: /)]);
    }
    await refused('/agenda/getWaitlist', { provider: 2 }, 400, 'Unknown field: provider.');
  });
});
