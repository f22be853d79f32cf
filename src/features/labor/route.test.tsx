import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { laborMessages } from '../../../contract/labor.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { inProcessService } from '../../test/service.ts';
import { Component as LabRoute } from './route.tsx';
import { laborUploads } from './upload-store.ts';

const api = inProcessService();

afterEach(() => {
  // The list lives outside the page (it survives route changes): start each test with an empty one.
  laborUploads.setOwner(null);
});

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('the lab upload page', () => {
  it('explains pairing by base name and that the patient comes from the HL7 content', async () => {
    signInForTest();
    renderWithProviders(<LabRoute />, { url: '/lab' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab results' })).toBeInTheDocument();
    expect(screen.getByText(/same base name/)).toBeInTheDocument();
    expect(screen.getByText(/taken from the HL7 content only/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeEnabled();
  });

  it('says before any try that the credentials lack module labor', async () => {
    // The demo practice's key without module labor.
    signInForTest({ auth: { kind: 'apiKey', key: 'demo-key-nolabor' } });
    renderWithProviders(<LabRoute />, { url: '/lab' });
    expect(await screen.findByText('Lab uploads are not enabled for this sign-in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeDisabled();
  });

  it('sends valid files in order, shows each answer, stops others before sending, retries only a failed save', async () => {
    signInForTest();
    let refuse = true;
    // The PDFs reach the service; b.hl7 was sent before (a duplicate), and d.pdf meets a full disk once.
    api.intercept('laborUpload', (input) =>
      input.filename === 'b.hl7'
        ? { http: 400, msg: laborMessages.duplicate }
        : input.filename === 'd.pdf' && refuse
          ? { http: 500, msg: laborMessages.saveFailed }
          : undefined,
    );
    const { container, user } = renderWithProviders(<LabRoute />, { url: '/lab' });
    await screen.findByRole('heading', { level: 1, name: 'Lab results' });

    await user.upload(fileInput(container), [
      new File(['%PDF-1.4 x'], 'a.pdf', { type: 'application/pdf' }),
      new File(['MSH|^~\\&|x'], 'b.hl7'),
      new File(['hello'], 'c.docx'),
      new File(['%PDF-1.4 d'], 'd.pdf', { type: 'application/pdf' }),
    ]);

    const row = (name: string) =>
      screen
        .getByRole('rowheader', { name: new RegExp(name.replace('.', '\\.')) })
        .closest('tr') as HTMLElement;
    await waitFor(() => expect(row('a.pdf')).toHaveTextContent('Status 200: successfully uploaded'));
    await waitFor(() =>
      expect(row('b.hl7')).toHaveTextContent('Status 400: file already exists, not saving again'),
    );
    expect(row('c.docx')).toHaveTextContent('Only .hl7 and .pdf files can be uploaded.');
    await waitFor(() => expect(row('d.pdf')).toHaveTextContent('Status 500: failed to save file'));
    const uploads = () => api.calls.filter((c) => c.op === 'laborUpload');
    expect(uploads().map((c) => c.input.filename)).toEqual(['a.pdf', 'b.hl7', 'd.pdf']);
    expect(uploads()[0].input.content).toBe(btoa('%PDF-1.4 x'));
    expect(screen.getByTestId('upload-summary')).toHaveTextContent(
      '1 accepted, 2 refused or failed, 0 in progress, 1 not sent',
    );
    // A refusal would come again: no retry, and the row says so.
    expect(within(row('b.hl7')).queryByRole('button', { name: 'Send b.hl7 again' })).not.toBeInTheDocument();
    expect(row('b.hl7')).toHaveTextContent('Sending it again would be refused again');

    refuse = false;
    await user.click(within(row('d.pdf')).getByRole('button', { name: 'Send d.pdf again' }));
    await waitFor(() => expect(row('d.pdf')).toHaveTextContent('Status 200: successfully uploaded'));
    expect(uploads()).toHaveLength(4);
  });
});
