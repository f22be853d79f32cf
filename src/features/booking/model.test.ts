import { describe, expect, it } from 'vitest';
import type { Slot } from '#contract/booking.ts';
import { defaultProvider, groupByDay, isStillFree, monthWindow, shiftMonth } from './model.ts';

const base = 1_795_420_800; // Monday 23.11.2026 09:00 in Zurich
const min = 60;

function slot(from: number, minutes: number, provider = 2, ymd = '20261123'): Slot {
  return { ymd, from, to: from + minutes * min, provider, location: 1 };
}

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
