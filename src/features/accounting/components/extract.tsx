import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPatientNames, fetchProviderNames } from '#api/names.ts';
import { downloadBlob, downloadCsv } from '#components/csv.ts';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { xlsxBlob } from '#components/xlsx.ts';
import type { AccountingRange } from '#contract/accounting.ts';
import type { TableColumn } from '../columns.ts';
import type { ExportNames } from '../csv-columns.ts';
import { useExtract } from '../extract-client.ts';
import type { CsvSpec, ExtractOp, SheetSpec, ViewSpec } from '../extract-model.ts';
import type { Total } from '../table-model.ts';
import type { SortDir } from '../url-state.ts';
import { Totals, type TotalsGroup } from './totals.tsx';
import { VirtualTable } from './virtual-table.tsx';

type Format = 'csv' | 'xlsx';

export interface ExtractProps<R> {
  op: ExtractOp;
  range: AccountingRange;
  /** The filter and order, computed by the worker. */
  view: ViewSpec;
  label: string;
  columns: readonly TableColumn<R>[];
  /** The CSV's columns: field, kind, header (in the UI language), labels with the names looked up. */
  csvColumns: (names: ExportNames) => CsvSpec[];
  rowKey: (row: R) => number;
  sort: { key: string; dir: SortDir } | null;
  onSort: (key: string) => void;
  /** The worker's totals (one list per group of the extract), titled and labelled. */
  totals: (groups: Total[][]) => TotalsGroup[];
  /** Without extension, e.g. `services_2026-11-01_2026-11-30`. */
  filename: string;
  /** The workbook's sheet: its name and the lines above the table (what, which period, by which date, filters). */
  sheet: () => SheetSpec;
  /** The date the service chose the rows by (`Buchungsdatum`), said beside the export buttons. */
  chosenBy: string;
  emptyText: string;
  /** The filter fields, shown above the totals. */
  filters: ReactNode;
}

/**
 * One accounting extract: filters, totals of the shown rows, the (virtualised) table and the CSV export. The rows,
 * their filtering, order and totals are the worker's (extract-client.ts); this shows what it answers.
 */
export function Extract<R>(props: ExtractProps<R>) {
  const { t } = useTranslation('accounting');
  const { columns } = props;
  // The extract's state lives here, not in the route: its updates re-render this part of the page only.
  const query = useExtract<R>(props.op, props.range, props.view);
  const queryClient = useQueryClient();
  // The export: names being read (done of total), then how many could not be read (-1: the export failed).
  const [exporting, setExport] = useState<{
    busy: Format | null;
    done: number;
    total: number;
    failed: number;
  }>({ busy: null, done: 0, total: 0, failed: 0 });
  const viewKey = JSON.stringify(props.view);
  const summary = query.summary;
  const groups = useMemo(() => (summary ? props.totals(summary.groups) : []), [props.totals, summary]);

  if (query.status === 'pending') {
    return (
      <Stack gap="xs" role="status" aria-live="polite" aria-label={t('loading')}>
        {props.filters}
        <Skeleton h={120} />
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  if (query.status === 'error' || !summary) {
    return <ErrorState error={query.error} onRetry={query.retry} />;
  }

  const total = summary.total;
  const shown = summary.shown;
  const grand: Total = summary.grand;
  const exportAs = async (format: Format) => {
    setExport({ busy: format, done: 0, total: 0, failed: 0 });
    try {
      // The names of the patients of the shown rows (each once, a few reads at a time) and of the practitioners.
      const patids = (await query.distinct('patid')).filter((v): v is number => typeof v === 'number');
      const [patients, providers] = await Promise.all([
        fetchPatientNames(queryClient, patids, {
          onProgress: (done, total) => setExport((s) => ({ ...s, done, total })),
        }),
        fetchProviderNames(queryClient).catch(() => new Map<number, string>()),
      ]);
      const columns = props.csvColumns({ patients: patients.names, providers });
      if (format === 'csv') downloadCsv(`${props.filename}.csv`, await query.csv(columns));
      else downloadBlob(`${props.filename}.xlsx`, xlsxBlob(await query.xlsx(columns, props.sheet())));
      setExport({ busy: null, done: 0, total: 0, failed: patients.failed.length });
    } catch {
      setExport({ busy: null, done: 0, total: 0, failed: -1 });
    }
  };

  return (
    // Busy while further rows of the extract are arriving (the first ones are already shown).
    <Stack gap="md" aria-busy={query.fetching}>
      {props.filters}
      {total === 0 ? (
        <EmptyState title={props.emptyText} />
      ) : (
        <>
          <Totals
            groups={groups}
            countHeader={t('totals.count')}
            amountHeader={t('totals.amount')}
            totalLabel={t('totals.total')}
            grand={grand}
          />
          <Group justify="space-between" align="center" wrap="wrap">
            <Text size="sm" role="status" aria-live="polite" data-testid="row-count">
              {t('rows', { shown, total })}
            </Text>
            <Group gap="xs" align="center">
              <Text size="xs" c="dimmed" maw={420} visibleFrom="md">
                {t('export.hint')}
              </Text>
              <Text size="sm" data-testid="export-chosen-by">
                {t('export.chosenBy', { field: props.chosenBy })}
              </Text>
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                onClick={() => void exportAs('xlsx')}
                disabled={shown === 0 || (exporting.busy !== null && exporting.busy !== 'xlsx')}
                loading={exporting.busy === 'xlsx'}
                aria-label={t('export.xlsxLabel', { count: shown, field: props.chosenBy })}
              >
                {t('export.xlsx')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileTypeCsv size={18} aria-hidden />}
                onClick={() => void exportAs('csv')}
                disabled={shown === 0 || (exporting.busy !== null && exporting.busy !== 'csv')}
                loading={exporting.busy === 'csv'}
                aria-label={t('export.label', { count: shown })}
              >
                {t('export.button')}
              </Button>
            </Group>
          </Group>
          {exporting.busy !== null && exporting.total > 0 && (
            <Text size="sm" role="status" aria-live="polite">
              {t('export.names', { done: exporting.done, total: exporting.total })}
            </Text>
          )}
          {exporting.busy === null && exporting.failed !== 0 && (
            <Text size="sm" c={exporting.failed < 0 ? 'red' : undefined} role="status" aria-live="polite">
              {exporting.failed < 0
                ? t('export.failed')
                : t('export.namesMissing', { count: exporting.failed })}
            </Text>
          )}
          {shown === 0 ? (
            <EmptyState title={t('empty.filtered')} />
          ) : (
            <VirtualTable
              label={props.label}
              count={shown}
              rowAt={query.rowAt}
              onShowing={query.showing}
              resetKey={viewKey}
              columns={columns}
              rowKey={props.rowKey}
              sort={props.sort}
              onSort={props.onSort}
              sortLabel={(column, next) =>
                t('sortBy', { column, direction: next === 'asc' ? t('ascending') : t('descending') })
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
