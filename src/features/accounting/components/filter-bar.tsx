import { Button, Group, Select, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { laws, serviceTypes, statuses } from '../columns.ts';
import { patidOf } from '../filters.ts';
import type { AccountingView, Tab } from '../url-state.ts';

type FilterKey = 'law' | 'status' | 'type' | 'patid' | 'invoice';

export interface FilterBarProps {
  tab: Tab;
  view: Pick<AccountingView, FilterKey>;
  onChange: (change: Partial<Pick<AccountingView, FilterKey>>) => void;
}

/** Filters of the shown rows (in memory, no new request): law, status and type of services; patient; invoice. */
export function FilterBar({ tab, view, onChange }: FilterBarProps) {
  const { t } = useTranslation('accounting');
  const patidInvalid = patidOf(view.patid) === 'invalid';
  const any = Object.values(view).some((v) => v.trim() !== '');
  return (
    <Group
      component="fieldset"
      gap="sm"
      align="flex-end"
      wrap="wrap"
      style={{ border: 0, padding: 0, margin: 0 }}
    >
      <VisuallyHidden component="legend">{t('filter.legend')}</VisuallyHidden>
      {tab === 'services' && (
        <>
          <Select
            label={t('filter.law')}
            placeholder={t('filter.all')}
            data={laws.map((l) => ({ value: l, label: t(`law.${l}`) }))}
            value={view.law || null}
            onChange={(v) => onChange({ law: v ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': t('filter.clear', { name: t('filter.law') }) }}
            w={130}
          />
          <Select
            label={t('filter.status')}
            placeholder={t('filter.all')}
            data={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={view.status || null}
            onChange={(v) => onChange({ status: v ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': t('filter.clear', { name: t('filter.status') }) }}
            w={170}
          />
          <Select
            label={t('filter.type')}
            placeholder={t('filter.all')}
            data={serviceTypes.map((s) => ({ value: s, label: t(`type.${s}`) }))}
            value={view.type || null}
            onChange={(v) => onChange({ type: v ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': t('filter.clear', { name: t('filter.type') }) }}
            w={160}
          />
        </>
      )}
      <TextInput
        label={t('filter.patid')}
        value={view.patid}
        onChange={(e) => onChange({ patid: e.currentTarget.value })}
        inputMode="numeric"
        error={patidInvalid ? t('filter.patidInvalid') : undefined}
        w={130}
      />
      <TextInput
        label={t('filter.invoice')}
        placeholder={t('filter.invoiceHint')}
        value={view.invoice}
        onChange={(e) => onChange({ invoice: e.currentTarget.value })}
        w={170}
      />
      {any && (
        <Button
          variant="subtle"
          onClick={() => onChange({ law: '', status: '', type: '', patid: '', invoice: '' })}
        >
          {t('filter.reset')}
        </Button>
      )}
    </Group>
  );
}
