import type { TFunction } from 'i18next';
import {
  type AccountingServiceRow,
  type AccountingTransactionRow,
  accountingServiceRow,
  accountingTransactionRow,
} from '../../../contract/accounting.ts';
import { formatChf, formatDate } from '../../components/format.ts';
import type { CsvColumn, CsvKind } from './csv.ts';
import type { SortColumn } from './table-model.ts';

/** A column of an accounting table: header, cell text, width, and how it sorts. */
export interface TableColumn<R> extends SortColumn<R> {
  header: string;
  text: (row: R) => string;
  /** Pixels. */
  width: number;
  align?: 'right';
}

export const laws = accountingServiceRow.shape.law.options;
export const statuses = accountingServiceRow.shape.status.options;
export const serviceTypes = accountingServiceRow.shape.type.options;

export function serviceColumns(t: TFunction): TableColumn<AccountingServiceRow>[] {
  return [
    {
      key: 'date',
      header: t('col.date'),
      kind: 'code',
      value: (r) => r.date,
      text: (r) => formatDate(r.date),
      width: 110,
    },
    {
      key: 'invoice_no',
      header: t('col.invoice'),
      kind: 'code',
      value: (r) => r.invoice_no,
      text: (r) => r.invoice_no,
      width: 130,
    },
    {
      key: 'patid',
      header: t('col.patid'),
      kind: 'number',
      value: (r) => r.patid,
      text: (r) => String(r.patid),
      width: 125,
      align: 'right',
    },
    {
      key: 'code',
      header: t('col.code'),
      kind: 'code',
      value: (r) => r.code,
      text: (r) => r.code,
      width: 140,
    },
    {
      key: 'title',
      header: t('col.title'),
      kind: 'text',
      value: (r) => r.title,
      text: (r) => r.title,
      width: 300,
    },
    {
      key: 'quantity',
      header: t('col.quantity'),
      kind: 'number',
      value: (r) => r.quantity,
      text: (r) => String(r.quantity),
      width: 80,
      align: 'right',
    },
    {
      key: 'tariff_type',
      header: t('col.tariff'),
      kind: 'text',
      value: (r) => r.tariff_type,
      text: (r) => r.tariff_type,
      width: 120,
    },
    {
      key: 'type',
      header: t('col.type'),
      kind: 'code',
      value: (r) => r.type,
      text: (r) => t(`type.${r.type}`),
      width: 110,
    },
    {
      key: 'law',
      header: t('col.law'),
      kind: 'code',
      value: (r) => r.law,
      text: (r) => t(`law.${r.law}`),
      width: 70,
    },
    {
      key: 'status',
      header: t('col.status'),
      kind: 'code',
      value: (r) => r.status,
      text: (r) => t(`status.${r.status}`),
      width: 120,
    },
    {
      key: 'amount',
      header: t('col.amount'),
      kind: 'number',
      value: (r) => r.amount,
      text: (r) => formatChf(r.amount),
      width: 130,
      align: 'right',
    },
  ];
}

export function paymentColumns(t: TFunction): TableColumn<AccountingTransactionRow>[] {
  return [
    {
      key: 'transaction_date',
      header: t('col.entryDate'),
      kind: 'code',
      value: (r) => r.transaction_date,
      text: (r) => formatDate(r.transaction_date),
      width: 120,
    },
    {
      key: 'invoice_no',
      header: t('col.invoice'),
      kind: 'code',
      value: (r) => r.invoice_no,
      text: (r) => r.invoice_no,
      width: 130,
    },
    {
      key: 'patid',
      header: t('col.patid'),
      kind: 'number',
      value: (r) => r.patid,
      text: (r) => String(r.patid),
      width: 125,
      align: 'right',
    },
    {
      key: 'case_no',
      header: t('col.caseNo'),
      kind: 'number',
      value: (r) => r.case_no,
      text: (r) => String(r.case_no),
      width: 110,
      align: 'right',
    },
    {
      key: 'comment',
      header: t('col.comment'),
      kind: 'text',
      value: (r) => r.comment,
      text: (r) => r.comment,
      width: 300,
    },
    {
      key: 'account_number',
      header: t('col.account'),
      kind: 'code',
      value: (r) => r.account_number,
      text: (r) => r.account_number,
      width: 100,
    },
    {
      key: 'amount',
      header: t('col.amount'),
      kind: 'number',
      value: (r) => r.amount,
      text: (r) => formatChf(r.amount),
      width: 130,
      align: 'right',
    },
  ];
}

// The CSV carries every field of the rows, under the service's field names, in the contract's order.
const serviceKinds: Partial<Record<keyof AccountingServiceRow, CsvKind>> = {
  patid: 'number',
  case_no: 'number',
  service_id: 'number',
  date: 'date',
  quantity: 'number',
  session: 'number',
  unit_mt: 'number',
  unit_tt: 'number',
  unit_factor_mt: 'number',
  unit_factor_tt: 'number',
  vat: 'amount',
  vat_rate: 'number',
  amount: 'amount',
  is_covered: 'boolean',
  provider: 'number',
  responsible: 'number',
};

const transactionKinds: Partial<Record<keyof AccountingTransactionRow, CsvKind>> = {
  patid: 'number',
  case_no: 'number',
  transaction_id: 'number',
  transaction_date: 'date',
  amount: 'amount',
};

/** A CSV column of a row field (the worker builds the file from the field names, extract-model.ts). */
export interface FieldCsvColumn<R> extends CsvColumn<R> {
  key: keyof R & string;
}

function csvColumnsOf<R>(
  keys: readonly (keyof R & string)[],
  kinds: Partial<Record<keyof R, CsvKind>>,
): FieldCsvColumn<R>[] {
  return keys.map((key) => ({
    key,
    header: key,
    kind: kinds[key] ?? 'text',
    value: (row: R) => row[key] as string | number | boolean,
  }));
}

/**
 * The CSV's header line in the UI language (`Rechnungsnr.`, `N° de facture`, …), the values unchanged: a person
 * opens the file in Excel (docs/decisions/0007-csv-export.md).
 */
export function localizedCsvColumns<C extends CsvColumn<never>>(columns: readonly C[], t: TFunction): C[] {
  return columns.map((c) => ({ ...c, header: t(`csv.${c.header}`, { defaultValue: c.header }) }));
}

export const serviceCsvColumns = csvColumnsOf<AccountingServiceRow>(
  Object.keys(accountingServiceRow.shape) as (keyof AccountingServiceRow)[],
  serviceKinds,
);

export const transactionCsvColumns = csvColumnsOf<AccountingTransactionRow>(
  Object.keys(accountingTransactionRow.shape) as (keyof AccountingTransactionRow)[],
  transactionKinds,
);
