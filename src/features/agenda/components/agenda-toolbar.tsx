import { ActionIcon, Button, Group, SegmentedControl } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentListsKey } from '#api/agenda.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { type AgendaView, isDay, shiftDay } from '../model.ts';
import type { AgendaNavigation } from '../url-state.ts';

/** Is the key press meant for a field or a dialog rather than for the agenda? */
export function keyBelongsElsewhere(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return true;
  const el = e.target instanceof HTMLElement ? e.target : null;
  if (!el) return false;
  if (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return true;
  return el.closest('[role="dialog"],[role="listbox"],[role="menu"],[role="radiogroup"]') !== null;
}

interface AgendaToolbarProps {
  view: AgendaView;
  date: string;
  today: string;
  navigate: (next: AgendaNavigation) => void;
  /** More of the view's tools (the week's days, the legend, printing). */
  children?: ReactNode;
}

/** Previous / today / next, the day picker, day or week, refresh. */
export function AgendaToolbar({ view, date, today, navigate, children }: AgendaToolbarProps) {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={view === 'day' ? t('toolbar.previousDay') : t('toolbar.previousWeek')}
          onClick={() => navigate({ date: shiftDay(view, date, -1) })}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Button variant="default" onClick={() => navigate({ date: today })}>
          {t('toolbar.today')}
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={view === 'day' ? t('toolbar.nextDay') : t('toolbar.nextWeek')}
          onClick={() => navigate({ date: shiftDay(view, date, 1) })}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <DayField
          aria-label={t('toolbar.date')}
          keepDay
          value={date}
          onChange={(v) => {
            if (isDay(v)) navigate({ date: v });
          }}
          w={150}
        />
        <SegmentedControl
          aria-label={t('toolbar.view')}
          value={view}
          onChange={(v) => navigate({ view: v === 'week' ? 'week' : 'day' })}
          data={[
            { value: 'day', label: t('toolbar.day') },
            { value: 'week', label: t('toolbar.week') },
          ]}
        />
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('toolbar.refresh')}
          onClick={() => void queryClient.invalidateQueries({ queryKey: appointmentListsKey })}
        >
          <IconRefresh size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {children && (
        <Group gap="xs" align="center" wrap="wrap">
          {children}
        </Group>
      )}
    </Group>
  );
}
