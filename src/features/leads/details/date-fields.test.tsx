import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createLead } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { DetailsAdmissions } from './admissions.tsx';
import { DetailsTaskForm } from './task-form.tsx';

const api = inProcessService({ now: () => new Date('2026-11-20T07:15:00Z') });
const native = 'input[type="date"], input[type="time"], input[type="datetime-local"]';

function render(ui: React.ReactElement, leadId: number) {
  signInForTest();
  const view = renderWithProviders(ui, { url: `/leads/${leadId}`, path: '/leads/:leadId' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

// Swiss formats in every language: the day as DD.MM.YYYY, the time in 24 hours (no native date/time input).
describe("the lead's day and time fields", { timeout: 60_000 }, () => {
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

  it('the admission form refuses an end before the start and sends both days as YYYY-MM-DD', async () => {
    const lead = await createLead(api, { contact: { lastname: 'Eintrittsfeld' } });
    const { container, user } = render(<DetailsAdmissions lead={lead} />, lead.leadId);
    await user.click(await screen.findByRole('button', { name: 'Add admission' }));
    const form = await screen.findByRole('form', { name: 'New admission' });
    expect(container.querySelector(native)).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Admission' }), '05.01.2027');
    const until = within(form).getByRole('textbox', { name: 'Until' });
    await user.type(until, '01.01.2027');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Save admission' }));
    expect(
      await within(form).findByText('Enter a valid end date, not before the admission.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.op === 'createAdmission')).toBe(false);

    await user.clear(until);
    await user.type(until, '19.01.2027');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Save admission' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.op === 'createAdmission')?.input).toMatchObject({
        date: '2027-01-05',
        until: '2027-01-19',
      }),
    );
  });
});
