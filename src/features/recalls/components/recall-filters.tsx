import { Button, Group, Paper, Select, SimpleGrid, Switch } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { providerLabel } from '#api/name-format.ts';
import { allProvidersQuery } from '#api/system.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { hasFilters, noFilters, type RecallFilters } from '../url-state.ts';
import { PatientField } from './patient-field.tsx';

export interface RecallFiltersBarProps {
  filters: RecallFilters;
  /** Only what changed: two quick changes (from, then until) must not undo each other. */
  onChange: (patch: Partial<RecallFilters>) => void;
}

/** getRecalls' filters: patient, period, templates, faulty only, one-time only, practitioner. */
export function RecallFiltersBar({ filters, onChange }: RecallFiltersBarProps) {
  const { t } = useTranslation('recalls');
  const providers = useQuery(allProvidersQuery());
  const set = onChange;
  const practitioners = (providers.data ?? []).map((p) => ({
    value: String(p.userid),
    label: providerLabel(p) + (p.active ? '' : ` (${t('inactive')})`),
  }));

  return (
    <Paper withBorder p="md" component="section" aria-label={t('filters.label')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <PatientField
          label={t('filters.patient')}
          patid={filters.patid}
          onChange={(patid) => set({ patid })}
          clearLabel={t('filters.clearPatient')}
        />
        <DayField
          label={t('filters.from')}
          value={filters.from}
          onChange={(v) => set({ from: v })}
          keepDay
          clearable
        />
        <DayField
          label={t('filters.until')}
          value={filters.until}
          onChange={(v) => set({ until: v })}
          keepDay
          clearable
        />
        <Select
          label={t('filters.practitioner')}
          placeholder={t('filters.allPractitioners')}
          data={practitioners}
          value={filters.practitioner > 0 ? String(filters.practitioner) : null}
          onChange={(v) => set({ practitioner: v ? Number(v) : 0 })}
          clearable
          searchable
          error={providers.isError ? t('filters.practitionersFailed') : undefined}
        />
      </SimpleGrid>
      <Group mt="md" justify="space-between" wrap="wrap">
        <Group gap="lg">
          <Switch
            label={t('filters.templates')}
            checked={filters.templates}
            onChange={(e) => set({ templates: e.currentTarget.checked })}
          />
          <Switch
            label={t('filters.faulty')}
            checked={filters.faulty}
            onChange={(e) => set({ faulty: e.currentTarget.checked })}
          />
          <Switch
            label={t('filters.onetime')}
            checked={filters.onetime}
            onChange={(e) => set({ onetime: e.currentTarget.checked })}
          />
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFilterOff size={14} aria-hidden />}
          disabled={!hasFilters(filters)}
          onClick={() => onChange(noFilters)}
        >
          {t('filters.reset')}
        </Button>
      </Group>
    </Paper>
  );
}
