import {
  Anchor,
  Badge,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarEvent } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AppointmentPeriod, patientAppointmentsQuery } from '#api/agenda.ts';
import { appointmentStateName } from '#components/codes.ts';
import { formatDate, formatTime, fromUnixSeconds, toPracticeDate } from '#components/format.ts';
import { usePracticeToday } from '#components/practice-clock.ts';
import { EmptyState, ErrorState, failedWithoutData, RefreshFailed } from '#components/states.tsx';
import type { Appointment } from '#contract/agenda.ts';

/**
 * Where the appointment is in the agenda: its day, its calendar, the appointment itself (`appt`: the agenda opens
 * its dialog). Null for an item without a calendar (calendar mode answers have none; the panel asks in patient mode).
 */
export function agendaHref(a: Appointment): string | null {
  if (!('calendarid' in a)) return null;
  const day = toPracticeDate(fromUnixSeconds(a.date_unix));
  return `/agenda?view=day&date=${day}&cals=${a.calendarid}&appt=${a.id}`;
}

/** The patient's appointments (getAppointments, patient mode), newest first. */
export function AppointmentsPanel({ patid }: { patid: number }) {
  const { t } = useTranslation('patients');
  const [period, setPeriod] = useState<AppointmentPeriod>('future');
  const [text, setText] = useState('');
  const [comment, setComment] = useState('');
  const [filterKey] = useDebouncedValue(JSON.stringify({ appointment: text, comment }), 300);
  const filter = JSON.parse(filterKey) as { appointment: string; comment: string };
  const query = useQuery({
    ...patientAppointmentsQuery(patid, { period, ...filter }),
    placeholderData: keepPreviousData,
  });
  const items = query.data ?? [];
  const today = usePracticeToday();

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="appointment-period-label">
            {t('appointments.period')}
          </Text>
          <SegmentedControl
            aria-labelledby="appointment-period-label"
            value={period}
            onChange={(v) => setPeriod(v as AppointmentPeriod)}
            data={[
              { value: 'future', label: t('appointments.future') },
              { value: 'past', label: t('appointments.past') },
              { value: 'all', label: t('appointments.all') },
            ]}
          />
        </Stack>
        <TextInput
          label={t('appointments.text')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <TextInput
          label={t('appointments.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
      </SimpleGrid>
      <RefreshFailed query={query} />
      {query.isPending ? (
        <Skeleton height={120} />
      ) : failedWithoutData(query) ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('appointments.none')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover aria-label={t('appointments.label')} aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('appointments.date')}</Table.Th>
                <Table.Th scope="col">{t('appointments.time')}</Table.Th>
                <Table.Th scope="col">{t('appointments.calendar')}</Table.Th>
                <Table.Th scope="col">{t('appointments.text')}</Table.Th>
                <Table.Th scope="col">{t('appointments.comment')}</Table.Th>
                <Table.Th scope="col">{t('appointments.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => {
                const href = agendaHref(a);
                return (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      {href ? (
                        <Anchor
                          component={Link}
                          to={href}
                          size="sm"
                          underline="always"
                          style={{ whiteSpace: 'nowrap' }}
                          aria-label={t('appointments.openInAgenda', {
                            date: formatDate(a.date),
                            time: formatTime(a.date),
                          })}
                        >
                          <IconCalendarEvent
                            size={14}
                            aria-hidden
                            style={{ verticalAlign: '-2px', marginInlineEnd: 4 }}
                          />
                          {formatDate(a.date)}
                        </Anchor>
                      ) : (
                        formatDate(a.date)
                      )}
                      {a.date.slice(0, 10) === today && 'calendarid' in a && (
                        // Today's appointment: its row in the front desk's day list (Today), where its state is set.
                        <Anchor
                          component={Link}
                          to={`/today?cals=${a.calendarid}`}
                          size="xs"
                          ml={6}
                          aria-label={t('appointments.openInToday', { time: formatTime(a.date) })}
                        >
                          {t('appointments.today')}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {formatTime(a.date)}–{formatTime(a.end)}{' '}
                      <Text span size="xs" c="dimmed">
                        ({t('appointments.minutes', { count: a.duration })})
                      </Text>
                    </Table.Td>
                    <Table.Td>{a.calendar}</Table.Td>
                    <Table.Td>{a.appointment}</Table.Td>
                    <Table.Td>{a.comment}</Table.Td>
                    <Table.Td>
                      {a.state && <Badge variant="default">{appointmentStateName(a.state)}</Badge>}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
