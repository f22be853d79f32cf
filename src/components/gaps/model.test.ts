import { describe, expect, it } from 'vitest';
import { serviceOfText } from '#api/agenda/gap-basics.ts';
import type { DayAppointment } from '#api/agenda.ts';
import type { FreedTime } from '#api/freed-time.ts';
import type { WaitlistEntry } from '#contract/agenda-waitlist.ts';
import type { BookingService } from '#contract/booking.ts';
import type { Recall } from '#contract/recall.ts';
import {
  candidatesFor,
  findGaps,
  type Gap,
  type GapContext,
  laterFor,
  placeInGap,
  recallsFor,
  waitingFor,
} from './model.ts';

const DAY = '2027-02-02';
const NOW = `${DAY} 08:00:00`;
const UNTIL = '2027-02-08';

const services: BookingService[] = [
  { serviceid: 1, name: 'Erstkonsultation', duration: 30, providers: [2, 3], location: 1 },
  { serviceid: 2, name: 'Kontrolle', duration: 15, providers: [2, 3], location: 1 },
  { serviceid: 3, name: 'Hautcheck', duration: 20, providers: [3], location: 2 },
  { serviceid: 5, name: 'Impfung', duration: 10, providers: [2], location: 1 },
];
const ctx: GapContext = { provider: 3, services, now: NOW };

let nextId = 1;
function appt(from: string, to: string, extra: Partial<DayAppointment> = {}): DayAppointment {
  nextId += 1;
  const date = `${DAY} ${from}:00`;
  const end = `${DAY} ${to}:00`;
  return {
    id: nextId,
    date,
    end,
    duration: (Date.parse(`${DAY}T${to}:00Z`) - Date.parse(`${DAY}T${from}:00Z`)) / 60_000,
    displayedduration: '',
    patid: 100 + nextId,
    appointment: 'Kontrolle',
    comment: '',
    color: '',
    state: 'P',
    calendar: 'Dr. Favre',
    date_unix: 0,
    end_unix: 0,
    calendarid: 2,
    ...extra,
  };
}

function entry(extra: Partial<WaitlistEntry>): WaitlistEntry {
  nextId += 1;
  return {
    entryId: nextId,
    patid: 500 + nextId,
    serviceid: 2,
    provider: 3,
    earliest: null,
    latest: null,
    times: 'any',
    priority: 0,
    note: '',
    status: 'waiting',
    created: '2027-01-10 09:00:00',
    createdBy: 1,
    version: 1,
    ...extra,
  };
}

function gap(start: string, end: string, extra: Partial<Gap> = {}): Gap {
  const s = `${DAY} ${start}:00`;
  return {
    key: `2|${s}`,
    calendarid: 2,
    start: s,
    end: `${DAY} ${end}:00`,
    minutes: (Date.parse(`${DAY}T${end}:00Z`) - Date.parse(`${DAY}T${start}:00Z`)) / 60_000,
    cause: 'cancelled',
    text: 'Kontrolle',
    patid: 1,
    ...extra,
  };
}

describe('findGaps', () => {
  it('finds a cancelled and a missed appointment ahead, less what is booked there now', () => {
    const gaps = findGaps(
      [
        appt('08:30', '09:00', { state: '-1' }),
        appt('08:45', '09:00'),
        appt('10:00', '10:30', { state: '-2', calendarid: 3 }),
        appt('11:00', '11:15'),
      ],
      [],
      NOW,
      UNTIL,
    );
    expect(gaps.map((g) => [g.calendarid, g.start, g.end, g.minutes, g.cause])).toEqual([
      [2, `${DAY} 08:30:00`, `${DAY} 08:45:00`, 15, 'cancelled'],
      [3, `${DAY} 10:00:00`, `${DAY} 10:30:00`, 30, 'noShow'],
    ]);
  });

  it('starts a gap that has begun at now, and leaves out what has passed or is too short', () => {
    const gaps = findGaps(
      [
        appt('07:30', '08:20', { state: '-1' }),
        appt('07:00', '07:30', { state: '-1' }),
        appt('09:00', '09:15', { state: '-1' }),
        appt('09:05', '09:15'),
      ],
      [],
      NOW,
      UNTIL,
    );
    expect(gaps.map((g) => [g.start, g.minutes])).toEqual([[`${DAY} 08:00:00`, 20]]);
  });

  it('counts the time this app deleted or moved away, once when the lists show it cancelled as well', () => {
    const freed: FreedTime[] = [
      {
        calendarid: 2,
        date: `${DAY} 10:00:00`,
        end: `${DAY} 10:20:00`,
        appointment: 'Hautcheck',
        patid: 9,
        cause: 'moved',
        at: NOW,
      },
      {
        calendarid: 2,
        date: `${DAY} 14:00:00`,
        end: `${DAY} 14:15:00`,
        appointment: 'Kontrolle',
        patid: 9,
        cause: 'deleted',
        at: NOW,
      },
    ];
    const gaps = findGaps([appt('10:00', '10:20', { state: '-1' })], freed, NOW, UNTIL);
    expect(gaps.map((g) => [g.start, g.cause])).toEqual([
      [`${DAY} 10:00:00`, 'cancelled'],
      [`${DAY} 14:00:00`, 'deleted'],
    ]);
  });
});

