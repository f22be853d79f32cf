import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPhoto } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '#api/name-format.ts';
import { leadStatsQuery, referenceDataQuery } from '#api/sales.ts';
import { usersQuery } from '#api/system.ts';
import { folderName } from '#components/codes.ts';
import { downloadBlob, downloadCsv } from '#components/csv.ts';
import { formatDate, formatDateTime } from '#components/format.ts';
import { Page } from '#components/page.tsx';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { xlsxBlob } from '#components/xlsx.ts';
import type { Folder, StatRow } from '#contract/sales.ts';
import { GapMinutesPanel } from './components/gap-minutes-panel.tsx';
import { ReasonsPanel } from './components/reasons-panel.tsx';
import { type ChartPoint, StatsChart } from './components/stats-chart.tsx';
import { StatsFilters } from './components/stats-filters.tsx';
import { chartPng, statsCsv, statsXlsx } from './export.ts';
import { groupLabel } from './labels.ts';
import { fillTimeGaps } from './series.ts';
import { isTimeGroup, readStatsView, type StatsView, statFilterOf, writeStatsView } from './url-state.ts';

/** Two groups with the same text (folder "Open" of both pipelines) would be one bar: the second names its key. */
function uniqueLabels(points: ChartPoint[], folderSuffix: (key: string) => string | null): ChartPoint[] {
  const seen = new Map<string, number>();
  for (const p of points) seen.set(p.label, (seen.get(p.label) ?? 0) + 1);
  return points.map((p) => {
    if ((seen.get(p.label) ?? 0) < 2) return p;
    const suffix = folderSuffix(p.key) ?? p.key;
    return { ...p, label: `${p.label} (${suffix})` };
  });
}

