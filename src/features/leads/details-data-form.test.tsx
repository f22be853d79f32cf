import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../contract/sales.ts';
import { aLead, fakeService, list, ok, refused, renderAt } from './details-test-kit.tsx';
import { LeadDetails } from './lead-details.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serviceWith(
  read: () => Lead,
  updateLead?: (body: Record<string, unknown>) => ReturnType<typeof ok>,
) {
  return fakeService({
    getLeads: () => list([read()]),
    getLeadHistory: () => list([]),
    getAdmissions: () => list([]),
    ...(updateLead ? { updateLead } : {}),
  });
}

const page = (
  <>
    <Notifications />
    <LeadDetails leadId={42} />
  </>
);

describe('editing a lead’s data', { timeout: 30_000 }, () => {
  it('corrects the mail and writes the shown groups whole, merged into the lead as read just now', async () => {
    let reads = 0;
    // Someone else adds a phone number after the page was loaded: the save must keep it.
    const service = serviceWith(
      () =>
        aLead(reads++ === 0 ? {} : { communication: { ...aLead().communication, phone: '044 111 22 33' } }),
      () => ok(null),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(page, '/leads/42');
    expect(await screen.findByText(/can be corrected on the Data tab/)).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    const form = screen.getByRole('form', { name: 'Lead data' });
    const mail = within(form).getByRole('textbox', { name: 'E-mail' });
    await user.clear(mail);
    await user.type(mail, 'anna.muster@example.ch');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The lead’s data was saved.')).toBeInTheDocument();
    const sent = service.bodiesOf('updateLead').filter((b) => 'communication' in b);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      leadId: 42,
      communication: { mail: 'anna.muster@example.ch', phone: '044 111 22 33' },
      contact: { lastname: 'Muster', firstname: 'Anna', dob: '1980-11-21', nationality: 'CH' },
      address: { city: 'Zürich' },
    });
  });

  it('refuses to empty every identifying field before sending', async () => {
    const service = serviceWith(
      () => aLead(),
      () => ok(null),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(page, '/leads/42');
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: 'Edit data' }));
    const form = screen.getByRole('form', { name: 'Lead data' });
    await user.clear(within(form).getByRole('textbox', { name: 'Last name' }));
    await user.clear(within(form).getByRole('textbox', { name: 'E-mail' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Enter at least one of last name, e-mail, mobile or phone.',
    );
    expect(service.bodiesOf('updateLead').filter((b) => 'communication' in b)).toHaveLength(0);
  });

  it('stays read-only, saying why, when the practice’s service has no updateLead', async () => {
    serviceWith(() => aLead());
    const user = userEvent.setup({ delay: null });
    renderAt(page, '/leads/42');
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
    serviceWith(
      () => aLead(),
      (body) => ('communication' in body ? refused(422, 'Lead is deleted.') : ok(null)),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(page, '/leads/42');
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
