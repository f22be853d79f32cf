import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import type { TableColumn } from '../columns.ts';
import { type CsvColumn, downloadCsv, toCsv } from '../csv.ts';
import { grandTotal, type Total, viewRows } from '../table-model.ts';
import type { SortDir } from '../view-state.ts';
import { Totals, type TotalsGroup } from './totals.tsx';
import { VirtualTable } from './virtual-table.tsx';

export interface ExtractProps<R> {
  query: UseQueryResult<R[]>;
  label: string;
  columns: readonly TableColumn<R>[];
  csvColumns: readonly CsvColumn<R>[];
  rowKey: (row: R) => number;
  /** null: every row. */
  keep: ((row: R) => boolean) | null;
  sort: { key: string; dir: SortDir } | null;
  onSort: (key: string) => void;
  totals: (rows: readonly R[]) => TotalsGroup[];
  amount: (row: R) => number;
  /** Without extension, e.g. `services_2026-11-01_2026-11-30`. */
  filename: string;
  emptyText: string;
  /** The filter fields, shown above the totals. */
  filters: ReactNode;
}

/** One accounting extract: filters, totals of the shown rows, the (virtualised) table and the CSV export. */
export function Extract<R>(props: ExtractProps<R>) {
  const { t } = useTranslation('accounting');
  const { query, columns, keep, sort, amount } = props;
  const rows = query.data;

  // Typing in a filter stays smooth: the 100,000-row pass runs at lower priority.
  const deferredKeep = useDeferredValue(keep);
  const deferredSort = useDeferredValue(sort);
  const shown = useMemo(() => {
    if (!rows) return [];
    const column = deferredSort ? columns.find((c) => c.key === deferredSort.key) : undefined;
    return viewRows(rows, column && deferredSort ? { column, dir: deferredSort.dir } : null, deferredKeep);
  }, [rows, columns, deferredSort, deferredKeep]);
  const groups = useMemo(() => props.totals(shown), [props.totals, shown]);
  const grand: Total = useMemo(() => grandTotal(shown, amount), [shown, amount]);

  if (query.isPending) {
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
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const total = rows?.length ?? 0;
  const exportCsv = () => downloadCsv(`${props.filename}.csv`, toCsv(props.csvColumns, shown));

  return (
    // Busy while further rows of the extract are arriving (the first ones are already shown).
    <Stack gap="md" aria-busy={query.isFetching}>
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
              {t('rows', { shown: shown.length, total })}
            </Text>
            <Group gap="xs" align="center">
              <Text size="xs" c="dimmed" maw={420} visibleFrom="md">
                {t('export.hint')}
              </Text>
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                onClick={exportCsv}
                disabled={shown.length === 0}
                aria-label={t('export.label', { count: shown.length })}
              >
                {t('export.button')}
              </Button>
            </Group>
          </Group>
          {shown.length === 0 ? (
            <EmptyState title={t('empty.filtered')} />
          ) : (
            <VirtualTable
              label={props.label}
              rows={shown}
              columns={columns}
              rowKey={props.rowKey}
              sort={sort}
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
