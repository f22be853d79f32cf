import { type CsvColumn, type CsvKind, toCsv } from '#components/csv.ts';
import { toXlsx } from '#components/xlsx.ts';
import { accountingServiceRow } from '#contract/accounting.ts';
import { paymentFilter, serviceFilter } from './filters.ts';
import {
  addTo,
  finishTotals,
  type SortColumn,
  type SortKind,
  type Total,
  type TotalsAcc,
  toCents,
  viewIndex,
} from './table-model.ts';

/**
 * The rows of one accounting extract and what the page shows of them: the filtered and sorted positions, the totals
 * per group and overall, a window of rows, the CSV and the Excel workbook. It lives where the rows are read (the extract's Web Worker, see
 * extract-host.ts), so that the page holds only what is on screen and never walks 100,000 rows itself.
 * Nothing here touches the DOM or i18n: the page sends plain values (field names, filter texts) and labels the
 * group keys it gets back.
 */

export type ExtractOp = 'accountingServices' | 'accountingTransactions';

type Row = Record<string, unknown>;

/** The filter fields as in the address (url-state.ts); '' for not set. */
export interface FilterSpec {
  law: string;
  status: string;
  type: string;
  patid: string;
  invoice: string;
}

export interface ViewSpec {
  filter: FilterSpec;
  /** A field of the row, sorted as `kind`; null: the service's order. */
  sort: { key: string; kind: SortKind; dir: 'asc' | 'desc' } | null;
}

/**
 * A column of the CSV: the row's field `key`, written as `kind`. With `labels` the cell is the label of the field's
 * value (`printed` → `Gedruckt`, patient 42 → `Muster, Anna`); a value without a label is written as it is, or left
 * empty with `unlabelled: 'empty'` (a name column beside its number column).
 */
export interface CsvSpec {
  key: string;
  kind: CsvKind;
  header: string;
  labels?: Map<string, string>;
  unlabelled?: 'value' | 'empty';
}

/** The workbook's sheet: its tab's name and the lines above the table (what was chosen, by which date, filters). */
export interface SheetSpec {
  name: string;
  lines: string[];
}

export interface Summary {
  /** Changes whenever the list of shown rows may have changed (new rows, another view): windows are of one version. */
  version: number;
  /** Rows loaded so far. */
  total: number;
  /** Rows shown (after the filter). */
  shown: number;
  /** One list per group of the extract (services: law, status, type; payments: account), over the shown rows. */
  groups: Total[][];
  grand: Total;
}

interface Group {
  field: string;
  order: readonly string[];
}

// Known values in the contract's order, as the page lists them.
const serviceGroups: Group[] = [
  { field: 'law', order: accountingServiceRow.shape.law.options },
  { field: 'status', order: accountingServiceRow.shape.status.options },
  { field: 'type', order: accountingServiceRow.shape.type.options },
];
const paymentGroups: Group[] = [{ field: 'account_number', order: [] }];

function keepOf(op: ExtractOp, filter: FilterSpec): ((r: Row) => boolean) | null {
  return op === 'accountingServices'
    ? (serviceFilter(filter) as ((r: Row) => boolean) | null)
    : (paymentFilter(filter) as ((r: Row) => boolean) | null);
}

const sortColumns = new Map<string, SortColumn<Row>>();
function sortColumn(key: string, kind: SortKind): SortColumn<Row> {
  const id = `${kind}:${key}`;
  let c = sortColumns.get(id);
  if (!c) {
    c = { key: id, kind, value: (r) => r[key] as string | number | boolean };
    sortColumns.set(id, c);
  }
  return c;
}

function cellOf(c: CsvSpec): (r: Row) => string | number | boolean {
  const { key, labels } = c;
  if (!labels) return (r) => r[key] as string;
  const empty = c.unlabelled === 'empty';
  return (r) => {
    const value = r[key] as string | number | boolean;
    return labels.get(String(value)) ?? (empty ? '' : value);
  };
}

function columnsOf(columns: readonly CsvSpec[]): CsvColumn<Row>[] {
  return columns.map((c) => ({ header: c.header, kind: c.kind, value: cellOf(c) }));
}

