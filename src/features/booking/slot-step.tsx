// Locales and the parse-format plugin of the date fields.
import '#components/dayjs.ts';
import { Alert, Box, Button, Group, Indicator, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { slotsQuery } from '#api/booking.ts';
import { type ClosedSpan, closedDuring, namesOf, wholeDayClosures } from '#components/closed-time/spans.ts';
import { useClosedTime } from '#components/closed-time/use-closed-time.ts';
import {
  formatDate,
  formatTime,
  fromUnixSeconds,
  intlLocale,
  toPracticeDateTime,
} from '#components/format.ts';
import { ErrorState, LoadingState } from '#components/states.tsx';
import type { Slot } from '#contract/booking.ts';
import { addDays } from '#contract/practice-time.ts';
import type { Provider } from '#contract/system.ts';
import classes from './booking.module.css';
import { providerOf } from './choice-steps.tsx';
import { groupByDay, monthOf, monthWindow, sameSlot } from './model.ts';
import type { SlotChoice } from './url-state.ts';

/** `Monday 23.11.2026` for a practice day `YYYY-MM-DD`. */
export function useDayLabel(): (day: string) => string {
  const { i18n } = useTranslation();
  const weekday = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage), {
    weekday: 'long',
    timeZone: 'UTC',
  });
  return (day) => `${weekday.format(new Date(`${day}T12:00:00Z`))} ${formatDate(day)}`;
}

export interface SlotPickerProps {
  serviceid: number;
  /** 0 = any practitioner. */
  provider: number;
  duration: number;
  /** `YYYY-MM`: the month shown. */
  month: string;
  /** The day whose times are listed; null = the first day with free times. */
  day: string | null;
  today: string;
  providers: readonly Provider[] | undefined;
  value: SlotChoice | null;
  /** The chosen time was taken meanwhile: say so above the fresh list. */
  taken: boolean;
  onMonth: (month: string) => void;
  onDay: (day: string) => void;
  onChoose: (slot: SlotChoice) => void;
}

/**
 * A month calendar whose days with free times are marked (getSlots for the month shown), and the times of the
 * chosen day beside it.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { serviceid, provider, duration, month, today, providers, value, taken } = props;
  const { t } = useTranslation('booking');
  const dayLabel = useDayLabel();
  const range = monthWindow(month, today);
  const query = useQuery({
    ...slotsQuery({
      serviceid,
      ...(provider > 0 ? { provider } : {}),
      duration,
      from: range?.from ?? today,
      to: range?.to ?? today,
    }),
    enabled: range !== null,
  });
  // Closed days (a holiday, a whole-day absence) are never offered, with their name on the day; times in an absence
  // are left out. The reference service's getSlots already skips both; a practice server without getAbsences may
  // not know the holidays, which then come from the canton chosen in Settings.
  const closedTime = useClosedTime(range?.from ?? today, range?.to ?? today, range !== null);
  const closedFor = (p: number) => (p > 0 ? p : null);
  const closedName = (d: string) => namesOf(wholeDayClosures(closedTime.spans, d, closedFor(provider)));
  const open = (query.data ?? []).filter(
    (s) =>
      !closedDuring(
        closedTime.spans,
        closedFor(s.provider),
        toPracticeDateTime(fromUnixSeconds(s.from)),
        toPracticeDateTime(fromUnixSeconds(s.to)),
      ),
  );
  const groups = groupByDay(open);
  const free = new Set(groups.map((g) => g.day));
  // The day asked for if it has free times (another practitioner may have none then), else the first that has.
  const shown = props.day !== null && free.has(props.day) ? props.day : (groups[0]?.day ?? null);
  const daySlots = groups.find((g) => g.day === shown)?.slots ?? [];

  const slotLabel = (s: Slot) =>
    t('slot.slotLabel', {
      day: shown ? dayLabel(shown) : '',
      time: formatTime(fromUnixSeconds(s.from)),
      provider: providerOf(providers, s.provider),
    });

  return (
    <Stack gap="xs">
      {taken && (
        <Alert color="orange" role="alert" title={t('slot.legend')} p="xs">
          {t('slot.taken')}
        </Alert>
      )}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box>
          <Title order={2} size="h5" mb={6} id="booking-calendar">
            {t('slot.calendar')}
          </Title>
          {/* Mantine puts these props on the calendar's root div, which may carry a name only with a role. */}
          <DatePicker
            role="group"
            aria-labelledby="booking-calendar"
            date={`${month}-01`}
            onDateChange={(d) => props.onMonth(monthOf(d))}
            value={shown}
            onChange={(d) => d && props.onDay(d)}
            maxLevel="month"
            ariaLabels={{ previousMonth: t('slot.previousMonth'), nextMonth: t('slot.nextMonth') }}
            minDate={today}
            excludeDate={(d) => !free.has(d)}
            getDayAriaLabel={(d) =>
              closedName(d)
                ? t('slot.dayClosed', { day: dayLabel(d), name: closedName(d) })
                : free.has(d)
                  ? t('slot.dayFree', { day: dayLabel(d) })
                  : dayLabel(d)
            }
            getDayProps={(d) => (closedName(d) ? { title: closedName(d), 'data-closed': true } : {})}
            renderDay={(d) => (
              <Indicator size={6} color="teal" offset={-3} disabled={!free.has(d)} position="bottom-center">
                <div className={closedName(d) ? classes.closedDay : undefined}>{Number(d.slice(8, 10))}</div>
              </Indicator>
            )}
          />
          <Text size="xs" c="dimmed" mt={4} role="status">
            {query.isFetching ? t('slot.loading') : t('slot.daysFree', { count: free.size })}
          </Text>
          <ClosedDays
            spans={closedTime.spans}
            provider={closedFor(provider)}
            from={range?.from}
            to={range?.to}
          />
        </Box>
        <Box miw={200} style={{ flex: 1 }}>
          <Title order={2} size="h5" mb={6} id="booking-day-slots">
            {shown ? dayLabel(shown) : t('slot.legend')}
          </Title>
          {range === null ? null : query.isPending ? (
            <LoadingState label={t('slot.loading')} />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : daySlots.length === 0 ? (
            <Text size="sm">{t('slot.emptyMonth')}</Text>
          ) : (
            <ScrollArea.Autosize mah={300} type="auto">
              <SlotRadios
                slots={daySlots}
                value={value}
                labelledBy="booking-day-slots"
                label={slotLabel}
                text={(s) =>
                  `${formatTime(fromUnixSeconds(s.from))}${provider === 0 ? ` · ${providerShort(providers, s.provider)}` : ''}`
                }
                onChoose={props.onChoose}
              />
            </ScrollArea.Autosize>
          )}
        </Box>
      </Group>
    </Stack>
  );
}

