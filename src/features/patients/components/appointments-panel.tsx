import { Badge, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentStateName } from '../../../components/codes.ts';
import { formatDate, formatTime } from '../../../components/format.ts';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { type AppointmentPeriod, patientAppointmentsQuery } from '../queries.ts';

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
      {query.isPending ? (
        <Skeleton height={120} />
      ) : query.isError ? (
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
              {items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{formatDate(a.date)}</Table.Td>
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