export const emptyFilter: FilterSpec = { law: '', status: '', type: '', patid: '', invoice: '' };

export class ExtractModel {
  private rows: Row[] = [];
  private readonly op: ExtractOp;
  private readonly groups: Group[];
  private keep: ((r: Row) => boolean) | null = null;
  private sort: ViewSpec['sort'] = null;
  /** Positions of the shown rows; null when they must be computed again. */
  private shown: number[] | null = [];
  private accs: TotalsAcc[] = [];
  private grandCents = 0;
  private version = 0;

  constructor(op: ExtractOp, view: ViewSpec = { filter: emptyFilter, sort: null }) {
    this.op = op;
    this.groups = op === 'accountingServices' ? serviceGroups : paymentGroups;
    this.setView(view);
  }

  get size(): number {
    return this.rows.length;
  }

  /** See Summary.version. */
  get currentVersion(): number {
    return this.version;
  }

  /** Rows as they arrive. Without a sort the shown list and the totals grow by the new rows only. */
  add(batch: readonly Row[]): void {
    const from = this.rows.length;
    // A new array each time: the sort indexes of table-model.ts are kept per array.
    this.rows = this.rows.concat(batch);
    this.version++;
    if (this.shown && !this.sort) this.take(from);
    else this.shown = null;
  }

  setView(view: ViewSpec): void {
    this.keep = keepOf(this.op, view.filter);
    this.sort = view.sort;
    this.shown = null;
    this.version++;
  }

  /** Appends the rows from `from` on that pass the filter to the shown list and the totals. */
  private take(from: number): void {
    const shown = this.shown ?? [];
    for (let i = from; i < this.rows.length; i++) {
      const r = this.rows[i];
      if (this.keep && !this.keep(r)) continue;
      shown.push(i);
      this.count(r);
    }
    this.shown = shown;
  }

  private count(r: Row): void {
    const cents = toCents(r.amount as number);
    this.grandCents += cents;
    for (let g = 0; g < this.groups.length; g++) addTo(this.accs[g], String(r[this.groups[g].field]), cents);
  }

  private current(): number[] {
    if (this.shown) return this.shown;
    this.accs = this.groups.map(() => new Map());
    this.grandCents = 0;
    if (!this.sort) {
      this.shown = [];
      this.take(0);
      return this.shown;
    }
    const shown = viewIndex(
      this.rows,
      { column: sortColumn(this.sort.key, this.sort.kind), dir: this.sort.dir },
      this.keep,
    );
    for (const i of shown) this.count(this.rows[i]);
    this.shown = shown;
    return shown;
  }

  summary(): Summary {
    const shown = this.current();
    return {
      version: this.version,
      total: this.rows.length,
      shown: shown.length,
      groups: this.groups.map((g, i) => finishTotals(this.accs[i], g.order)),
      grand: { key: '', count: shown.length, amount: this.grandCents / 100 },
    };
  }

  /** The shown rows from position `from` (inclusive) to `to` (exclusive). */
  window(from: number, to: number): Row[] {
    const shown = this.current();
    const out: Row[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, shown.length); i++) out.push(this.rows[shown[i]]);
    return out;
  }

  /** The distinct values of a field over the shown rows (the patients whose names the CSV needs). */
  distinct(key: string): unknown[] {
    const seen = new Set<unknown>();
    for (const i of this.current()) seen.add(this.rows[i][key]);
    return [...seen];
  }

  /** The shown rows as the CSV file (components/csv.ts), the columns by field name. */
  csv(columns: readonly CsvSpec[]): string {
    return toCsv(columnsOf(columns), this.shownRows());
  }

  /** The shown rows as an Excel workbook (components/xlsx.ts), the same columns, `lines` above the table. */
  xlsx(columns: readonly CsvSpec[], sheet: SheetSpec): Promise<ArrayBuffer> {
    return toXlsx({ ...sheet, columns: columnsOf(columns), rows: this.shownRows() });
  }

  private shownRows(): Row[] {
    return this.current().map((i) => this.rows[i]);
  }
}
