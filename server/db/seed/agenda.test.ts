import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../test-support.ts';

// 09:00 in Zurich on the day the demo is seeded.
const NOW = '2026-03-10 09:00:00';
let svc: TestService;
beforeAll(async () => {
  svc = await startService({ now: () => new Date('2026-03-10T08:00:00Z') });
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
