import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLead } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as LeadRoute } from './route.tsx';

const api = inProcessService();
const board = [{ path: '/leads', element: <p>The board</p> }];

beforeEach(() => {
  signInForTest();
});

describe('the lead route', { timeout: 30_000 }, () => {
  it('names the page after the lead and asks before leaving an unsaved note', async () => {
    const lead = await createLead(api, { contact: { firstname: 'Zora', lastname: 'Quellmatt' } });
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<LeadRoute />, {
      url: `/leads/${lead.leadId}`,
      path: '/leads/:leadId',
      routes: board,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quellmatt Zora' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'Back to the board' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/leads/${lead.leadId}`);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');

    // Without unsaved input nothing asks.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('link', { name: 'Back to the board' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
  });

  it('shows the deleted leads at /leads/deleted and the form at /leads/new', async () => {
    const lead = await createLead(api, { contact: { firstname: 'Ida', lastname: 'Weggemacht' } });
    expect((await api.send('deleteLead', { leadId: lead.leadId, reason: 'Spam' })).http).toBe(200);
    const first = renderWithProviders(<LeadRoute />, { url: '/leads/deleted', path: '/leads/:leadId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted leads' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Weggemacht Ida.*Spam/ })).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<LeadRoute />, { url: '/leads/new', path: '/leads/:leadId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'New lead' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create lead' })).toBeInTheDocument();
  });
});
