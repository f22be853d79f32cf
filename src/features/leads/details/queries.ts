import type { QueryClient } from '@tanstack/react-query';
import type { OpData } from '#api/queries.ts';
import { historyOf } from '#api/sales.ts';
import { searchPatientsQuery } from '#api/system.ts';
import { type PatientCriteria, toSearchInput } from '#components/patient-criteria.ts';
import type { HistoryEntry } from '#contract/sales.ts';

/**
 * What the lead details page adds to the sales and system areas' factories (`api/sales.ts`, `api/system.ts`): the
 * link search's input and hits, the task form's values, and the optimistic completion of a task.
 */

/** The search of "link to a patient": built by the shared `toSearchInput`, so only allowed fields are sent. */
export function linkSearchQuery(criteria: PatientCriteria) {
  return {
    ...searchPatientsQuery(toSearchInput(criteria, { limit: 20 })),
    select: (answer: OpData<'searchPatients'>) => answer.items,
  };
}

/** What the task form sends besides the lead. */
export interface NewTask {
  text: string;
  category?: string;
  reminderDate?: string | null;
  assignedTo?: number;
  priority?: number;
  notifyAssignee?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Optimistic completion of a task in every cached page of the lead's timeline.

interface HistoryPages {
  pages: { items: HistoryEntry[] }[];
  pageParams: unknown[];
}

function isHistoryPages(v: unknown): v is HistoryPages {
  return typeof v === 'object' && v !== null && Array.isArray((v as HistoryPages).pages);
}

/**
 * Marks the task completed in the cached timelines of the lead and returns how to undo it. The server's answer
 * (completion time and user) arrives with the refetch after success.
 */
export function markTaskCompleted(
  client: QueryClient,
  leadId: number,
  historyId: number,
  userId: number | undefined,
): () => void {
  const filter = { queryKey: historyOf(leadId) };
  const before = client.getQueriesData<unknown>(filter);
  client.setQueriesData<unknown>(filter, (old: unknown) => {
    if (!isHistoryPages(old)) return old;
    return {
      ...old,
      pages: old.pages.map((p) => ({
        ...p,
        items: p.items.map((e) =>
          e.historyId === historyId
            ? { ...e, completed: true, reminderDate: null, completedBy: userId ?? null }
            : e,
        ),
      })),
    };
  });
  // Only this entry goes back: the history may have changed in the Undo's 8 seconds (a note written meanwhile).
  const original = new Map<string, HistoryEntry>();
  for (const [key, data] of before) {
    if (!isHistoryPages(data)) continue;
    const entry = data.pages.flatMap((p) => p.items).find((e) => e.historyId === historyId);
    if (entry) original.set(JSON.stringify(key), entry);
  }
  return () => {
    for (const [key, data] of client.getQueriesData<unknown>(filter)) {
      const entry = original.get(JSON.stringify(key));
      if (!entry || !isHistoryPages(data)) continue;
      client.setQueryData(key, {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          items: p.items.map((e) => (e.historyId === historyId ? entry : e)),
        })),
      });
    }
  };
}
