import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_SLOT_WINDOW_DAYS, type Slot } from '../../../contract/booking.ts';
import type { Provider } from '../../../contract/system.ts';
import { formatDate, formatTime, fromUnixSeconds, intlLocale } from '../../components/format.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { providerLabel, StepNav } from './choice-steps.tsx';
import { groupByDay, moreDays, type SlotChoice, sameSlot, slotWindow } from './model.ts';
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

export interface SlotStepProps {
  serviceid: number;
  /** 0 = any practitioner. */
  provider: number;
  duration: number;
  days: number;
  today: string;
  providers: readonly Provider[] | undefined;
  value: SlotChoice | null;
  /** The chosen time was taken meanwhile: say so above the fresh list. */
  taken: boolean;
  onChoose: (slot: SlotChoice) => void;
  onMoreDays: (days: number) => void;
  onBack: () => void;
  onNext: () => void;
}

export function SlotStep(props: SlotStepProps) {
  const { serviceid, provider, duration, days, today, providers, value, taken } = props;
  const { t } = useTranslation('booking');
  const dayLabel = useDayLabel();
  const range = slotWindow(today, days);
  const query = useQuery(
    slotsQuery({
      serviceid,
      ...(provider > 0 ? { provider } : {}),
      duration,
      from: range.from,
      to: range.to,
    }),
  );
  const groups = groupByDay(query.data ?? []);
  const first = groups[0]?.slots[0];
  const canExtend = days < MAX_SLOT_WINDOW_DAYS;

  const slotText = (s: Slot) => formatTime(fromUnixSeconds(s.from));
  const slotLabel = (s: Slot) =>
    t('slot.slotLabel', {
      day: dayLabel(groups.find((g) => g.slots.includes(s))?.day ?? ''),
      time: slotText(s),
      provider: providerLabel(providers, s.provider),
    });
  const choose = (s: Slot) => props.onChoose({ from: s.from, to: s.to, provider: s.provider });

  return (
    <Stack>
      {taken && (
        <Alert color="orange" role="alert" title={t('slot.legend')}>
          {t('slot.taken')}
        </Alert>
      )}
      <Title order={2} size="h4">
        {t('slot.legend')}
      </Title>
      {query.isPending ? (
        <LoadingState label={t('slot.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {first && (
            <Card withBorder padding="sm">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text size="sm" fw={700}>
                    {t('slot.nextAvailable')}
                  </Text>
                  <Text>{slotLabel(first)}</Text>
                </Stack>
                <Button
                  variant={sameSlot(value, first) ? 'filled' : 'light'}
                  onClick={() => choose(first)}
                  aria-pressed={sameSlot(value, first)}
                  aria-label={`${t('slot.take')}: ${slotLabel(first)}`}
                >
                  {sameSlot(value, first) ? t('slot.chosen') : t('slot.take')}
                </Button>
              </Group>
            </Card>
          )}
          {groups.length === 0 && <Text>{t('slot.empty', { count: days })}</Text>}
          <Stack gap="md" data-testid="slot-list">
            {groups.map((g) => (
              <section key={g.day} aria-labelledby={`slots-${g.day}`}>
                <Title order={3} size="h5" id={`slots-${g.day}`} mb={6}>
                  {dayLabel(g.day)}
                </Title>
                <Group gap={6}>
                  {g.slots.map((s) => {
                    const chosen = sameSlot(value, s);
                    return (
                      <Button
                        key={`${s.from}-${s.provider}`}
                        size="compact-sm"
                        variant={chosen ? 'filled' : 'default'}
                        aria-pressed={chosen}
                        aria-label={slotLabel(s)}
                        onClick={() => choose(s)}
                      >
                        {slotText(s)}
                        {provider === 0 ? ` · ${providerShort(providers, s.provider)}` : ''}
                      </Button>
                    );
                  })}
                </Group>
              </section>
            ))}
          </Stack>
          <Group>
            <Button variant="default" disabled={!canExtend} onClick={() => props.onMoreDays(moreDays(days))}>
              {t('slot.moreDays', { count: Math.min(14, MAX_SLOT_WINDOW_DAYS - days) || 14 })}
            </Button>
            <Text size="sm" c="dimmed">
              {canExtend
                ? t('slot.window', { date: formatDate(range.to) })
                : t('slot.maxReached', { count: MAX_SLOT_WINDOW_DAYS })}
            </Text>
          </Group>
        </>
      )}
      <StepNav onBack={props.onBack} onNext={props.onNext} nextDisabled={value === null} />
    </Stack>
  );
}

/** The family name, enough beside a time. */
function providerShort(providers: readonly Provider[] | undefined, userid: number): string {
  return providers?.find((p) => p.userid === userid)?.familyname ?? `#${userid}`;
}
