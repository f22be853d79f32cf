import type { z } from 'zod';
import { accountingOperations } from './accounting.ts';
import { agendaOperations } from './agenda.ts';
import { absenceOperations } from './agenda-absences.ts';
import { waitlistOperations } from './agenda-waitlist.ts';
import { bookingOperations } from './booking.ts';
import type { OperationDef } from './common.ts';
import { hxOperations } from './hx.ts';
import { laborOperations } from './labor.ts';
import { recallOperations } from './recall.ts';
import { salesOperations } from './sales.ts';
import { systemOperations } from './system.ts';

/**
 * The table: every operation of docs/api.md, by name. The app's client holds only operations-core.ts's from the
 * start and the others once their area has loaded (src/api/operation-table.ts); their areas are in
 * operation-areas.ts.
 */
export const operations = {
  ...salesOperations,
  ...agendaOperations,
  ...recallOperations,
  ...bookingOperations,
  ...hxOperations,
  ...laborOperations,
  ...accountingOperations,
  ...systemOperations,
  ...waitlistOperations,
  ...absenceOperations,
} satisfies Record<string, OperationDef>;

export type Operations = typeof operations;
export type OpName = keyof Operations;
export type OpInput<N extends OpName> = z.input<Operations[N]['input']>;
export type OpParsedInput<N extends OpName> = z.output<Operations[N]['input']>;

const byPath = new Map<string, OpName>(
  (Object.keys(operations) as OpName[]).map((name) => [operations[name].path, name]),
);

export function operationByPath(path: string): OpName | undefined {
  return byPath.get(path);
}
