import { describe, expect, it } from 'vitest';
import { countOverlaps } from './overlap.ts';

const appt = (id: number, from: string, to: string) => ({
  id,
  date: `2026-11-23 ${from}:00`,
  end: `2026-11-23 ${to}:00`,
});

describe('counting overlapping appointments', () => {
  const items = [appt(1, '09:00', '09:30'), appt(2, '09:15', '10:00'), appt(3, '10:00', '10:30')];

  it('counts those that share time with the slot, not those that only touch it', () => {
    expect(countOverlaps(items, { date: '2026-11-23 09:20:00', end: '2026-11-23 10:00:00' })).toBe(2);
    expect(countOverlaps(items, { date: '2026-11-23 10:30:00', end: '2026-11-23 11:00:00' })).toBe(0);
    expect(countOverlaps(items, { date: '2026-11-23 08:00:00', end: '2026-11-23 12:00:00' })).toBe(3);
  });

  it('leaves out the appointment being moved', () => {
    expect(countOverlaps(items, { date: '2026-11-23 09:00:00', end: '2026-11-23 09:10:00' }, 1)).toBe(0);
  });
});
