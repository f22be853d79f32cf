import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createAbsenceMutation, deleteAbsenceMutation } from '#api/agenda/closed-time.ts';
import { type ClosedSpan, closes } from '#components/closed-time/spans.ts';
import { formatDate, formatDateTime, formatTime } from '#components/format.ts';
import { describeError } from '#components/states.tsx';
import { offerUndo } from '#components/undo.tsx';
import type { Calendar } from '#contract/agenda.ts';
import { addDays } from '#contract/practice-time.ts';

export interface ClosedTimeListProps {
  spans: readonly ClosedSpan[];
  /** The calendars shown: only what closes one of them is listed. */
  calendars: readonly Calendar[];
  /** The days shown, first and last. */
  from: string;
  until: string;
}

/** `25.12.2026`, `10.12.2026 – 11.12.2026`, `10.12.2026 08:00 – 12:00`: the span as a person reads it. */
export function periodText(span: ClosedSpan): string {
  const fromDay = span.from.slice(0, 10);
  const wholeStart = span.from.endsWith(' 00:00:00');
  const wholeEnd = span.until.endsWith(' 00:00:00');
  if (wholeStart && wholeEnd) {
    const last = addDays(span.until.slice(0, 10), -1);
    return last === fromDay ? formatDate(fromDay) : `${formatDate(fromDay)} – ${formatDate(last)}`;
  }
  const untilDay = span.until.slice(0, 10);
  return untilDay === fromDay
    ? `${formatDateTime(span.from)} – ${formatTime(span.until)}`
    : `${formatDateTime(span.from)} – ${formatDateTime(span.until)}`;
}

/**
 * The closed time of the period shown, above the grid: holidays and absences with who they close; an absence is
 * deleted here, with Undo (it is entered again) as the agenda's moves have it.
 */
export function ClosedTimeList({ spans, calendars, from, until }: ClosedTimeListProps) {
  const { t } = useTranslation('agenda');
  const remove = useMutation(deleteAbsenceMutation());
  const recreate = useMutation(createAbsenceMutation());
  const providers = calendars.map((c) => c.provider);
  const shown = spans.filter(
    (s) =>
      s.from < `${addDays(until, 1)} 00:00:00` &&
      s.until > `${from} 00:00:00` &&
      providers.some((p) => closes(s, p)),
  );
  if (shown.length === 0) return null;
  const who = (s: ClosedSpan) =>
    s.provider === 0
      ? t('closed.wholePractice')
      : (calendars.find((c) => c.provider === s.provider)?.name ?? `#${s.provider}`);

  const onDelete = (s: ClosedSpan) => {
    remove.mutate(
      { absenceId: s.absenceId },
      {
        onSuccess: () =>
          offerUndo({
            message: t('closed.deleted', { reason: s.reason || t('closed.noReason') }),
            onUndo: () =>
              recreate.mutateAsync({ provider: s.provider, from: s.from, until: s.until, reason: s.reason }),
          }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: t('closed.deleteFailed'),
            message: describeError(e, t),
          }),
      },
    );
  };

  return (
    <Paper withBorder p="xs" radius="md" aria-labelledby="agenda-closed-title" component="section">
      <Stack gap={4}>
        <Text size="sm" fw={600} id="agenda-closed-title">
          {t('closed.listTitle')}
        </Text>
        {shown.map((s) => (
          <Group key={`${s.kind}-${s.absenceId}-${s.from}`} gap="xs" wrap="nowrap" data-testid="closed-entry">
            <span
              style={{
                width: 10,
                height: 10,
                flex: 'none',
                borderRadius: 2,
                background:
                  s.kind === 'holiday'
                    ? 'var(--mantine-color-red-filled)'
                    : 'var(--mantine-color-orange-filled)',
              }}
              aria-hidden
            />
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              <Text span fw={600} size="sm">
                {periodText(s)}
              </Text>{' '}
              ·{' '}
              {s.kind === 'holiday'
                ? t('closed.holiday', { name: s.reason })
                : s.reason || t('closed.noReason')}{' '}
              · {s.kind === 'holiday' ? t('closed.wholePractice') : who(s)}
            </Text>
            {s.kind === 'absence' && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('closed.delete', {
                  reason: s.reason || t('closed.noReason'),
                  period: periodText(s),
                })}
                onClick={() => onDelete(s)}
                loading={remove.isPending && remove.variables?.absenceId === s.absenceId}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
