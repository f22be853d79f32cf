import {
  type Icon,
  IconAddressBook,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarUser,
  IconCash,
  IconChartBar,
  IconChecklist,
  IconFlask,
  IconLayoutKanban,
  IconRepeat,
  IconSettings,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { loadNamespace } from '#i18n/index.ts';
import { deferred } from '../deferred.tsx';

// The day's counts load after the first content (their query, its sections and the agenda pieces are not in the
// first page, decision 0016); until then the entry shows no badge, as it does when nobody is here or late.
const TodayBadge = deferred(
  () => import('./today-badge.tsx').then((m) => m.TodayBadge),
  () => null,
);
// The count of overdue tasks too (its query and its strings, the tasks' namespace, come with it).
const OverdueBadge = deferred(
  () => Promise.all([import('./overdue-badge.tsx'), loadNamespace('tasks')]).then(([m]) => m.OverdueBadge),
  () => null,
);

export interface NavItem {
  /** The address of the area. */
  to: string;
  /** Key of the label in the `common` namespace. */
  labelKey: ParseKeys<'common'>;
  icon: Icon;
  /** Shown at the right of the entry, e.g. the count of overdue tasks. Renders nothing when there is nothing to say. */
  badge?: ComponentType;
  /** Placed apart at the bottom of the navigation. */
  secondary?: boolean;
}

/** The single list of navigation entries, in this order: the front desk's day first. */
export const navItems: readonly NavItem[] = [
  { to: '/today', labelKey: 'nav.today', icon: IconCalendarUser, badge: TodayBadge },
  { to: '/leads', labelKey: 'nav.leads', icon: IconLayoutKanban },
  { to: '/tasks', labelKey: 'nav.tasks', icon: IconChecklist, badge: OverdueBadge },
  { to: '/agenda', labelKey: 'nav.agenda', icon: IconCalendarEvent },
  { to: '/booking', labelKey: 'nav.booking', icon: IconCalendarPlus },
  { to: '/recalls', labelKey: 'nav.recalls', icon: IconRepeat },
  { to: '/patients', labelKey: 'nav.patients', icon: IconAddressBook },
  { to: '/lab', labelKey: 'nav.labor', icon: IconFlask },
  { to: '/accounting', labelKey: 'nav.accounting', icon: IconCash },
  { to: '/stats', labelKey: 'nav.stats', icon: IconChartBar },
  { to: '/settings', labelKey: 'nav.settings', icon: IconSettings, secondary: true },
];
