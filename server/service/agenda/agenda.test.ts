import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZurich, unixSeconds, zurichDateTime } from '../../time.ts';
import type { Db } from '../db/database.ts';
import { startService, type TestService } from '../test-support.ts';

// A fixed clock (a Wednesday morning in Zurich) so "future" and "past" are stable.
const NOW = fromZurich('2026-11-18 10:00');
const nowTs = unixSeconds(NOW);

let svc: TestService;
let db: Db;
beforeAll(async () => {
  svc = await startService({ now: () => NOW });
  await svc.post('/agenda/getCalendars', {});
  db = svc.service.db('demo');
});
afterAll(() => svc.close());

const ts = (local: string) => unixSeconds(fromZurich(local));

interface Item {
  id: number;
  date: string;
  end: string;
  duration: number;
  displayedduration: string;
  patid: number;
  appointment: string;
  comment: string;
  color: string;
  state: string;
  calendar: string;
  dateTs?: number;
  endTs?: number;
  date_unix?: number;
  end_unix?: number;
  calendarid?: number;
}

async function list(input: Record<string, unknown>): Promise<Item[]> {
  const r = await svc.post('/agenda/getAppointments', input);
  expect(r.http, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe(true);
  return r.body.result;
}

async function create(input: Record<string, unknown>): Promise<number> {
  const r = await svc.post('/agenda/createAppointment', input);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true, msg: 'Success' });
  return r.body.result.appointmentid;
}

function byId(items: Item[], id: number): Item | undefined {
  return items.find((a) => a.id === id);
}

const baseFields = [
  'id',
  'date',
  'end',
  'duration',
  'displayedduration',
  'patid',
  'appointment',
  'comment',
  'color',
  'state',
  'calendar',
  // Reference service additions (docs/api.md#additions).
  'version',
  'stateChanged',
];

