import { describe, expect, it } from 'vitest';
import { closedHolidays } from './holidays.ts';

describe('closedHolidays', () => {
  it('closes on public holidays and whole-day optional ones, not on half days or observances', () => {
    const days = closedHolidays([
      { date: '2026-01-01 00:00:00', name: 'Neujahr', type: 'public' },
      { date: '2026-01-02 00:00:00', name: 'Berchtoldstag', type: 'optional' },
      { date: '2026-05-10 00:00:00', name: 'Muttertag', type: 'observance' },
      { date: '2026-09-14 13:00:00', name: 'Knabenschiessen', type: 'optional' },
    ]);
    expect([...days]).toEqual([
      ['2026-01-01', 'Neujahr'],
      ['2026-01-02', 'Berchtoldstag'],
    ]);
  });
});
