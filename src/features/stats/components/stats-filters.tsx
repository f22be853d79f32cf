import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '#api/name-format.ts';
import type { PracticeUser } from '#api/system.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { type Folder, statGroupBys, statMetrics } from '#contract/sales.ts';
import type { StatsView } from '../url-state.ts';

export interface StatsFiltersProps {
  view: StatsView;
  onChange: (change: Partial<StatsView>) => void;
  folders: readonly Folder[];
  users: readonly PracticeUser[];
  folderLabel: (folder: Folder) => string;
}

/** Grouping, measure and the filter of getLeadStats (pipeline, assignee, folder, created from/to). */
export function StatsFilters({ view, onChange, folders, users, folderLabel }: StatsFiltersProps) {
  const { t } = useTranslation('stats');
  const metricId = useId();
  const pipelineId = useId();
  const visibleFolders = folders.filter((f) => view.pipeline === '' || String(f.ispatient) === view.pipeline);
  const filtered = view.pipeline || view.assignee || view.folder || view.from || view.to;

  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('filter.groupBy')}
          data={statGroupBys.map((g) => ({ value: g, label: t(`groupBy.${g}`) }))}
          value={view.groupBy}
          onChange={(v) => v && onChange({ groupBy: v as StatsView['groupBy'] })}
          allowDeselect={false}
          w={180}
          data-testid="groupby-select"
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id={metricId}>
            {t('filter.metric')}
          </Text>
          <SegmentedControl
            aria-labelledby={metricId}
            data={statMetrics.map((m) => ({ value: m, label: t(`metricShort.${m}`) }))}
            value={view.metric}
            onChange={(v) => onChange({ metric: v as StatsView['metric'] })}
          />
        </Stack>
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id={pipelineId}>
            {t('filter.pipeline')}
          </Text>
          <SegmentedControl
            aria-labelledby={pipelineId}
            data={[
              { value: '', label: t('pipeline.all') },
              { value: '1', label: t('pipeline.patients') },
              { value: '0', label: t('pipeline.contacts') },
            ]}
            value={view.pipeline}
            onChange={(v) => {
              const pipeline = v as StatsView['pipeline'];
              // A folder of the other pipeline would filter everything away.
              const keep = folders.find((f) => String(f.folderId) === view.folder);
              const folder =
                keep && pipeline !== '' && String(keep.ispatient) !== pipeline ? '' : view.folder;
              onChange({ pipeline, folder });
            }}
          />
        </Stack>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('filter.assignee')}
          placeholder={t('filter.everyone')}
          data={[
            { value: '0', label: t('label.unassigned') },
            ...users.map((u) => ({
              value: String(u.userid),
              label: personName(u) || `#${u.userid}`,
            })),
          ]}
          value={view.assignee || null}
          onChange={(v) => onChange({ assignee: v ?? '' })}
          clearable
          clearButtonProps={{ 'aria-label': t('filter.clearAssignee') }}
          searchable
          w={220}
        />
        <Select
          label={t('filter.folder')}
          placeholder={t('filter.everyFolder')}
          data={visibleFolders.map((f) => ({ value: String(f.folderId), label: folderLabel(f) }))}
          value={view.folder || null}
          onChange={(v) => onChange({ folder: v ?? '' })}
          clearable
          clearButtonProps={{ 'aria-label': t('filter.clearFolder') }}
          searchable
          w={260}
        />
        <DayField
          label={t('filter.from')}
          placeholder={t('filter.dateHint')}
          value={view.from}
          onChange={(v) => onChange({ from: v })}
          keepDay
          clearable
          clearLabel={t('filter.clearFrom')}
          maxDate={view.to || undefined}
          w={170}
        />
        <DayField
          label={t('filter.to')}
          placeholder={t('filter.dateHint')}
          value={view.to}
          onChange={(v) => onChange({ to: v })}
          keepDay
          clearable
          clearLabel={t('filter.clearTo')}
          minDate={view.from || undefined}
          w={170}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => onChange({ pipeline: '', assignee: '', folder: '', from: '', to: '' })}
          >
            {t('filter.reset')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
