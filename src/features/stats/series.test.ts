import { describe, expect, it } from 'vitest';
import { fillTimeGaps, isoWeekOf, mondayOfIsoWeek } from './series.ts';

const row = (key: string, value: number) => ({ key, label: key, value });

describe('time series without gaps', () => {
  it('adds the missing days with 0, in order', () => {
    const out = fillTimeGaps('day', [row('2026-03-02', 4), row('2026-02-27', 1)]);
    expect(out.map((r) => [r.key, r.value])).toEqual([
      ['2026-02-27', 1],
      ['2026-02-28', 0],
      ['2026-03-01', 0],
      ['2026-03-02', 4],
    ]);
  });

  it('adds missing ISO weeks, also across the year end (2026 has 53 weeks)', () => {
    const out = fillTimeGaps('week', [row('2026-W52', 1), row('2027-W02', 2)]);
    expect(out.map((r) => r.key)).toEqual(['2026-W52', '2026-W53', '2027-W01', '2027-W02']);
  });

  it('adds missing months across the year end', () => {
    const out = fillTimeGaps('month', [row('2025-11', 3), row('2026-02', 1)]);
    expect(out.map((r) => [r.key, r.value])).toEqual([
      ['2025-11', 3],
      ['2025-12', 0],
      ['2026-01', 0],
      ['2026-02', 1],
    ]);
  });

  it('leaves categories and unexpected keys as they came', () => {
    expect(fillTimeGaps('source', [row('M', 1), row('I', 2)]).map((r) => r.key)).toEqual(['I', 'M']);
    expect(fillTimeGaps('day', [row('x', 1), row('2026-01-01', 2)]).map((r) => r.key)).toEqual([
      '2026-01-01',
      'x',
    ]);
  });

  it('knows ISO weeks like the service', () => {
    expect(isoWeekOf('2026-11-21')).toBe('2026-W47');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(mondayOfIsoWeek('2025-W01')).toBe('2024-12-30');
    expect(mondayOfIsoWeek('2026-W47')).toBe('2026-11-16');
  });
});
