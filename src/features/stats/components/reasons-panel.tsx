import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { Box, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReasonCounts } from '#api/sales.ts';
import { folderName } from '#components/codes.ts';
import { EmptyState, ErrorState } from '#components/states.tsx';
import type { Folder, RefItem, StatFilter } from '#contract/sales.ts';
import { formatTick } from '../labels.ts';
import { reasonFolders, reasonsQuery } from '../queries.ts';

const folderColors = ['indigo.7', 'orange.8'];

export interface ReasonRow {
  code: string;
  label: string;
  /** Folder id -> count. */
  counts: Record<number, number>;
  total: number;
}

/** One row per reason (reference data order, then unknown codes, then "none given"), only reasons that occur. */
export function reasonRows(
  data: ReasonCounts,
  folderIds: readonly number[],
  reasons: readonly RefItem[],
  noReason: string,
): ReasonRow[] {
  const codes = new Set<string>();
  for (const id of folderIds) for (const code of Object.keys(data.byFolder[id] ?? {})) codes.add(code);
  const known = reasons.map((r) => r.code).filter((c) => codes.has(c));
  const unknown = [...codes].filter((c) => c !== '' && !reasons.some((r) => r.code === c)).sort();
  const ordered = [...known, ...unknown, ...(codes.has('') ? [''] : [])];
  return ordered.map((code) => {
    const counts: Record<number, number> = {};
    let total = 0;
    for (const id of folderIds) {
      counts[id] = data.byFolder[id]?.[code] ?? 0;
      total += counts[id];
    }
    const label = code === '' ? noReason : (reasons.find((r) => r.code === code)?.label ?? code);
    return { code, label, counts, total };
  });
}

export interface ReasonsPanelProps {
  filter: StatFilter;
  reasons: readonly RefItem[];
  folders: readonly Folder[];
  pipelineName: (ispatient: 0 | 1) => string;
}

/** Disqualification reasons per disqualified folder (5 patients, 15 contacts), counted over all their leads. */
export function ReasonsPanel({ filter, reasons, folders, pipelineName }: ReasonsPanelProps) {
  const { t } = useTranslation('stats');
  const folderIds = reasonFolders(filter);
  const query = useQuery({ ...reasonsQuery(filter), enabled: folderIds.length > 0 });
  const folderLabel = (id: number) => {
    const f = folders.find((x) => x.folderId === id);
    const ispatient = f?.ispatient ?? (id === 5 ? 1 : 0);
    return `${f ? folderName(f) : `#${id}`} (${pipelineName(ispatient)})`;
  };

  let body: React.ReactNode;
  if (folderIds.length === 0) body = <Text>{t('reasons.noFolder')}</Text>;
  else if (query.isPending)
    body = (
      <Stack gap="xs" role="status" aria-label={t('reasons.loading')}>
        <Skeleton h={200} />
      </Stack>
    );
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const rows = reasonRows(query.data, folderIds, reasons, t('reasons.noReason'));
    if (rows.length === 0) body = <EmptyState title={t('reasons.empty')} />;
    else {
      const data = rows.map((r) => {
        const point: Record<string, string | number> = { label: r.label };
        for (const id of folderIds) point[`f${id}`] = r.counts[id];
        return point;
      });
      const series = folderIds.map((id, i) => ({
        name: `f${id}`,
        label: folderLabel(id),
        color: folderColors[i % 2],
      }));
      body = (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" data-testid="reasons-based">
            {t('reasons.based', { count: query.data.leads, pages: query.data.pages })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Box role="img" aria-label={t('reasons.chartLabel')} data-testid="reasons-chart">
              <BarChart
                h={Math.max(220, rows.length * 40 + 80)}
                data={data}
                dataKey="label"
                series={series}
                orientation="vertical"
                withLegend
                yAxisProps={{ width: 170, interval: 0 }}
                xAxisProps={{ tickFormatter: formatTick, allowDecimals: false }}
                gridAxis="x"
                accessibilityLayer={false}
              />
            </Box>
            {/* Narrower than its words on a phone: it scrolls sideways then. */}
            <Box
              style={{ overflowX: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={t('reasons.tableLabel')}
            >
              <Table
                striped
                aria-label={t('reasons.tableLabel')}
                data-testid="reasons-table"
                // Whole words here, also the reasons': the region scrolls instead of the words breaking.
                style={{ overflowWrap: 'normal' }}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('reasons.reason')}</Table.Th>
                    {folderIds.map((id) => (
                      <Table.Th key={id} scope="col" style={{ textAlign: 'right' }}>
                        {folderLabel(id)}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('reasons.total')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.code}>
                      <Table.Th scope="row" fw={400}>
                        {r.label}
                      </Table.Th>
                      {folderIds.map((id) => (
                        <Table.Td key={id} style={{ textAlign: 'right' }}>
                          {formatTick(r.counts[id] ?? 0)}
                        </Table.Td>
                      ))}
                      <Table.Td style={{ textAlign: 'right', fontWeight: 600 }}>
                        {formatTick(r.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </SimpleGrid>
        </Stack>
      );
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="reasons-title">
      <Title order={2} size="h3" id="reasons-title">
        {t('reasons.title')}
      </Title>
      <Text size="sm">{t('reasons.intro')}</Text>
      {body}
    </Stack>
  );
}
