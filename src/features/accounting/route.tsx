import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, practiceToday } from '#components/format.ts';
import { Page } from '#components/page.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import type { AccountingServiceRow } from '#contract/accounting.ts';
import { accountLabel } from './accounts.ts';
import { paymentColumns, serviceColumns } from './columns.ts';
import { ConfirmWholeStock } from './components/confirm-whole-stock.tsx';
import { Extract } from './components/extract.tsx';
import { FilterBar } from './components/filter-bar.tsx';
import { RangeBar } from './components/range-bar.tsx';
import type { TotalsGroup } from './components/totals.tsx';
import { type ExportNames, serviceCsvSpec, transactionCsvSpec } from './csv-columns.ts';
import { useSpareWorker } from './extract-client.ts';
import type { SheetSpec, ViewSpec } from './extract-model.ts';
import { patidOf } from './filters.ts';
import type { SortKind, Total } from './table-model.ts';
import { type AccountingView, monthOf, rangeOf, readView, type Tab, writeView } from './url-state.ts';

/** `/accounting`: services and payments of a period (this month by default), filtered, totalled and exported. */
export function Component() {
  const { t } = useTranslation('accounting');
  const serviceCsv = useCallback((names: ExportNames) => serviceCsvSpec(t, names), [t]);
  const transactionCsv = useCallback((names: ExportNames) => transactionCsvSpec(t, names), [t]);
  const [params, setParams] = useUrlParams();
  useSpareWorker();
  const today = practiceToday();
  const view = readView(params, today);
  // The whole stock is loaded only after the user confirmed it here (an address with all=1 asks again).
  const [wholeConfirmed, setWholeConfirmed] = useState(false);
  const wholeAllowed = !view.all || wholeConfirmed;

  // On the address as last written (a second change before the page has drawn the first keeps both).
  const update = (change: Partial<AccountingView>) =>
    setParams((prev) => writeView({ ...readView(prev, today), ...change }, today), { replace: true });

  const [asking, setAsking] = useState(false);
  const confirmWholeStock = () => {
    setAsking(false);
    setWholeConfirmed(true);
    update({ all: true });
  };

  const range = rangeOf(view);
  const sColumns = useMemo(() => serviceColumns(t), [t]);
  const pColumns = useMemo(() => paymentColumns(t), [t]);
  const { law, status, type, patid, invoice } = view;
  const sortOf = (columns: readonly { key: string }[]) =>
    view.sort && columns.some((c) => c.key === view.sort) ? { key: view.sort, dir: view.dir } : null;
  const specOf = (columns: readonly { key: string; kind: SortKind }[]): ViewSpec => {
    const column = columns.find((c) => c.key === view.sort);
    return {
      filter: { law, status, type, patid, invoice },
      sort: column ? { key: column.key, kind: column.kind, dir: view.dir } : null,
    };
  };
  const sView = specOf(sColumns);
  const pView = specOf(pColumns);
  // The worker's totals come in the order of extract-model.ts: law, status, type; account.
  const serviceTotals = useCallback(
    (groups: Total[][]): TotalsGroup[] => [
      {
        title: t('totals.byLaw'),
        keyHeader: t('col.law'),
        totals: groups[0] ?? [],
        // The worker groups by the contract's codes of the rows.
        label: (k) => t(`law.${k as AccountingServiceRow['law']}`),
      },
      {
        title: t('totals.byStatus'),
        keyHeader: t('col.status'),
        totals: groups[1] ?? [],
        label: (k) => t(`status.${k as AccountingServiceRow['status']}`),
      },
      {
        title: t('totals.byType'),
        keyHeader: t('col.type'),
        totals: groups[2] ?? [],
        label: (k) => t(`type.${k as AccountingServiceRow['type']}`),
      },
    ],
    [t],
  );
  const paymentTotals = useCallback(
    (groups: Total[][]): TotalsGroup[] => [
      {
        title: t('totals.byAccount'),
        keyHeader: t('col.account'),
        totals: groups[0] ?? [],
        label: (k) => accountLabel(t, k),
      },
    ],
    [t],
  );
  const onSort = (key: string) =>
    update({ sort: key, dir: view.sort === key && view.dir === 'asc' ? 'desc' : 'asc' });

  const period = view.all ? 'all' : `${view.from || 'start'}_${view.until || 'end'}`;
  const periodText = view.all
    ? t('range.showingAll')
    : view.from && view.until
      ? t('range.showing', { from: formatDate(view.from), until: formatDate(view.until) })
      : view.from
        ? t('range.showingFrom', { from: formatDate(view.from) })
        : t('range.showingUntil', { until: formatDate(view.until) });

  // What the workbook says above its table: the extract and the date its rows were chosen by, the period, for
  // payments which date the file shows, the filters, when it was made.
  const filterList = [
    view.tab === 'services' && law && `${t('filter.law')} ${t(`law.${law as AccountingServiceRow['law']}`)}`,
    view.tab === 'services' &&
      status &&
      `${t('filter.status')} ${t(`status.${status as AccountingServiceRow['status']}`)}`,
    view.tab === 'services' &&
      type &&
      `${t('filter.type')} ${t(`type.${type as AccountingServiceRow['type']}`)}`,
    typeof patidOf(patid) === 'number' && `${t('filter.patid')} ${patid.trim()}`,
    invoice.trim() && `${t('filter.invoice')} ${t('file.contains', { text: invoice.trim() })}`,
  ].filter((f): f is string => typeof f === 'string' && f !== '');
  const sheetOf = (tab: Tab) => (): SheetSpec => ({
    name: t(`tabs.${tab}`),
    lines: [
      t('file.title', { extract: t(`tabs.${tab}`), field: t(`dateField.${tab}`) }),
      periodText,
      ...(tab === 'payments' ? [t('file.entryDate')] : []),
      filterList.length > 0 ? t('file.filters', { list: filterList.join(', ') }) : t('file.noFilters'),
      t('file.created', { at: formatDateTime(new Date()) }),
    ],
  });

  const filters = (
    <FilterBar tab={view.tab} view={{ law, status, type, patid, invoice }} onChange={(c) => update(c)} />
  );

  return (
    <Page title={t('title')}>
      <ConfirmWholeStock opened={asking} onConfirm={confirmWholeStock} onCancel={() => setAsking(false)} />
      <Stack gap="sm">
        <RangeBar
          from={view.from}
          until={view.until}
          all={view.all}
          today={today}
          onRange={(r) => update({ ...r, all: false })}
          onWholeStock={() => setAsking(true)}
        />
        <Text size="sm" fw={500} data-testid="period">
          {periodText}
        </Text>
      </Stack>

      {!wholeAllowed && (
        <Alert color="gray" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('whole.title')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('whole.pending')}</Text>
            <Text size="sm">{t('whole.text')}</Text>
            <Group gap="sm">
              <Button onClick={() => setWholeConfirmed(true)}>{t('whole.confirm')}</Button>
              <Button variant="default" onClick={() => update({ all: false, ...monthOf(today) })}>
                {t('whole.back')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <Tabs
        value={view.tab}
        onChange={(v) =>
          update({ tab: (v === 'payments' ? 'payments' : 'services') as Tab, sort: '', dir: 'asc' })
        }
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          <Tabs.Tab value="services">{t('tabs.services')}</Tabs.Tab>
          <Tabs.Tab value="payments">{t('tabs.payments')}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="services" pt="md">
          <Stack gap="md">
            <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('servicesNote')}
            </Alert>
            {wholeAllowed && (
              <Extract
                op="accountingServices"
                range={range}
                view={sView}
                label={t('tableLabel.services')}
                columns={sColumns}
                csvColumns={serviceCsv}
                rowKey={(r) => r.service_id}
                sort={sortOf(sColumns)}
                onSort={onSort}
                totals={serviceTotals}
                filename={`services_${period}`}
                sheet={sheetOf('services')}
                chosenBy={t('dateField.services')}
                emptyText={t('empty.services')}
                filters={filters}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <Stack gap="md">
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              data-testid="payments-note"
            >
              {t('paymentsNote')}
            </Alert>
            {wholeAllowed && (
              <Extract
                op="accountingTransactions"
                range={range}
                view={pView}
                label={t('tableLabel.payments')}
                columns={pColumns}
                csvColumns={transactionCsv}
                rowKey={(r) => r.transaction_id}
                sort={sortOf(pColumns)}
                onSort={onSort}
                totals={paymentTotals}
                filename={`payments_${period}`}
                sheet={sheetOf('payments')}
                chosenBy={t('dateField.payments')}
                emptyText={t('empty.payments')}
                filters={filters}
              />
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
