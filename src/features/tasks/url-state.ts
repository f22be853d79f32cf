import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { addDays } from '#components/practice-clock.ts';
import { isRealDate } from '#contract/common.ts';
import type { TaskFilter } from '#contract/sales.ts';

dayjs.extend(utc);

/**
 * The inbox keeps everything in the URL:
 * `/tasks?preset=overdue&assignee=all&pipeline=1&priority=3&from=2026-01-01&to=2026-01-31&order=priority&dir=desc&page=2`.
 * Defaults are left out, so `/tasks` is "my open tasks, by reminder".
 */

export const presets = ['mine', 'overdue', 'today', 'week', 'open', 'completed'] as const;
export type Preset = (typeof presets)[number];

export const orderBys = ['reminder', 'priority', 'created'] as const;
export type OrderBy = (typeof orderBys)[number];
export type OrderDir = 'asc' | 'desc';

export const PAGE_SIZE = 25;

export interface TasksView {
  preset: Preset;
  /**
   * Whose tasks: '' = the preset's default (the signed-in user; everyone for "All open"), 'all' = everyone,
   * or a user id as text.
   */
  assignee: string;
  /** 1 patient leads, 0 contact leads, '' both. */
  pipeline: '' | '0' | '1';
  /** '0'..'3', '' any. */
  priority: string;
  /** Reminder day from / to (`YYYY-MM-DD`, inclusive), '' open; narrows the preset's own range. */
  from: string;
  to: string;
  order: OrderBy;
  dir: OrderDir;
  /** 1-based. */
  page: number;
}

/** Open presets list tasks that are not completed; completing one takes it out of them. */
export function isOpenPreset(preset: Preset): boolean {
  return preset !== 'completed';
}

/** Completed tasks have no reminder any more: newest first is what a person looks for there. */
export function defaultOrder(preset: Preset): { order: OrderBy; dir: OrderDir } {
  return preset === 'completed' ? { order: 'created', dir: 'desc' } : { order: 'reminder', dir: 'asc' };
}

const digits = /^\d+$/;

