import { waitlistOperations } from '#contract/agenda-waitlist.ts';
import type { OpInput } from '#contract/operations.ts';
import { call } from '../client.ts';
import { registerOperations } from '../operation-table.ts';
import { opMutation, opQuery } from '../queries.ts';

/**
 * The waiting list (contract/agenda-waitlist.ts, reference service addition, docs/api.md#waiting-list): who waits for
 * an earlier or any time. Loaded with the areas that show it, never with the first page: the operations register
 * here (operation-table.ts). A real tenant without them answers 404: the caller says that this practice's server
 * does not offer a waiting list.
 */
registerOperations(waitlistOperations);

/** The entries (default: those still waiting), waiting ones by priority and age. */
export function waitlistQuery(input: OpInput<'getWaitlist'> = {}) {
  return opQuery('getWaitlist', input, { staleTime: 30_000 });
}

export function addWaitlistEntryMutation() {
  return opMutation('addWaitlistEntry', { invalidates: ['getWaitlist'], silent: true });
}

/** Changes only the fields sent; with ifVersion a colleague's change meanwhile answers 409 and nothing changes. */
export function modifyWaitlistEntryMutation() {
  return opMutation('modifyWaitlistEntry', { invalidates: ['getWaitlist'], silent: true });
}

/** A patient's entries (any status) before an add: what the add looked for afterwards is not among them. */
export interface KnownEntries {
  patid: number;
  ids: ReadonlySet<number>;
}

/** The ids of a patient's entries (any status), asked of the service. */
export async function waitlistEntryIds(patid: number): Promise<KnownEntries> {
  const list = await call('getWaitlist', { status: 'all', patid });
  return { patid, ids: new Set(list.map((e) => e.entryId)) };
}

/**
 * The entry an add whose answer was lost wrote (create once, docs/decisions/0040): a waiting entry of the patient
 * that was not there before the add (`known`) and holds what was sent; the newest of them. Undefined without `known`
 * of this patient (nothing to tell an old entry from the new one: the person chose another patient after the
 * failed add, whose earlier entry would otherwise be taken for it) or when there is none.
 */
export async function findCreatedWaitlistEntry(
  sent: OpInput<'addWaitlistEntry'>,
  known: KnownEntries | undefined,
): Promise<{ entryId: number } | undefined> {
  const patid = Number(sent.patid);
  if (!known || known.patid !== patid) return undefined;
  const list = await call('getWaitlist', { status: 'waiting', patid });
  const hits = list.filter(
    (e) =>
      !known.ids.has(e.entryId) &&
      e.serviceid === (sent.serviceid ?? 0) &&
      e.provider === (sent.provider ?? 0) &&
      e.earliest === (sent.earliest ?? null) &&
      e.latest === (sent.latest ?? null) &&
      e.times === (sent.times ?? 'any') &&
      e.priority === (sent.priority ?? 0) &&
      e.note === (sent.note ?? ''),
  );
  return hits.length === 0 ? undefined : { entryId: Math.max(...hits.map((e) => e.entryId)) };
}
