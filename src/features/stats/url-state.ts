import { isRealDate } from '#contract/common.ts';
import {
  type StatFilter,
  type StatGroupBy,
  type StatMetric,
  statGroupBys,
  statMetrics,
} from '#contract/sales.ts';

/**
 * The statistics page keeps everything in the URL:
 * `?groupBy=month&metric=revenue&pipeline=1&assignee=6&folder=3&from=2026-01-01&to=2026-06-30`.
 * `assignee=0` means unassigned leads; `pipeline` is 1 (patients) or 0 (contacts), absent for both.
 */
export interface StatsView {
  groupBy: StatGroupBy;
  metric: StatMetric;
  pipeline: '' | '0' | '1';
  /** A user id as text; '0' = unassigned; '' = everyone. */
  assignee: string;
  /** A folder id as text; '' = every folder. */
  folder: string;
  from: string;
  to: string;
}

export const timeGroupBys: readonly StatGroupBy[] = ['day', 'week', 'month'];

export function isTimeGroup(groupBy: StatGroupBy): boolean {
  return timeGroupBys.includes(groupBy);
}

const digits = /^\d+$/;

export function readStatsView(params: URLSearchParams): StatsView {
  const groupBy = params.get('groupBy') ?? '';
  const metric = params.get('metric') ?? '';
  const pipeline = params.get('pipeline');
  const assignee = params.get('assignee') ?? '';
  const folder = params.get('folder') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    groupBy: (statGroupBys as readonly string[]).includes(groupBy) ? (groupBy as StatGroupBy) : 'folder',
    metric: (statMetrics as readonly string[]).includes(metric) ? (metric as StatMetric) : 'count',
    pipeline: pipeline === '0' || pipeline === '1' ? pipeline : '',
    assignee: digits.test(assignee) ? assignee : '',
    folder: digits.test(folder) && Number(folder) > 0 ? folder : '',
    from: isRealDate(from) ? from : '',
    to: isRealDate(to) ? to : '',
  };
}

export function writeStatsView(view: StatsView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.groupBy !== 'folder') out.set('groupBy', view.groupBy);
  if (view.metric !== 'count') out.set('metric', view.metric);
  if (view.pipeline) out.set('pipeline', view.pipeline);
  if (view.assignee) out.set('assignee', view.assignee);
  if (view.folder) out.set('folder', view.folder);
  if (view.from) out.set('from', view.from);
  if (view.to) out.set('to', view.to);
  return out;
}

/** getLeadStats' filter: only what is set. */
export function statFilterOf(view: StatsView): StatFilter {
  const f: StatFilter = {};
  if (view.pipeline) f.ispatient = Number(view.pipeline) as 0 | 1;
  if (view.assignee) f.assignee = Number(view.assignee);
  if (view.folder) f.folderId = Number(view.folder);
  if (view.from) f.from = view.from;
  if (view.to) f.to = view.to;
  return f;
}
