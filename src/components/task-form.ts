import { z } from 'zod';
import { isRealDate } from '#contract/common.ts';
import { MSG, salesOperations } from '#contract/sales.ts';

/*
 * The one task form schema (issue 25): addLeadTask's text and category as the contract has them, plus the form's
 * own fields: the lead as the picker's value, the reminder as a day and a time (joined into `YYYY-MM-DD HH:MM`),
 * the assignee and priority as the selects' text. The tasks page's form has no category (features/tasks/
 * task-form.ts), the lead page's no lead picker (features/leads/details/task-form.tsx): each `.omit`s one.
 */

/** The form's own message: the lead is picked from a search, not typed. */
export const CHOOSE_LEAD = 'Choose a lead.';

export const taskFormFields = salesOperations.addLeadTask.input.pick({ text: true, category: true }).extend({
  leadId: z.string().regex(/^[1-9]\d*$/, { error: CHOOSE_LEAD }),
  day: z.string().refine((v) => v === '' || isRealDate(v), { error: MSG.reminderDate }),
  time: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, { error: MSG.reminderDate }),
  assignedTo: z.string().regex(/^\d*$/, { error: MSG.assignedTo }),
  priority: z.enum(['0', '1', '2', '3'], { error: MSG.priority }),
  notifyAssignee: z.boolean(),
});

/** A variant of the fields with the rule across two of them: a time without a day says nothing. */
export function withReminderRule<S extends z.ZodType<{ day: string; time: string }>>(schema: S) {
  return schema.refine((v) => v.time === '' || v.day !== '', { error: MSG.reminderDate, path: ['day'] });
}

type TaskFieldsOut = Pick<
  z.output<typeof taskFormFields>,
  'text' | 'day' | 'time' | 'assignedTo' | 'priority' | 'notifyAssignee'
>;

/** The form's values as addLeadTask wants them, but the lead and the category; notify only someone assigned. */
export function toTaskInput(v: TaskFieldsOut) {
  const assignedTo = v.assignedTo === '' ? 0 : Number(v.assignedTo);
  return {
    text: v.text,
    reminderDate: v.day === '' ? null : v.time === '' ? v.day : `${v.day} ${v.time}`,
    assignedTo,
    priority: Number(v.priority),
    notifyAssignee: assignedTo > 0 && v.notifyAssignee,
  };
}
