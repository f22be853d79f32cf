import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Lead, MSG } from '#contract/sales.ts';
import { i18n } from '#i18n/index.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { DRAFT_KEY } from './draft.ts';
import { NewLeadForm } from './form.tsx';

const api = inProcessService();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function renderForm() {
  signInForTest();
  return renderWithProviders(<NewLeadForm />, { url: '/leads/new', path: '/leads/new' });
}

const createCalls = () => api.calls.filter((c) => c.op === 'createLead').map((c) => c.input);

/** The lead the address `/leads/<id>` names, as the service has it. */
async function leadAt(pathname: string): Promise<Lead | undefined> {
  const leadId = Number(/^\/leads\/(\d+)$/.exec(pathname)?.[1]);
  const page = await api.send('getLeads', { filter: { leadId }, offset: 0, limit: 1 });
  return (page.body.result as Lead[])[0];
}

const rule = () => screen.getByTestId('identifying-rule');
const ruleText = 'Enter at least one of last name, e-mail, mobile or phone.';

// A big form in jsdom on a busy machine: generous time.
describe('the new-lead form', { timeout: 60_000 }, () => {
  it('shows the identifying rule as soon as something is typed, and drops it once one field is filled', async () => {
    renderForm();
    const user = userEvent.setup({ delay: null });

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
    renderForm();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(rule()).toHaveTextContent(ruleText));
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
    expect(createCalls()).toHaveLength(0);
  });

  it('sends the same idempotency key again when the user retries after a failure', async () => {
    let attempts = 0;
    // The first answer is lost (e.g. a gateway failure); the second request reaches the service.
    api.intercept('createLead', () => {
      attempts += 1;
      return attempts === 1 ? { http: 502, msg: 'Bad gateway.' } : undefined;
    });
    const { router } = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));

    expect(await screen.findByText('Bad gateway.')).toBeInTheDocument();
    // What was typed is still there.
    expect(screen.getByLabelText('Last name')).toHaveValue('Muster');

    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/leads\/\d+$/));
    expect((await leadAt(router.state.location.pathname))?.contact.lastname).toBe('Muster');

    const bodies = createCalls();
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
    // A slow service: the request waits until released, then goes through.
    api.intercept(
      'createLead',
      () =>
        new Promise<undefined>((resolve) => {
          release = () => resolve(undefined);
        }),
    );
    const { router } = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'a@b.ch');
    const submit = screen.getByRole('button', { name: 'Create lead' });
    await user.dblClick(submit);
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    expect(submit).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/leads\/\d+$/));
    expect(createCalls()).toHaveLength(1);
    expect((await leadAt(router.state.location.pathname))?.communication.mail).toBe('a@b.ch');
  });

  it('keeps a fresh key per form, and the same key in a restored draft', async () => {
    api.intercept('createLead', () => ({ http: 400, msg: MSG.createFailed }));
    const first = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Phone'), '044 12');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText('The lead could not be created.')).toBeInTheDocument();
    const key = createCalls()[0].idempotencyKey;
    first.unmount();

    // Back to the form: the input and the key come back from the draft.
    renderForm();
    expect(await screen.findByText('Your earlier input was restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('044 12');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(createCalls()).toHaveLength(2));
    expect(createCalls()[1].idempotencyKey).toBe(key);

    // Discarding the draft starts a new form with a new key.
    await user.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    await user.type(screen.getByLabelText('Phone'), '044 99');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(createCalls()).toHaveLength(3));
    expect(createCalls()[2].idempotencyKey).not.toBe(key);
  });

  it('maps a server refusal onto its field', async () => {
    api.intercept('createLead', () => ({ http: 422, msg: MSG.otherPipeline }));
    renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText('This folder belongs to the other pipeline.')).toBeInTheDocument();
    expect(screen.getByLabelText('Folder')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before leaving with unsaved input, and stays when told to', async () => {
    const { router } = renderForm();
    const user = userEvent.setup({ delay: null });
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

  it('takes the birth date as DD.MM.YYYY (no native date input) and sends it as YYYY-MM-DD', async () => {
    const { router, container } = renderForm();
    const user = userEvent.setup({ delay: null });
    expect(
      container.querySelector('input[type="date"], input[type="time"], input[type="datetime-local"]'),
    ).toBeNull();
    await user.type(screen.getByLabelText('Last name'), 'Geburtstag');
    const dob = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(dob, '21.11.1980');
    await user.tab();
    expect(dob).toHaveValue('21.11.1980');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/leads\/\d+$/));
    expect(createCalls()[0]).toMatchObject({ contact: { lastname: 'Geburtstag', dob: '1980-11-21' } });
  });
  it('refuses a 5-digit Swiss postcode and a 288-character last name at the fields, in German, and sends nothing', async () => {
    await i18n.changeLanguage('de');
    renderForm();
    const user = userEvent.setup({ delay: null });
    const lastname = await screen.findByLabelText('Nachname');
    // Pasted, as such a text comes: typing 288 characters one by one takes jsdom long.
    await user.click(lastname);
    await user.paste('M'.repeat(288));
    await user.type(screen.getByLabelText('PLZ'), '80011');
    await user.click(screen.getByRole('button', { name: 'Lead erfassen' }));

    expect(await screen.findByText('Höchstens 200 Zeichen.')).toBeInTheDocument();
    expect(screen.getByText('Eine Schweizer Postleitzahl hat 4 Ziffern.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nachname')).toHaveAccessibleDescription(/Höchstens 200 Zeichen\./);
    expect(screen.getByLabelText('PLZ')).toHaveAccessibleDescription(/Postleitzahl hat 4 Ziffern/);
    expect(createCalls()).toHaveLength(0);
    // Nothing typed is lost.
    expect(screen.getByLabelText('Nachname')).toHaveValue('M'.repeat(288));
    expect(screen.getByLabelText('PLZ')).toHaveValue('80011');
  });

  it('takes a 5-digit postcode abroad', async () => {
    renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Last name'), 'Muster');
    await user.type(screen.getByLabelText('Postcode'), '79539');
    await user.type(screen.getByLabelText('Country code'), 'DE');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    expect(createCalls()[0]).toMatchObject({ address: { zip: '79539', countryCode: 'DE' } });
  });
});
