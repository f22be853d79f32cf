import { describe, expect, it } from 'vitest';
import { type BookingState, choose, isBooked, readState, writeState } from './url-state.ts';

const base = 1_795_420_800; // Monday 23.11.2026 09:00 in Zurich

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
