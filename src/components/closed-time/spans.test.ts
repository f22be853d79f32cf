import { describe, expect, it } from 'vitest';
import { type ClosedSpan, closedDuring, closedOnDay, spanOnDay, wholeDayClosures } from './spans.ts';

const christmas: ClosedSpan = {
  absenceId: 0,
  provider: 0,
  from: '2026-12-25 00:00:00',
  until: '2026-12-26 00:00:00',
  kind: 'holiday',
  reason: 'Weihnachten',
};
const course: ClosedSpan = {
  absenceId: 7,
  provider: 4,
  from: '2026-12-10 13:00:00',
  until: '2026-12-11 12:00:00',
  kind: 'absence',
  reason: 'Weiterbildung',
};

describe('closed time', () => {
  it('cuts a span into the part of each day it covers', () => {
    expect(spanOnDay(christmas, '2026-12-25')).toEqual({ start: 0, end: 1440 });
    expect(spanOnDay(christmas, '2026-12-26')).toBeNull();
    expect(spanOnDay(course, '2026-12-10')).toEqual({ start: 780, end: 1440 });
    expect(spanOnDay(course, '2026-12-11')).toEqual({ start: 0, end: 720 });
  });

  it("closes a practitioner's calendar with their own absences and the practice's, never another's", () => {
    expect(closedOnDay([christmas, course], '2026-12-10', 4).map((c) => c.span.reason)).toEqual([
      'Weiterbildung',
    ]);
    expect(closedOnDay([christmas, course], '2026-12-10', 3)).toEqual([]);
    // A calendar of no practitioner: only what closes the whole practice.
    expect(closedOnDay([christmas, course], '2026-12-10', null)).toEqual([]);
    expect(wholeDayClosures([christmas, course], '2026-12-25', null)).toEqual([christmas]);
    // Half a day is no closed day.
    expect(wholeDayClosures([course], '2026-12-10', 4)).toEqual([]);
  });

  it('finds what closes a time; touching ends do not count', () => {
    expect(closedDuring([course], 4, '2026-12-10 12:45:00', '2026-12-10 13:00:00')).toBeUndefined();
    expect(closedDuring([course], 4, '2026-12-10 12:45:00', '2026-12-10 13:15:00')).toBe(course);
    expect(closedDuring([course], 3, '2026-12-10 14:00:00', '2026-12-10 14:15:00')).toBeUndefined();
    expect(closedDuring([christmas], 3, '2026-12-25 10:00:00', '2026-12-25 10:15:00')).toBe(christmas);
  });
});
