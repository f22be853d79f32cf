import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZurich, zurichDateTime } from '../../time.ts';
import { startService, type TestService } from '../test-support.ts';

// The e2e suite's practice clock: Wednesday 25 November 2026, 09:40 in Zurich (docs/decisions/0035).
const NOW = fromZurich('2026-11-25 09:40');
let svc: TestService;
beforeAll(async () => {
  svc = await startService({ now: () => NOW });
});
afterAll(() => svc.close());

// Service 2 "Kontrolle" (15 minutes) is offered by Dr. Brunner (2), Dr. Favre (3) and Dr. Rossi (4).
const KONTROLLE = 2;

interface Slot {
  ymd: string;
  from: number;
  to: number;
  provider: number;
}

async function slots(input: Record<string, unknown>, opts = {}): Promise<Slot[]> {
  const r = await svc.post('/booking/getSlots', { serviceid: KONTROLLE, ...input }, opts);
  expect(r.http, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

const days = (list: Slot[]) => [...new Set(list.map((s) => s.ymd))];
const times = (list: Slot[]) => list.map((s) => zurichDateTime(new Date(s.from * 1000)).slice(11, 16));

describe('getSlots and closed time (extensions.md section 4)', () => {
  it('offers nothing on Christmas and St Stephen, and the days around as usual (Zürich)', async () => {
    const around = await slots({ from: '2026-12-23', to: '2026-12-29' });
    // Thursday 24, Friday 25 (Weihnachtstag), Saturday 26 (Stephanstag, no hours anyway), Monday 28.
    expect(days(around)).toEqual(['20261223', '20261224', '20261228', '20261229']);
    expect(await slots({ from: '2026-12-25', to: '2026-12-25' })).toEqual([]);
    // 2 January 2027 is a Saturday; Berchtoldstag 2026 was a Friday: closed too.
    expect(days(await slots({ from: '2027-01-01', to: '2027-01-04' }))).toEqual(['20270104']);
  });

  it("keeps to the practice's canton: Vaud (sonnenhof) closes on the Lundi du Jeûne, Zürich works", async () => {
    const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
    // Monday 20 September 2027; the Tuesday after is an ordinary day.
    expect(await slots({ from: '2027-09-20', to: '2027-09-20' }, sonnenhof)).toHaveLength(0);
    expect((await slots({ from: '2027-09-21', to: '2027-09-21' }, sonnenhof)).length).toBeGreaterThan(0);
    // Zürich works on the Lundi du Jeûne.
    expect((await slots({ from: '2027-09-20', to: '2027-09-20' })).length).toBeGreaterThan(0);
  });

  it("offers nothing of a practitioner on the days of their absence, the others' as usual (the seeded course)", async () => {
    const week = await slots({ from: '2026-12-07', to: '2026-12-11', provider: 4 });
    expect(days(week)).toEqual(['20261207', '20261208', '20261209']);
    expect(days(await slots({ from: '2026-12-10', to: '2026-12-11', provider: 3 }))).toEqual([
      '20261210',
      '20261211',
    ]);
  });

  it('leaves out only the hours of a part-day absence, and gives them back when it is deleted', async () => {
    const day = '2027-01-12'; // a Tuesday: Dr. Favre works 08:00-12:00 and 13:30-17:30
    const before = times(await slots({ from: day, to: day, provider: 3 }));
    expect(before).toContain('10:00');
    const r = await svc.post('/agenda/createAbsence', {
      provider: 3,
      from: `${day} 09:50`,
      until: `${day} 11:00`,
      reason: 'Zahnarzt',
    });
    const during = times(await slots({ from: day, to: day, provider: 3 }));
    // 09:45 would run into 09:50; 11:00 is free again.
    expect(during).toContain('09:30');
    expect(during).not.toContain('09:45');
    expect(during).not.toContain('10:00');
    expect(during).not.toContain('10:45');
    expect(during).toContain('11:00');
    expect(during).toHaveLength(before.length - 5);
    // Dr. Brunner's day stays as it was.
    expect(times(await slots({ from: day, to: day, provider: 2 }))).toContain('10:00');

    await svc.post('/agenda/deleteAbsence', { absenceId: r.body.result.absenceId });
    expect(times(await slots({ from: day, to: day, provider: 3 }))).toEqual(before);
  });

  it('closes every practitioner for an absence of the whole practice (provider 0)', async () => {
    const day = '2027-01-13';
    expect((await slots({ from: day, to: day })).length).toBeGreaterThan(0);
    await svc.post('/agenda/createAbsence', { provider: 0, from: `${day} 12:00`, until: `${day} 23:00` });
    const left = await slots({ from: day, to: day });
    expect(new Set(left.map((s) => s.provider))).toEqual(new Set([2, 3, 4]));
    expect(left.every((s) => s.to <= fromZurich(`${day} 12:00`).getTime() / 1000)).toBe(true);
  });

  it('still lets an appointment be made on a holiday or in an absence (the practice decides)', async () => {
    const onHoliday = await svc.post('/agenda/createAppointment', {
      calendar: 1,
      date: '2026-12-25 10:00:00',
      end: '2026-12-25 10:15:00',
      appointment: 'Notfall',
    });
    expect(onHoliday.body).toEqual({
      status: true,
      msg: 'Success',
      result: { appointmentid: expect.any(Number) },
    });
    const inAbsence = await svc.post('/agenda/createAppointment', {
      calendar: 3,
      date: '2026-12-10 09:00:00',
      end: '2026-12-10 09:15:00',
      appointment: 'Kontrolle',
    });
    expect(inAbsence.body.status).toBe(true);
    const moved = await svc.post('/agenda/modifyAppointment', {
      appointmentid: inAbsence.body.result.appointmentid,
      calendar: 3,
      date: '2026-12-11 09:00:00',
      end: '2026-12-11 09:15:00',
      appointment: 'Kontrolle',
    });
    expect(moved.body).toEqual({ status: true, msg: 'Success', result: null });
  });
});
