import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { makeLead } from './board-test-data.ts';
import { ConvertDialog } from './convert-dialog.tsx';

describe('the convert dialog', () => {
  it('sends one convertLead for a double click and then reports the conversion, not a failure', async () => {
    signInForTest();
    const api = stubApi({ searchPatients: () => [], convertLead: () => ({ patid: 41, created: true }) });
    const lead = makeLead(5);
    renderWithProviders(
      <ConvertDialog lead={lead} opened onClose={() => undefined} onDone={() => undefined} />,
    );
    const create = await screen.findByRole('radio', { name: 'Create a new patient from this lead' });
    await screen.findByText(/Create a new patient/);
    fireEvent.click(create);
    const convert = screen.getByRole('button', { name: 'Convert' });
    // Two clicks in one frame: React has not rendered the pending state in between.
    fireEvent.click(convert);
    fireEvent.click(convert);
    expect(await screen.findByText('The new patient #41 was created from the lead.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op === 'convertLead')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
