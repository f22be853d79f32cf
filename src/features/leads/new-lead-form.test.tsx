import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/sales.ts';
import { fakeService, ok, refused, renderAt } from './details-test-kit.tsx';
import { DRAFT_KEY } from './new-lead-draft.ts';
import { NewLeadForm } from './new-lead-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rule = () => screen.getByTestId('identifying-rule');
const ruleText = 'Enter at least one of last name, e-mail, mobile or phone.';

// A big form in jsdom on a busy machine: generous time.
describe('the new-lead form', { timeout: 60_000 }, () => {
  it('shows the identifying rule as soon as something is typed, and drops it once one field is filled', async () => {
    fakeService({});
    const user = userEvent.setup({ delay: null });
    renderAt(<NewLeadForm />, '/leads/new');

    // Untouched: only the hint, not the complaint.
    expect(rule()).not.toHaveTextContent(ruleText);
    await user.type(screen.getByLabelText('First name'), 'Anna');
    expect(rule()).toHaveTextContent(ruleText);

    await user.type(screen.getByLabelText('Mobile'), '079');
    expect(rule()).not.toHaveTextContent(ruleText);

    await user.clear(screen.getByLabelText('Mobile'));
    expect(rule()).toHaveTextContent(ruleText);
  });

  it('refuses to send without an identifying field', async () => {
    const service = fakeService({});
    const user = userEvent.setup({ delay: null });
    renderAt(<NewLeadForm />, '/leads/new');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(rule()).toHaveTextContent(ruleText));
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
    expect(service.bodiesOf('createLead')).toHaveLength(0);
  });

  it('sends the same idempotency key again when the user retries after a failure', async () => {
    let attempts = 0;
    const service = fakeService({
      createLead: () => {
        attempts += 1;
        // The first answer is lost (e.g. a gateway failure); the second one arrives.
        return attempts === 1 ? refused(502, 'Bad gateway.') : ok({ leadId: 77, uniqid: 'u-77' });
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<NewLeadForm />, '/leads/new');
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));

    expect(await screen.findByText('Bad gateway.')).toBeInTheDocument();
    // What was typed is still there.
    expect(screen.getByLabelText('Last name')).toHaveValue('Muster');

    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/77'));

    const bodies = service.bodiesOf('createLead');
    expect(bodies).toHaveLength(2);
    const key = bodies[0].idempotencyKey;
    expect(typeof key).toBe('string');
    expect(String(key).length).toBeGreaterThan(10);
    expect(bodies[1].idempotencyKey).toBe(key);
    expect(bodies[1]).toMatchObject({ ispatient: 1, contact: { lastname: 'Muster' } });
    // Created: the draft is gone.
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('sends one request for a double click, and disables the button while sending', async () => {
    let release: () => void = () => undefined;
    const service = fakeService({
      createLead: () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ leadId: 78, uniqid: 'u-78' }));
        }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<NewLeadForm />, '/leads/new');
    await user.type(screen.getByLabelText('E-mail'), 'a@b.ch');
    const submit = screen.getByRole('button', { name: 'Create lead' });
    await user.dblClick(submit);
    await waitFor(() => expect(service.bodiesOf('createLead')).toHaveLength(1));
    expect(submit).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/78'));
    expect(service.bodiesOf('createLead')).toHaveLength(1);
  });

  it('keeps a fresh key per form, and the same key in a restored draft', async () => {
    const service = fakeService({ createLead: () => refused(400, MSG.createFailed) });
    const user = userEvent.setup({ delay: null });
    const first = renderAt(<NewLeadForm />, '/leads/new');
    await user.type(screen.getByLabelText('Phone'), '044 12');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText('The lead could not be created.')).toBeInTheDocument();
    const key = service.bodiesOf('createLead')[0].idempotencyKey;
    first.unmount();

    // Back to the form: the input and the key come back from the draft.
    renderAt(<NewLeadForm />, '/leads/new');
    expect(await screen.findByText('Your earlier input was restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('044 12');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(service.bodiesOf('createLead')).toHaveLength(2));
    expect(service.bodiesOf('createLead')[1].idempotencyKey).toBe(key);

    // Discarding the draft starts a new form with a new key.
    await user.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    await user.type(screen.getByLabelText('Phone'), '044 99');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(service.bodiesOf('createLead')).toHaveLength(3));
    expect(service.bodiesOf('createLead')[2].idempotencyKey).not.toBe(key);
  });

  it('maps a server refusal onto its field', async () => {
    fakeService({ createLead: () => refused(422, MSG.otherPipeline) });
    const user = userEvent.setup({ delay: null });
    renderAt(<NewLeadForm />, '/leads/new');
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText('This folder belongs to the other pipeline.')).toBeInTheDocument();
    expect(screen.getByLabelText('Folder')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before leaving with unsaved input, and stays when told to', async () => {
    fakeService({});
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<NewLeadForm />, '/leads/new');
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/leads/new');
    expect(screen.getByLabelText('Last name')).toHaveValue('Muster');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
    // The draft stays for the return.
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toContain('Muster');
  });
});
