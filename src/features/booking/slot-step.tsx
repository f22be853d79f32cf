// Locales and the parse-format plugin of the date fields.
import '../../components/dayjs.ts';
import { Alert, Box, Button, Group, Indicator, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Slot } from '../../../contract/booking.ts';
import type { Provider } from '../../../contract/system.ts';
import { formatDate, formatTime, fromUnixSeconds, intlLocale } from '../../components/format.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { providerLabel } from './choice-steps.tsx';
import { groupByDay, monthOf, monthWindow, type SlotChoice, sameSlot } from './model.ts';
import { slotsQuery } from './queries.ts';

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
  const groups = groupByDay(query.data ?? []);
  const free = new Set(groups.map((g) => g.day));
  // The day asked for if it has free times (another practitioner may have none then), else the first that has.
  const shown = props.day !== null && free.has(props.day) ? props.day : (groups[0]?.day ?? null);
  const daySlots = groups.find((g) => g.day === shown)?.slots ?? [];

  const slotLabel = (s: Slot) =>
    t('slot.slotLabel', {
      day: shown ? dayLabel(shown) : '',
      time: formatTime(fromUnixSeconds(s.from)),
      provider: providerLabel(providers, s.provider),
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
          <DatePicker
            aria-labelledby="booking-calendar"
            date={`${month}-01`}
            onDateChange={(d) => props.onMonth(monthOf(d))}
            value={shown}
            onChange={(d) => d && props.onDay(d)}
            maxLevel="month"
            ariaLabels={{ previousMonth: t('slot.previousMonth'), nextMonth: t('slot.nextMonth') }}
            minDate={today}
            excludeDate={(d) => !free.has(d)}
            getDayAriaLabel={(d) => (free.has(d) ? t('slot.dayFree', { day: dayLabel(d) }) : dayLabel(d))}
            renderDay={(d) => (
              <Indicator size={6} color="teal" offset={-3} disabled={!free.has(d)} position="bottom-center">
                <div>{Number(d.slice(8, 10))}</div>
              </Indicator>
            )}
          />
          <Text size="xs" c="dimmed" mt={4} role="status">
            {query.isFetching ? t('slot.loading') : t('slot.daysFree', { count: free.size })}
          </Text>
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
              <Group gap={6} data-testid="slot-list" role="group" aria-labelledby="booking-day-slots">
                {daySlots.map((s) => {
                  const chosen = sameSlot(value, s);
                  return (
                    <Button
                      key={`${s.from}-${s.provider}`}
                      size="compact-sm"
                      variant={chosen ? 'filled' : 'default'}
                      aria-pressed={chosen}
                      aria-label={slotLabel(s)}
                      onClick={() => props.onChoose({ from: s.from, to: s.to, provider: s.provider })}
                    >
                      {formatTime(fromUnixSeconds(s.from))}
                      {provider === 0 ? ` · ${providerShort(providers, s.provider)}` : ''}
                    </Button>
                  );
                })}
              </Group>
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
