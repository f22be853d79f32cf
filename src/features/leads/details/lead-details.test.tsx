import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createLead, createPatient } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { LeadDetails } from './lead-details.tsx';

// The practice's clock stands at 20.11.2026 08:15 Zurich time.
const api = inProcessService({ now: () => new Date('2026-11-20T07:15:00Z') });

function renderDetails(leadId: number) {
  signInForTest();
  const view = renderWithProviders(<LeadDetails leadId={leadId} />, {
    url: `/leads/${leadId}`,
    path: '/leads/:leadId',
  });
  // Typed at once, not key by key with a pause: big forms on a busy machine.
  return { ...view, user: userEvent.setup({ delay: null }) };
}

async function actionNames(): Promise<(string | null)[]> {
  const actions = await screen.findByRole('group', { name: 'What can be done next' });
  return within(actions)
    .getAllByRole('button')
    .map((b) => b.textContent);
}

async function succeeds(reply: Promise<{ body: Record<string, unknown> }>): Promise<void> {
  expect((await reply).body.status).toBe(true);
}

describe('the lead details', { timeout: 30_000 }, () => {
  it('shows the folder, the assignee and what can be done next, and says what cannot change', async () => {
    const lead = await createLead(api, {
      folderId: 2,
      assigneeId: 6,
      contact: { firstname: 'Anna', lastname: 'Zweifel' },
    });
    // A practice whose service cannot change a lead's data.
    api.intercept('updateLead', () => ({ http: 404, msg: 'Unknown operation.' }));
    renderDetails(lead.leadId);
    expect(await screen.findByRole('heading', { name: 'Zweifel Anna' })).toBeInTheDocument();
    const status = screen.getByRole('group', { name: 'Status' });
    expect(within(status).getByText('Patient lead')).toBeInTheDocument();
    expect(await within(status).findByText('Folder: To be contacted')).toBeInTheDocument();
    expect(await within(status).findByText('Assigned to Nina Weber')).toBeInTheDocument();
    expect(await actionNames()).toEqual(['Move', 'Assign', 'Convert', 'Disqualify', 'Delete']);
    await waitFor(() =>
      expect(screen.getByText(/cannot change a lead’s contact, address/)).toBeInTheDocument(),
    );
    expect(api.calls.find((c) => c.op === 'getLeads')?.input).toMatchObject({
      filter: { leadId: lead.leadId, includeDeleted: true },
    });
  });

  it('offers no Convert for a converted lead and no Disqualify for a disqualified one', async () => {
    const converted = await createLead(api);
    const { patid } = await createPatient(api);
    await succeeds(api.send('convertLead', { leadId: converted.leadId, patid }));
    const view = renderDetails(converted.leadId);
    expect(await actionNames()).not.toContain('Convert');
    expect(await actionNames()).toContain('Move');
    expect(screen.getByText(`Patient #${patid}`)).toBeInTheDocument();
    view.unmount();

    const disqualified = await createLead(api);
    await succeeds(api.send('disqualifyLead', { leadId: disqualified.leadId, reasonCode: 'PRICE' }));
    renderDetails(disqualified.leadId);
    await waitFor(async () => expect(await actionNames()).toContain('Convert'));
    expect(await actionNames()).not.toContain('Disqualify');
  });

  it('shows a deleted lead with who, when and why, and restores it', async () => {
    const lead = await createLead(api);
    await succeeds(api.send('deleteLead', { leadId: lead.leadId, reason: 'Duplicate' }));
    const { user } = renderDetails(lead.leadId);
    expect(await screen.findByText('This lead is deleted')).toBeInTheDocument();
    expect(await screen.findByText('Deleted by Petra Sommer on 20.11.2026 08:15.')).toBeInTheDocument();
    expect(screen.getByText('Reason: Duplicate')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What can be done next' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('group', { name: 'What can be done next' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op === 'restoreLead').map((c) => c.input)).toEqual([
      { leadId: lead.leadId },
    ]);
    const after = await api.send('getLeads', { filter: { leadId: lead.leadId }, offset: 0, limit: 1 });
    expect(after.body.result).toHaveLength(1);
  });

  it('says so when there is no such lead', async () => {
    renderDetails(999_999);
    expect(await screen.findByText('There is no such lead.')).toBeInTheDocument();
  });

  it('shows all data of the lead on the data tab', async () => {
    const lead = await createLead(api, {
      source: 'I',
      contact: { firstname: 'Anna', lastname: 'Daten', dob: '1980-11-21' },
      medical: { bloodType: 'A+', height: 172, job: 'Teacher', hxData: { Allergies: 'Pollen' } },
      commercial: { revenue: 1234.5 },
    });
    const { user } = renderDetails(lead.leadId);
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    const contact = await screen.findByRole('region', { name: 'Contact' });
    expect(within(contact).getByText('21.11.1980')).toBeInTheDocument();
    const medical = screen.getByRole('region', { name: 'Medical' });
    expect(within(medical).getByText('172 cm')).toBeInTheDocument();
    expect(within(medical).getByText('Pollen')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Commercial' })).getByText("CHF 1'234.50"),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Pipeline' })).getByText('Internet'),
      ).toBeInTheDocument(),
    );
  });
});
