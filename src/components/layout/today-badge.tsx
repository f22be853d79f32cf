import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dayAppointmentsQuery } from '#api/agenda.ts';
import { countSections, useNow } from '../day-sections.ts';
import { practiceToday } from '../format.ts';

/**
 * Beside "Today" in the navigation: how many patients are in the practice (arrived or waiting) and how many are
 * late. The same query as the Today page (one list of the day, refreshed every 30 s); nothing when there is nothing.
 */
export function TodayBadge() {
  const { t } = useTranslation('common');
  const now = useNow();
  const day = practiceToday(new Date(now));
  const { data } = useQuery(dayAppointmentsQuery(day));
  if (!data) return null;
  const counts = countSections(data, now);
  if (!counts.here && !counts.late) return null;
  const shown = (n: number) => (n > 99 ? '99+' : n);
  // Side by side where there is room; one above the other beside a long label (French "Aujourd’hui" and two
  // two-digit counts), so that the label's word stays whole (app-layout.module.css).
  return (
    <Group gap={4} justify="flex-end">
      {counts.here > 0 && (
        <Badge color="teal.9" size="sm" circle={counts.here < 10} data-testid="today-here-badge">
          <span aria-hidden>{shown(counts.here)}</span>
          <VisuallyHidden>{t('todayBadge.here', { count: counts.here })}</VisuallyHidden>
        </Badge>
      )}
      {counts.late > 0 && (
        <Badge
          color="red.9"
          size="sm"
          leftSection={<IconClock size={11} aria-hidden />}
          data-testid="today-late-badge"
        >
          <span aria-hidden>{shown(counts.late)}</span>
          <VisuallyHidden>{t('todayBadge.late', { count: counts.late })}</VisuallyHidden>
        </Badge>
      )}
    </Group>
  );
}
