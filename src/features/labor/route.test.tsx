import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { laborMessages, patientMismatchMessage } from '#contract/labor.ts';
import { i18n } from '#i18n/index.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as LabRoute } from './route.tsx';
import { laborUploads } from './upload-store.ts';

const api = inProcessService();

afterEach(() => {
  // The list lives outside the page (it survives route changes): start each test with an empty one.
  laborUploads.setOwner(null);
});

const row = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name.replace('.', '\\.')) }).closest('tr') as HTMLElement;

/** No status number, no English text of the service: what the person reads is the answer's meaning. */
function expectNoRawAnswer(el: HTMLElement) {
  expect(el).not.toHaveTextContent(/Status \d|\b[245]00\b/);
  for (const msg of Object.values(laborMessages)) expect(el).not.toHaveTextContent(msg);
}

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

  it('sends valid files in order, says what each answer means, stops others before sending, retries only a failed save', async () => {
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

    await waitFor(() => expect(row('a.pdf')).toHaveTextContent('Saved on the practice server.'));
    await waitFor(() =>
      expect(row('b.hl7')).toHaveTextContent('This file is already on the practice server. Nothing to do.'),
    );
    expect(row('b.hl7')).toHaveTextContent('Already uploaded');
    expect(row('c.docx')).toHaveTextContent('Only .hl7 and .pdf files can be uploaded.');
    await waitFor(() =>
      expect(row('d.pdf')).toHaveTextContent(
        'The practice server could not save the file. Nothing was kept: try again.',
      ),
    );
    for (const name of ['a.pdf', 'b.hl7', 'd.pdf']) expectNoRawAnswer(row(name));
    const uploads = () => api.calls.filter((c) => c.op === 'laborUpload');
    expect(uploads().map((c) => c.input.filename)).toEqual(['a.pdf', 'b.hl7', 'd.pdf']);
    expect(uploads()[0].input.content).toBe(btoa('%PDF-1.4 x'));
    expect(screen.getByTestId('upload-summary')).toHaveTextContent(
      '1 accepted, 1 already uploaded, 1 refused or failed, 0 in progress, 1 not sent',
    );
    // Already there: nothing to send again, nothing to correct.
    expect(within(row('b.hl7')).queryByRole('button', { name: 'Send b.hl7 again' })).not.toBeInTheDocument();
    expect(row('b.hl7')).not.toHaveTextContent(/correct|Refused/);

    refuse = false;
    await user.click(within(row('d.pdf')).getByRole('button', { name: 'Send d.pdf again' }));
    await waitFor(() => expect(row('d.pdf')).toHaveTextContent('Saved on the practice server.'));
    expect(uploads()).toHaveLength(4);
  });

  it('says every other answer by what it means, offers a retry only where one can help, and shows an unknown text as a detail', async () => {
    signInForTest();
    const mismatch = patientMismatchMessage({
      patid: 5,
      lastname: 'Steiner',
      firstname: 'Jonas',
      dob: '1961-04-03',
    });
    const answers: Record<string, { http: number; msg: string }> = {
      'x.hl7': { http: 400, msg: laborMessages.invalidHl7 },
      'y.pdf': { http: 400, msg: laborMessages.invalidPdf },
      'z.pdf': { http: 400, msg: laborMessages.unsupported },
      'v.pdf': { http: 400, msg: laborMessages.tooManyVersions },
      'm.pdf': { http: 400, msg: mismatch },
      'i.pdf': { http: 500, msg: laborMessages.importFailed },
      'e.pdf': { http: 500, msg: laborMessages.error },
      'q.pdf': { http: 400, msg: 'Quota for today exceeded.' },
    };
    api.intercept('laborUpload', (input) => answers[String(input.filename)]);
    const { container, user } = renderWithProviders(<LabRoute />, { url: '/lab' });
    await screen.findByRole('heading', { level: 1, name: 'Lab results' });
    await user.upload(
      fileInput(container),
      Object.keys(answers).map((name) => new File([name.endsWith('.pdf') ? '%PDF-1.4' : 'MSH|x'], name)),
    );
    // Eight uploads, two of them answered 500 and tried again by the client: more than the usual 5 s on a busy machine.
    await waitFor(() => expect(screen.getByTestId('upload-summary')).toHaveTextContent('0 in progress'), {
      timeout: 15_000,
    });

    const expected: Record<string, string> = {
      'x.hl7': 'This is not an HL7 message: the file has no message header (MSH).',
      'y.pdf': 'This is not a PDF file, although its name ends in .pdf.',
      'z.pdf': 'The practice server takes only .hl7 and .pdf files.',
      'v.pdf': 'A file of this name has been uploaded 25 times, the most the practice server keeps.',
      'm.pdf':
        'The patient data do not match: number 5 is Steiner Jonas, born 03.04.1961, but the message names someone else. Nothing was saved.',
      'i.pdf': "The practice server could not file the message in a patient's journal",
      'e.pdf': 'The practice server could not save the file. Nothing was kept: try again.',
      'q.pdf': 'The practice server refused the file.',
    };
    for (const [name, text] of Object.entries(expected)) {
      expect(row(name), name).toHaveTextContent(text);
      expectNoRawAnswer(row(name));
      const retry = within(row(name)).queryByRole('button', { name: `Send ${name} again` });
      if (name === 'i.pdf' || name === 'e.pdf') expect(retry, name).toBeInTheDocument();
      else expect(retry, name).not.toBeInTheDocument();
    }
    expect(row('q.pdf')).toHaveTextContent('Message of the server: “Quota for today exceeded.”');
  });

  it.each([
    [
      'de',
      'Laborbefunde',
      'Bereits hochgeladen',
      'Diese Datei ist bereits auf dem Praxisserver. Es ist nichts zu tun.',
      'Meldung des Servers: «Disk quota»',
    ],
    [
      'fr',
      'Résultats de laboratoire',
      'Déjà téléversé',
      'Ce fichier est déjà sur le serveur du cabinet. Rien à faire.',
      'Message du serveur : « Disk quota »',
    ],
  ])(
    'in %s, a duplicate reads as already uploaded and an unknown message in the language, its text as a detail',
    async (lng, title, phase, text, detail) => {
      await i18n.changeLanguage(lng);
      try {
        signInForTest();
        api.intercept('laborUpload', (input) =>
          input.filename === 'dup.hl7'
            ? { http: 400, msg: laborMessages.duplicate }
            : { http: 500, msg: 'Disk quota' },
        );
        const { container, user } = renderWithProviders(<LabRoute />, { url: '/lab' });
        await screen.findByRole('heading', { level: 1, name: title });
        await user.upload(fileInput(container), [
          new File(['MSH|x'], 'dup.hl7'),
          new File(['%PDF-1.4'], 'odd.pdf'),
        ]);
        await waitFor(() => expect(row('dup.hl7')).toHaveTextContent(text));
        expect(row('dup.hl7')).toHaveTextContent(phase);
        await waitFor(() => expect(row('odd.pdf')).toHaveTextContent(detail));
        expectNoRawAnswer(row('dup.hl7'));
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );
});