describe('getAppointments', () => {
  it('refuses calendarid 0 with HTTP 400 Please provide a calendar id.', async () => {
    const r = await svc.post('/agenda/getAppointments', { calendarid: 0 });
    expect(r.http).toBe(400);
    expect(r.body).toEqual({ status: false, msg: 'Please provide a calendar id.', result: null });
  });

  it('calendar mode returns one calendar in the period, descending, with dateTs/endTs and no calendarid', async () => {
    const items = await list({ calendarid: 2, from: '2026-11-09', until: '2026-11-20' });
    expect(items.length).toBeGreaterThan(10);
    for (const a of items) {
      expect(Object.keys(a).sort()).toEqual([...baseFields, 'dateTs', 'endTs'].sort());
      expect(a.calendar).toBe('Dr. Favre');
      expect(a.date >= '2026-11-09 00:00:00' && a.date <= '2026-11-20 23:59:59').toBe(true);
      expect(a.date).toBe(zurichDateTime(new Date((a.dateTs as number) * 1000)));
      expect(a.end).toBe(zurichDateTime(new Date((a.endTs as number) * 1000)));
      expect(a.duration).toBe(((a.endTs as number) - (a.dateTs as number)) / 60);
    }
    const starts = items.map((a) => a.dateTs as number);
    expect([...starts].sort((x, y) => y - x)).toEqual(starts);
  });

  it('calendar mode takes Unix seconds as period bounds and ignores patient filters', async () => {
    const byDay = await list({ calendarid: 1, from: '2026-11-16', until: '2026-11-16' });
    const byUnix = await list({
      calendarid: 1,
      from: ts('2026-11-16 00:00'),
      until: String(ts('2026-11-17 00:00') - 1),
      patid: 999_999,
      appointment: 'no such text',
    });
    expect(byDay.length).toBeGreaterThan(0);
    expect(byUnix.map((a) => a.id)).toEqual(byDay.map((a) => a.id));
  });

  it('patient mode filters by patid and returns date_unix/end_unix and calendarid, no dateTs', async () => {
    const patid = (
      db
        .prepare("SELECT patid FROM appointments WHERE patid > 0 AND deleted = 0 AND state <> 'PR' LIMIT 1")
        .get() as { patid: number }
    ).patid;
    const items = await list({ patid });
    const expected = db
      .prepare("SELECT count(*) AS n FROM appointments WHERE patid = ? AND deleted = 0 AND state <> 'PR'")
      .get(patid) as { n: number };
    expect(items).toHaveLength(expected.n);
    for (const a of items) {
      expect(Object.keys(a).sort()).toEqual([...baseFields, 'date_unix', 'end_unix', 'calendarid'].sort());
      expect(a.patid).toBe(patid);
      expect(a.date).toBe(zurichDateTime(new Date((a.date_unix as number) * 1000)));
      const cal = db
        .prepare('SELECT name FROM calendars WHERE calendarid = ?')
        .get(a.calendarid as number) as {
        name: string;
      };
      expect(a.calendar).toBe(cal.name);
    }
    const starts = items.map((a) => a.date_unix as number);
    expect([...starts].sort((x, y) => y - x)).toEqual(starts);
  });

  it('patient mode: patid 0 is no filter; appointment and comment are contains-matches', async () => {
    const all = await list({ patid: 0 });
    const listed = db
      .prepare("SELECT count(*) AS n FROM appointments WHERE deleted = 0 AND state <> 'PR'")
      .get() as {
      n: number;
    };
    expect(all).toHaveLength(listed.n);
    expect(all.some((a) => a.patid === 0)).toBe(true);

    const text = await list({ appointment: 'kontrolle' });
    expect(text.length).toBeGreaterThan(0);
    expect(text.every((a) => a.appointment.toLowerCase().includes('kontrolle'))).toBe(true);
    expect(text.length).toBe(all.filter((a) => a.appointment.toLowerCase().includes('kontrolle')).length);

    const comment = await list({ comment: 'NÜCHTERN' });
    expect(comment.length).toBeGreaterThan(0);
    expect(comment.every((a) => a.comment.includes('nüchtern'))).toBe(true);
  });

  it('patient mode: from/until only when both are set; period only when both are missing', async () => {
    const all = await list({});
    const onlyFrom = await list({ from: '2026-11-18' });
    expect(onlyFrom).toHaveLength(all.length);

    const both = await list({ from: '2026-11-10', until: '2026-11-12', period: 'future' });
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((a) => a.date >= '2026-11-10' && a.date < '2026-11-13')).toBe(true);

    const future = await list({ period: 'future' });
    const past = await list({ period: 'past' });
    expect(future.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    expect(future.every((a) => (a.date_unix as number) >= nowTs)).toBe(true);
    expect(past.every((a) => (a.date_unix as number) < nowTs)).toBe(true);
    expect(future.length + past.length).toBe(all.length);
    expect(await list({ period: 'all' })).toHaveLength(all.length);
    // period is ignored once from or until is sent.
    expect(await list({ until: '2026-01-01', period: 'future' })).toHaveLength(all.length);
  });

  it('never lists provisional (PR) or deleted appointments, seeded or created', async () => {
    const hidden = (
      db.prepare("SELECT id FROM appointments WHERE deleted = 1 OR state = 'PR'").all() as { id: number }[]
    ).map((r) => r.id);
    expect(hidden.length).toBeGreaterThan(5);
    const pr = await create({
      calendar: 1,
      date: '2026-11-19 07:00:00',
      end: '2026-11-19 07:15:00',
      state: 'PR',
    });
    const del = await create({
      calendar: 1,
      date: '2026-11-19 07:15:00',
      end: '2026-11-19 07:30:00',
      deleted: 1,
    });
    const shown = await create({
      calendar: 1,
      date: '2026-11-19 07:30:00',
      end: '2026-11-19 07:45:00',
      state: 'W',
    });
    const ids = new Set([
      ...(await list({})).map((a) => a.id),
      ...(await list({ calendarid: 1 })).map((a) => a.id),
    ]);
    for (const id of [...hidden, pr, del]) expect(ids.has(id), `appointment ${id}`).toBe(false);
    expect(ids.has(shown)).toBe(true);
  });
});

