import { useEffect, useState } from 'react';
import { practiceToday, toPracticeDateTime } from './format.ts';

/**
 * The practice's clock (Europe/Zurich) for views, and day arithmetic on `YYYY-MM-DD`: one place for the whole app.
 */

/** Day arithmetic lives with the practice's clock in contract/ (api/agenda.ts needs it too). */
export { addDays } from '#contract/practice-time.ts';

/**
 * Today in the practice, re-rendering when the day changes, so that "overdue" and "today" move on at midnight in
 * an app left open.
 */
export function usePracticeToday(): string {
  const [today, setToday] = useState(practiceToday);
  useEffect(() => {
    const timer = setInterval(() => setToday(practiceToday()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

export interface PracticeNow {
  today: string;
  /** Minutes since the practice's midnight. */
  minutes: number;
}

function readNow(): PracticeNow {
  const s = toPracticeDateTime(new Date());
  return { today: s.slice(0, 10), minutes: Number(s.slice(11, 13)) * 60 + Number(s.slice(14, 16)) };
}

/** Now in the practice: its day and minute, refreshed every half minute (the agenda's "now" line). */
export function usePracticeNow(): PracticeNow {
  const [now, setNow] = useState(readNow);
  useEffect(() => {
    const id = setInterval(() => setNow(readNow()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
