import { describe, expect, it } from 'vitest';
import { dayDiff } from './days.ts';

describe('dayDiff', () => {
  it('counts whole practice days, across a month and the change to winter time', () => {
    expect(dayDiff('2026-11-25', '2026-11-25')).toBe(0);
    expect(dayDiff('2026-11-24', '2026-11-25')).toBe(1);
    expect(dayDiff('2026-10-20', '2026-11-25')).toBe(36);
    expect(dayDiff('2026-11-26', '2026-11-25')).toBe(-1);
  });
});
