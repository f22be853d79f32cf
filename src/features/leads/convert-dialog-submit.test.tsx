import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createLead } from '../../test/factories.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { inProcessService } from '../../test/service.ts';
import { ConvertDialog } from './convert-dialog.tsx';

const api = inProcessService();

describe('the convert dialog', () => {
  it('sends one convertLead for a double click and then reports the conversion, not a failure', async () => {
    signInForTest();
    const lead = await createLead(api, { contact: { firstname: 'Zora', lastname: 'Unikat-Beispiel' } });
    renderWithProviders(
      <ConvertDialog lead={lead} opened onClose={() => undefined} onDone={() => undefined} />,
    );
    const create = await screen.findByRole('radio', { name: 'Create a new patient from this lead' });
    fireEvent.click(create);
    const convert = screen.getByRole('button', { name: 'Convert' });
    // Two clicks in one frame: React has not rendered the pending state in between.
    fireEvent.click(convert);
    fireEvent.click(convert);
    expect(await screen.findByText(/^The new patient #\d+ was created from the lead\.$/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op === 'convertLead')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The service converted it once: the lead now names its patient.
    const after = await api.send('getLeads', { filter: { leadId: lead.leadId }, offset: 0, limit: 1 });
    expect((after.body.result as { patid?: number | null }[])[0]?.patid).toBeGreaterThan(0);
  });
});
