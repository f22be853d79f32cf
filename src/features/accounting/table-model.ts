/**
 * Sorting, filtering and totals of the accounting tables in memory, fast enough for 100,000 rows: each column's
 * sort order is computed once per data set and kept (an index of row positions), so that changing the direction or
 * a filter is one linear pass over that index.
 */

export type SortKind = 'number' | 'code' | 'text';

export interface SortColumn<R> {
  key: string;
  kind: SortKind;
  value: (row: R) => string | number | boolean;
}

const collator = new Intl.Collator('de-CH', { numeric: true, sensitivity: 'base' });

/** `Ärztliche` -> `arztliche`: the key free text sorts by. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

// Per data set (the array the query returned) and column key: the row positions in ascending order.
const indexes = new WeakMap<readonly unknown[], Map<string, Uint32Array>>();

/** Row positions ordered by the column, ascending; ties keep the service's order. Computed once per rows array. */
export function sortIndex<R>(rows: readonly R[], column: SortColumn<R>): Uint32Array {
  let byKey = indexes.get(rows);
  if (!byKey) {
    byKey = new Map();
    indexes.set(rows, byKey);
  }
  const cached = byKey.get(column.key);
  if (cached) return cached;

  const n = rows.length;
  const order = Array.from({ length: n }, (_, i) => i);
  if (column.kind === 'number') {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = Number(column.value(rows[i]));
    order.sort((a, b) => keys[a] - keys[b] || a - b);
  } else {
    // Codes, dates and numbers-as-text compare by their characters; free text as a person reads it, case and
    // accents folded once per row here (a collator inside the comparison is several times slower on 100,000 rows).
    const fold = column.kind === 'text';
    const keys = rows.map((r) => (fold ? foldText(String(column.value(r))) : String(column.value(r))));
    order.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
  }
  const index = Uint32Array.from(order);
  byKey.set(column.key, index);
  return index;
}

/** The positions of the rows to show, in the column's order (or the service's), keeping those `keep` accepts. */
export function viewIndex<R>(
  rows: readonly R[],
  sort: { column: SortColumn<R>; dir: 'asc' | 'desc' } | null,
  keep: ((row: R) => boolean) | null,
): number[] {
  const out: number[] = [];
  if (!sort) {
    for (let i = 0; i < rows.length; i++) if (!keep || keep(rows[i])) out.push(i);
    return out;
  }
  const index = sortIndex(rows, sort.column);
  if (sort.dir === 'asc') {
    for (let i = 0; i < index.length; i++) if (!keep || keep(rows[index[i]])) out.push(index[i]);
  } else {
    for (let i = index.length - 1; i >= 0; i--) if (!keep || keep(rows[index[i]])) out.push(index[i]);
  }
  return out;
}

/** Amounts are summed in whole cents, so that 100,000 additions do not drift. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export interface Total {
  key: string;
  count: number;
  /** CHF, rounded to the cent. */
  amount: number;
}

/**
 * Count and sum per value of `group`, in the order of `order` (values not in it follow, sorted). Only the tests call
 * it, on purpose: it is the reference that the streaming totals (extract-model.ts) are checked against.
 */
export function totalsBy<R>(
  rows: readonly R[],
  group: (row: R) => string,
  amount: (row: R) => number,
  order: readonly string[] = [],
): Total[] {
  const acc: TotalsAcc = new Map();
  for (const r of rows) addTo(acc, group(r), toCents(amount(r)));
  return finishTotals(acc, order);
}

/** Count and cents per group value, summed as rows arrive. */
export type TotalsAcc = Map<string, { count: number; cents: number }>;

export function addTo(acc: TotalsAcc, key: string, cents: number): void {
  const t = acc.get(key);
  if (t) {
    t.count++;
    t.cents += cents;
  } else acc.set(key, { count: 1, cents });
}

/** The totals of `acc` in the order of `order` (values not in it follow, sorted). */
export function finishTotals(acc: TotalsAcc, order: readonly string[] = []): Total[] {
  const known = order.filter((k) => acc.has(k));
  const rest = [...acc.keys()].filter((k) => !order.includes(k)).sort(collator.compare);
  return [...known, ...rest].map((key) => {
    const t = acc.get(key) ?? { count: 0, cents: 0 };
    return { key, count: t.count, amount: t.cents / 100 };
  });
}
