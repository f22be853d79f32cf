import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../test-support.ts';
import { stateAt } from './agenda.ts';

// 11:00 in Zurich on the day the demo is seeded: the morning's patients have come, the afternoon's not yet.
const NOW = '2026-03-10 11:00:00';
let svc: TestService;
beforeAll(async () => {
  svc = await startService({ now: () => new Date('2026-03-10T10:00:00Z') });
});
afterAll(() => svc.close());

interface Listed {
  date: string;
  state: string;
  stateChanged?: string | null;
}

async function day(date: string): Promise<Listed[]> {
  const all: Listed[] = [];
  for (const calendarid of [1, 2, 3, 4, 5]) {
    const r = await svc.post('/agenda/getAppointments', { calendarid, from: date, until: date });
    expect(r.body.status).toBe(true);
    all.push(...(r.body.result as Listed[]));
  }
  return all;
}

describe('the demo agenda: who is here has a stateChanged', () => {
  it('today, an arrived or waiting patient came before the start and before now; the others have none', async () => {
    const today = await day('2026-03-10');
    const here = today.filter((a) => a.state === '1' || a.state === 'W');
    expect(here.length).toBeGreaterThan(0);
    for (const a of here) {
      const since = a.stateChanged ?? '';
      expect(since).toMatch(/^2026-03-10 \d\d:\d\d:00$/);
      expect(since <= NOW).toBe(true);
      expect(since < a.date).toBe(true);
    }
    for (const a of today.filter((x) => x.state !== '1' && x.state !== 'W'))
      expect(a.stateChanged).toBeNull();
  });

  it('a later day has no stateChanged, whatever its state', async () => {
    const later = await day('2026-03-12');
    expect(later.length).toBeGreaterThan(0);
    for (const a of later) expect(a.stateChanged).toBeNull();
  });
});

describe('the demo recalls: a failure says what failed for that patient', () => {
  interface ListedRecall {
    recallType: 'brief' | 'sms' | 'mail';
    status: string;
    errorMsg: string;
    customerMobile: string;
    customerMail: string;
  }

  it('"no mobile/mail" only without one, a delivery failure only with one; every type has failures', async () => {
    const r = await svc.post('/recall/getRecalls', { error: 1 });
    expect(r.body.status).toBe(true);
    const failed = r.body.result as ListedRecall[];
    expect(new Set(failed.map((f) => f.recallType))).toEqual(new Set(['brief', 'sms', 'mail']));
    for (const f of failed) {
      if (f.recallType === 'mail') {
        expect(f.errorMsg).toBe(
          f.customerMail
            ? 'Zustellung fehlgeschlagen: 550 Mailbox unavailable'
            : 'Keine Mailadresse hinterlegt',
        );
      } else if (f.recallType === 'sms') {
        expect(f.errorMsg).toBe(
          f.customerMobile ? 'SMS-Gateway: Empfängernummer ungültig' : 'Keine Mobilnummer hinterlegt',
        );
      } else {
        // Every demo patient has a complete address: a letter fails at printing.
        expect(f.errorMsg).toBe('Druckauftrag abgebrochen');
      }
    }
  });
});

describe('the demo agenda: nothing has happened yet to an appointment that has not begun', () => {
  const happened = ['1', 'W', '2', '-2'];

  it('today, the later appointments are planned (no "Wartet"), the earlier ones may have a state', async () => {
    const today = await day('2026-03-10');
    const later = today.filter((a) => a.date > NOW);
    const earlier = today.filter((a) => a.date <= NOW);
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter((a) => happened.includes(a.state))).toEqual([]);
    // The demo still has patients here this morning: the rule holds the future only.
    expect(earlier.some((a) => a.state === 'W' || a.state === '1')).toBe(true);
  });

  it('on the coming days, no appointment is arrived, waiting, done or a no-show', async () => {
    const future: Listed[] = [];
    for (const date of ['2026-03-11', '2026-03-12', '2026-03-13', '2026-03-16', '2026-03-20']) {
      future.push(...(await day(date)));
    }
    expect(future.length).toBeGreaterThan(20);
    expect(future.filter((a) => happened.includes(a.state))).toEqual([]);
  });

  it('stateAt keeps a state at or after the start, and keeps cancelled and provisional ahead', () => {
    const start = Date.parse('2026-03-10T08:30:00Z') / 1000;
    expect(stateAt('W', start, new Date('2026-03-10T08:29:59Z'))).toBe('P');
    expect(stateAt('W', start, new Date('2026-03-10T08:30:00Z'))).toBe('W');
    for (const state of ['1', '2', '-2']) expect(stateAt(state, start, new Date(0))).toBe('P');
    for (const state of ['-1', 'PR', 'P', '']) expect(stateAt(state, start, new Date(0))).toBe(state);
  });
});

describe('the demo agenda: no appointment on a public holiday of the practice canton (Zürich)', () => {
  // Seeded on Monday 29 December 2025: the four weeks back and ahead hold Christmas (Thursday), St Stephen's
  // (Friday), New Year (Thursday) and Berchtoldstag (Friday), all on working days.
  let winter: TestService;
  beforeAll(async () => {
    winter = await startService({ now: () => new Date('2025-12-29T09:00:00Z') });
  });
  afterAll(() => winter.close());

  async function count(date: string): Promise<number> {
    let n = 0;
    for (const calendarid of [1, 2, 3, 4, 5]) {
      const r = await winter.post('/agenda/getAppointments', { calendarid, from: date, until: date });
      expect(r.body.status).toBe(true);
      n += (r.body.result as Listed[]).length;
    }
    return n;
  }

  it('25.12, 26.12, 1.1 and 2.1 are empty; the working days around them are not', async () => {
    for (const holiday of ['2025-12-25', '2025-12-26', '2026-01-01', '2026-01-02'])
      expect(await count(holiday), holiday).toBe(0);
    for (const workday of ['2025-12-23', '2025-12-24', '2025-12-29', '2025-12-30', '2026-01-05'])
      expect(await count(workday), workday).toBeGreaterThan(0);
  });
});
