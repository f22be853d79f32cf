import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createLead } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { DisqualifyDialog } from './disqualify-dialog.tsx';
import { MoveDialog } from './move-dialog.tsx';

const api = inProcessService();

/** The reference data fails until `mend()` is called; the dialog's Retry then loads the choices. */
function failingReference() {
  let failing = true;
  api.intercept('getReferenceData', () => (failing ? { http: 502, msg: 'Bad gateway.' } : undefined));
  return () => {
    failing = false;
  };
}

describe('a lead dialog whose choices cannot be loaded', { timeout: 30_000 }, () => {
  it('disqualify says so with the reason, and Retry shows the reasons', async () => {
    signInForTest();
    const lead = await createLead(api, { folderId: 2 });
    const mend = failingReference();
    renderWithProviders(<DisqualifyDialog lead={lead} opened onClose={() => {}} onDone={() => {}} />);
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The choices could not be loaded');
    expect(screen.queryByRole('radio')).toBeNull();
    mend();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('radio')).not.toHaveLength(0);
  });

  it('move says so too, and Retry shows the folders', async () => {
    signInForTest();
    const lead = await createLead(api, { folderId: 2 });
    const mend = failingReference();
    renderWithProviders(<MoveDialog lead={lead} opened onClose={() => {}} onDone={() => {}} />);
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The choices could not be loaded');
    mend();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('radio')).not.toHaveLength(0);
  });
});
