import { addDays } from '#components/practice-clock.ts';
import type { Recall } from '#contract/recall.ts';

/** The Sunday that ends the week of `day` (weeks run Monday to Sunday in Switzerland). */
export function endOfWeek(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, (7 - weekday) % 7);
}

export type DueGroup = 'failed' | 'week' | 'overdue';

/** Where a recall stands on the worklist; null when it is not on it (sent, later, switched off, a template). */
export function dueGroup(r: Recall, today: string): DueGroup | null {
  if (r.active !== 1 || r.patid === 0) return null;
  if (r.status === 'error') return 'failed';
  if (r.status !== 'pending') return null;
  const day = r.recallDate.slice(0, 10);
  if (day < today) return 'overdue';
  return day <= endOfWeek(today) ? 'week' : null;
}

const order: Record<DueGroup, number> = { failed: 0, week: 1, overdue: 2 };

/**
 * The worklist: failed recalls first (by date), then those due from today to Sunday (by date), then the overdue
 * ones, the most recent first (the longer ago, the less likely a message still helps).
 */
export function dueFirst(recalls: readonly Recall[], today: string): Recall[] {
  const listed: [Recall, DueGroup][] = [];
  for (const r of recalls) {
    const g = dueGroup(r, today);
    if (g) listed.push([r, g]);
  }
  return listed
    .sort(([a, ga], [b, gb]) => {
      if (ga !== gb) return order[ga] - order[gb];
      const byDate = a.recallDate < b.recallDate ? -1 : a.recallDate > b.recallDate ? 1 : a.id - b.id;
      return ga === 'overdue' ? -byDate : byDate;
    })
    .map(([r]) => r);
}