export function readView(params: URLSearchParams): TasksView {
  const p = params.get('preset') ?? '';
  const preset: Preset = (presets as readonly string[]).includes(p) ? (p as Preset) : 'mine';
  const assignee = params.get('assignee') ?? '';
  const pipeline = params.get('pipeline');
  const priority = params.get('priority') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const order = params.get('order') ?? '';
  const dir = params.get('dir');
  const page = params.get('page') ?? '';
  const fallback = defaultOrder(preset);
  return {
    preset,
    assignee: assignee === 'all' || (digits.test(assignee) && Number(assignee) > 0) ? assignee : '',
    pipeline: pipeline === '0' || pipeline === '1' ? pipeline : '',
    priority: /^[0-3]$/.test(priority) ? priority : '',
    from: isRealDate(from) ? from : '',
    to: isRealDate(to) ? to : '',
    order: (orderBys as readonly string[]).includes(order) ? (order as OrderBy) : fallback.order,
    dir: dir === 'asc' || dir === 'desc' ? dir : fallback.dir,
    page: digits.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

export function writeView(view: TasksView): URLSearchParams {
  const out = new URLSearchParams();
  const fallback = defaultOrder(view.preset);
  if (view.preset !== 'mine') out.set('preset', view.preset);
  if (view.assignee) out.set('assignee', view.assignee);
  if (view.pipeline) out.set('pipeline', view.pipeline);
  if (view.priority) out.set('priority', view.priority);
  if (view.from) out.set('from', view.from);
  if (view.to) out.set('to', view.to);
  if (view.order !== fallback.order) out.set('order', view.order);
  if (view.dir !== fallback.dir) out.set('dir', view.dir);
  if (view.page > 1) out.set('page', String(view.page));
  return out;
}

/**
 * Another preset: "My open tasks" and "All open" say whose tasks they are, so they drop a chosen assignee;
 * the order goes back to the preset's default unless one was chosen; paging starts over.
 */
export function withPreset(view: TasksView, preset: Preset): TasksView {
  const before = defaultOrder(view.preset);
  const after = defaultOrder(preset);
  const customOrder = view.order !== before.order || view.dir !== before.dir;
  return {
    ...view,
    preset,
    assignee: preset === 'mine' || preset === 'open' ? '' : view.assignee,
    order: customOrder ? view.order : after.order,
    dir: customOrder ? view.dir : after.dir,
    page: 1,
  };
}

/** Any filter beyond the preset itself. */
export function hasFilters(view: TasksView): boolean {
  return (
    view.assignee !== '' ||
    view.pipeline !== '' ||
    view.priority !== '' ||
    (view.preset !== 'completed' && (view.from !== '' || view.to !== ''))
  );
}

export function withoutFilters(view: TasksView): TasksView {
  return { ...view, assignee: '', pipeline: '', priority: '', from: '', to: '', page: 1 };
}

/** Monday to Sunday of the week of a practice day. */
export function weekOf(today: string): { from: string; to: string } {
  const weekday = dayjs.utc(today, 'YYYY-MM-DD').day(); // 0 = Sunday
  const monday = addDays(today, -((weekday + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

/** The reminder days a preset stands for ('' = open end); practice days, `today` from the practice zone. */
export function presetRange(preset: Preset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'overdue':
      return { from: '', to: addDays(today, -1) };
    case 'today':
      return { from: today, to: today };
    case 'week':
      return weekOf(today);
    default:
      return { from: '', to: '' };
  }
}

/** Whose tasks the view lists: a user id, or 0 for everyone (getTasks' "do not filter"). */
export function assigneeOf(view: TasksView, me: number): number {
  if (view.assignee === 'all') return 0;
  if (view.assignee !== '') return Number(view.assignee);
  return view.preset === 'open' ? 0 : me;
}

const later = (a: string, b: string) => (a === '' ? b : b === '' ? a : a > b ? a : b);
const earlier = (a: string, b: string) => (a === '' ? b : b === '' ? a : a < b ? a : b);

export interface TasksInput {
  filter: TaskFilter;
  offset: number;
  limit: number;
  orderBy: OrderBy;
  orderDir: OrderDir;
}

/** getTasks' input for a view: the preset's range narrowed by the chosen one; only what is set. */
export function toTasksInput(view: TasksView, me: number, today: string): TasksInput {
  const filter: TaskFilter = { completed: view.preset === 'completed' };
  const assignedTo = assigneeOf(view, me);
  if (assignedTo > 0) filter.assignedTo = assignedTo;
  if (view.pipeline) filter.ispatient = Number(view.pipeline) as 0 | 1;
  if (view.priority) filter.priority = Number(view.priority);
  // Completed tasks have no reminder (it is removed on completion): a reminder range would hide them all.
  if (view.preset !== 'completed') {
    const own = presetRange(view.preset, today);
    const from = later(own.from, view.from);
    const to = earlier(own.to, view.to);
    if (from) filter.reminderFrom = from;
    if (to) filter.reminderTo = to;
  }
  return {
    filter,
    offset: (view.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    orderBy: view.order,
    orderDir: view.dir,
  };
}

/** Same list, another page (keeps the rows on screen while the next page loads). */
export function sameList(a: TasksInput | undefined, b: TasksInput): boolean {
  if (!a) return false;
  return (
    JSON.stringify({ ...a, offset: 0 }) === JSON.stringify({ ...b, offset: 0 }) // plain data, same key order
  );
}

/** The reminder compared with today: overdue (a day before today), today, or later / none. */
export function reminderState(
  reminderDate: string | null,
  today: string,
): 'overdue' | 'today' | 'later' | 'none' {
  if (!reminderDate) return 'none';
  const day = reminderDate.slice(0, 10);
  if (day < today) return 'overdue';
  if (day === today) return 'today';
  return 'later';
}
