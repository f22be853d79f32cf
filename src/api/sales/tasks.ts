import type { OpInput } from '#contract/operations.ts';
import { type OpData, opQuery, opScope } from '../queries.ts';
import './operations.ts';

/**
 * The sales area's task lists (getTasks): the inbox and the navigation's overdue count, which every page shows (so
 * this module stays small: the shell imports it). The task writes are in history.ts.
 */

export type TaskPage = OpData<'getTasks'>;

/** Every task list (the inbox's pages, the navigation's overdue count, other areas' task lists). */
export const tasksKey = opScope('getTasks');

/** A page of tasks; the inbox keeps the previous page on screen, the navigation counts the total (`select`). */
export function tasksQuery(input: OpInput<'getTasks'>) {
  return opQuery('getTasks', input);
}
