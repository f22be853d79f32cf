import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, salesOperations } from '#contract/sales.ts';
import { createLead } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { DetailsTaskForm, taskFormSchema, toNewTask } from './task-form.tsx';

const api = inProcessService({ now: () => new Date('2026-11-20T07:15:00Z') });
const native = 'input[type="date"], input[type="time"], input[type="datetime-local"]';

function render(ui: React.ReactElement, leadId: number) {
  signInForTest();
  const view = renderWithProviders(ui, { url: `/leads/${leadId}`, path: '/leads/:leadId' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

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

// Swiss formats in every language: the day as DD.MM.YYYY, the time in 24 hours (no native date/time input).
describe("the task form's day and time fields", { timeout: 60_000 }, () => {
  it('the task form takes 24.12.2026 and 14:30 and sends 2026-12-24 14:30', async () => {
    const lead = await createLead(api, { contact: { lastname: 'Tagfeld' } });
    let done = false;
    const { container, user } = render(
      <DetailsTaskForm leadId={lead.leadId} onDone={() => (done = true)} />,
      lead.leadId,
    );
    const form = await screen.findByRole('form', { name: 'New task' });
    expect(container.querySelector(native)).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Task' }), 'Send the offer');
    const day = within(form).getByRole('textbox', { name: 'Reminder date' });
    await user.type(day, '24.12.2026');
    await user.tab();
    expect(day).toHaveValue('24.12.2026');
    await user.type(within(form).getByRole('spinbutton', { name: 'Hours' }), '14');
    await user.type(within(form).getByRole('spinbutton', { name: 'Minutes' }), '30');
    await user.click(within(form).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(done).toBe(true));
    expect(api.calls.find((c) => c.op === 'addLeadTask')?.input).toMatchObject({
      leadId: lead.leadId,
      text: 'Send the offer',
      reminderDate: '2026-12-24 14:30',
    });
  });
});
