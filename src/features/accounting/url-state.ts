import { isRealDate } from '#contract/common.ts';

/**
 * What the accounting page shows, kept in the URL so that a view can be reloaded and shared:
 * `?tab=payments&from=2026-11-01&until=2026-11-30&law=KVG&status=wip&type=drug&patid=42&invoice=0042&sort=amount&dir=desc`.
 * Without from/until: this month. `all=1`: the whole stock (asked for with a warning first).
 */

export type Tab = 'services' | 'payments';
export type SortDir = 'asc' | 'desc';

export interface AccountingView {
  tab: Tab;
  /** `YYYY-MM-DD`; ignored when `all`. */
  from: string;
  until: string;
  all: boolean;
  law: string;
  status: string;
  type: string;
  /** Patient number, as typed. */
  patid: string;
  /** Part of the invoice number. */
  invoice: string;
  /** A column key; '' = the default order (by date). */
  sort: string;
  dir: SortDir;
}

/** The first and the last day of the month of `today` (`YYYY-MM-DD`). */
export function monthOf(today: string): { from: string; until: string } {
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, until: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The month before the month of `today`. */
export function previousMonthOf(today: string): { from: string; until: string } {
  const [y, m] = today.split('-').map(Number);
  const prev = new Date(Date.UTC(y, m - 2, 1));
  return monthOf(prev.toISOString().slice(0, 10));
}

export function yearOf(today: string): { from: string; until: string } {
  const y = today.slice(0, 4);
  return { from: `${y}-01-01`, until: `${y}-12-31` };
}

const day = (v: string | null) => (v && isRealDate(v) ? v : '');

export function readView(params: URLSearchParams, today: string): AccountingView {
  const month = monthOf(today);
  const from = day(params.get('from'));
  const until = day(params.get('until'));
  const explicit = from !== '' || until !== '';
  return {
    tab: params.get('tab') === 'payments' ? 'payments' : 'services',
    from: explicit ? from : month.from,
    until: explicit ? until : month.until,
    all: params.get('all') === '1',
    law: params.get('law') ?? '',
    status: params.get('status') ?? '',
    type: params.get('type') ?? '',
    patid: params.get('patid') ?? '',
    invoice: params.get('invoice') ?? '',
    sort: params.get('sort') ?? '',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

export function writeView(view: AccountingView, today: string): URLSearchParams {
  const out = new URLSearchParams();
  const month = monthOf(today);
  if (view.tab !== 'services') out.set('tab', view.tab);
  if (view.all) out.set('all', '1');
  else if (view.from !== month.from || view.until !== month.until) {
    if (view.from) out.set('from', view.from);
    if (view.until) out.set('until', view.until);
  }
  for (const key of ['law', 'status', 'type', 'patid', 'invoice'] as const) {
    const v = view[key].trim();
    if (v) out.set(key, v);
  }
  if (view.sort) {
    out.set('sort', view.sort);
    if (view.dir === 'desc') out.set('dir', 'desc');
  }
  return out;
}

/** The request's range: none for the whole stock. */
export function rangeOf(view: AccountingView): { from?: string; until?: string } {
  if (view.all) return {};
  return { ...(view.from ? { from: view.from } : {}), ...(view.until ? { until: view.until } : {}) };
}
