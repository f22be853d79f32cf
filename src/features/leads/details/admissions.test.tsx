import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '#contract/sales.ts';
import { createLead } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { admissionFormSchema, DetailsAdmissions, toNewAdmission } from './admissions.tsx';

const api = inProcessService({ now: () => new Date('2026-11-20T07:15:00Z') });
const native = 'input[type="date"], input[type="time"], input[type="datetime-local"]';

function render(ui: React.ReactElement, leadId: number) {
  signInForTest();
  const view = renderWithProviders(ui, { url: `/leads/${leadId}`, path: '/leads/:leadId' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

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

// Swiss formats in every language: the day as DD.MM.YYYY, the time in 24 hours (no native date/time input).
describe("the admission form's day fields", { timeout: 60_000 }, () => {
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
