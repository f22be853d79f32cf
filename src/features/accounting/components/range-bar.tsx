// Locales and the parse-format plugin of the date fields.
import '#components/dayjs.ts';
import { Button, Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monthOf, parseDayInput, previousMonthOf, yearOf } from '../view-state.ts';

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
      <DateInput
        label={t('range.from')}
        placeholder={t('range.dateHint')}
        value={all ? null : from || null}
        onChange={(v) => onRange({ from: v ?? '', until: all ? '' : until })}
        valueFormat="DD.MM.YYYY"
        dateParser={parseDayInput}
        clearable
        clearButtonProps={{ 'aria-label': t('range.clearFrom') }}
        maxDate={until || undefined}
        w={150}
      />
      <DateInput
        label={t('range.until')}
        placeholder={t('range.dateHint')}
        value={all ? null : until || null}
        onChange={(v) => onRange({ from: all ? '' : from, until: v ?? '' })}
        valueFormat="DD.MM.YYYY"
        dateParser={parseDayInput}
        clearable
        clearButtonProps={{ 'aria-label': t('range.clearUntil') }}
        minDate={from || undefined}
        w={150}
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
