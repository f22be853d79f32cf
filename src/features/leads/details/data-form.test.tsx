import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Lead } from '#contract/sales.ts';
import { createLead } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { LeadDetails } from './lead-details.tsx';

const api = inProcessService();

function renderDetails(leadId: number) {
  signInForTest();
  const view = renderWithProviders(<LeadDetails leadId={leadId} />, {
    url: `/leads/${leadId}`,
    path: '/leads/:leadId',
  });
  // Typed at once, not key by key with a pause: big forms on a busy machine.
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const dataUpdates = () =>
  api.calls.filter((c) => c.op === 'updateLead' && 'communication' in c.input).map((c) => c.input);

const aLead = () =>
  createLead(api, {
    contact: { firstname: 'Anna', lastname: 'Muster', dob: '1980-11-21', nationality: 'CH' },
    address: { city: 'Zürich' },
    communication: { mail: 'anna@example.ch' },
  });

async function stored(leadId: number): Promise<Lead> {
  const page = await api.send('getLeads', { filter: { leadId }, offset: 0, limit: 1 });
  return (page.body.result as Lead[])[0] as Lead;
}

describe('editing a lead’s data', { timeout: 30_000 }, () => {
  it('corrects the mail and writes the shown groups whole, merged into the lead as read just now', async () => {
    const lead = await aLead();
    const { user } = renderDetails(lead.leadId);
    expect(await screen.findByText(/can be corrected on the Data tab/)).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    // Someone else adds a phone number after the page was loaded: the save must keep it.
    const other = await api.send('updateLead', {
      leadId: lead.leadId,
      communication: { phone: '044 111 22 33' },
    });
    expect(other.body.status).toBe(true);
    const form = screen.getByRole('form', { name: 'Lead data' });
    const mail = within(form).getByRole('textbox', { name: 'E-mail' });
    await user.clear(mail);
    await user.type(mail, 'anna.muster@example.ch');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The lead’s data was saved.')).toBeInTheDocument();
    // The write over version 1 is refused (the phone changed meanwhile); nobody else touched the mail, so the
    // form writes again at once over version 2, nothing to ask.
    const sent = dataUpdates();
    expect(sent.map((u) => u.ifVersion)).toEqual([1, 2]);
    expect(sent[1]).toMatchObject({
      leadId: lead.leadId,
      communication: { mail: 'anna.muster@example.ch', phone: '044 111 22 33' },
      contact: { lastname: 'Muster', firstname: 'Anna', dob: '1980-11-21', nationality: 'CH' },
      address: { city: 'Zürich' },
    });
    expect((await stored(lead.leadId)).communication).toMatchObject({
      mail: 'anna.muster@example.ch',
      phone: '044 111 22 33',
    });
  });

  it('a field both changed: shows both values, nothing saved; keeping one’s own overwrites knowingly', async () => {
    const lead = await aLead();
    const { user } = renderDetails(lead.leadId);
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    await api.send('updateLead', { leadId: lead.leadId, communication: { mail: 'kollegin@example.ch' } });
    const form = screen.getByRole('form', { name: 'Lead data' });
    const mail = within(form).getByRole('textbox', { name: 'E-mail' });
    await user.clear(mail);
    await user.type(mail, 'meine@example.ch');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Changed meanwhile by somebody else');
    expect(alert).toHaveTextContent('E-mail: yours meine@example.ch, saved meanwhile kollegin@example.ch');
    expect(mail).toHaveValue('meine@example.ch');
    expect((await stored(lead.leadId)).communication.mail).toBe('kollegin@example.ch');
    await user.click(within(form).getByRole('button', { name: 'Save mine anyway' }));
    expect(await screen.findByText('The lead’s data was saved.')).toBeInTheDocument();
    expect(dataUpdates().map((u) => u.ifVersion)).toEqual([1, 2]);
    expect(await stored(lead.leadId)).toMatchObject({
      version: 3,
      communication: { mail: 'meine@example.ch' },
    });
  });

  it('a field both changed: taking over the colleague’s value keeps one’s other changes', async () => {
    const lead = await aLead();
    const { user } = renderDetails(lead.leadId);
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    await api.send('updateLead', { leadId: lead.leadId, communication: { mail: 'kollegin@example.ch' } });
    const form = screen.getByRole('form', { name: 'Lead data' });
    const mail = within(form).getByRole('textbox', { name: 'E-mail' });
    await user.clear(mail);
    await user.type(mail, 'meine@example.ch');
    const city = within(form).getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Winterthur');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await user.click(await within(form).findByRole('button', { name: 'Take over theirs' }));
    expect(mail).toHaveValue('kollegin@example.ch');
    expect(city).toHaveValue('Winterthur');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The lead’s data was saved.')).toBeInTheDocument();
    expect(await stored(lead.leadId)).toMatchObject({
      version: 3,
      communication: { mail: 'kollegin@example.ch' },
      address: { city: 'Winterthur' },
    });
  });

  it('refuses to empty every identifying field before sending', async () => {
    const lead = await aLead();
    const { user } = renderDetails(lead.leadId);
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    const form = screen.getByRole('form', { name: 'Lead data' });
    await user.clear(within(form).getByRole('textbox', { name: 'Last name' }));
    await user.clear(within(form).getByRole('textbox', { name: 'E-mail' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Enter at least one of last name, e-mail, mobile or phone.',
    );
    expect(dataUpdates()).toHaveLength(0);
    expect((await stored(lead.leadId)).contact.lastname).toBe('Muster');
  });

  it('stays read-only, saying why, when the practice’s service has no updateLead', async () => {
    const lead = await aLead();
    api.intercept('updateLead', () => ({ http: 404, msg: 'Unknown operation.' }));
    const { user } = renderDetails(lead.leadId);
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    expect(
      await screen.findByText(/cannot change a lead’s data, so it is shown read-only/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit data' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(/cannot change a lead’s contact, address/)).toBeInTheDocument(),
    );
  });

  it('shows a refusal of the service above the buttons', async () => {
    const lead = await aLead();
    // The lead was deleted elsewhere just as the save went out.
    api.intercept('updateLead', (input) =>
      'communication' in input ? { http: 422, msg: 'Lead is deleted.' } : undefined,
    );
    const { user } = renderDetails(lead.leadId);
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    const form = screen.getByRole('form', { name: 'Lead data' });
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'x');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The lead is deleted. Restore it first.',
    );
  });
});
