import { describe, expect, it } from 'vitest';
import { clockFromEnv } from '../server/time.ts';
import {
  browserClockAhead,
  clockOrigin,
  installClock,
  PRACTICE_MOMENT,
  practiceDay,
  practiceNow,
  serviceClockEnv,
} from './clock.ts';

/** The real instant of a Zurich wall time in winter (UTC+1). */
const zurichWinter = (day: string, time: string) => Date.parse(`${day}T${time}+01:00`);

describe('the practice clock of the end-to-end suite', () => {
  it('starts at its fixed moment, a Wednesday morning, whatever the machine says', () => {
    const origin = clockOrigin();
    expect(practiceNow(origin).toISOString()).toBe(new Date(PRACTICE_MOMENT).toISOString());
    expect(practiceDay(practiceNow(origin))).toBe('2026-11-25');
    expect(new Date(`${practiceDay(practiceNow(origin))}T12:00:00Z`).getUTCDay()).toBe(3);
  });

  it('runs on at the real pace', () => {
    const origin = clockOrigin();
    expect(practiceNow(origin + 90_000).getTime() - practiceNow(origin).getTime()).toBe(90_000);
  });

  it('gives a run started at 23:59 and one started at 00:01 Zurich time the same day, also across midnight', () => {
    // The suite's origin is the real moment it started; here the origin is set as a run at 23:59 on a Saturday
    // would set it, and the day read two minutes later, after the machine's midnight.
    for (const started of [zurichWinter('2026-11-28', '23:59:00'), zurichWinter('2026-11-29', '00:01:00')]) {
      const saved = process.env.E2E_CLOCK_ORIGIN;
      process.env.E2E_CLOCK_ORIGIN = String(started);
      try {
        expect(practiceDay(practiceNow(started))).toBe('2026-11-25');
        expect(practiceDay(practiceNow(started + 120_000))).toBe('2026-11-25');
        expect(practiceNow(started + 120_000).toISOString()).toBe(
          new Date(Date.parse(PRACTICE_MOMENT) + 120_000).toISOString(),
        );
      } finally {
        process.env.E2E_CLOCK_ORIGIN = saved;
      }
    }
  });

  it('is the clock the service runs on (PRACTICE_NOW and PRACTICE_NOW_AT)', () => {
    const service = clockFromEnv(serviceClockEnv());
    if (!service) throw new Error('the service got no clock');
    const before = practiceNow().getTime();
    const read = service().getTime();
    const after = practiceNow().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(after);
  });

  it('leaves the service on real time without PRACTICE_NOW, and refuses a moment that is no instant', () => {
    expect(clockFromEnv({})).toBeUndefined();
    expect(() => clockFromEnv({ PRACTICE_NOW: 'next Wednesday' })).toThrow(/not an instant/);
  });
});

describe('the browser clock under faketime', () => {
  const faked = { LD_PRELOAD: '/usr/$LIB/faketime/libfaketime.so.1', FAKETIME: '-7386' };

  it('is ahead of the runner by the offset the faketime wrapper set, and not otherwise', () => {
    expect(browserClockAhead(faked)).toBe(7_386_000);
    expect(browserClockAhead({ ...faked, FAKETIME: '+60' })).toBe(-60_000);
    expect(browserClockAhead({ FAKETIME: '-7386' })).toBe(0);
    expect(browserClockAhead({ ...faked, FAKETIME: '@2026-11-28 22:59:00' })).toBe(0);
    expect(browserClockAhead({})).toBe(0);
  });

  it('installs the time less that offset, so that a page opened after it reads the time asked for', async () => {
    const saved = { LD_PRELOAD: process.env.LD_PRELOAD, FAKETIME: process.env.FAKETIME };
    Object.assign(process.env, faked);
    try {
      const installed: number[] = [];
      await installClock(
        { install: async ({ time }) => void installed.push(time) },
        Date.parse('2027-02-02T07:00:00Z'),
      );
      expect(installed).toEqual([Date.parse('2027-02-02T07:00:00Z') - 7_386_000]);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
