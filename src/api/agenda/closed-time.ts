import type { QueryClient } from '@tanstack/react-query';
import { absenceOperations } from '#contract/agenda-absences.ts';
import type { OpInput } from '#contract/operations.ts';
import { addDays, isRealDate } from '#contract/practice-time.ts';
import { call } from '../client.ts';
import { registerOperations } from '../operation-table.ts';
import { opMutation, opQuery, scopeOf } from '../queries.ts';

/**
 * The practice's closed time (contract/agenda-absences.ts, reference service addition, docs/api.md#absences): the
 * canton's public holidays and the absences entered. Loaded with the areas that show it (agenda, booking, Today's
 * gaps), never with the first page: the operations register here (operation-table.ts).
 * A real tenant without these operations answers 404: the caller says that this practice's server does not offer them.
 */
registerOperations(absenceOperations);

/** Holidays and absences from..until (days, both included); with provider only what closes that practitioner. */
export function absencesQuery(input: OpInput<'getAbsences'>) {
  return opQuery('getAbsences', input, { staleTime: 60_000 });
}

/** What closing time makes stale: the lists of closed time and booking's free times. */
const closedTimeWrites = ['getAbsences', 'getSlots'] as const;

export function createAbsenceMutation() {
  return opMutation('createAbsence', { invalidates: closedTimeWrites, silent: true });
}

export function deleteAbsenceMutation() {
  return opMutation('deleteAbsence', { invalidates: closedTimeWrites, silent: true });
}

/** A createAbsence edge as getAbsences lists it: a day as `from` is its midnight, as `until` the next one. */
function listedEdge(value: string, edge: 'from' | 'until'): string {
  const v = value.trim().replace('T', ' ');
  if (isRealDate(v)) return `${edge === 'from' ? v : addDays(v, 1)} 00:00:00`;
  return v.length === 16 ? `${v}:00` : v;
}

/**
 * The absence a createAbsence asked for, when the service (never the cache) has it already (create once, decision
 * 0040): of the same practitioner (or the whole practice), from and until the same moments, with the same reason;
 * the newest such one. What createAbsence would have answered; the lists of closed time are read again then.
 */
export async function findCreatedAbsence(
  client: QueryClient,
  sent: { provider: number; from: string; until: string; reason?: string },
): Promise<{ absenceId: number } | undefined> {
  const from = listedEdge(sent.from, 'from');
  const until = listedEdge(sent.until, 'until');
  const reason = (sent.reason ?? '').trim();
  const list = await call('getAbsences', {
    from: from.slice(0, 10),
    until: from.slice(0, 10),
    ...(sent.provider > 0 ? { provider: sent.provider } : {}),
  });
  const hits = list.filter(
    (a) =>
      a.kind === 'absence' &&
      a.provider === sent.provider &&
      a.from === from &&
      a.until === until &&
      a.reason.trim() === reason,
  );
  if (hits.length === 0) return undefined;
  await Promise.all(closedTimeWrites.map((op) => client.invalidateQueries({ queryKey: scopeOf(op) })));
  return { absenceId: Math.max(...hits.map((a) => a.absenceId)) };
}
