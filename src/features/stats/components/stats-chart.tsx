import { AreaChart, BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { Box, SimpleGrid, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '#components/format.ts';
import type { StatGroupBy, StatMetric } from '#contract/sales.ts';
import { formatTick, formatValue } from '../labels.ts';

export interface ChartPoint {
  key: string;
  label: string;
  value: number;
}

export interface StatsChartProps {
  groupBy: StatGroupBy;
  metric: StatMetric;
  /** In display order. */
  points: readonly ChartPoint[];
  /** A time series (day, week, month): a line; else bars. */
  time: boolean;
}

/**
 * The chart and, beside it, the table with the same values: the table is what screen readers and keyboards use
 * (the chart is one labelled image to them).
 */
export function StatsChart({ groupBy, metric, points, time }: StatsChartProps) {
  const { t } = useTranslation('stats');
  const names = { metric: t(`metric.${metric}`), groupBy: t(`groupBy.${groupBy}`) };
  const total = points.reduce((n, p) => n + p.value, 0);
  const data = points.map((p) => ({ label: p.label, value: p.value }));
  const series = [{ name: 'value', label: t(`metricShort.${metric}`), color: 'indigo.7' }];
  const valueFormatter = (v: number) => (metric === 'count' ? formatTick(v) : formatValue(metric, v));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Box
        role="img"
        aria-label={t('chart.label', names)}
        data-testid="stats-chart"
        data-kind={time ? 'time' : 'bars'}
      >
        {time ? (
          <AreaChart
            h={360}
            data={data}
            dataKey="label"
            series={series}
            curveType="linear"
            withDots={data.length <= 60}
            valueFormatter={valueFormatter}
            yAxisProps={{ tickFormatter: formatTick, width: 70 }}
            accessibilityLayer={false}
            withGradient={false}
            fillOpacity={0.15}
          />
        ) : (
          <BarChart
            h={Math.max(240, Math.min(720, data.length * 34 + 60))}
            data={data}
            dataKey="label"
            series={series}
            orientation="vertical"
            valueFormatter={valueFormatter}
            yAxisProps={{ width: 170, interval: 0 }}
            xAxisProps={{ tickFormatter: formatTick }}
            gridAxis="x"
            accessibilityLayer={false}
          />
        )}
      </Box>
      <Box
        style={{ maxHeight: 420, overflow: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={t('chart.tableLabel', names)}
      >
        <Table stickyHeader striped aria-label={t('chart.tableLabel', names)} data-testid="stats-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{names.groupBy}</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t(`metricShort.${metric}`)}
              </Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t('chart.share')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.key}>
                <Table.Th scope="row" fw={400}>
                  {p.label}
                </Table.Th>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {formatValue(metric, p.value)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {total !== 0 ? formatPercent((p.value / total) * 100) : '–'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('chart.total')}</Table.Th>
              <Table.Td style={{ textAlign: 'right', fontWeight: 600 }}>
                {formatValue(metric, total)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Box>
    </SimpleGrid>
  );
}
