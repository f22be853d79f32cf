import type { z } from 'zod';
import { absenceOperations } from './agenda-absences.ts';
import { waitlistOperations } from './agenda-waitlist.ts';
import type { OperationDef } from './common.ts';
import { coreOperations } from './operations-core.ts';

/** The table: every operation of docs/api.md, by name. */
export const operations = {
  ...coreOperations,
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
