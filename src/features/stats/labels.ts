import type { TFunction } from 'i18next';
import { folderName } from '#components/codes.ts';
import { dayjs } from '#components/dayjs.ts';
import { formatChf, formatDate, formatNumber } from '#components/format.ts';
import type { StatGroupBy, StatMetric, StatRow } from '#contract/sales.ts';

/** What a person reads for a group: names for ids and codes, de-CH dates, `Week 47, 2026`, `Nov 2026`. */
export function groupLabel(
  groupBy: StatGroupBy,
  row: StatRow,
  t: TFunction<'stats'>,
  language: string,
): string {
  switch (groupBy) {
    case 'assignee':
      return row.key === '0' || row.key === '' ? t('label.unassigned') : row.label || `#${row.key}`;
    case 'day':
      return formatDate(row.key) || row.key;
    case 'week': {
      const m = /^(\d{4})-W(\d{2})$/.exec(row.key);
      return m ? t('label.week', { week: Number(m[2]), year: m[1] }) : row.key;
    }
    case 'month': {
      const m = /^(\d{4})-(\d{2})$/.exec(row.key);
      if (!m) return row.key;
      // dayjs's month names: the same in every browser (ICU versions abbreviate differently, `Sep` / `Sept`).
      return dayjs(`${row.key}-01`)
        .locale(['de', 'fr', 'it'].includes(language) ? language : 'en')
        .format('MMM YYYY');
    }
    case 'folder':
      return folderName({ folderId: Number(row.key), label: row.label || row.key || t('label.none') });
    case 'country':
      return row.label || row.key || t('label.unknownCountry');
    default:
      return row.label || row.key || t('label.none');
  }
}

/** A value in the table: a count as a whole number, money as `CHF 1'234.50`. */
export function formatValue(metric: StatMetric, value: number): string {
  if (metric === 'count') return formatNumber(Math.round(value));
  return formatChf(value);
}

/** Axis ticks: whole numbers with the Swiss apostrophe (`12'500`). */
export function formatTick(value: number): string {
  return formatNumber(Math.round(value));
}
