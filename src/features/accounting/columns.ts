import type { TFunction } from 'i18next';
import { createElement, type ReactNode } from 'react';
import { formatChf, formatDate } from '#components/format.ts';
import { PatientName } from '#components/person-name.tsx';
import {
  type AccountingServiceRow,
  type AccountingTransactionRow,
  accountingServiceRow,
} from '#contract/accounting.ts';
import { accountLabel } from './accounts.ts';
import type { SortColumn } from './table-model.ts';

/** A column of an accounting table: header, cell text, width, and how it sorts. */
export interface TableColumn<R> extends SortColumn<R> {
  header: string;
  text: (row: R) => string;
  /** Pixels. */
  width: number;
  align?: 'right';
  /** What the cell shows when it is more than `text` (the patient's name, read when the row comes on screen). */
  cell?: (row: R) => ReactNode;
}

/** `Muster, Anna` and the number, which the filter and the invoices use. */
function patientCell(patid: number): ReactNode {
  return createElement(
    'span',
    null,
    createElement(PatientName, { patid }),
    createElement('span', { style: { color: 'var(--mantine-color-dimmed)' } }, ` · ${patid}`),
  );
}

export const laws = accountingServiceRow.shape.law.options;
export const statuses = accountingServiceRow.shape.status.options;
export const serviceTypes = accountingServiceRow.shape.type.options;

export function serviceColumns(t: TFunction<'accounting'>): TableColumn<AccountingServiceRow>[] {
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
      header: t('col.patient'),
      kind: 'number',
      value: (r) => r.patid,
      text: (r) => String(r.patid),
      cell: (r) => patientCell(r.patid),
      width: 210,
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
      // Room for the longest type word of the four languages (Italian "Medicamento").
      width: 130,
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
      // "Nicht gedruckt" needs 123 px with the cell's padding (the screen sweep found it cut at 120).
      width: 140,
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

export function paymentColumns(t: TFunction<'accounting'>): TableColumn<AccountingTransactionRow>[] {
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
      header: t('col.patient'),
      kind: 'number',
      value: (r) => r.patid,
      text: (r) => String(r.patid),
      cell: (r) => patientCell(r.patid),
      width: 210,
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
      text: (r) => accountLabel(t, r.account_number),
      width: 130,
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
