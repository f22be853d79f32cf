import { afterEach, describe, expect, it, vi } from 'vitest';
import { FREED_TIME_KEY, forgetFreedTime, freedBy, readFreedTime, recordFreedTime } from './freed-time.ts';

const held = {
  calendarid: 2,
  date: '2027-02-02 11:30:00',
  end: '2027-02-02 11:45:00',
  appointment: 'Kontrolle',
  patid: 7,
};

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('freed time', () => {
  it('records a deleted or moved appointment once, forgets it on request, and drops what has passed', () => {
    recordFreedTime(held, 'moved', '2027-02-02 08:00:00');
    recordFreedTime(held, 'moved', '2027-02-02 08:01:00');
    expect(readFreedTime()).toMatchObject([{ ...held, cause: 'moved' }]);
    recordFreedTime(
      { ...held, date: '2027-02-02 07:00', end: '2027-02-02 07:30' },
      'deleted',
      '2027-02-02 08:00:00',
    );
    expect(readFreedTime()).toHaveLength(1);
    forgetFreedTime(2, held.date);
    expect(readFreedTime()).toEqual([]);
  });

  it('records the old time of a move to another time or calendar, and nothing for a write that kept it', () => {
    // 08:00 in Zurich on the day: the held time is ahead.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-02T07:00:00Z'));
    freedBy(held, {
      ...held,
      date: '2027-02-02 11:30',
      end: '2027-02-02 11:45',
      appointment: 'Kontrolle neu',
    });
    expect(readFreedTime()).toEqual([]);
    freedBy(held, { ...held, calendarid: 3 });
    expect(readFreedTime()).toMatchObject([{ calendarid: 2, cause: 'moved' }]);
    window.localStorage.clear();
    freedBy(held, null);
    expect(readFreedTime()).toMatchObject([{ date: held.date, cause: 'deleted' }]);
  });

  it('ignores what another program left under its key', () => {
    window.localStorage.setItem(
      FREED_TIME_KEY,
      JSON.stringify([{ calendarid: '2' }, 'x', { ...held, cause: 'moved', at: '' }]),
    );
    expect(readFreedTime()).toHaveLength(1);
    window.localStorage.setItem(FREED_TIME_KEY, '{not json');
    expect(readFreedTime()).toEqual([]);
  });
});