/** The family name, enough beside a time. */
function providerShort(providers: readonly Provider[] | undefined, userid: number): string {
  return providers?.find((p) => p.userid === userid)?.familyname ?? `#${userid}`;
}

interface SlotRadiosProps {
  slots: readonly Slot[];
  value: SlotChoice | null;
  labelledBy: string;
  label: (s: Slot) => string;
  text: (s: Slot) => string;
  onChoose: (slot: SlotChoice) => void;
}

/** Arrow keys and Home/End move the choice (to the next, previous, first, last time), as in a radio group. */
const moves: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The day's times as one radio group: one Tab stop (the chosen time, else the first; roving tabindex), the arrow
 * keys move the choice. A button per time cost a receptionist some thirty Tabs from a time to the patient field.
 */
function SlotRadios({ slots, value, labelledBy, label, text, onChoose }: SlotRadiosProps) {
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = slots.findIndex((s) => sameSlot(value, s));
  // No time chosen on this day (-1): the first one takes the Tab stop.
  const tabStop = Math.max(chosen, 0);
  const choose = (s: Slot) => onChoose({ from: s.from, to: s.to, provider: s.provider });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = move(index, slots.length);
    items.current[next]?.focus();
    choose(slots[next]);
  };

  return (
    <Group gap={6} data-testid="slot-list" role="radiogroup" aria-labelledby={labelledBy}>
      {slots.map((s, i) => {
        const checked = i === chosen;
        return (
          <Button
            key={`${s.from}-${s.provider}`}
            ref={(el) => {
              items.current[i] = el;
            }}
            role="radio"
            aria-checked={checked}
            tabIndex={i === tabStop ? 0 : -1}
            size="compact-sm"
            variant={checked ? 'filled' : 'default'}
            aria-label={label(s)}
            onClick={() => choose(s)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {text(s)}
          </Button>
        );
      })}
    </Group>
  );
}

/** The month's closed days under the calendar, by name ("25.12. Weihnachten"): why a weekday is not offered. */
function ClosedDays({
  spans,
  provider,
  from,
  to,
}: {
  spans: readonly ClosedSpan[];
  provider: number | null;
  from: string | undefined;
  to: string | undefined;
}) {
  const { t } = useTranslation('booking');
  if (!from || !to) return null;
  const days: { day: string; name: string }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const name = namesOf(wholeDayClosures(spans, d, provider));
    if (name) days.push({ day: d, name });
  }
  if (days.length === 0) return null;
  return (
    <Text size="xs" mt={4} maw={260} data-testid="closed-days">
      {t('slot.closedDays')} {days.map((d) => `${formatDate(d.day).slice(0, 6)} ${d.name}`).join(' · ')}
    </Text>
  );
}
