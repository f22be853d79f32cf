import { Button, Group } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayField } from '#components/date-time-fields.tsx';
import { monthOf, previousMonthOf, yearOf } from '../url-state.ts';

export interface RangeBarProps {
  from: string;
  until: string;
  all: boolean;
  today: string;
  onRange: (range: { from: string; until: string }) => void;
  /** Asks before loading everything. */
  onWholeStock: () => void;
}

/** The period of the extract (a new request each time): two dates, shortcuts, and the whole stock. */
export function RangeBar({ from, until, all, today, onRange, onWholeStock }: RangeBarProps) {
  const { t } = useTranslation('accounting');
  const presets = [
    { key: 'thisMonth', range: monthOf(today) },
    { key: 'lastMonth', range: previousMonthOf(today) },
    { key: 'thisYear', range: yearOf(today) },
  ] as const;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DayField
        label={t('range.from')}
        placeholder={t('range.dateHint')}
        value={all ? '' : from}
        onChange={(v) => onRange({ from: v, until: all ? '' : until })}
        keepDay
        clearable
        clearLabel={t('range.clearFrom')}
        maxDate={until || undefined}
        w={160}
      />
      <DayField
        label={t('range.until')}
        placeholder={t('range.dateHint')}
        value={all ? '' : until}
        onChange={(v) => onRange({ from: all ? '' : from, until: v })}
        keepDay
        clearable
        clearLabel={t('range.clearUntil')}
        minDate={from || undefined}
        w={160}
      />
      <Group gap={6}>
        {presets.map((p) => {
          const active = !all && p.range.from === from && p.range.until === until;
          return (
            <Button
              key={p.key}
              variant={active ? 'light' : 'default'}
              size="sm"
              aria-pressed={active}
              onClick={() => onRange(p.range)}
            >
              {t(`range.${p.key}`)}
            </Button>
          );
        })}
        <Button
          variant={all ? 'light' : 'default'}
          size="sm"
          aria-pressed={all}
          leftSection={<IconDatabase size={16} aria-hidden />}
          onClick={onWholeStock}
        >
          {t('range.wholeStock')}
        </Button>
      </Group>
    </Group>
  );
}
