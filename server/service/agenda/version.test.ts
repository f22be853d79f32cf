import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../test-support.ts';

let svc: TestService;
let at = new Date('2026-03-10T08:00:00Z');
beforeAll(async () => {
  svc = await startService({ now: () => at });
});
afterAll(() => svc.close());

const fields = {
  date: '2026-03-12 09:00:00',
  end: '2026-03-12 09:20:00',
  patid: 1,
  appointment: 'Kontrolle',
  comment: '',
  state: 'P',
};

async function created(): Promise<number> {
  const r = await svc.post('/agenda/createAppointment', { calendar: 1, ...fields });
  expect(r.body.status).toBe(true);
  return r.body.result.appointmentid;
}

interface Listed {
  id: number;
  comment: string;
  state: string;
  version?: number;
  stateChanged?: string | null;
}

async function read(id: number): Promise<Listed> {
  const r = await svc.post('/agenda/getAppointments', { patid: 1 });
  const found = (r.body.result as Listed[]).find((a) => a.id === id);
  if (!found) throw new Error(`appointment ${id} not listed`);
  return found;
}

describe('appointment version and ifVersion (extensions.md section 4)', () => {
  it('lists version 1 and no stateChanged for a new appointment, in both modes', async () => {
    const id = await created();
    expect(await read(id)).toMatchObject({ version: 1, stateChanged: null });
    const cal = await svc.post('/agenda/getAppointments', {
      calendarid: 1,
      from: '2026-03-12',
      until: '2026-03-12',
    });
    expect(cal.body.result.find((a: Listed) => a.id === id)).toMatchObject({
      version: 1,
      stateChanged: null,
    });
  });

  it('grows the version with every change; stateChanged only when the state changes', async () => {
    const id = await created();
    at = new Date('2026-03-10T09:00:00Z');
    expect(
      (await svc.post('/agenda/modifyAppointment', { appointmentid: id, ...fields, comment: 'a' })).body
        .status,
    ).toBe(true);
    expect(await read(id)).toMatchObject({ version: 2, stateChanged: null, comment: 'a' });
    at = new Date('2026-03-10T10:30:00Z');
    const arrived = await svc.post('/agenda/modifyAppointment', {
      appointmentid: id,
      ...fields,
      state: 'W',
      ifVersion: 2,
    });
    expect(arrived.body).toEqual({ status: true, msg: 'Success', result: null });
    // Practice time: 10:30 UTC is 11:30 in Zurich in March.
    expect(await read(id)).toMatchObject({ version: 3, state: 'W', stateChanged: '2026-03-10 11:30:00' });
    at = new Date('2026-03-10T11:00:00Z');
    await svc.post('/agenda/modifyAppointment', { appointmentid: id, ...fields, state: 'W', comment: 'b' });
    expect(await read(id)).toMatchObject({ version: 4, stateChanged: '2026-03-10 11:30:00' });
  });

  it('answers 409 and changes nothing when ifVersion is not the current version', async () => {
    const id = await created();
    await svc.post('/agenda/modifyAppointment', { appointmentid: id, ...fields, comment: 'first' });
    const stale = await svc.post('/agenda/modifyAppointment', {
      appointmentid: id,
      ...fields,
      comment: 'second',
      ifVersion: 1,
    });
    expect(stale.http).toBe(409);
    expect(stale.body).toEqual({ status: false, msg: 'The appointment was changed meanwhile.' });
    expect(await read(id)).toMatchObject({ version: 2, comment: 'first' });
  });

  it('of two concurrent changes with the same ifVersion, one succeeds, the other gets 409: 50 races, nothing lost', async () => {
    const id = await created();
    for (let race = 0; race < 50; race++) {
      const { version } = await read(id);
      const write = (who: string) =>
        svc.post('/agenda/modifyAppointment', {
          appointmentid: id,
          ...fields,
          comment: `${who} ${race}`,
          ifVersion: version,
        });
      const [a, b] = await Promise.all([write('A'), write('B')]);
      const statuses = [a.http, b.http].sort();
      expect(statuses, `race ${race}`).toEqual([200, 409]);
      const winner = a.http === 200 ? 'A' : 'B';
      // The winner's change is what is stored; the loser was told and can re-read.
      expect(await read(id)).toMatchObject({ version: (version ?? 0) + 1, comment: `${winner} ${race}` });
    }
  });
});
