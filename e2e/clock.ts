import { addDays, zurichDateTime } from '../contract/practice-time.ts';

/**
 * The practice clock of the end-to-end suite. Every test sees the same moment of the practice, whatever the machine's
 * clock says: Wednesday 25 November 2026, 09:40 in Zurich, running on at the real pace from the moment the suite
 * started. The service gets it as PRACTICE_NOW/PRACTICE_NOW_AT (its seed and handlers read it), every browser context
 * gets it through `clock.install` (e2e/fixtures.ts), and the tests' own date arithmetic reads `practiceNow()`. So a
 * run on a Saturday or across midnight sees a weekday morning, the same late count and the same birth dates.
 * `E2E_PRACTICE_NOW` moves the moment for a try (another weekday, an evening); the suite is written for this one.
 * See docs/decisions/0035-a-fixed-practice-clock-for-tests.md.
 */
export const PRACTICE_MOMENT = process.env.E2E_PRACTICE_NOW ?? '2026-11-25T09:40:00+01:00';

/**
 * The real instant (epoch ms) at which the practice clock read PRACTICE_MOMENT. The config sets it once in the
 * runner's process; its workers and the services they start inherit it, so all of them run one clock.
 */
export function clockOrigin(): number {
  const set = Number(process.env.E2E_CLOCK_ORIGIN);
  if (Number.isFinite(set) && set > 0) return set;
  const origin = Date.now();
  process.env.E2E_CLOCK_ORIGIN = String(origin);
  return origin;
}

/** The practice's moment now, given the real time (`Date.now()` unless a test says otherwise). */
export function practiceNow(realNow: number = Date.now()): Date {
  return new Date(Date.parse(PRACTICE_MOMENT) + realNow - clockOrigin());
}

/** The practice's day (`YYYY-MM-DD` in Zurich) of an instant; `practiceNow()` by default. */
export function practiceDay(at: Date = practiceNow()): string {
  return zurichDateTime(at).slice(0, 10);
}

export { addDays };

/** What the service needs to run the same clock (server/time.ts, clockFromEnv). */
export function serviceClockEnv(): Record<string, string> {
  return { PRACTICE_NOW: PRACTICE_MOMENT, PRACTICE_NOW_AT: String(clockOrigin()) };
}

/**
 * How far Chromium's clock is ahead of this process's, in ms. Under faketime (the machine's clock set to 23:59 for a
 * run, decision 0035) the runner and the services run FAKETIME seconds off the real clock; Chromium does not run
 * under libfaketime (playwright.config.ts: its pages hang there), so it keeps the real one. The faketime wrapper
 * writes the offset as seconds (`-7386`); other forms (a frozen date) are not used by the suite and count as none.
 */
export function browserClockAhead(env: NodeJS.ProcessEnv = process.env): number {
  const offset = env.LD_PRELOAD?.includes('faketime') ? env.FAKETIME?.trim() : undefined;
  return offset && /^[+-]?\d+(\.\d+)?$/.test(offset) ? -Number(offset) * 1000 : 0;
}

/**
 * Opens the browser's pages at `time` (page.clock.install). Playwright counts the time since the install by this
 * process's clock when it writes it and by the browser's when a new page reads it, so under faketime every page after
 * a navigation was ahead by the offset (Today read 10:38 for 08:45); the install takes that off. Every spec installs
 * through here (e2e/rules.test.ts).
 */
export async function installClock(
  clock: { install: (options: { time: number }) => Promise<void> },
  time: Date | number,
): Promise<void> {
  await clock.install({ time: new Date(time).getTime() - browserClockAhead() });
}