/** `/stats`: leads grouped by any of getLeadStats' groupings, with chart and table; disqualification reasons. */
export function Component() {
  const { t, i18n } = useTranslation('stats');
  const [params, setParams] = useUrlParams();
  const view = readStatsView(params);
  // On the address as last written, not this render's view: a second click before the page has drawn the first
  // would write the first one back (useUrlParams hands the updater the latest params).
  const update = (change: Partial<StatsView>) =>
    setParams((prev) => writeStatsView({ ...readStatsView(prev), ...change }), { replace: true });
  const filter = statFilterOf(view);

  const stats = useQuery({
    ...leadStatsQuery(view.groupBy, view.metric, filter),
    // While a new filter loads the old numbers stay (dimmed); another grouping's rows would not fit the labels.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].groupBy === view.groupBy ? keepPreviousData(previous) : undefined,
  });
  const reference = useQuery(referenceDataQuery());
  const users = useQuery(usersQuery());
  const folders = reference.data?.folders ?? [];
  const pipelineName = (ispatient: 0 | 1) => t(ispatient === 1 ? 'pipeline.patients' : 'pipeline.contacts');
  const folderLabel = (f: Folder) => `${folderName(f)} (${pipelineName(f.ispatient)})`;

  const language = i18n.resolvedLanguage ?? 'en';
  const time = isTimeGroup(view.groupBy);
  const rows: StatRow[] | undefined = stats.data;
  const points = useMemo(() => {
    if (!rows) return [];
    const ordered = time ? fillTimeGaps(view.groupBy, rows) : rows;
    const list = ordered.map((r) => ({
      key: r.key,
      label: groupLabel(view.groupBy, r, t, language),
      value: r.value,
    }));
    return uniqueLabels(list, (key) => {
      if (view.groupBy !== 'folder') return null;
      const f = folders.find((x) => String(x.folderId) === key);
      return f ? t(f.ispatient === 1 ? 'pipeline.patients' : 'pipeline.contacts') : null;
    });
  }, [rows, time, view.groupBy, t, language, folders]);

  const names = { metric: t(`metric.${view.metric}`), groupBy: t(`groupBy.${view.groupBy}`) };
  const chartRef = useRef<HTMLDivElement>(null);
  const [pngFailed, setPngFailed] = useState(false);
  const filename = `leads_${view.metric}_${view.groupBy}_${view.from || 'start'}_${view.to || 'end'}`;
  const headers = {
    group: names.groupBy,
    value: view.metric === 'count' ? t('metricShort.count') : names.metric,
    share: t('chart.sharePercent'),
    total: t('chart.total'),
  };
  const exportCsv = () => downloadCsv(`${filename}.csv`, statsCsv(points, view.metric, headers));
  // What the workbook says above its table: the chart's title, the filters, when it was made.
  const filterList = () => {
    const user = users.data?.find((u) => String(u.userid) === view.assignee);
    const folder = folders.find((f) => String(f.folderId) === view.folder);
    return [
      view.pipeline && `${t('filter.pipeline')}: ${pipelineName(view.pipeline === '1' ? 1 : 0)}`,
      view.assignee &&
        `${t('filter.assignee')}: ${
          view.assignee === '0'
            ? t('label.unassigned')
            : user
              ? personName(user) || `#${user.userid}`
              : `#${view.assignee}`
        }`,
      view.folder && `${t('filter.folder')}: ${folder ? folderLabel(folder) : `#${view.folder}`}`,
      view.from && `${t('filter.from')}: ${formatDate(view.from)}`,
      view.to && `${t('filter.to')}: ${formatDate(view.to)}`,
    ].filter((f): f is string => typeof f === 'string' && f !== '');
  };
  const [xlsxState, setXlsxState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const exportXlsx = async () => {
    setXlsxState('busy');
    try {
      const list = filterList();
      const data = await statsXlsx(points, view.metric, headers, {
        name: t('title'),
        lines: [
          t('chart.title', names),
          list.length > 0 ? t('export.filters', { list: list.join(' · ') }) : t('export.noFilters'),
          t('export.created', { at: formatDateTime(new Date()) }),
        ],
        byDay: view.groupBy === 'day',
      });
      downloadBlob(`${filename}.xlsx`, xlsxBlob(data));
      setXlsxState('idle');
    } catch {
      setXlsxState('failed');
    }
  };
  const exportPng = async () => {
    setPngFailed(false);
    const svg = chartRef.current?.querySelector<SVGSVGElement>(
      '[data-testid="stats-chart"] svg.recharts-surface',
    );
    try {
      if (!svg) throw new Error('No chart.');
      downloadBlob(`${filename}.png`, await chartPng(svg, t('chart.title', names)));
    } catch {
      setPngFailed(true);
    }
  };
  const canExport = !stats.isPending && !stats.isError && points.length > 0;

  let body: React.ReactNode;
  if (stats.isPending) {
    body = (
      <Stack role="status" aria-label={t('chart.loading')}>
        <Skeleton h={320} />
      </Stack>
    );
  } else if (stats.isError) {
    body = <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  } else if (points.length === 0) {
    body = <EmptyState title={t('chart.empty')} />;
  } else {
    body = <StatsChart groupBy={view.groupBy} metric={view.metric} points={points} time={time} />;
  }

  return (
    <Page title={t('title')}>
      <Text>{t('intro')}</Text>
      <Paper withBorder p="md" component="section" aria-label={t('filter.legend')}>
        <StatsFilters
          view={view}
          onChange={update}
          folders={folders}
          users={users.data ?? []}
          folderLabel={folderLabel}
        />
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="stats-chart-title">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id="stats-chart-title">
            {t('chart.title', names)}
          </Title>
          {canExport && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                onClick={() => void exportXlsx()}
                disabled={stats.isPlaceholderData}
                loading={xlsxState === 'busy'}
              >
                {t('export.xlsx')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileTypeCsv size={18} aria-hidden />}
                onClick={exportCsv}
                disabled={stats.isPlaceholderData}
              >
                {t('export.csv')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPhoto size={18} aria-hidden />}
                onClick={() => void exportPng()}
                disabled={stats.isPlaceholderData}
              >
                {t('export.png')}
              </Button>
            </Group>
          )}
        </Group>
        {xlsxState === 'failed' && (
          <Text size="sm" c="red" role="alert">
            {t('export.xlsxFailed')}
          </Text>
        )}
        {pngFailed && (
          <Text size="sm" c="red" role="alert">
            {t('export.pngFailed')}
          </Text>
        )}
        <div
          ref={chartRef}
          aria-busy={stats.isFetching}
          style={{ opacity: stats.isPlaceholderData ? 0.6 : 1 }}
        >
          {body}
        </div>
      </Stack>
      <ReasonsPanel
        filter={filter}
        reasons={reference.data?.disqualification ?? []}
        folders={folders}
        pipelineName={pipelineName}
      />
      <GapMinutesPanel />
    </Page>
  );
}
