import { describe, expect, it } from 'vitest';
import { MSG } from '#contract/sales.ts';
import { CHOOSE_LEAD, emptyNewTask, newTaskSchema, toAddLeadTask } from './task-form.ts';

const valid = { ...emptyNewTask(1), leadId: '12', text: 'Call back about the offer' };

function messages(values: object): Record<string, string> {
  const r = newTaskSchema.safeParse(values);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the new task form', () => {
  it('starts assigned to the signed-in user, priority 0, no reminder', () => {
    expect(emptyNewTask(7)).toEqual({
      leadId: '',
      text: '',
      day: '',
      time: '',
      assignedTo: '7',
      priority: '0',
      notifyAssignee: false,
    });
  });

  it('needs a lead and a text', () => {
    expect(messages({ ...valid, leadId: '', text: '  ' })).toEqual({ leadId: CHOOSE_LEAD, text: MSG.text });
  });

  it('refuses impossible days, times and a time without a day', () => {
    expect(messages({ ...valid, day: '2026-02-30' })).toEqual({ day: MSG.reminderDate });
    expect(messages({ ...valid, day: '2026-02-03', time: '24:00' })).toEqual({ time: MSG.reminderDate });
    expect(messages({ ...valid, time: '09:00' })).toEqual({ day: MSG.reminderDate });
    expect(messages({ ...valid, priority: '4' })).toEqual({ priority: MSG.priority });
  });

  it('sends the day and time joined, and notifies only someone assigned', () => {
    const out = newTaskSchema.parse({
      ...valid,
      day: '2026-03-20',
      time: '14:30',
      priority: '3',
      notifyAssignee: true,
    });
    expect(toAddLeadTask(out)).toEqual({
      leadId: 12,
      text: 'Call back about the offer',
      reminderDate: '2026-03-20 14:30',
      assignedTo: 1,
      priority: 3,
      notifyAssignee: true,
    });
    expect(toAddLeadTask(newTaskSchema.parse({ ...valid, day: '2026-03-20' })).reminderDate).toBe(
      '2026-03-20',
    );
    expect(toAddLeadTask(newTaskSchema.parse(valid)).reminderDate).toBeNull();
    const nobody = toAddLeadTask(newTaskSchema.parse({ ...valid, assignedTo: '', notifyAssignee: true }));
    expect(nobody).toMatchObject({ assignedTo: 0, notifyAssignee: false });
  });
});
