// Locales and the parse-format plugin of the date fields.
import './dayjs.ts';
import { DateInput, type DateInputProps, TimePicker, type TimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useTranslation } from 'react-i18next';

/** `21.11.2026`, `1.2.2026` or `2026-11-21` -> `YYYY-MM-DD`; anything else is not a day. */
export function parseSwissDay(text: string): string | null {
  const s = text.trim();
  const swiss = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (swiss) return `${swiss[3]}-${(swiss[2] ?? '').padStart(2, '0')}-${(swiss[1] ?? '').padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null;
}

export interface DayFieldProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** `YYYY-MM-DD` or empty. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A day typed or picked as DD.MM.YYYY in every language (a native date input follows the browser's locale and shows
 * 11/23/2026 in an English browser); the form keeps `YYYY-MM-DD`.
 */
export function DayField({ value, onChange, clearButtonProps, ...props }: DayFieldProps) {
  const { t } = useTranslation('common');
  // Mantine's clear button has no name of its own.
  const clearName =
    typeof props.label === 'string' ? t('dateTime.clear', { label: props.label }) : t('dateTime.clearDay');
  return (
    <DateInput
      placeholder={t('dateTime.dayPlaceholder')}
      {...props}
      clearButtonProps={{ 'aria-label': clearName, ...clearButtonProps }}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      valueFormat="DD.MM.YYYY"
      dateParser={parseSwissDay}
    />
  );
}

export interface TimeFieldProps extends Omit<TimePickerProps, 'value' | 'onChange' | 'format'> {
  /** `HH:MM` or empty. */
  value: string;
  onChange: (value: string) => void;
}

/** A time of day in 24 hours in every language (hours and minutes fields); the form keeps `HH:MM`. */
export function TimeField({ value, onChange, ...props }: TimeFieldProps) {
  const { t } = useTranslation('common');
  return (
    <TimePicker
      hoursInputLabel={t('dateTime.hours')}
      minutesInputLabel={t('dateTime.minutes')}
      {...props}
      format="24h"
      value={value}
      // The picker gives `HH:MM:SS` once both parts are filled in, '' while one is missing.
      onChange={(v) => onChange(v ? v.slice(0, 5) : '')}
    />
  );
}
