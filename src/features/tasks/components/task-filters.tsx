import { Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PracticeUser } from '#api/system.ts';
import { userName } from '#api/system.ts';
import { DayField } from '#components/date-time-fields.tsx';
import {
  hasFilters,
  type OrderBy,
  type OrderDir,
  orderBys,
  type TasksView,
  withoutFilters,
} from '../url-state.ts';

export interface TaskFiltersProps {
  view: TasksView;
  /** The signed-in user's id (0 while unknown). */
  me: number;
  users: readonly PracticeUser[];
  /** Applied to the view as last written (a second change before the page has redrawn keeps the first). */
  onChange: (update: (view: TasksView) => TasksView) => void;
}

/** Assignee, pipeline, priority, reminder range and order; every change starts at page 1. */
export function TaskFilters({ view, me, users, onChange }: TaskFiltersProps) {
  const { t } = useTranslation('tasks');
  const set = (patch: Partial<TasksView>) => onChange((v) => ({ ...v, ...patch, page: 1 }));
  // '' stands for the preset's own assignee: everyone in "All open", the signed-in user elsewhere.
  const everyoneByDefault = view.preset === 'open';
  const others = users.filter((u) => u.userid !== me && (u.active || String(u.userid) === view.assignee));
  const assigneeData = [
    { value: '', label: everyoneByDefault ? t('filters.everyone') : t('filters.me') },
    everyoneByDefault
      ? { value: String(me), label: t('filters.me') }
      : { value: 'all', label: t('filters.everyone') },
    ...others.map((u) => ({ value: String(u.userid), label: userName(users, u.userid) })),
  ];

  return (
    <Group component="section" aria-label={t('filters.label')} gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('filters.assignee')}
        value={view.assignee === String(me) && !everyoneByDefault ? '' : view.assignee}
        data={assigneeData}
        onChange={(e) => set({ assignee: e.currentTarget.value })}
      />
      <NativeSelect
        label={t('filters.pipeline')}
        value={view.pipeline}
        data={[
          { value: '', label: t('filters.bothPipelines') },
          { value: '1', label: t('filters.patients') },
          { value: '0', label: t('filters.contacts') },
        ]}
        onChange={(e) => set({ pipeline: e.currentTarget.value as TasksView['pipeline'] })}
      />
      <NativeSelect
        label={t('filters.priority')}
        value={view.priority}
        data={[
          { value: '', label: t('filters.anyPriority') },
          ...(['3', '2', '1', '0'] as const).map((p) => ({ value: p, label: t(`priority.${p}`) })),
        ]}
        onChange={(e) => set({ priority: e.currentTarget.value })}
      />
      {/* Completed tasks have no reminder any more, so a range would hide them all. */}
      {view.preset !== 'completed' && (
        <>
          <DayField
            label={t('filters.from')}
            value={view.from}
            maxDate={view.to || undefined}
            onChange={(v) => set({ from: v })}
            keepDay
            clearable
            w={170}
          />
          <DayField
            label={t('filters.to')}
            value={view.to}
            minDate={view.from || undefined}
            onChange={(v) => set({ to: v })}
            keepDay
            clearable
            w={170}
          />
        </>
      )}
      <NativeSelect
        label={t('filters.orderBy')}
        value={view.order}
        data={orderBys.map((o) => ({ value: o, label: t(`filters.order.${o}`) }))}
        onChange={(e) => set({ order: e.currentTarget.value as OrderBy })}
      />
      <NativeSelect
        label={t('filters.dir')}
        value={view.dir}
        data={[
          { value: 'asc', label: t('filters.asc') },
          { value: 'desc', label: t('filters.desc') },
        ]}
        onChange={(e) => set({ dir: e.currentTarget.value as OrderDir })}
      />
      {hasFilters(view) && (
        <Button variant="subtle" onClick={() => onChange(withoutFilters)}>
          {t('filters.reset')}
        </Button>
      )}
    </Group>
  );
}
