import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type TaskPage, tasksQuery } from '#api/sales/tasks.ts';
import { meQuery } from '#api/system/people.ts';
import { addDays, usePracticeToday } from '../practice-clock.ts';

/** getTasks for the count of a user's overdue tasks: open, reminder up to yesterday; one row, the total counts. */
export function overdueTasksInput(userid: number, today: string) {
  return {
    filter: { assignedTo: userid, completed: false, reminderTo: addDays(today, -1) },
    offset: 0,
    limit: 1,
  };
}

/** A getTasks query like the inbox's: completing or adding a task invalidates getTasks, so the count too. */
export function overdueCountQuery(userid: number, today: string) {
  return {
    ...tasksQuery(overdueTasksInput(userid, today)),
    select: (page: TaskPage) => page.pagination.total,
    // Others complete and assign tasks too.
    refetchInterval: 60_000,
    staleTime: 30_000,
  };
}

/** The number of the signed-in user's overdue tasks, beside "Tasks" in the navigation; nothing when none. */
export function OverdueBadge() {
  // The strings live with the task inbox (namespaces are global; no feature code is imported).
  const { t } = useTranslation('tasks');
  const today = usePracticeToday();
  const me = useQuery(meQuery()).data;
  const count = useQuery({ ...overdueCountQuery(me?.userid ?? 0, today), enabled: me !== undefined }).data;
  if (!count) return null;
  return (
    <Badge color="red.9" size="sm" circle={count < 10} data-testid="overdue-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('badge.overdue', { count })}</VisuallyHidden>
    </Badge>
  );
}
