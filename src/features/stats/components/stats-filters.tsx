// Locales and the parse-format plugin of the date fields.
import '#components/dayjs.ts';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PracticeUser } from '#api/system.ts';
import { type Folder, statGroupBys, statMetrics } from '#contract/sales.ts';
import type { StatsView } from '../url-state.ts';

/** `21.11.2026`, `1.2.2026` or `2026-11-21` -> `YYYY-MM-DD`. */
function parseDay(text: string): string | null {
  const s = text.trim();
  const swiss = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (swiss) return `${swiss[3]}-${swiss[2].padStart(2, '0')}-${swiss[1].padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null;
}

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
              label: [u.givenname, u.familyname].filter(Boolean).join(' ') || `#${u.userid}`,
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
        <DateInput
          label={t('filter.from')}
          placeholder={t('filter.dateHint')}
          value={view.from || null}
          onChange={(v) => onChange({ from: v ?? '' })}
          valueFormat="DD.MM.YYYY"
          dateParser={parseDay}
          clearable
          clearButtonProps={{ 'aria-label': t('filter.clearFrom') }}
          maxDate={view.to || undefined}
          w={160}
        />
        <DateInput
          label={t('filter.to')}
          placeholder={t('filter.dateHint')}
          value={view.to || null}
          onChange={(v) => onChange({ to: v ?? '' })}
          valueFormat="DD.MM.YYYY"
          dateParser={parseDay}
          clearable
          clearButtonProps={{ 'aria-label': t('filter.clearTo') }}
          minDate={view.from || undefined}
          w={160}
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
