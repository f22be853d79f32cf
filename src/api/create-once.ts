import { isApiError } from './client.ts';

/**
 * Create once (docs/decisions/0040). Most creates of the contract have no idempotency key (only createLead and
 * intakeLead, 0002): when the request reached the service but its answer was lost, sending it again makes a second
 * record. So a create that failed in a way that may have written it looks first whether what was sent is there,
 * and a record found counts as the create's answer. The area modules give the look (`findCreatedAppointment`,
 * `findCreatedPatient`, ...); a form keeps one `CreateOnceState` for as long as it is open.
 */

/**
 * Whether the service may have written what a failed request asked for: a network failure (the answer may be
 * what was lost), a timeout, or a 5xx. A refusal (4xx, contract) wrote nothing.
 */
export function mayHaveArrived(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.httpStatus >= 500;
}

/** Of one form: whether its last create may have been written without an answer saying so. */
export interface CreateOnceState {
  uncertain: boolean;
}

export function createOnceState(): CreateOnceState {
  return { uncertain: false };
}

export interface CreateOnceSteps<T> {
  /** Sends the create; its answer. */
  create: () => Promise<T>;
  /** Asks the service (never the cache) for the record the create asked for; undefined when it is not there. */
  find: () => Promise<T | undefined>;
  /**
   * Checks between the look and the create (is the time still free, does the user accept an overlap): false
   * stops without creating. They run after the look because they would take the lost create for another record.
   */
  before?: () => Promise<boolean>;
}

/** `found`: the create's answer was lost, and the record was found in the service (tell the user it is saved). */
export type CreateOnceOutcome<T> = { value: T; found: boolean } | { stopped: true };

/**
 * Creates what `create` sends, never twice: after a failure that may have written it, the record is looked for
 * at once, and again before the next attempt (a slow write may land after the first look). A failure whose look
 * finds nothing is thrown as it came: the form keeps its values and the user can try again. A failed look throws
 * the create's failure and leaves the state uncertain, so the next attempt looks before it sends.
 */
export async function createOnce<T>(
  state: CreateOnceState,
  { create, find, before }: CreateOnceSteps<T>,
): Promise<CreateOnceOutcome<T>> {
  if (state.uncertain) {
    const there = await find();
    if (there !== undefined) {
      state.uncertain = false;
      return { value: there, found: true };
    }
  }
  if (before && !(await before())) return { stopped: true };
  try {
    const value = await create();
    state.uncertain = false;
    return { value, found: false };
  } catch (error) {
    if (!mayHaveArrived(error)) throw error;
    state.uncertain = true;
    let there: T | undefined;
    try {
      there = await find();
    } catch {
      throw error;
    }
    if (there === undefined) throw error;
    state.uncertain = false;
    return { value: there, found: true };
  }
}
