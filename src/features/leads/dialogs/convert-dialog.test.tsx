import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createLead, createPatient } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
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

describe('converting a lead the practice has as a patient already', () => {
  it('asks a second time before creating a patient with the same name and birth date, and links on "Link to this patient"', async () => {
    signInForTest();
    const twin = await createPatient(api, { lastname: 'Zwilling-Test', firstname: 'Ida', dob: '1977-07-07' });
    const lead = await createLead(api, {
      contact: { firstname: 'Ida', lastname: 'Zwilling-Test', dob: '1977-07-07' },
    });
    const { user } = renderWithProviders(
      <ConvertDialog lead={lead} opened onClose={() => undefined} onDone={() => undefined} />,
    );
    await user.click(await screen.findByRole('radio', { name: 'Create a new patient from this lead' }));
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The practice has this person already');
    expect(api.calls.filter((c) => c.op === 'convertLead')).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: `Link the lead to Zwilling-Test, Ida (no. ${twin.patid})` }),
    );
    expect(await screen.findByText(`The lead is now linked to patient #${twin.patid}.`)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op === 'convertLead').map((c) => c.input)).toEqual([
      { leadId: lead.leadId, patid: twin.patid },
    ]);
  });

  it("asks a second time for a patient found only by the lead's mobile number, whose name and birth date differ", async () => {
    signInForTest();
    // The practice knows the number under another name (a family's shared mobile, or a married name) and without
    // a birth date: the candidates' searches (name, birth date, mail) do not find them.
    const twin = await createPatient(api, {
      lastname: 'Handy-Anders',
      firstname: 'Vera',
      mobile: '079 613 27 48',
    });
    const lead = await createLead(api, {
      contact: { firstname: 'Vera', lastname: 'Nummer-Gleich' },
      communication: { mobile: '+41 79 613 27 48' },
    });
    const { user } = renderWithProviders(
      <ConvertDialog lead={lead} opened onClose={() => undefined} onDone={() => undefined} />,
    );
    expect(
      await screen.findByText('No existing patient has the name, date of birth or mail of this lead.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The practice has this person already');
    expect(screen.getByText(/079 613 27 48/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op === 'convertLead')).toHaveLength(0);
    await user.click(
      screen.getByRole('button', { name: `Link the lead to Handy-Anders, Vera (no. ${twin.patid})` }),
    );
    expect(await screen.findByText(`The lead is now linked to patient #${twin.patid}.`)).toBeInTheDocument();
  });

  it('creates nothing when the search for the same person fails, and says so', async () => {
    signInForTest();
    const lead = await createLead(api, {
      contact: { firstname: 'Olga', lastname: 'Ohne-Netz' },
      communication: { mobile: '079 555 01 02' },
    });
    const { user } = renderWithProviders(
      <ConvertDialog lead={lead} opened onClose={() => undefined} onDone={() => undefined} />,
    );
    expect(
      await screen.findByText('No existing patient has the name, date of birth or mail of this lead.'),
    ).toBeInTheDocument();
    api.intercept('searchPatients', () => ({ http: 500, msg: 'Interner Fehler.' }));
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be converted');
    expect(api.calls.filter((c) => c.op === 'convertLead')).toHaveLength(0);
  });

  it('creates the new patient only on the second, deliberate click', async () => {
    signInForTest();
    await createPatient(api, { lastname: 'Zwilling-Zwei', firstname: 'Ida', dob: '1977-07-08' });
    const lead = await createLead(api, {
      contact: { firstname: 'Ida', lastname: 'Zwilling-Zwei', dob: '1977-07-08' },
    });
    const { user } = renderWithProviders(
      <ConvertDialog lead={lead} opened onClose={() => undefined} onDone={() => undefined} />,
    );
    await user.click(await screen.findByRole('radio', { name: 'Create a new patient from this lead' }));
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    await user.click(await screen.findByRole('button', { name: 'Create a new patient anyway' }));
    expect(await screen.findByText(/^The new patient #\d+ was created from the lead\.$/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op === 'convertLead').map((c) => c.input)).toEqual([
      { leadId: lead.leadId },
    ]);
  });
});