describe('createAppointment', () => {
  it('creates with date/end text and answers Success with the appointmentid', async () => {
    const id = await create({
      calendar: 3,
      date: '2026-11-24 14:00:00',
      end: '2026-11-24 14:45:00',
      patid: 7,
      appointment: 'Erstkonsultation Test',
      comment: 'Bitte Röntgenbilder mitbringen',
      displayedduration: '40',
      state: 'P',
    });
    const a = byId(await list({ patid: 7 }), id);
    expect(a).toEqual({
      id,
      date: '2026-11-24 14:00:00',
      end: '2026-11-24 14:45:00',
      duration: 45,
      displayedduration: '40',
      patid: 7,
      appointment: 'Erstkonsultation Test',
      comment: 'Bitte Röntgenbilder mitbringen',
      color: '#be4bdb',
      state: 'P',
      calendar: 'Dr. Rossi',
      version: 1,
      stateChanged: null,
      date_unix: ts('2026-11-24 14:00'),
      end_unix: ts('2026-11-24 14:45'),
      calendarid: 3,
    });
  });

  it('takes dateTs/endTs (Unix seconds) instead of date/end; no patient reads as patid 0', async () => {
    const start = ts('2026-11-25 16:00');
    const id = await create({ calendar: 5, dateTs: start, endTs: start + 1200, appointment: 'Teamsitzung' });
    const a = byId(await list({ calendarid: 5, from: '2026-11-25', until: '2026-11-25' }), id);
    expect(a).toMatchObject({
      date: '2026-11-25 16:00:00',
      end: '2026-11-25 16:20:00',
      dateTs: start,
      endTs: start + 1200,
      duration: 20,
      patid: 0,
      displayedduration: '',
      state: '',
      color: '#868e96',
      calendar: 'Labor / MPA',
    });
  });

  it('shows the colour of the appointment type when it has one, else the calendar colour', async () => {
    const typed = db
      .prepare(
        `SELECT a.id, t.color FROM appointments a JOIN appointment_types t ON t.id = a.type_id
         WHERE a.deleted = 0 AND a.state <> 'PR' AND a.calendarid = 1 LIMIT 1`,
      )
      .get() as { id: number; color: string };
    const items = await list({ calendarid: 1 });
    expect(byId(items, typed.id)?.color).toBe(typed.color);
    expect(typed.color).not.toBe('#228be6');
    expect(items.some((a) => a.color === '#228be6')).toBe(true);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    [
      'calendar missing',
      { date: '2026-11-24 08:00:00', end: '2026-11-24 08:30:00' },
      'Please provide a calendar id.',
    ],
    [
      'calendar 0',
      { calendar: 0, date: '2026-11-24 08:00:00', end: '2026-11-24 08:30:00' },
      'Please provide a calendar id.',
    ],
    ['start missing', { calendar: 1, end: '2026-11-24 08:30:00' }, 'Please provide a valid start date.'],
    [
      'start not a date',
      { calendar: 1, date: '2026-02-30 08:00:00', end: '2026-11-24 08:30:00' },
      'Please provide a valid start date.',
    ],
    ['end missing', { calendar: 1, date: '2026-11-24 08:00:00' }, 'Please provide a valid end date.'],
    [
      'end not a date',
      { calendar: 1, date: '2026-11-24 08:00:00', end: 'tomorrow' },
      'Please provide a valid end date.',
    ],
    [
      'end before start',
      { calendar: 1, date: '2026-11-24 08:30:00', end: '2026-11-24 08:00:00' },
      'The end must be after the start.',
    ],
    ['end equals start', { calendar: 1, dateTs: nowTs, endTs: nowTs }, 'The end must be after the start.'],
    [
      'unknown calendar',
      { calendar: 99, date: '2026-11-24 08:00:00', end: '2026-11-24 08:30:00' },
      'Unknown calendar.',
    ],
    [
      'unknown state',
      { calendar: 1, date: '2026-11-24 08:00:00', end: '2026-11-24 08:30:00', state: 'X' },
      'Unknown state.',
    ],
  ];
  for (const [name, input, msg] of cases) {
    it(`answers ${name} with HTTP 200, status false: ${msg}`, async () => {
      const r = await svc.post('/agenda/createAppointment', input);
      expect(r.http).toBe(200);
      expect(r.body).toEqual({ status: false, msg, result: null });
    });
  }

  it('accepts every documented state, PR and empty', async () => {
    for (const state of ['P', 'W', '1', '2', '-1', '-2', 'PR', '']) {
      const r = await svc.post('/agenda/createAppointment', {
        calendar: 5,
        date: '2026-12-01 07:00:00',
        end: '2026-12-01 07:10:00',
        state,
      });
      expect(r.body.status, state).toBe(true);
    }
  });
});

describe('modifyAppointment', () => {
  it('answers an unknown or invalid appointmentid with HTTP 200 and no result', async () => {
    for (const appointmentid of [999_999, 0, 'abc', undefined]) {
      const r = await svc.post('/agenda/modifyAppointment', {
        appointmentid,
        date: '2026-11-24 08:00:00',
        end: '2026-11-24 08:30:00',
      });
      expect(r.http).toBe(200);
      expect(r.body).toEqual({ status: false, msg: 'The appointment id is invalid' });
    }
  });

  it('overwrites: fields not sent become empty or 0, calendar 0 or missing keeps the calendar', async () => {
    const id = await create({
      calendar: 2,
      date: '2026-11-26 09:00:00',
      end: '2026-11-26 09:30:00',
      patid: 12,
      appointment: 'Hautcheck',
      comment: 'Muttermal links',
      displayedduration: '30',
      state: 'W',
    });
    const r = await svc.post('/agenda/modifyAppointment', {
      appointmentid: id,
      calendar: 0,
      date: '2026-11-26 10:00:00',
      end: '2026-11-26 10:20:00',
    });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: true, msg: 'Success', result: null });
    const a = byId(await list({ calendarid: 2, from: '2026-11-26', until: '2026-11-26' }), id);
    expect(a).toMatchObject({
      date: '2026-11-26 10:00:00',
      end: '2026-11-26 10:20:00',
      duration: 20,
      patid: 0,
      appointment: '',
      comment: '',
      displayedduration: '',
      state: '',
      calendar: 'Dr. Favre',
    });

    // calendar missing keeps it too; a calendar id moves the appointment.
    await svc.post('/agenda/modifyAppointment', {
      appointmentid: id,
      dateTs: ts('2026-11-26 11:00'),
      endTs: ts('2026-11-26 11:15'),
    });
    expect(byId(await list({ calendarid: 2 }), id)?.date).toBe('2026-11-26 11:00:00');
    const moved = await svc.post('/agenda/modifyAppointment', {
      appointmentid: id,
      calendar: 4,
      date: '2026-11-26 11:00:00',
      end: '2026-11-26 11:15:00',
      patid: 12,
      appointment: 'Kontrolle',
    });
    expect(moved.body.status).toBe(true);
    expect(byId(await list({ calendarid: 2 }), id)).toBeUndefined();
    expect(byId(await list({ calendarid: 4 }), id)).toMatchObject({ calendar: 'Dr. Keller', patid: 12 });
  });

  it('deletes with deleted 1, and a later overwrite without deleted restores it (deleted becomes 0)', async () => {
    const id = await create({ calendar: 1, date: '2026-11-27 08:00:00', end: '2026-11-27 08:15:00' });
    const body = { appointmentid: id, date: '2026-11-27 08:00:00', end: '2026-11-27 08:15:00' };
    await svc.post('/agenda/modifyAppointment', { ...body, deleted: 1 });
    expect(byId(await list({ calendarid: 1 }), id)).toBeUndefined();
    await svc.post('/agenda/modifyAppointment', body);
    expect(byId(await list({ calendarid: 1 }), id)).toBeDefined();
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['start missing', { end: '2026-11-24 08:30:00' }, 'Please provide a valid start date.'],
    ['end missing', { date: '2026-11-24 08:00:00' }, 'Please provide a valid end date.'],
    [
      'end before start',
      { date: '2026-11-24 08:30:00', end: '2026-11-24 08:00:00' },
      'The end must be after the start.',
    ],
    [
      'unknown calendar',
      { calendar: 77, date: '2026-11-24 08:00:00', end: '2026-11-24 08:30:00' },
      'Unknown calendar.',
    ],
    [
      'unknown state',
      { date: '2026-11-24 08:00:00', end: '2026-11-24 08:30:00', state: 'done' },
      'Unknown state.',
    ],
  ];
  for (const [name, input, msg] of cases) {
    it(`answers ${name} with HTTP 200, status false, no result: ${msg}`, async () => {
      const id = await create({
        calendar: 1,
        date: '2026-11-30 08:00:00',
        end: '2026-11-30 08:15:00',
        appointment: 'Bleibt',
      });
      const r = await svc.post('/agenda/modifyAppointment', { appointmentid: id, ...input });
      expect(r.http).toBe(200);
      expect(r.body).toEqual({ status: false, msg });
      // A refused overwrite changes nothing.
      expect(byId(await list({ calendarid: 1 }), id)?.appointment).toBe('Bleibt');
    });
  }
});

