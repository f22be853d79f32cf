import { agendaOperations } from './agenda.ts';
import type { OperationDef } from './common.ts';
import { systemOperations } from './system.ts';

/**
 * The operations the app's client holds from the start (src/api/operation-table.ts): those of the frame and of
 * Today, the start page (the agenda's appointments and calendars, the people and patients). Every other area hands
 * its operations over when its api module loads (the board's sales with the board), so that no first page carries
 * the schemas of an area it does not call (issue 38, decisions 0016 and 0052). operations.ts is the whole table.
 */
export const coreOperations = {
  ...agendaOperations,
  ...systemOperations,
} satisfies Record<string, OperationDef>;
