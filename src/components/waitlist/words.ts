import type { TFunction } from 'i18next';
import type { WaitlistEntry } from '#contract/agenda-waitlist.ts';
import { formatDate } from '../format.ts';

/** `Any day`, `from 27.11.2026`, `until 16.12.2026`, `27.11.2026–16.12.2026`. */
export function windowText(
  entry: Pick<WaitlistEntry, 'earliest' | 'latest'>,
  t: TFunction<'waitlist'>,
): string {
  const { earliest, latest } = entry;
  if (earliest && latest) return `${formatDate(earliest)}–${formatDate(latest)}`;
  if (earliest) return t('window.from', { day: formatDate(earliest) });
  if (latest) return t('window.until', { day: formatDate(latest) });
  return t('window.open');
}

export const priorityKeys = ['normal', 'high', 'urgent'] as const;

/** 0 normal, 1 high, 2 urgent; anything else reads as normal. */
export function priorityKey(priority: number): (typeof priorityKeys)[number] {
  return priority === 2 ? 'urgent' : priority === 1 ? 'high' : 'normal';
}
