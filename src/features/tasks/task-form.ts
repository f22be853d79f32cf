import type { z } from 'zod';
import { CHOOSE_LEAD, taskFormFields, toTaskInput, withReminderRule } from '#components/task-form.ts';
import type { NewTaskInput } from './queries.ts';

/** The one task form (components/task-form.ts) as the tasks page has it: the lead picked, no category. */
export const newTaskSchema = withReminderRule(taskFormFields.omit({ category: true }));

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
  return { leadId: Number(v.leadId), ...toTaskInput(v) };
}

/** The form's own message of the lead picker (the service's go through components/messages.ts). */
export { CHOOSE_LEAD };
