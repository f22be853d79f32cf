import { accountingOperations } from './accounting.ts';
import { agendaOperations } from './agenda.ts';
import { bookingOperations } from './booking.ts';
import type { OperationDef } from './common.ts';
import { hxOperations } from './hx.ts';
import { laborOperations } from './labor.ts';
import { recallOperations } from './recall.ts';
import { salesOperations } from './sales.ts';
import { systemOperations } from './system.ts';

/**
 * The operations the app's areas call from the first page on: the app's client (src/api/operation-table.ts) holds
 * these from the start. The waiting list and absences (operations.ts adds them) come with the area that uses them,
 * so that their schemas are not part of every first load (issue 38, decision 0016).
 */
export const coreOperations = {
  ...salesOperations,
  ...agendaOperations,
  ...recallOperations,
  ...bookingOperations,
  ...hxOperations,
  ...laborOperations,
  ...accountingOperations,
  ...systemOperations,
} satisfies Record<string, OperationDef>;
