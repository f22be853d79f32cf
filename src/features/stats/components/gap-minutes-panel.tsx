import { Alert, Box, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDayAppointment, practiceAppointmentsQuery } from '#api/agenda.ts';
import { type CsvColumn, downloadBlob, downloadCsv, toCsv } from '#components/csv.ts';
import { formatDate, formatDateTime, formatPercent, practiceToday } from '#components/format.ts';
import { describeError } from '#components/states.tsx';
import { toXlsx, xlsxBlob } from '#components/xlsx.ts';
import { addDays } from '#contract/practice-time.ts';
import { formatNumber } from '#i18n/number.ts';
import { gapMinutesByWeek, statWeeks, type WeekMinutes } from '../gap-minutes.ts';

const share = (r: WeekMinutes) => (r.freed > 0 ? Math.round((r.refilled / r.freed) * 1000) / 10 : null);

/**
 * Freed and refilled minutes of the last eight weeks (issue 37, decision 0051): one getAppointments of the whole
 * practice over the weeks, counted in gap-minutes.ts; the table as CSV and Excel like the lead statistics.
 */
export function GapMinutesPanel() {
  const { t } = useTranslation('stats');
  const weeks = statWeeks(practiceToday());
  const until = addDays(weeks[weeks.length - 1], 6);
  const query = useQuery({
    ...practiceAppointmentsQuery({ from: weeks[0], until }),
    select: (items) => gapMinutesByWeek(items.filter(isDayAppointment), weeks),
  });
  const [xlsxFailed, setXlsxFailed] = useState(false);
  const rows = query.data ?? [];
  const columns: CsvColumn<WeekMinutes>[] = [
    { header: t('gaps.week'), kind: 'date', value: (r) => r.week },
    { header: t('gaps.freed'), kind: 'number', value: (r) => r.freed },
    { header: t('gaps.refilled'), kind: 'number', value: (r) => r.refilled },
    { header: t('gaps.share'), kind: 'number', value: share },
  ];
  const filename = `freed_refilled_${weeks[0]}_${until}`;
  const exportXlsx = async () => {
    setXlsxFailed(false);
    try {
      const data = await toXlsx({
        name: t('gaps.sheet'),
        lines: [t('gaps.title'), t('export.created', { at: formatDateTime(new Date()) })],
        columns,
        rows,
      });
      downloadBlob(`${filename}.xlsx`, xlsxBlob(data));
    } catch {
      setXlsxFailed(true);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stats-gaps-title">
      <Group justify="space-between" align="flex-end" gap="sm" mb="xs">
        <Title order={2} size="h3" id="stats-gaps-title">
          {t('gaps.title')}
        </Title>
        {query.data && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={() => void exportXlsx()}
              // Two tables export on this page: each button names its own (the visible word first).
              aria-label={t('gaps.xlsx')}
            >
              {t('export.xlsx')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              onClick={() => downloadCsv(`${filename}.csv`, toCsv(columns, rows))}
              aria-label={t('gaps.csv')}
            >
              {t('export.csv')}
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('gaps.intro')}
      </Text>
      {xlsxFailed && (
        <Text size="sm" c="red" role="alert">
          {t('export.xlsxFailed')}
        </Text>
      )}
      {query.isPending ? (
        <Skeleton h={200} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {describeError(query.error, t)}
        </Alert>
      ) : (
        // Narrower than the table on a phone: the region scrolls sideways, reachable by keyboard (axe), under a name
        // of its own (the section around it has the title's: axe landmark-unique).
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('gaps.sheet')}>
          <Table striped miw={420} aria-labelledby="stats-gaps-title">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header} scope="col" ta={c.kind === 'number' ? 'right' : undefined}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.week}>
                  <Table.Th scope="row" fw={400}>
                    {t('gaps.weekOf', { date: formatDate(r.week) })}
                  </Table.Th>
                  <Table.Td ta="right">{formatNumber(r.freed)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(r.refilled)}</Table.Td>
                  <Table.Td ta="right">{share(r) === null ? '–' : formatPercent(share(r))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
