// Locales of the calendar (weekday and month names).
import './dayjs.ts';
import { ActionIcon, CloseButton, Group, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, TimePicker, type TimePickerProps } from '@mantine/dates';
// The calendar's styles come with the one field that opens it, wherever that is (agenda, dialogs, forms): the build
// splits CSS by chunk, and a route that does not import them would open a calendar without any (issue 33).
import '@mantine/dates/styles.layer.css';
import { IconCalendar } from '@tabler/icons-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayKind, type DayReading, isRealDate, readDay } from '#contract/practice-time.ts';
import { formatDate, practiceToday } from './format.ts';

/**
 * The value a form gets for a text that is no day (`31.02.2026`, `morgen`): the text after a mark that no day
 * schema takes (they all want `YYYY-MM-DD`), so that the form refuses to save instead of keeping the day it had.
 * The field says why at itself; the value keeps the text for a draft and a reset.
 */
const REFUSED = '\u2260';

/** What a field's text reads as: '' is no day at all (an empty field), anything else goes through readDay. */
function readText(text: string, kind: DayKind): DayReading {
  return text.trim() === '' ? { day: '' } : readDay(text, { kind });
}

/** The text a value stands for: a day as `DD.MM.YYYY`, a refused text as it was typed. */
function textOf(value: string): string {
  if (value.startsWith(REFUSED)) return value.slice(REFUSED.length);
  return isRealDate(value) ? formatDate(value) : value;
}

/** The value a form gets for a text. */
function formValueOf(text: string, kind: DayKind): string {
  const reading = readText(text, kind);
  return 'day' in reading ? reading.day : `${REFUSED}${text.trim()}`;
}

/** A day for the calendar; another field's refused text (the admission's, as the end's first month) is none. */
const dayOrNothing = (day: string | undefined) => (day && isRealDate(day) ? day : undefined);

/** The day a text reads as, or null. */
function readDayOf(text: string, kind: DayKind): string | null {
  const reading = readText(text, kind);
  return 'day' in reading ? reading.day : null;
}

export interface DayFieldProps
  extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'rightSection' | 'ref'> {
  /** `YYYY-MM-DD`, empty, or (in a form) a refused text the field gave. */
  value: string;
  /**
   * A day (`YYYY-MM-DD`) or '' once the text reads as one; for a text that is no day, the refused value (forms:
   * their schema refuses it) unless `keepDay` is set.
   */
  onChange: (value: string) => void;
  /**
   * `birth` for dates of birth: short years and days without a year look back, future days and those before 1900
   * are refused (readDay).
   */
  kind?: DayKind;
  /**
   * Filters and "go to": a text that is no day changes nothing (the last day stays in force, the field says why)
   * instead of handing the refused value on.
   */
  keepDay?: boolean;
  clearable?: boolean;
  /** The clear button's name; by default "Clear «label»". */
  clearLabel?: string;
  /** The month the calendar opens on when the field is empty (`YYYY-MM-DD`). */
  defaultDate?: string;
  minDate?: string;
  maxDate?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one date field of the app: typed as a person writes a day here (`21.11.2026`, `1.12.26`, `1.12.`, see
 * readDay in contract/practice-time.ts) or picked in the calendar beside it, in every language `DD.MM.YYYY` (a
 * native date input follows the browser's locale). The form keeps `YYYY-MM-DD`. A text that is no day is never
 * replaced by the day the field had (Mantine's DateInput did that on blur, and a form saved the old day): the text
 * stays, the field says "this date does not exist" (or what else is wrong), and the form gets a value it refuses.
 */
export function DayField({
  value,
  onChange,
  kind = 'ahead',
  keepDay = false,
  clearable = false,
  clearLabel,
  defaultDate,
  minDate,
  maxDate,
  error,
  onBlur,
  label,
  ...props
}: DayFieldProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(() => textOf(value));
  // The value of the last render: when it changes to one the text does not stand for (a reset, a preset, the
  // address), the text follows it.
  const [previous, setPrevious] = useState(value);
  const [blurred, setBlurred] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  // The value a text stands for: with keepDay only a day (null: nothing to hand on).
  const standsFor = (typed: string) => {
    if (!keepDay) return formValueOf(typed, kind);
    const day = readDayOf(typed, kind);
    // An emptied field clears only a field that may be empty; otherwise the day stays until another is typed.
    return day === '' && !clearable ? null : day;
  };
  if (value !== previous) {
    setPrevious(value);
    if (value !== standsFor(text)) {
      setText(textOf(value));
      setBlurred(false);
    }
  }

  const emit = (next: string) => {
    if (next !== value) onChange(next);
  };
  const change = (nextText: string) => {
    setText(nextText);
    const next = standsFor(nextText);
    if (next !== null) emit(next);
  };

  const reading = readText(text, kind);
  const day = 'day' in reading && reading.day !== '' ? reading.day : null;
  // Said once the person has left the field, or when the form refuses it on saving.
  const refusal =
    'refused' in reading && (blurred || Boolean(error))
      ? t(`dateTime.refused.${reading.refused}`)
      : undefined;
  const name = typeof label === 'string' ? label : (props['aria-label'] ?? t('dateTime.day'));

  return (
    <TextInput
      placeholder={t('dateTime.dayPlaceholder')}
      autoComplete="off"
      {...props}
      label={label}
      value={text}
      error={refusal ?? error}
      onChange={(e) => change(e.currentTarget.value)}
      onBlur={(e) => {
        setBlurred(true);
        // What was read is shown in full: `1.12.` reads as `01.12.2026`. An emptied field that may not be empty
        // (the agenda's day) shows its day again.
        if (day !== null) setText(formatDate(day));
        else if (text.trim() === '' && keepDay && !clearable) setText(textOf(value));
        onBlur?.(e);
      }}
      rightSectionWidth={clearable ? 60 : 34}
      rightSectionPointerEvents="all"
      rightSection={
        <Group gap={2} wrap="nowrap">
          {clearable && text !== '' && (
            <CloseButton
              size="sm"
              aria-label={clearLabel ?? t('dateTime.clear', { label: name })}
              onClick={() => {
                change('');
                setBlurred(false);
              }}
            />
          )}
          <Popover opened={calendarOpen} onChange={setCalendarOpen} position="bottom-end" withinPortal>
            <Popover.Target>
              {/* For the mouse: the day is typed by keyboard (and read aloud) in the field itself. Without a name,
                  so that it is not found as the field's label ("Date" in "Open the calendar for Date"). */}
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-hidden
                tabIndex={-1}
                title={t('dateTime.openCalendar')}
                onClick={() => setCalendarOpen((o) => !o)}
              >
                <IconCalendar size={16} aria-hidden />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <DatePicker
                value={day}
                defaultDate={day ?? dayOrNothing(defaultDate)}
                minDate={dayOrNothing(minDate)}
                maxDate={dayOrNothing(maxDate)}
                // Today marked, as the practice counts days (Mantine would take the browser's zone).
                highlightToday
                getDayProps={(d) => ({ 'data-today': d === practiceToday() || undefined })}
                onChange={(picked) => {
                  if (!picked) return;
                  setText(formatDate(picked));
                  setBlurred(false);
                  emit(picked);
                  setCalendarOpen(false);
                }}
              />
            </Popover.Dropdown>
          </Popover>
        </Group>
      }
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
