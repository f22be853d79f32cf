import { describe, expect, it } from 'vitest';
import { zurichDateTime, zurichInstant } from './practice-time.ts';

describe('the practice clock (Europe/Zurich)', () => {
  it('gives the wall time of an instant in winter (UTC+1) and summer (UTC+2)', () => {
    expect(zurichDateTime(new Date('2026-01-15T23:30:05Z'))).toBe('2026-01-16 00:30:05');
    expect(zurichDateTime(new Date('2026-07-01T10:00:00Z'))).toBe('2026-07-01 12:00:00');
    expect(zurichDateTime(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31 23:59:59');
  });

  it('finds the instant of a wall time, also around the daylight-saving changes', () => {
    expect(zurichInstant(2026, 1, 16, 0, 30, 5).toISOString()).toBe('2026-01-15T23:30:05.000Z');
    expect(zurichInstant(2026, 7, 1, 12).toISOString()).toBe('2026-07-01T10:00:00.000Z');
    // 29 March 2026: 02:00 becomes 03:00; 01:59 is still winter time, 03:00 already summer time.
    expect(zurichInstant(2026, 3, 29, 1, 59).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(zurichInstant(2026, 3, 29, 3, 0).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 03:00 becomes 02:00 again; 04:00 is winter time.
    expect(zurichInstant(2026, 10, 25, 4, 0).toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(zurichInstant(2026, 10, 24, 12).toISOString()).toBe('2026-10-24T10:00:00.000Z');
  });

  it('goes there and back for every hour of a year', () => {
    for (let h = 0; h < 365 * 24; h += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
      const t = zurichDateTime(instant);
      const back = zurichInstant(
        +t.slice(0, 4),
        +t.slice(5, 7),
        +t.slice(8, 10),
        +t.slice(11, 13),
        +t.slice(14, 16),
      );
      // The hour that happens twice in October maps back to its first occurrence.
      if (back.getTime() !== instant.getTime()) expect(t.slice(0, 13)).toBe('2026-10-25 02');
    }
  });
});
