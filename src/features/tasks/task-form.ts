import { z } from 'zod';
import { isRealDate } from '#contract/common.ts';
import { MSG, salesOperations } from '#contract/sales.ts';
import type { NewTaskInput } from './queries.ts';

/** The form's own message: the lead is picked from a search, not typed. */
export const CHOOSE_LEAD = 'Choose a lead.';

/**
 * addLeadTask's text as the contract has it, plus the form's own fields: the lead as the picker's value, the
 * reminder as a day and a time (joined into `YYYY-MM-DD HH:MM`), the assignee and priority as the selects' text.
 */
export const newTaskSchema = salesOperations.addLeadTask.input
  .pick({ text: true })
  .extend({
    leadId: z.string().regex(/^[1-9]\d*$/, { error: CHOOSE_LEAD }),
    day: z.string().refine((v) => v === '' || isRealDate(v), { error: MSG.reminderDate }),
    time: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, { error: MSG.reminderDate }),
    assignedTo: z.string().regex(/^\d*$/, { error: MSG.assignedTo }),
    priority: z.enum(['0', '1', '2', '3'], { error: MSG.priority }),
    notifyAssignee: z.boolean(),
  })
  // A time without a day says nothing.
  .refine((v) => v.time === '' || v.day !== '', { error: MSG.reminderDate, path: ['day'] });

export type NewTaskForm = z.input<typeof newTaskSchema>;
export type NewTaskValues = z.output<typeof newTaskSchema>;

export function emptyNewTask(me: number | undefined): NewTaskForm {
  return {
    leadId: '',
    text: '',
    day: '',
    time: '',
    assignedTo: me ? String(me) : '',
    priority: '0',
    notifyAssignee: false,
  };
}

/** The form's values as addLeadTask wants them; notify only when someone is assigned. */
export function toAddLeadTask(v: NewTaskValues): NewTaskInput {
  const assignedTo = v.assignedTo === '' ? 0 : Number(v.assignedTo);
  return {
    leadId: Number(v.leadId),
    text: v.text,
    reminderDate: v.day === '' ? null : v.time === '' ? v.day : `${v.day} ${v.time}`,
    assignedTo,
    priority: Number(v.priority),
    notifyAssignee: assignedTo > 0 && v.notifyAssignee,
  };
}

/** The field a message of the service (or of the schema) belongs to. */
export const fieldOfMessage: Record<string, keyof NewTaskForm> = {
  [CHOOSE_LEAD]: 'leadId',
  [MSG.leadId]: 'leadId',
  [MSG.leadNotFound]: 'leadId',
  [MSG.leadDeleted]: 'leadId',
  [MSG.text]: 'text',
  [MSG.reminderDate]: 'day',
  [MSG.assignedTo]: 'assignedTo',
  [MSG.userNotFound]: 'assignedTo',
  [MSG.priority]: 'priority',
};

/** Message -> key of its translation under `form.errors` (the contract's messages are English). */
export const messageKey: Record<string, string> = {
  [CHOOSE_LEAD]: 'lead',
  [MSG.leadId]: 'lead',
  [MSG.leadNotFound]: 'leadNotFound',
  [MSG.leadDeleted]: 'leadDeleted',
  [MSG.text]: 'text',
  [MSG.reminderDate]: 'reminderDate',
  [MSG.assignedTo]: 'assignedTo',
  [MSG.userNotFound]: 'userNotFound',
  [MSG.priority]: 'priority',
  [MSG.historyNotFound]: 'historyNotFound',
  [MSG.notATask]: 'notATask',
};