describe('getCalendars and tenants', () => {
  it('lists the calendars with provider and colour', async () => {
    const r = await svc.post('/agenda/getCalendars', {});
    expect(r.body.result).toHaveLength(5);
    expect(r.body.result[0]).toEqual({ calendarid: 1, name: 'Dr. Brunner', provider: 2, color: '#228be6' });
    expect(r.body.result[4]).toMatchObject({ calendarid: 5, provider: null });
  });

  it("keeps each tenant's appointments to itself", async () => {
    const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
    await create({
      calendar: 1,
      date: '2026-11-24 12:00:00',
      end: '2026-11-24 12:10:00',
      appointment: 'Nur Demo XYZ',
    });
    const there = await svc.post('/agenda/getAppointments', { appointment: 'Nur Demo XYZ' }, sonnenhof);
    expect(there.body).toEqual({ status: true, msg: 'Success', result: [] });
    expect(await list({ appointment: 'Nur Demo XYZ' })).toHaveLength(1);
    const mine = await svc.post('/agenda/getAppointments', {}, sonnenhof);
    expect(mine.body.result.length).toBeGreaterThan(0);
  });
});

it('the mode fields never mix', async () => {
  const cal = await list({ calendarid: 3 });
  const pat = await list({ patid: 0 });
  expect(cal.every((a) => !('calendarid' in a) && !('date_unix' in a))).toBe(true);
  expect(pat.every((a) => !('dateTs' in a) && !('endTs' in a))).toBe(true);
});

describe('dates at the edges of what the document allows (docs/decisions/0046)', () => {
  it('books an appointment in a year before 1000 instead of failing with 500', async () => {
    const r = await svc.post('/agenda/createAppointment', {
      calendar: 1,
      date: '0108-02-29 11:58',
      end: '0108-02-29 12:30',
    });
    expect(r.http).toBe(200);
    expect(r.body.status).toBe(true);
  });

  it('refuses Unix seconds past the year 5138 with the start message, not 500', async () => {
    const created = await svc.post('/agenda/createAppointment', {
      calendar: 1,
      dateTs: 100_000_000_000,
      endTs: 100_000_000_600,
    });
    expect(created.http).toBe(200);
    expect(created.body).toEqual({ status: false, msg: 'Please provide a valid start date.', result: null });
    const listed = await svc.post('/agenda/getAppointments', { calendarid: 1, from: '999999999999' });
    expect(listed.http).toBe(400);
    expect(listed.body.msg).toMatch(/^from: /);
  });
});
