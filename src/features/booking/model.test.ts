import { describe, expect, it } from 'vitest';
import type { Slot } from '../../../contract/booking.ts';
import {
  activeStep,
  type BookingState,
  choose,
  DONE,
  groupByDay,
  isStillFree,
  moreDays,
  readState,
  slotWindow,
  writeState,
} from './model.ts';

const base = 1_795_420_800; // Monday 23.11.2026 09:00 in Zurich
const min = 60;

function slot(from: number, minutes: number, provider = 2, ymd = '20261123'): Slot {
  return { ymd, from, to: from + minutes * min, provider, location: 1 };
}

const empty = readState(new URLSearchParams());

describe('the wizard state in the URL', () => {
  it('reads what it wrote', () => {
    const state: BookingState = {
      ...empty,
      service: 2,
      provider: 0,
      duration: 15,
      days: 28,
      slot: { from: base, to: base + 900, provider: 3 },
      patid: 7,
      step: 4,
    };
    expect(readState(writeState(state))).toEqual(state);
    expect(writeState(state).toString()).toBe(
      `service=2&provider=0&duration=15&days=28&slot=${base}-${base + 900}-3&patid=7&step=4`,
    );
  });

  it('ignores what does not fit and never lets the window exceed 62 days', () => {
    const state = readState(new URLSearchParams('service=x&provider=-1&slot=1-0-2&days=400&step=9'));
    expect(state).toMatchObject({ service: null, provider: null, slot: null, days: 62 });
    expect(moreDays(56)).toBe(62);
    expect(moreDays(14)).toBe(28);
    expect(slotWindow('2026-11-23', 62)).toEqual({ from: '2026-11-23', to: '2027-01-24' });
  });

  it('shows the step asked for, but none whose earlier choices are missing', () => {
    expect(activeStep({ ...empty, step: 5 })).toBe(0);
    expect(activeStep({ ...empty, service: 1, step: 5 })).toBe(1);
    expect(activeStep({ ...empty, service: 1, provider: 0, duration: 30, step: 5 })).toBe(3);
    const complete = {
      ...empty,
      service: 1,
      provider: 0,
      duration: 30,
      slot: { from: base, to: base + 1800, provider: 2 },
      patid: 5,
    };
    expect(activeStep({ ...complete, step: 2 })).toBe(2);
    expect(activeStep({ ...complete, step: 5 })).toBe(5);
    expect(activeStep({ ...complete, booked: 99, step: 1 })).toBe(DONE);
  });

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
