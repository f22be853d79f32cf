import type { TFunction } from 'i18next';
import type { CsvKind } from '#components/csv.ts';
import {
  type AccountingServiceRow,
  type AccountingTransactionRow,
  accountingServiceRow,
  accountingTransactionRow,
} from '#contract/accounting.ts';
import { accountName, knownAccounts } from './accounts.ts';
import type { CsvSpec } from './extract-model.ts';

/**
 * The columns of the accounting CSV (docs/decisions/0027-exports-ready-for-excel.md): every field of the rows in
 * the contract's order, headers in the UI language, codes as words (`printed` → `Gedruckt`), dates `DD.MM.YYYY`,
 * and beside each number a person cannot read a column with its name: patient, practitioner, account. The numbers
 * stay, so that the file can still be matched with other lists.
 */

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

export const serviceFields = Object.keys(accountingServiceRow.shape) as (keyof AccountingServiceRow)[];
export const transactionFields = Object.keys(
  accountingTransactionRow.shape,
) as (keyof AccountingTransactionRow)[];

/** The names the CSV shows beside the numbers (looked up by the page before the export). */
export interface ExportNames {
  patients: ReadonlyMap<number, string>;
  providers: ReadonlyMap<number, string>;
}

const byString = (names: ReadonlyMap<number, string>) =>
  new Map([...names].map(([id, name]) => [String(id), name]));

function codeLabels<C extends string>(codes: readonly C[], label: (code: C) => string): Map<string, string> {
  return new Map(codes.map((c) => [c, label(c)]));
}

function columnsOf<K extends keyof AccountingServiceRow | keyof AccountingTransactionRow>(
  fields: readonly K[],
  kinds: Partial<Record<K, CsvKind>>,
  t: TFunction<'accounting'>,
  names: ExportNames,
): CsvSpec[] {
  const patients = byString(names.patients);
  const providers = byString(names.providers);
  const accounts = new Map([...knownAccounts].map((n) => [n, accountName(t, n)]));
  const out: CsvSpec[] = [];
  for (const key of fields) {
    const header = t(`csv.${key}`);
    switch (key) {
      case 'type':
        out.push({
          key,
          header,
          kind: 'text',
          labels: codeLabels(accountingServiceRow.shape.type.options, (c) => t(`type.${c}`)),
        });
        break;
      case 'status':
        out.push({
          key,
          header,
          kind: 'text',
          labels: codeLabels(accountingServiceRow.shape.status.options, (c) => t(`status.${c}`)),
        });
        break;
      case 'law':
        out.push({
          key,
          header,
          kind: 'text',
          labels: codeLabels(accountingServiceRow.shape.law.options, (c) => t(`law.${c}`)),
        });
        break;
      case 'is_covered':
        out.push({
          key,
          header,
          kind: 'text',
          labels: new Map([
            ['true', t('csv.yes')],
            ['false', t('csv.no')],
            ['1', t('csv.yes')],
            ['0', t('csv.no')],
          ]),
        });
        break;
      default:
        out.push({ key, header, kind: kinds[key] ?? 'text' });
    }
    // The name beside the number.
    if (key === 'patid')
      out.push({ key, header: t('csv.patientName'), kind: 'text', labels: patients, unlabelled: 'empty' });
    if (key === 'provider' || key === 'responsible')
      out.push({
        key,
        header: t(key === 'provider' ? 'csv.providerName' : 'csv.responsibleName'),
        kind: 'text',
        labels: providers,
        unlabelled: 'empty',
      });
    if (key === 'account_number')
      out.push({ key, header: t('csv.accountName'), kind: 'text', labels: accounts, unlabelled: 'empty' });
  }
  return out;
}

export function serviceCsvSpec(t: TFunction<'accounting'>, names: ExportNames): CsvSpec[] {
  return columnsOf(serviceFields, serviceKinds, t, names);
}

export function transactionCsvSpec(t: TFunction<'accounting'>, names: ExportNames): CsvSpec[] {
  return columnsOf(transactionFields, transactionKinds, t, names);
}
