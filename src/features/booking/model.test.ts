import { describe, expect, it } from 'vitest';
import type { Slot } from '#contract/booking.ts';
import {
  type BookingState,
  choose,
  defaultProvider,
  groupByDay,
  isBooked,
  isStillFree,
  monthWindow,
  readState,
  shiftMonth,
  writeState,
} from './model.ts';

const base = 1_795_420_800; // Monday 23.11.2026 09:00 in Zurich
const min = 60;

function slot(from: number, minutes: number, provider = 2, ymd = '20261123'): Slot {
  return { ymd, from, to: from + minutes * min, provider, location: 1 };
}

const empty = readState(new URLSearchParams());

describe('the booking state in the URL', () => {
  it('reads what it wrote', () => {
    const state: BookingState = {
      ...empty,
      service: 2,
      provider: 0,
      duration: 15,
      month: '2026-12',
      day: '2026-12-03',
      slot: { from: base, to: base + 900, provider: 3 },
      patid: 7,
    };
    expect(readState(writeState(state))).toEqual(state);
    expect(writeState(state).toString()).toBe(
      `service=2&provider=0&duration=15&month=2026-12&day=2026-12-03&slot=${base}-${base + 900}-3&patid=7`,
    );
  });

  it('ignores what does not fit', () => {
    const state = readState(
      new URLSearchParams('service=x&provider=-1&slot=1-0-2&month=2026-13&day=2026-02-30&patid=0'),
    );
    expect(state).toMatchObject({
      service: null,
      provider: null,
      slot: null,
      month: null,
      day: null,
      patid: null,
    });
  });

  it('is booked only with a slot, a patient and an appointment number', () => {
    const chosen = { ...empty, slot: { from: base, to: base + 900, provider: 3 }, patid: 7 };
    expect(isBooked(chosen)).toBe(false);
    expect(isBooked({ ...chosen, booked: 501 })).toBe(true);
    expect(isBooked({ ...chosen, patid: null, booked: 501 })).toBe(false);
  });
});

describe('the month shown', () => {
  it('asks for its days from today on, and nothing for a month that is over', () => {
    expect(monthWindow('2026-11', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-30' });
    expect(monthWindow('2027-02', '2026-11-23')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthWindow('2026-10', '2026-11-23')).toBeNull();
  });

  it('steps over the turn of the year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });
});

describe('changed choices', () => {
  it('clears the choices that depended on a changed one, and keeps the patient', () => {
    const chosen = {
      ...empty,
      service: 1,
      provider: 3,
      duration: 30,
      slot: { from: base, to: base + 1800, provider: 3 },
      patid: 5,
    };
    expect(choose(chosen, { service: 2 })).toMatchObject({
      provider: null,
      duration: null,
      slot: null,
      patid: 5,
    });
    expect(choose(chosen, { provider: 0 })).toMatchObject({ duration: 30, slot: null, patid: 5 });
    expect(choose(chosen, { duration: 30 })).toMatchObject({ slot: chosen.slot });
  });
});

describe('the practitioner while none is chosen', () => {
  const active = [{ userid: 2 }, { userid: 3 }, { userid: 4 }];
  it('is "any" when several active practitioners offer the service, so its times show at once', () => {
    expect(defaultProvider({ providers: [2, 3, 4] }, active)).toBe(0);
    expect(defaultProvider({ providers: [3, 4, 5] }, active)).toBe(0);
  });
  it('is the one who offers it when only one active practitioner does', () => {
    expect(defaultProvider({ providers: [3] }, active)).toBe(3);
    // Practitioner 5 has left: only 4 is left to offer it.
    expect(defaultProvider({ providers: [4, 5] }, active)).toBe(4);
  });
  it('is nobody when nobody active offers it, or while the practitioners are not known', () => {
    expect(defaultProvider({ providers: [5] }, active)).toBeNull();
    expect(defaultProvider({ providers: [2, 3] }, undefined)).toBeNull();
  });
});

describe('slots', () => {
  it('groups by practice day in time order', () => {
    const groups = groupByDay([
      slot(base + 86400, 15, 2, '20261124'),
      slot(base + 900, 15, 3),
      slot(base, 15, 2),
    ]);
    expect(groups.map((g) => [g.day, g.slots.map((s) => s.from)])).toEqual([
      ['2026-11-23', [base, base + 900]],
      ['2026-11-24', [base + 86400]],
    ]);
  });

  it('finds a chosen time still free when listed, or covered by the practitioner’s free pieces', () => {
    const choice = { from: base, to: base + 30 * min, provider: 2 };
    expect(isStillFree(choice, [slot(base, 30)])).toBe(true);
    // After another booking the pieces start at 08:50: 08:50-09:20 and 09:20-09:50 still cover 09:00-09:30.
    expect(isStillFree(choice, [slot(base - 10 * min, 30), slot(base + 20 * min, 30)])).toBe(true);
  });

  it('finds it taken when a gap opens, when only another practitioner is free, or when nothing is', () => {
    const choice = { from: base, to: base + 30 * min, provider: 2 };
    expect(isStillFree(choice, [slot(base, 15), slot(base + 20 * min, 30)])).toBe(false);
    expect(isStillFree(choice, [slot(base, 30, 3)])).toBe(false);
    expect(isStillFree(choice, [])).toBe(false);
    expect(isStillFree(choice, [slot(base + 15 * min, 30)])).toBe(false);
  });
});