describe('placing and services', () => {
  it('names the service at the start of a text', () => {
    expect(serviceOfText('Kontrolle Wundheilung', services)?.serviceid).toBe(2);
    expect(serviceOfText('Nachkontrolle', services)).toBeUndefined();
  });

  it('puts an afternoon appointment from 12:00 and refuses a morning one after noon', () => {
    const g = gap('11:30', '12:30');
    expect(placeInGap(g, 15, 'afternoon')).toEqual({ start: `${DAY} 12:00:00`, end: `${DAY} 12:15:00` });
    expect(placeInGap(g, 15, 'morning')?.start).toBe(`${DAY} 11:30:00`);
    expect(placeInGap(gap('12:30', '13:00'), 15, 'morning')).toBeNull();
    expect(placeInGap(g, 75)).toBeNull();
  });
});

describe('waitingFor', () => {
  it('ranks by priority, then the entry that names service and practitioner, then the oldest', () => {
    const normalOld = entry({ priority: 0, created: '2026-12-01 08:00:00' });
    const urgentAny = entry({ priority: 2, serviceid: 0, provider: 0, created: '2026-11-01 08:00:00' });
    const urgentExact = entry({ priority: 2, created: '2027-01-20 08:00:00' });
    const high = entry({ priority: 1 });
    const ranked = waitingFor(gap('08:30', '08:45'), [normalOld, urgentAny, urgentExact, high], ctx);
    expect(ranked.map((c) => c.entry.entryId)).toEqual([
      urgentExact.entryId,
      urgentAny.entryId,
      high.entryId,
      normalOld.entryId,
    ]);
    // Any service: the gap's own.
    expect(ranked[1].service.serviceid).toBe(2);
  });

  it('leaves out what does not fit: length, practitioner, window, time of day, status, the gap’s own patient', () => {
    const g = gap('08:30', '08:45');
    const fits = entry({});
    const out = waitingFor(
      g,
      [
        fits,
        entry({ serviceid: 1 }), // 30 minutes
        entry({ provider: 2 }),
        entry({ serviceid: 5, provider: 0 }), // Impfung: not Dr. Favre's
        entry({ earliest: '2027-02-03' }),
        entry({ latest: '2027-02-01' }),
        entry({ times: 'afternoon' }),
        entry({ status: 'booked' }),
        entry({ patid: 1 }),
      ],
      ctx,
    );
    expect(out.map((c) => c.entry.entryId)).toEqual([fits.entryId]);
  });
});

describe('laterFor and recallsFor', () => {
  it('offers later bookings of the same service in the calendar, the longest wait first', () => {
    const g = gap('08:30', '08:45');
    const soon = appt('10:00', '10:15', { appointment: 'Kontrolle Blutdruck' });
    const late = appt('11:30', '11:45');
    const other = appt('11:00', '11:15', { appointment: 'Hautcheck' });
    const arrived = appt('11:45', '12:00', { state: '1' });
    const long = appt('09:00', '09:30');
    const elsewhere = appt('10:30', '10:45', { calendarid: 3 });
    const out = laterFor(g, [soon, late, other, arrived, long, elsewhere], ctx);
    expect(out.map((c) => c.appt.id)).toEqual([late.id, soon.id]);
    expect(out[0]).toMatchObject({ start: `${DAY} 08:30:00`, end: `${DAY} 08:45:00` });
  });

  it('offers overdue recalls of patients without an appointment ahead, the oldest first, each once', () => {
    const recall = (patid: number, recallDate: string, active = 1): Recall => ({
      id: patid * 10 + Number(recallDate.slice(8, 10)),
      active,
      title: 'Kontrolle',
      recallDate,
      recallText: '',
      recallType: 'sms',
      recurring: 0,
      recurringFrequency: '',
      patid,
      internalComment: '',
      status: 'sent',
      errorMsg: '',
      customerMobile: '',
      customerMail: '',
    });
    const booked = appt('15:00', '15:15', { patid: 42 });
    const out = recallsFor(
      gap('08:30', '08:45'),
      [
        recall(40, '2027-01-20 09:00:00'),
        recall(41, '2026-12-01 09:00:00'),
        recall(41, '2027-01-05 09:00:00'),
        recall(42, '2026-11-01 09:00:00'),
        recall(43, '2027-03-01 09:00:00'),
        recall(44, '2026-10-01 09:00:00', 0),
      ],
      [booked],
      ctx,
    );
    expect(out.map((c) => c.patid)).toEqual([41, 40]);
    expect(out[0].service.serviceid).toBe(2);
  });

  it('puts the waiting list first, then later bookings, then recalls, each patient once', () => {
    const g = gap('08:30', '08:45');
    const waiting = entry({ patid: 77 });
    const later = appt('11:30', '11:45', { patid: 77 });
    const later2 = appt('11:00', '11:15', { patid: 78 });
    const out = candidatesFor(g, { waitlist: [waiting], items: [later, later2], recalls: [] }, ctx);
    expect(out.map((c) => [c.kind, c.patid])).toEqual([
      ['waiting', 77],
      ['later', 78],
    ]);
  });
});
