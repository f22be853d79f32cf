import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZurich, unixSeconds, zurichDateTime } from '../../time.ts';
import type { Db } from '../db/database.ts';
import { WORKING_HOURS } from '../seed/agenda.ts';
import { startService, type TestService } from '../test-support.ts';

// Monday 23 March 2026, 10:07 in Zurich: the default window reaches over the switch to summer time (29 March).
const NOW = fromZurich('2026-03-23 10:07');
const nowTs = unixSeconds(NOW);

let svc: TestService;
let db: Db;
beforeAll(async () => {
  svc = await startService({ now: () => NOW });
  await svc.post('/booking/getServices', {});
  db = svc.service.db('demo');
});
afterAll(() => svc.close());

interface Slot {
  ymd: string;
  from: number;
  to: number;
  provider: number;
  location: number;
}

async function slots(input: Record<string, unknown>, opts = {}): Promise<Slot[]> {
  const r = await svc.post('/booking/getSlots', input, opts);
  expect(r.http, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe(true);
  return r.body.result;
}

const wall = (t: number) => zurichDateTime(new Date(t * 1000));
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const weekday = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** The provider's non-deleted appointments (PR included) that overlap [from, to). */
function overlapping(provider: number, from: number, to: number): number {
  const r = db
    .prepare(
      `SELECT count(*) AS n FROM appointments a JOIN calendars c ON c.calendarid = a.calendarid
       WHERE c.provider = ? AND a.deleted = 0 AND a.start_ts < ? AND a.end_ts > ?`,
    )
    .get(provider, to, from) as { n: number };
  return r.n;
}

describe('getServices', () => {
  it('lists the services with duration, providers and location', async () => {
    const r = await svc.post('/booking/getServices', {});
    expect(r.body.status).toBe(true);
    expect(r.body.result).toContainEqual({
      serviceid: 1,
      name: 'Erstkonsultation',
      duration: 30,
      providers: [2, 3, 4],
      location: 1,
    });
    expect(r.body.result.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Kontrolle', 'Hautcheck']),
    );
  });
});

describe('getSlots', () => {
  it('answers a missing serviceid with HTTP 400 Service-ID missing.', async () => {
    for (const input of [{}, { serviceid: 0 }, { serviceid: '' }, { provider: 2 }]) {
      const r = await svc.post('/booking/getSlots', input);
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Service-ID missing.', result: null });
    }
  });

  it('answers an unknown service with HTTP 404 Unknown service.', async () => {
    const r = await svc.post('/booking/getSlots', { serviceid: 999 });
    expect(r.http).toBe(404);
    expect(r.body).toEqual({ status: false, msg: 'Unknown service.', result: null });
  });

  it('offers future pieces of the service duration inside working hours, free of appointments', async () => {
    const list = await slots({ serviceid: 1 });
    expect(list.length).toBeGreaterThan(50);
    expect(new Set(list.map((s) => s.provider))).toEqual(new Set([2, 3, 4]));
    for (const s of list) {
      expect(s.from).toBeGreaterThanOrEqual(nowTs);
      expect(s.to - s.from).toBe(30 * 60);
      expect(s.location).toBe(1);
      const start = wall(s.from);
      const day = start.slice(0, 10);
      expect(s.ymd).toBe(day.replaceAll('-', ''));
      const a = minutes(start.slice(11, 16));
      const b = a + 30;
      const blocks = WORKING_HOURS[s.provider][weekday(day)] ?? [];
      // Inside a working block, and on the 30-minute grid from that block's start.
      expect(
        blocks.some(([f, t]) => minutes(f) <= a && b <= minutes(t) && (a - minutes(f)) % 30 === 0),
        `${start} provider ${s.provider}`,
      ).toBe(true);
      expect(overlapping(s.provider, s.from, s.to), `${start} provider ${s.provider}`).toBe(0);
    }
    const starts = list.map((s) => s.from);
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);
  });

  it('excludes past times, also when the window starts in the past', async () => {
    const list = await slots({ serviceid: 2, from: '2026-03-16', to: '2026-03-24' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.from >= nowTs)).toBe(true);
    expect(list.some((s) => s.ymd === '20260323')).toBe(true);
    expect(list.some((s) => s.ymd < '20260323')).toBe(false);
  });

  it('filters by provider, takes the duration and defaults to the service duration', async () => {
    const one = await slots({ serviceid: 2, provider: 3 });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((s) => s.provider === 3 && s.to - s.from === 15 * 60)).toBe(true);
    const long = await slots({ serviceid: 2, provider: 3, duration: 45 });
    expect(long.every((s) => s.to - s.from === 45 * 60)).toBe(true);
    expect(long.length).toBeLessThan(one.length);
    // A practitioner who does not offer the service has no slots.
    expect(await slots({ serviceid: 3, provider: 2 })).toEqual([]);
    // An inactive practitioner takes no bookings.
    expect(await slots({ serviceid: 6 })).toEqual([]);
  });

  it('keeps to the window: default today + 14 days, at most 62 days', async () => {
    const byDefault = await slots({ serviceid: 2 });
    const days = byDefault.map((s) => s.ymd);
    expect(days[0] >= '20260323').toBe(true);
    expect(days[days.length - 1] <= '20260406').toBe(true);
    // Day 14 is Easter Monday and 3 April Good Friday (no slots on a holiday of the canton): the 2nd is the last.
    expect(days).toContain('20260402');
    expect(days.filter((d) => d > '20260402')).toEqual([]);

    const capped = await slots({ serviceid: 2, provider: 2, from: '2026-03-24', to: '2026-12-31' });
    const last = capped[capped.length - 1].ymd;
    expect(last <= '20260525').toBe(true);
    expect(last >= '20260518').toBe(true);

    const window = await slots({ serviceid: 2, from: '2026-03-25', to: '2026-03-26' });
    expect(new Set(window.map((s) => s.ymd))).toEqual(new Set(['20260325', '20260326']));
    expect(await slots({ serviceid: 2, from: '2026-03-26', to: '2026-03-25' })).toEqual([]);
  });

  it('maps working hours to the right instants across the switch to summer time', async () => {
    // Free Dr. Brunner's Monday after the switch: the whole working day is offered, 08:00 and 13:30 local time.
    db.prepare(
      "UPDATE appointments SET deleted = 1 WHERE calendarid = 1 AND date_local LIKE '2026-03-30%'",
    ).run();
    const list = await slots({ serviceid: 2, provider: 2, from: '2026-03-30', to: '2026-03-30' });
    expect(list).toHaveLength(32);
    expect(list[0].from).toBe(Date.UTC(2026, 2, 30, 6, 0) / 1000);
    expect(list[16].from).toBe(Date.UTC(2026, 2, 30, 11, 30) / 1000);
    expect(list[31].to).toBe(Date.UTC(2026, 2, 30, 15, 30) / 1000);
  });

  it('a created appointment removes its slot (also provisional), deleting it frees the slot again', async () => {
    const before = await slots({ serviceid: 3 });
    const target = before[3];
    const r = await svc.post('/agenda/createAppointment', {
      calendar: 2,
      dateTs: target.from,
      endTs: target.to,
      patid: 5,
      appointment: 'Hautcheck',
      state: 'PR',
    });
    expect(r.body.status).toBe(true);
    const after = await slots({ serviceid: 3 });
    expect(after.some((s) => s.from < target.to && s.to > target.from)).toBe(false);
    expect(after).toHaveLength(before.length - 1);

    await svc.post('/agenda/modifyAppointment', {
      appointmentid: r.body.result.appointmentid,
      dateTs: target.from,
      endTs: target.to,
      deleted: 1,
    });
    expect(await slots({ serviceid: 3 })).toEqual(before);
  });

  describe("on Dr. Favre's free Thursday (Hautcheck, 20 minutes)", () => {
    const day = '2026-03-26';
    const times = async () =>
      (await slots({ serviceid: 3, from: day, to: day })).map((s) => wall(s.from).slice(11, 16));
    const book = async (from: string, to: string, state = 'P') => {
      const r = await svc.post('/agenda/createAppointment', {
        calendar: 2,
        date: `${day} ${from}:00`,
        end: `${day} ${to}:00`,
        patid: 5,
        appointment: 'Hautcheck',
        state,
      });
      expect(r.body.status, JSON.stringify(r.body)).toBe(true);
      return r.body.result.appointmentid as number;
    };
    /** modifyAppointment overwrites every field: the complete record, with only the state changed. */
    const setState = async (appointmentid: number, from: string, to: string, state: string) => {
      const r = await svc.post('/agenda/modifyAppointment', {
        appointmentid,
        calendar: 2,
        date: `${day} ${from}:00`,
        end: `${day} ${to}:00`,
        patid: 5,
        appointment: 'Hautcheck',
        comment: '',
        displayedduration: '20',
        state,
        deleted: 0,
      });
      expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    };

    beforeAll(() => {
      db.prepare('UPDATE appointments SET deleted = 1 WHERE calendarid = 2 AND date_local LIKE ?').run(
        `${day}%`,
      );
    });

    it('offers the times on the grid of 20 minutes from the start of each working block', async () => {
      const grid = (from: string, to: string) => {
        const out: string[] = [];
        for (let m = minutes(from); m + 20 <= minutes(to); m += 20) {
          out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
        }
        return out;
      };
      expect(await times()).toEqual([...grid('08:00', '12:00'), ...grid('13:30', '17:30')]);
    });

    it('leaves out a grid time that an appointment overlaps, never starting at the minute it leaves', async () => {
      const id = await book('08:10', '08:25');
      const list = await times();
      expect(list).not.toContain('08:00');
      expect(list).not.toContain('08:20');
      expect(list).not.toContain('08:25');
      expect(list.slice(0, 3)).toEqual(['08:40', '09:00', '09:20']);
      await setState(id, '08:10', '08:25', '-1');
      expect((await times()).slice(0, 3)).toEqual(['08:00', '08:20', '08:40']);
    });

    it('frees a booked time when the patient cancels (-1) or does not come (-2), and takes it on P again', async () => {
      expect(await times()).toContain('10:00');
      const id = await book('10:00', '10:20');
      expect(await times()).not.toContain('10:00');
      await setState(id, '10:00', '10:20', '-1');
      expect(await times()).toContain('10:00');
      await setState(id, '10:00', '10:20', 'P');
      expect(await times()).not.toContain('10:00');
      await setState(id, '10:00', '10:20', '-2');
      expect(await times()).toContain('10:00');
      // Every other state keeps the time taken, provisional ones too.
      for (const state of ['W', '1', '2', 'PR', '']) {
        await setState(id, '10:00', '10:20', state);
        expect(await times(), state).not.toContain('10:00');
      }
    });
  });

  it("keeps each tenant's appointments to itself", async () => {
    const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
    const theirs = await slots({ serviceid: 5 }, sonnenhof);
    const mine = await slots({ serviceid: 5 });
    const shared = theirs.find((t) => mine.some((m) => m.from === t.from));
    expect(shared).toBeDefined();
    const s = shared as Slot;
    await svc.post('/agenda/createAppointment', { calendar: 1, dateTs: s.from, endTs: s.to });
    expect((await slots({ serviceid: 5 })).some((m) => m.from === s.from)).toBe(false);
    expect((await slots({ serviceid: 5 }, sonnenhof)).some((t) => t.from === s.from)).toBe(true);
  });
});
