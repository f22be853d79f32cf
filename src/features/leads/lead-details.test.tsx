import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../contract/sales.ts';
import { aLead, fakeService, list, ok, renderAt } from './details-test-kit.tsx';
import { LeadDetails } from './lead-details.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serviceWith(lead: Lead | null, extra = {}) {
  return fakeService({
    getLeads: () => list(lead ? [lead] : []),
    getLeadHistory: () => list([]),
    getAdmissions: () => list([]),
    ...extra,
  });
}

describe('the lead details', { timeout: 30_000 }, () => {
  it('shows the folder, the assignee and what can be done next, and says what cannot change', async () => {
    const service = serviceWith(aLead({ folderId: 2 }));
    renderAt(<LeadDetails leadId={42} />, '/leads/42');
    expect(await screen.findByRole('heading', { name: 'Muster Anna' })).toBeInTheDocument();
    const status = screen.getByRole('group', { name: 'Status' });
    expect(within(status).getByText('Patient lead')).toBeInTheDocument();
    expect(await within(status).findByText('Folder: To be contacted')).toBeInTheDocument();
    expect(await within(status).findByText('Assigned to Demo User')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'What can be done next' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Move', 'Assign', 'Convert', 'Disqualify', 'Delete']);
    expect(screen.getByText(/cannot change a lead’s contact, address/)).toBeInTheDocument();
    expect(service.bodiesOf('getLeads')[0]).toMatchObject({ filter: { leadId: 42, includeDeleted: true } });
  });

  it('offers no Convert for a converted lead and no Disqualify for a disqualified one', async () => {
    serviceWith(aLead({ folderId: 5, conversionDate: '2026-11-02', patid: 7 }));
    renderAt(<LeadDetails leadId={42} />, '/leads/42');
    const actions = await screen.findByRole('group', { name: 'What can be done next' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Move', 'Assign', 'Delete']);
    expect(screen.getByText('Patient #7')).toBeInTheDocument();
  });

  it('shows a deleted lead with who, when and why, and restores it', async () => {
    let deleted = true;
    const service = fakeService({
      getLeads: () =>
        list([
          aLead(
            deleted
              ? {
                  deleted: true,
                  deletedBy: 6,
                  deletedTime: '2026-11-20 08:15:00',
                  reasonDeleted: 'Duplicate',
                }
              : {},
          ),
        ]),
      getLeadHistory: () => list([]),
      restoreLead: () => {
        deleted = false;
        return ok(null);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<LeadDetails leadId={42} />, '/leads/42');
    expect(await screen.findByText('This lead is deleted')).toBeInTheDocument();
    expect(await screen.findByText('Deleted by Sara Sales on 20.11.2026 08:15.')).toBeInTheDocument();
    expect(screen.getByText('Reason: Duplicate')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What can be done next' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('group', { name: 'What can be done next' })).toBeInTheDocument();
    expect(service.bodiesOf('restoreLead')).toEqual([{ leadId: 42 }]);
  });

  it('says so when there is no such lead', async () => {
    serviceWith(null);
    renderAt(<LeadDetails leadId={42} />, '/leads/42');
    expect(await screen.findByText('There is no such lead.')).toBeInTheDocument();
  });

  it('shows all data of the lead on the data tab', async () => {
    serviceWith(
      aLead({
        medical: {
          bloodType: 'A+',
          height: 172,
          weight: null,
          job: 'Teacher',
          hxData: { Allergies: 'Pollen' },
        },
        commercial: { revenue: 1234.5 },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<LeadDetails leadId={42} />, '/leads/42');
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
