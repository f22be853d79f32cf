import type { OperationDef } from '#contract/common.ts';
import type { Operations, OpName } from '#contract/operations.ts';
import { coreOperations } from '#contract/operations-core.ts';

/**
 * The operations the app's client knows: the frame's and Today's (contract/operations-core.ts: agenda, system) from
 * the start, the others once the area that calls them has registered them (its api module, when it loads: the
 * board's sales with the board). So a first load carries no schema of an area it does not call (issue 38, decisions
 * 0016 and 0052). Query and mutation keys take an operation's area from contract/operation-areas.ts, which holds no
 * schema, so that they can be built before the area loads.
 */
const registered = new Map<string, OperationDef>();

/** An area's api module hands its operations over when it loads. */
export function registerOperations(defs: Record<string, OperationDef>): void {
  for (const [name, def] of Object.entries(defs)) registered.set(name, def);
}

/** The definition of an operation; an operation whose area never registered it is a mistake of the app. */
export function operationDef<N extends OpName>(op: N): Operations[N] {
  const def: OperationDef | undefined = Object.hasOwn(coreOperations, op)
    ? (coreOperations as Record<string, OperationDef>)[op]
    : registered.get(op);
  if (!def) throw new Error(`${op}: its area has not registered the operation (registerOperations).`);
  return def as Operations[N];
}
