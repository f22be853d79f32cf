import { recallsQuery } from '#api/recall.ts';
import type { Recall } from '#contract/recall.ts';
import { dueFirst } from './due.ts';
import { type RecallDraft, toModifyInput } from './recall-form.ts';
import { type RecallFilters, type RecallView, toGetRecallsInput } from './url-state.ts';

/** What the recall list adds to the recall area's factories (`api/recall.ts`): its input and the due order. */

/** One select function per day: a stable reference lets the query keep its reshaped list between renders. */
let dueSelect: { today: string; select: (list: Recall[]) => Recall[] } | null = null;

function selectDue(today: string) {
  if (dueSelect?.today !== today) dueSelect = { today, select: (list) => dueFirst(list, today) };
  return dueSelect.select;
}

/**
 * The list for the filters; the `due` view is the same answer reshaped (one round trip, one key): failed first,
 * then due this week, then overdue (due.ts). Templates are never due: their list stays as the service sends it.
 */
export function recallListQuery(filters: RecallFilters, view: RecallView = 'all', today = '') {
  const due = view === 'due' && !filters.templates;
  return { ...recallsQuery(toGetRecallsInput(filters)), select: due ? selectDue(today) : undefined };
}

export interface SaveRecallVariables {
  /** The record as the user started editing it. */
  original: Recall;
  /** The complete form. */
  draft: RecallDraft;
  preset: 0 | 1;
}

/** The complete record to write: the draft over the freshest copy (modifyRecallMutation reads it). */
export function mergeDraft({ original, draft, preset }: SaveRecallVariables, fresh: Recall | undefined) {
  return toModifyInput(original, draft, fresh, preset);
}
