import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aLead, fakeService, list, renderAt } from './details-test-kit.tsx';
import { Component as LeadRoute } from './lead-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lead route', { timeout: 30_000 }, () => {
  it('names the page after the lead and asks before leaving an unsaved note', async () => {
    fakeService({ getLeads: () => list([aLead()]), getLeadHistory: () => list([]) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<LeadRoute />, '/leads/42', '/leads/:leadId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Muster Anna' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'Back to the board' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/leads/42');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');

    // Without unsaved input nothing asks.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('link', { name: 'Back to the board' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
  });

  it('shows the deleted leads at /leads/deleted and the form at /leads/new', async () => {
    fakeService({
      getLeads: () =>
        list([
          aLead({ deleted: true, deletedBy: 6, deletedTime: '2026-11-20 08:15:00', reasonDeleted: 'Spam' }),
        ]),
    });
    const first = renderAt(<LeadRoute />, '/leads/deleted', '/leads/:leadId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted leads' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Muster Anna.*Spam/ })).toBeInTheDocument();
    first.unmount();

    renderAt(<LeadRoute />, '/leads/new', '/leads/:leadId');
    expect(await screen.findByRole('heading', { level: 1, name: 'New lead' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create lead' })).toBeInTheDocument();
  });
});
