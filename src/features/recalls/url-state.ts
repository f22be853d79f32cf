import { isRealDate } from '#contract/common.ts';
import type { OpInput } from '#contract/operations.ts';

/**
 * The recall list's filters, kept in the URL under readable names; `toGetRecallsInput` maps them onto the
 * document's parameters (templates -> preset, faulty -> error, onetime -> sent, practitioner -> mandant).
 */
export interface RecallFilters {
  patid: number;
  /** `YYYY-MM-DD` or '' */
  from: string;
  until: string;
  templates: boolean;
  faulty: boolean;
  onetime: boolean;
  /** A practitioner's userid; 0 = all. */
  practitioner: number;
}

export const noFilters: RecallFilters = {
  patid: 0,
  from: '',
  until: '',
  templates: false,
  faulty: false,
  onetime: false,
  practitioner: 0,
};

function positive(v: string | null): number {
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : 0;
}

function day(v: string | null): string {
  return v && isRealDate(v) ? v : '';
}

export function readFilters(params: URLSearchParams): RecallFilters {
  return {
    patid: positive(params.get('patid')),
    from: day(params.get('from')),
    until: day(params.get('until')),
    templates: params.get('templates') === '1',
    faulty: params.get('faulty') === '1',
    onetime: params.get('onetime') === '1',
    practitioner: positive(params.get('practitioner')),
  };
}

/** Only what differs from "no filter", so that a plain list has a plain address. Other parameters are kept. */
export function writeFilters(f: RecallFilters, keep?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(keep);
  for (const key of Object.keys(noFilters)) out.delete(key);
  if (f.patid > 0) out.set('patid', String(f.patid));
  if (f.from) out.set('from', f.from);
  if (f.until) out.set('until', f.until);
  if (f.templates) out.set('templates', '1');
  if (f.faulty) out.set('faulty', '1');
  if (f.onetime) out.set('onetime', '1');
  if (f.practitioner > 0) out.set('practitioner', String(f.practitioner));
  return out;
}

export function toGetRecallsInput(f: RecallFilters): OpInput<'getRecalls'> {
  const input: OpInput<'getRecalls'> = {};
  if (f.patid > 0) input.patid = f.patid;
  if (f.from) input.from = f.from;
  if (f.until) input.until = f.until;
  if (f.templates) input.preset = 1;
  if (f.faulty) input.error = 1;
  if (f.onetime) input.sent = 1;
  if (f.practitioner > 0) input.mandant = f.practitioner;
  return input;
}

export function hasFilters(f: RecallFilters): boolean {
  return JSON.stringify(f) !== JSON.stringify(noFilters);
}

/**
 * What the list opens on. `due`: the practice's worklist (failed ones first, then due this week, then overdue);
 * `all`: every recall the filters give, by date. Without `view` in the address the list is `due`, except for one
 * patient's recalls (`patid`, the patient page's link): those are few and all of them matter.
 */
export type RecallView = 'due' | 'all';

export function readView(params: URLSearchParams): RecallView {
  const v = params.get('view');
  if (v === 'due' || v === 'all') return v;
  return positive(params.get('patid')) > 0 ? 'all' : 'due';
}

export function writeView(view: RecallView, keep: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(keep);
  out.set('view', view);
  return out;
}
