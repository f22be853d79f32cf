import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZurich } from '../../time.ts';
import { tenants } from '../tenants.ts';
import { startService, type TestService } from '../test-support.ts';
import { holidaysBetween } from './closed-time.ts';

// The e2e suite's practice clock: Wednesday 25 November 2026, 09:40 in Zurich (docs/decisions/0035).
const NOW = fromZurich('2026-11-25 09:40');
let svc: TestService;
beforeAll(async () => {
  svc = await startService({ now: () => NOW });
});
afterAll(() => svc.close());

interface Closed {
  absenceId: number;
  provider: number;
  from: string;
  until: string;
  kind: 'holiday' | 'absence';
  reason: string;
}

const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };

async function closed(input: Record<string, unknown>, opts = {}): Promise<Closed[]> {
  const r = await svc.post('/agenda/getAbsences', input, opts);
  expect(r.http, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

async function holidays(year: number, opts = {}): Promise<string[]> {
  const all = await closed({ from: `${year}-01-01`, until: `${year}-12-31` }, opts);
  return all.filter((c) => c.kind === 'holiday').map((c) => `${c.from.slice(0, 10)} ${c.reason}`);
}

async function refused(path: string, input: unknown, http: number, msg: string): Promise<void> {
  const r = await svc.post(path, input);
  expect({ http: r.http, body: r.body }).toEqual({ http, body: { status: false, msg, result: null } });
}

describe('the public holidays of the canton (getAbsences)', () => {
  // Zürich: Berchtoldstag (2 January) is "optional" in date-holidays but kept by practically every employer, so it
  // closes the practice; Knabenschiessen (a Monday afternoon in the city) does not.
  it('Zürich 2026', async () => {
    expect(await holidays(2026)).toEqual([
      '2026-01-01 Neujahr',
      '2026-01-02 Berchtoldstag',
      '2026-04-03 Karfreitag',
      '2026-04-05 Ostersonntag',
      '2026-04-06 Ostermontag',
      '2026-05-01 Tag der Arbeit',
      '2026-05-14 Auffahrt',
      '2026-05-24 Pfingstsonntag',
      '2026-05-25 Pfingstmontag',
      '2026-08-01 Bundesfeiertag',
      '2026-09-20 Eidg. Dank-, Buss- und Bettag',
      '2026-12-25 Weihnachtstag',
      '2026-12-26 Stephanstag',
    ]);
  });

  it('Zürich 2027', async () => {
    expect(await holidays(2027)).toEqual([
      '2027-01-01 Neujahr',
      '2027-01-02 Berchtoldstag',
      '2027-03-26 Karfreitag',
      '2027-03-28 Ostersonntag',
      '2027-03-29 Ostermontag',
      '2027-05-01 Tag der Arbeit',
      '2027-05-06 Auffahrt',
      '2027-05-16 Pfingstsonntag',
      '2027-05-17 Pfingstmontag',
      '2027-08-01 Bundesfeiertag',
      '2027-09-19 Eidg. Dank-, Buss- und Bettag',
      '2027-12-25 Weihnachtstag',
      '2027-12-26 Stephanstag',
    ]);
  });

  // Vaud (sonnenhof): 2 January and the Monday after the Bettag (Lundi du Jeûne) are public; 1 May and St Stephen's
  // are not. Named in the practice's first language (sonnenhof: de).
  it('Vaud 2026', async () => {
    expect(await holidays(2026, sonnenhof)).toEqual([
      '2026-01-01 Neujahr',
      '2026-01-02 Berchtoldstag',
      '2026-04-03 Karfreitag',
      '2026-04-05 Ostersonntag',
      '2026-04-06 Ostermontag',
      '2026-05-14 Auffahrt',
      '2026-05-24 Pfingstsonntag',
      '2026-05-25 Pfingstmontag',
      '2026-08-01 Bundesfeiertag',
      '2026-09-20 Eidg. Dank-, Buss- und Bettag',
      '2026-09-21 Bettagsmontag',
      '2026-12-25 Weihnachtstag',
    ]);
  });

  it('Vaud 2027', async () => {
    expect(await holidays(2027, sonnenhof)).toEqual([
      '2027-01-01 Neujahr',
      '2027-01-02 Berchtoldstag',
      '2027-03-26 Karfreitag',
      '2027-03-28 Ostersonntag',
      '2027-03-29 Ostermontag',
      '2027-05-06 Auffahrt',
      '2027-05-16 Pfingstsonntag',
      '2027-05-17 Pfingstmontag',
      '2027-08-01 Bundesfeiertag',
      '2027-09-19 Eidg. Dank-, Buss- und Bettag',
      '2027-09-20 Bettagsmontag',
      '2027-12-25 Weihnachtstag',
    ]);
  });

  it('are whole days of the whole practice, absenceId 0, from midnight to the next', async () => {
    const christmas = await closed({ from: '2026-12-25', until: '2026-12-25' });
    expect(christmas).toEqual([
      {
        absenceId: 0,
        provider: 0,
        from: '2026-12-25 00:00:00',
        until: '2026-12-26 00:00:00',
        kind: 'holiday',
        reason: 'Weihnachtstag',
      },
    ]);
  });

  it("are named in the practice's first language", () => {
    const fr = { ...tenants.sonnenhof, languages: ['fr', 'de'] };
    expect(holidaysBetween(fr, '2026-09-21', '2026-12-25').map((h) => h.reason)).toEqual([
      'Lundi du Jeûne Fédéral',
      'Noël',
    ]);
    const it = { ...tenants.demo, languages: ['it'] };
    expect(holidaysBetween(it, '2026-12-25', '2026-12-26').map((h) => h.reason)).toEqual([
      'Natale di Gesù',
      'Santo Stefano',
    ]);
  });
});

describe('absences entered', () => {
  it('lists the seeded one: Dr. Rossi at a course on Thursday and Friday of the week after next', async () => {
    expect(await closed({ from: '2026-11-25', until: '2026-12-20' })).toEqual([
      {
        absenceId: 1,
        provider: 4,
        from: '2026-12-10 00:00:00',
        until: '2026-12-12 00:00:00',
        kind: 'absence',
        reason: 'Weiterbildung',
      },
    ]);
    // Her seeded appointments of those days were taken out with it.
    const r = await svc.post('/agenda/getAppointments', {
      calendarid: 3,
      from: '2026-12-10',
      until: '2026-12-11',
    });
    expect(r.body.result).toEqual([]);
  });

  it('creates one from days (whole days) or date-times, and lists it among the holidays by start', async () => {
    const r = await svc.post('/agenda/createAbsence', {
      provider: 2,
      from: '2026-12-24',
      until: '2026-12-28',
      reason: 'Ferien',
    });
    expect(r.body).toEqual({ status: true, msg: 'Success', result: { absenceId: expect.any(Number) } });
    const half = await svc.post('/agenda/createAbsence', {
      provider: '3',
      from: '2026-12-23 12:00',
      until: '2026-12-23T17:30:00',
    });
    expect(half.http).toBe(200);
    expect(await closed({ from: '2026-12-23', until: '2026-12-28' })).toEqual([
      {
        absenceId: half.body.result.absenceId,
        provider: 3,
        from: '2026-12-23 12:00:00',
        until: '2026-12-23 17:30:00',
        kind: 'absence',
        reason: '',
      },
      {
        absenceId: r.body.result.absenceId,
        provider: 2,
        from: '2026-12-24 00:00:00',
        until: '2026-12-29 00:00:00',
        kind: 'absence',
        reason: 'Ferien',
      },
      expect.objectContaining({ from: '2026-12-25 00:00:00', kind: 'holiday', reason: 'Weihnachtstag' }),
      expect.objectContaining({ from: '2026-12-26 00:00:00', kind: 'holiday', reason: 'Stephanstag' }),
    ]);
  });

  it("with provider lists what closes that practitioner: theirs, the whole practice's and the holidays", async () => {
    const practice = await svc.post('/agenda/createAbsence', {
      provider: 0,
      from: '2027-01-04 12:00',
      until: '2027-01-04 14:00',
      reason: 'Praxisausflug',
    });
    await svc.post('/agenda/createAbsence', { provider: 3, from: '2027-01-05', until: '2027-01-05' });
    const forBrunner = await closed({ from: '2027-01-01', until: '2027-01-10', provider: 2 });
    expect(forBrunner.map((c) => [c.kind, c.provider, c.from])).toEqual([
      ['holiday', 0, '2027-01-01 00:00:00'],
      ['holiday', 0, '2027-01-02 00:00:00'],
      ['absence', 0, '2027-01-04 12:00:00'],
    ]);
    expect(forBrunner[2].absenceId).toBe(practice.body.result.absenceId);
    expect(await closed({ from: '2027-01-01', until: '2027-01-10' })).toHaveLength(4);
  });

  it("of one tenant are not the other's", async () => {
    const theirs = await closed({ from: '2026-11-25', until: '2027-01-31' }, sonnenhof);
    expect(theirs.filter((c) => c.kind === 'absence').map((c) => c.reason)).toEqual(['Weiterbildung']);
  });

  it('are deleted by id; a holiday (0) or an unknown id is not found', async () => {
    const r = await svc.post('/agenda/createAbsence', {
      provider: 4,
      from: '2027-02-01',
      until: '2027-02-01',
    });
    const absenceId = r.body.result.absenceId;
    expect((await svc.post('/agenda/deleteAbsence', { absenceId })).body).toEqual({
      status: true,
      msg: 'Success',
      result: null,
    });
    expect(await closed({ from: '2027-02-01', until: '2027-02-01' })).toEqual([]);
    for (const id of [absenceId, 0, -1, 99_999])
      await refused('/agenda/deleteAbsence', { absenceId: id }, 404, 'Absence not found.');
    for (const id of ['abc', '__proto__', undefined]) {
      const r = await svc.post('/agenda/deleteAbsence', { absenceId: id });
      expect([r.http, r.body.msg]).toEqual([400, expect.stringMatching(/^absenceId: /)]);
    }
  });
});

describe('refusals', () => {
  it('getAbsences: until before from, more than 400 days, no day, an unknown field', async () => {
    const path = '/agenda/getAbsences';
    await refused(path, { from: '2026-12-02', until: '2026-12-01' }, 400, 'Until is before from.');
    await refused(
      path,
      { from: '2026-01-01', until: '2027-02-06' },
      400,
      'From and until are at most 400 days apart.',
    );
    expect((await svc.post(path, { from: '2026-01-01', until: '2027-02-05' })).http).toBe(200);
    await refused(
      path,
      { from: '2026-13-01', until: '2026-12-01' },
      400,
      'from: Expected a date YYYY-MM-DD.',
    );
    await refused(path, { from: '2026-12-01' }, 400, 'until: Expected a date YYYY-MM-DD.');
    await refused(
      path,
      { from: '2026-12-01', until: '2026-12-02', kind: 'holiday' },
      400,
      'Unknown field: kind.',
    );
  });

  it('createAbsence: until before from, an unknown practitioner, no date, an unknown field', async () => {
    const path = '/agenda/createAbsence';
    await refused(
      path,
      { provider: 2, from: '2026-12-02', until: '2026-12-01' },
      400,
      'Until is before from.',
    );
    await refused(
      path,
      { provider: 2, from: '2026-12-02 10:00', until: '2026-12-02 10:00' },
      400,
      'Until is before from.',
    );
    // Petra Sommer (1) is no practitioner; 99 is nobody.
    for (const provider of [1, 99, '4711'])
      await refused(path, { provider, from: '2026-12-02', until: '2026-12-02' }, 404, 'Provider not found.');
    for (const provider of [-2, '__proto__']) {
      const r = await svc.post(path, { provider, from: '2026-12-02', until: '2026-12-02' });
      expect([r.http, r.body.msg]).toEqual([400, expect.stringMatching(/^provider: /)]);
    }
    await refused(
      path,
      { provider: 2, from: '2.12.2026', until: '2026-12-02' },
      400,
      'from: Expected a date YYYY-MM-DD or a date-time YYYY-MM-DD HH:MM[:SS].',
    );
    await refused(
      path,
      { provider: 2, from: '2026-12-02', until: '2026-12-02', kind: 'holiday' },
      400,
      'Unknown field: kind.',
    );
    const long = await svc.post(path, {
      provider: 2,
      from: '2026-12-02',
      until: '2026-12-02',
      reason: 'x'.repeat(10_001),
    });
    expect([long.http, long.body.msg]).toEqual([400, 'Text too long: reason (at most 10000 characters).']);
  });
});
