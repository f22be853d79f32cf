import { describe, expect, it } from 'vitest';
import { MSG, salesOperations } from '#contract/sales.ts';
import { admissionFormSchema, toNewAdmission } from './admissions.tsx';
import { fieldOfMessage } from './messages.ts';
import { toCriteria } from './patient-link.tsx';
import { taskFormSchema, toNewTask } from './task-form.tsx';
import { historyTypeOf } from './timeline.tsx';

const task = {
  text: 'Call back',
  category: '',
  day: '',
  time: '',
  assignedTo: '',
  priority: '0' as const,
  notifyAssignee: false,
};

describe('the task form', () => {
  it('joins day and time into the reminder addLeadTask accepts', () => {
    const values = taskFormSchema.parse({
      ...task,
      day: '2026-11-21',
      time: '09:30',
      assignedTo: '6',
      priority: '3',
    });
    const input = toNewTask({ ...values, notifyAssignee: true });
    expect(input).toEqual({
      text: 'Call back',
      category: undefined,
      reminderDate: '2026-11-21 09:30',
      assignedTo: 6,
      priority: 3,
      notifyAssignee: true,
    });
    expect(salesOperations.addLeadTask.input.safeParse({ leadId: 1, ...input }).success).toBe(true);
  });

  it('sends a day alone, no reminder without a day, and never notifies nobody', () => {
    expect(toNewTask(taskFormSchema.parse({ ...task, day: '2026-11-21' })).reminderDate).toBe('2026-11-21');
    const none = toNewTask(taskFormSchema.parse({ ...task, notifyAssignee: true }));
    expect(none).toMatchObject({ reminderDate: null, assignedTo: 0, notifyAssignee: false });
  });

  it("refuses an empty text, a time without a day and an impossible day, with the contract's messages", () => {
    const r = taskFormSchema.safeParse({ ...task, text: '  ', time: '09:30' });
    const issues = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues).toEqual({ text: MSG.text, day: MSG.reminderDate });
    expect(taskFormSchema.safeParse({ ...task, day: '2026-02-30' }).error?.issues[0].message).toBe(
      MSG.reminderDate,
    );
  });
});

describe('the admission form', () => {
  const base = { date: '2026-12-01', until: '', settings: '', comment: '' };

  it('needs a real date and an end that is not before it', () => {
    expect(admissionFormSchema.safeParse({ ...base, date: '' }).error?.issues[0].message).toBe(MSG.date);
    const early = admissionFormSchema.safeParse({ ...base, until: '2026-11-30' });
    expect(early.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['until', MSG.until]]);
    expect(admissionFormSchema.safeParse({ ...base, until: '2026-12-01' }).success).toBe(true);
  });

  it('sends null for no end and leaves out empty texts', () => {
    expect(toNewAdmission(admissionFormSchema.parse({ ...base, settings: ' R12 ' }))).toEqual({
      date: '2026-12-01',
      until: null,
      settings: 'R12',
      comment: undefined,
    });
  });
});

describe('the patient search of the link', () => {
  it('sends only the criteria typed, a patient number as a number', () => {
    expect(toCriteria({ lastname: ' Muster ', firstname: '', dob: '', patid: '' })).toEqual({
      lastname: 'Muster',
      firstname: undefined,
      dob: undefined,
      patid: undefined,
    });
    expect(toCriteria({ lastname: '', firstname: '', dob: '1980-11-21', patid: '12' })).toMatchObject({
      dob: '1980-11-21',
      patid: 12,
    });
    expect(toCriteria({ lastname: '', firstname: '', dob: '', patid: '12a' }).patid).toBeUndefined();
  });
});

describe('timeline filters and messages', () => {
  it("maps the filter to getLeadHistory's type: null everything, '' notes and tasks", () => {
    expect(historyTypeOf('all')).toBeNull();
    expect(historyTypeOf('notes')).toBe('');
    expect(historyTypeOf('S')).toBe('S');
    expect(historyTypeOf('OFF')).toBe('OFF');
  });

  it('finds the field a validation message names', () => {
    expect(fieldOfMessage('contact.dob: Expected a date YYYY-MM-DD.')).toBe('contact.dob');
    expect(fieldOfMessage('Invalid input at input.priority: Too big')).toBe('priority');
    expect(fieldOfMessage(MSG.createFailed)).toBeNull();
  });
});
