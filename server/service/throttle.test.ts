import { describe, expect, it } from 'vitest';
import { ACCOUNT_MAX_WAIT_MS, createAccountThrottle, createThrottle } from './throttle.ts';

const MIN = 60_000;

describe('the count per account', () => {
  it('waits after the 10th failure within 15 minutes, a wait that doubles with each further one, at most 15 minutes', () => {
    let t = 0;
    const th = createAccountThrottle({ now: () => t });
    for (let i = 0; i < 9; i++) {
      th.fail('a', t);
      t += MIN; // nine failures in nine minutes: not yet
    }
    expect(th.retryAfter('a', t)).toBe(0);
    th.fail('a', t);
    expect(th.retryAfter('a', t)).toBe(60);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      t += th.retryAfter('a', t) * 1000; // the guesser tries again as soon as it may
      expect(th.retryAfter('a', t)).toBe(0);
      th.fail('a', t);
      waits.push(th.retryAfter('a', t));
    }
    expect(waits).toEqual([120, 240, 480, 900, 900, 900]);
    expect(ACCOUNT_MAX_WAIT_MS).toBe(15 * MIN);
    // Another account is not touched.
    expect(th.retryAfter('b', t)).toBe(0);
  });

  it('does not wait for failures spread wider than 15 minutes', () => {
    let t = 0;
    const th = createAccountThrottle({ now: () => t });
    for (let i = 0; i < 30; i++) {
      th.fail('a', t);
      expect(th.retryAfter('a', t)).toBe(0);
      t += 2 * MIN; // 7 or 8 within any 15 minutes
    }
  });

  it('forgets the count with a success, and after 15 quiet minutes following a wait', () => {
    let t = 0;
    const th = createAccountThrottle({ now: () => t });
    for (let i = 0; i < 9; i++) th.fail('a', t);
    th.succeed('a');
    th.fail('a', t);
    expect(th.retryAfter('a', t)).toBe(0);

    for (let i = 0; i < 10; i++) th.fail('b', t);
    expect(th.retryAfter('b', t)).toBe(60);
    t += 60_000 + 15 * MIN;
    th.fail('b', t);
    // Starts anew: one failure, no wait.
    expect(th.retryAfter('b', t)).toBe(0);
  });

  it('keeps a bounded number of accounts, forgetting those that hold nothing first', () => {
    let t = 0;
    const th = createAccountThrottle({ now: () => t, maxEntries: 100 });
    for (let i = 0; i < 10; i++) th.fail('held', t);
    expect(th.retryAfter('held', t)).toBe(60);
    for (let i = 0; i < 5000; i++) th.fail(`spray-${i}`, t);
    expect(th.size).toBeLessThanOrEqual(100);
    // The sprayed names are as fresh as the held one, but only count: they go first, the held one keeps waiting.
    expect(th.retryAfter('held', t)).toBe(60);
    // Once they are old, they go before anything that still waits.
    const th2 = createAccountThrottle({ now: () => t, maxEntries: 100 });
    for (let i = 0; i < 99; i++) th2.fail(`old-${i}`, t);
    t += 16 * MIN;
    for (let i = 0; i < 10; i++) th2.fail('held', t);
    for (let i = 0; i < 50; i++) th2.fail(`new-${i}`, t);
    expect(th2.size).toBeLessThanOrEqual(100);
    expect(th2.retryAfter('held', t)).toBe(60);
  });
});

describe('the count per address', () => {
  it('blocks for 60 s after 20 failures within 60 s, and keeps a bounded number of addresses', () => {
    let t = 0;
    const th = createThrottle({ now: () => t, maxEntries: 50 });
    for (let i = 0; i < 19; i++) th.fail('x', t);
    expect(th.retryAfter('x', t)).toBe(0);
    th.fail('x', t);
    expect(th.retryAfter('x', t)).toBe(60);
    t += 59_000;
    expect(th.retryAfter('x', t)).toBe(1);
    t += 1000;
    expect(th.retryAfter('x', t)).toBe(0);
    for (let i = 0; i < 1000; i++) th.fail(`a${i}`, t);
    expect(th.size).toBeLessThanOrEqual(50);
  });

  it('keeps a held address while a spray of single failures from many others fills the count', () => {
    const t = 0;
    const th = createThrottle({ now: () => t, maxEntries: 50 });
    for (let i = 0; i < 20; i++) th.fail('held', t);
    for (let i = 0; i < 1000; i++) th.fail(`a${i}`, t);
    expect(th.size).toBeLessThanOrEqual(50);
    expect(th.retryAfter('held', t)).toBe(60);
  });
});
