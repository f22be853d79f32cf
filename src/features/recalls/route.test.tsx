import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/client.ts';
import { isRecallsBroken } from '#api/recall.ts';
import { practiceToday } from '#components/format.ts';
import { addDays } from '#components/practice-clock.ts';
import type { Recall } from '#contract/recall.ts';
import { i18n } from '#i18n/index.ts';
import { createPatient, createRecall } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as RecallsPage } from './route.tsx';

// The machine is shared: give the UI time.
vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService();

/** Anna Muster (mail, no mobile) with her yearly SMS recall that could not be sent; each test makes its own. */
async function annasRecall(): Promise<Recall> {
  const patient = await createPatient(api, {
    firstname: 'Anna',
    lastname: 'Muster',
    mail: 'anna@example.ch',
  });
  return createRecall(api, {
    patid: patient.patid,
    title: 'Jahreskontrolle',
    nextRecall: '2026-03-10 08:15:00',
    recallText: 'Ihre jährliche Kontrolle ist fällig.',
    recallType: 'sms',
    recurring: 1,
    recurringFrequency: '1y',
    internalComment: 'Patient wünscht Anruf',
    active: 1,
    failed: 'Keine Mobilnummer hinterlegt',
  });
}

/** The list of one patient (the demo practice has many recalls): only what the test made. */
function renderRecalls(url: string) {
  return renderWithProviders(<RecallsPage />, { url, path: '/recalls' });
}

const recallCalls = (...ops: string[]) =>
  api.calls.filter((c) => c.op !== null && ops.includes(c.op)).map((c) => ({ op: c.op, input: c.input }));

const htmlError = '<html><body><b>Fatal error</b>: Uncaught Error in recall.php</body></html>';

beforeEach(() => {
  signInForTest();
});

describe('isRecallsBroken', () => {
  it('recognises a 500 without an envelope, not one with an envelope', () => {
    expect(isRecallsBroken(new ApiError({ op: 'getRecalls', kind: 'http', httpStatus: 500, msg: 'x' }))).toBe(
      true,
    );
    expect(
      isRecallsBroken(
        new ApiError({ op: 'getRecalls', kind: 'http', httpStatus: 500, msg: 'x', envelopeStatus: false }),
      ),
    ).toBe(false);
    expect(
      isRecallsBroken(new ApiError({ op: 'getRecalls', kind: 'network', httpStatus: 0, msg: 'x' })),
    ).toBe(false);
  });
});

describe('the recalls page', () => {
  it('names the cause of a non-JSON HTTP 500 and offers a retry that asks again', async () => {
    const recall = await annasRecall();
    // A practice without the getRecalls fix: a fatal error page, no JSON.
    let broken = true;
    api.intercept('getRecalls', () => (broken ? { http: 500, raw: htmlError } : undefined));
    const { user } = renderRecalls(`/recalls?patid=${recall.patid}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('lack the fix for getRecalls');
    expect(alert).toHaveTextContent("ask the practice's software provider to update");
    // No automatic retries: the answer will not change.
    expect(recallCalls('getRecalls')).toHaveLength(1);

    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Jahreskontrolle')).toBeInTheDocument();
    expect(recallCalls('getRecalls')).toHaveLength(2);
  });

  it('shows status with the error message, type, contact data, interval and counts', async () => {
    const recall = await annasRecall();
    renderRecalls(`/recalls?patid=${recall.patid}`);
    const table = await screen.findByRole('table', { name: 'Recalls' });
    // The service's German text, told in the user's language.
    expect(within(table).getByText('No mobile number on file.')).toBeInTheDocument();
    expect(within(table).queryByText('Keine Mobilnummer hinterlegt')).toBeNull();
    expect(within(table).getByText('SMS')).toBeInTheDocument();
    expect(within(table).getByText('Mail: anna@example.ch')).toBeInTheDocument();
    expect(within(table).getByText('every year')).toBeInTheDocument();
    expect(screen.getByText('Error: 1')).toBeInTheDocument();
    expect(screen.getByText('Pending: 0')).toBeInTheDocument();
  });

  it("names each recall's patient instead of showing the patient number", async () => {
    const recall = await annasRecall();
    renderRecalls(`/recalls?patid=${recall.patid}`);
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(await within(table).findByRole('link', { name: 'Muster, Anna' })).toHaveAttribute(
      'href',
      `/patients/${recall.patid}`,
    );
    expect(screen.queryByText(`Patient ${recall.patid}`)).toBeNull();
    expect(recallCalls('getCustomerById')).toEqual([
      { op: 'getCustomerById', input: { patid: recall.patid } },
    ]);
  });

  it('sends the filters from the address as the document names them', async () => {
    // All of them (the list opens on the due ones, chosen from the same answer).
    renderRecalls('/recalls?faulty=1&onetime=1&from=2026-01-01&practitioner=3&view=all');
    const input = { error: 1, sent: 1, from: '2026-01-01', mandant: 3 };
    // What the service answers to exactly these filters is what the page counts.
    const answer = await api.send('getRecalls', input);
    const count = (answer.body.result as Recall[]).length;
    expect(await screen.findByText(count === 1 ? '1 recall' : `${count} recalls`)).toBeInTheDocument();
    expect(recallCalls('getRecalls')).toEqual([{ op: 'getRecalls', input }]);
  });

  it('saves an edited date with the complete record, read fresh just before', async () => {
    const recall = await annasRecall();
    const { user } = renderRecalls(`/recalls?patid=${recall.patid}`);
    await user.click(
      await screen.findByRole('button', { name: `Edit Jahreskontrolle (recall ${recall.id})` }),
    );
    const dialog = await screen.findByRole('dialog');
    // DD.MM.YYYY and 24 hours in every language, not the browser's native date and time inputs.
    expect(dialog.querySelector('input[type="date"], input[type="time"]')).toBeNull();
    const day = within(dialog).getByRole('textbox', { name: /^Date/ });
    expect(within(dialog).getByRole('spinbutton', { name: 'Hours' })).toHaveValue('08');
    await user.clear(day);
    await user.type(day, '2.4.2026');
    await user.tab();
    expect(day).toHaveValue('02.04.2026');
    // The list itself was read with the same input: only what is sent after Save counts.
    const before = recallCalls('getRecalls', 'modifyRecall').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(recallCalls('modifyRecall')).toHaveLength(1));
    const calls = recallCalls('getRecalls', 'modifyRecall').slice(before);
    const i = calls.findIndex((c) => c.op === 'modifyRecall');
    expect(i).toBe(1);
    expect(calls[0]).toEqual({ op: 'getRecalls', input: { patid: recall.patid } });
    const written = {
      recallId: recall.id,
      title: 'Jahreskontrolle',
      patid: recall.patid,
      nextRecall: '2026-04-02 08:15:00',
      recallType: 'sms',
      recallText: 'Ihre jährliche Kontrolle ist fällig.',
      internalComment: 'Patient wünscht Anruf',
      active: 1,
      recurring: 1,
      recurringFrequency: '1y',
      preset: 0,
    };
    expect(calls[i]?.input).toEqual(written);
    // The service has the new date and everything else as it was; a recall that failed is queued again
    // (decision 0019).
    const stored = await api.send('getRecalls', { patid: recall.patid });
    expect(stored.body.result).toEqual([
      { ...recall, recallDate: '2026-04-02 08:15:00', status: 'pending', errorMsg: '' },
    ]);
  });

  it('keeps what was typed and shows the service message on its field when saving fails', async () => {
    const recall = await annasRecall();
    api.intercept('modifyRecall', () => ({ http: 200, msg: 'Please provide a valid recall date.' }));
    const { user } = renderRecalls(`/recalls?patid=${recall.patid}`);
    await user.click(
      await screen.findByRole('button', { name: `Edit Jahreskontrolle (recall ${recall.id})` }),
    );
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText('Text for the patient');
    await user.clear(text);
    await user.type(text, 'Bitte melden Sie sich.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please provide a valid recall date.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Text for the patient')).toHaveValue('Bitte melden Sie sich.');
    const stored = await api.send('getRecalls', { patid: recall.patid });
    expect(stored.body.result).toEqual([recall]);
  });
});

describe('a recall that could not be sent', () => {
  it('is not offered again while the patient still has no mobile number: it says so and leads to the data form', async () => {
    // Anna has a mail address but no mobile number: her SMS recall cannot go out.
    const recall = await annasRecall();
    renderRecalls(`/recalls?patid=${recall.patid}`);
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(await within(table).findByText('No mobile number on file.')).toBeInTheDocument();
    expect(within(table).getByText('Cannot be sent again without a mobile number.')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: "Mend the patient's data" })).toHaveAttribute(
      'href',
      `/patients/${recall.patid}?edit=1`,
    );
    expect(within(table).queryByRole('button', { name: /^Send again/ })).toBeNull();
    expect(screen.getByText('Error: 1')).toBeInTheDocument();
    expect(recallCalls('modifyRecall')).toEqual([]);
  });

  it('is sent again once the patient has a mobile number: pending, the error gone', async () => {
    const recall = await annasRecall();
    await api.send('updateCustomer', { patid: recall.patid, mobile: '079 555 12 34' });
    const { user } = renderRecalls(`/recalls?patid=${recall.patid}`);
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(
      await within(table).findByText(
        'There was no mobile number when it was sent; there is one now: send again.',
      ),
    ).toBeInTheDocument();
    expect(within(table).queryByText('Cannot be sent again without a mobile number.')).toBeNull();
    expect(within(table).getByRole('link', { name: "Mend the patient's data" })).toHaveAttribute(
      'href',
      `/patients/${recall.patid}?edit=1`,
    );
    await user.click(
      within(table).getByRole('button', { name: `Send again: Jahreskontrolle (no. ${recall.id})` }),
    );
    await waitFor(async () => {
      const list = (await api.send('getRecalls', { patid: recall.patid })).body.result as Recall[];
      expect(list.find((r) => r.id === recall.id)).toMatchObject({ status: 'pending', errorMsg: '' });
    });
    expect(await screen.findByText('Jahreskontrolle will be sent again.')).toBeInTheDocument();
    expect(await screen.findByText('Pending: 1')).toBeInTheDocument();
    // The table follows the counts a render later (its rows are deferred).
    await waitFor(() => expect(screen.queryByText(/there is one now/)).toBeNull());
  });

  it('a letter that failed for its address is offered again only once street, zip and city are there', async () => {
    const patient = await createPatient(api, { firstname: 'Rita', lastname: 'Brief', street: 'Seeweg 4' });
    const recall = await createRecall(api, {
      patid: patient.patid,
      title: 'Vorsorge',
      recallType: 'brief',
      failed: 'Adresse unvollständig',
    });
    const first = renderRecalls(`/recalls?patid=${recall.patid}`);
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(
      await within(table).findByText('Cannot be sent again without a complete postal address.'),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Send again/ })).toBeNull();

    await api.send('updateCustomer', { patid: patient.patid, zip: '8001', city: 'Zürich' });
    first.unmount();
    renderRecalls(`/recalls?patid=${recall.patid}`);
    expect(
      await screen.findByRole('button', { name: `Send again: Vorsorge (no. ${recall.id})` }),
    ).toBeInTheDocument();
  });
});

describe('a recall of a patient deleted meanwhile', () => {
  it('says so at the patient field in the user’s language and keeps the dialog open', async () => {
    const recall = await annasRecall();
    api.intercept('modifyRecall', () => ({ http: 200, msg: 'Patient is deleted.' }));
    const { user } = renderRecalls(`/recalls?patid=${recall.patid}`);
    await user.click(
      await screen.findByRole('button', { name: `Edit Jahreskontrolle (recall ${recall.id})` }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This patient is deleted and gets no recall. Choose another patient.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Patient is deleted.')).toBeNull();
  });
});

describe('what the list opens on', () => {
  // One moment for the app and the service (Wednesday 25.11.2026 09:40 Zurich): a run crossing midnight would put
  // "Due today" on another day than the list's.
  const moment = new Date('2026-11-25T08:40:00Z');
  const today = practiceToday(moment);
  beforeEach(() => {
    vi.useFakeTimers({ now: moment, toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** One patient's recalls: sent in August, failed next month, due today, overdue, due in six weeks. */
  async function mixedRecalls() {
    const patient = await createPatient(api, {
      firstname: 'Berta',
      lastname: 'Fällig',
      mail: 'berta@example.ch',
    });
    const make = (title: string, nextRecall: string, failed?: string) =>
      createRecall(api, { patid: patient.patid, title, nextRecall, recallType: 'mail', failed });
    const sent = await make('Sent in August', `${addDays(today, -110)} 09:00`);
    api.service.db('demo').prepare("UPDATE recalls SET status = 'sent' WHERE id = ?").run(sent.id);
    await make(
      'Failed next month',
      `${addDays(today, 30)} 09:00`,
      'Zustellung fehlgeschlagen: 550 Mailbox unavailable',
    );
    await make('Due today', `${today} 23:30`);
    await make('Overdue', `${addDays(today, -3)} 09:00`);
    await make('Later', `${addDays(today, 42)} 09:00`);
    return patient;
  }

  const titles = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]?.querySelector('p')?.textContent);

  it('opens on the due ones without a filter, and on all of one patient’s', async () => {
    const patient = await createPatient(api);
    const first = renderRecalls('/recalls');
    expect(await screen.findByRole('radio', { name: 'Due' })).toBeChecked();
    first.unmount();
    renderRecalls(`/recalls?patid=${patient.patid}`);
    expect(await screen.findByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('failed first, then due this week, then overdue; sent and later ones one click away', async () => {
    const patient = await mixedRecalls();
    const { router } = renderRecalls(`/recalls?patid=${patient.patid}&view=due`);
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(titles(table)).toEqual(['Failed next month', 'Due today', 'Overdue']);
    const overdueRow = within(table).getAllByRole('row')[3] as HTMLElement;
    expect(within(overdueRow).getByText('overdue')).toBeInTheDocument();
    // One round trip: the due ones are chosen from the service's answer for the filters.
    expect(recallCalls('getRecalls')).toEqual([{ op: 'getRecalls', input: { patid: patient.patid } }]);

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(titles(screen.getByRole('table', { name: 'Recalls' }))).toHaveLength(5));
    expect(titles(screen.getByRole('table', { name: 'Recalls' }))).toEqual([
      'Sent in August',
      'Overdue',
      'Due today',
      'Failed next month',
      'Later',
    ]);
    expect(router.state.location.search).toContain('view=all');
  });

  it('says when nothing is due and offers all recalls', async () => {
    const patient = await createPatient(api);
    await createRecall(api, {
      patid: patient.patid,
      title: 'Much later',
      nextRecall: `${addDays(today, 60)} 09:00`,
    });
    renderRecalls(`/recalls?patid=${patient.patid}&view=due`);
    expect(
      await screen.findByText('Nothing due this week, nothing overdue, nothing failed.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all recalls' }));
    expect(await screen.findByText('Much later')).toBeInTheDocument();
  });
});

describe("a failed recall's message", () => {
  it('matches the patient: "no mail address" beside an address says one was added since', async () => {
    const patient = await createPatient(api, {
      firstname: 'Clara',
      lastname: 'Adresse',
      mail: 'clara@example.ch',
    });
    const recall = await createRecall(api, {
      patid: patient.patid,
      title: 'Hautcheck',
      recallType: 'mail',
      failed: 'Keine Mailadresse hinterlegt',
    });
    renderRecalls(`/recalls?patid=${recall.patid}`);
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(within(table).getByText('Mail: clara@example.ch')).toBeInTheDocument();
    expect(
      within(table).getByText('There was no mail address when it was sent; there is one now: send again.'),
    ).toBeInTheDocument();
    expect(within(table).queryByText(/^No mail address/)).toBeNull();
  });

  it('is in French for a French user, never the service’s German', async () => {
    const recall = await annasRecall();
    await i18n.changeLanguage('fr');
    renderRecalls(`/recalls?patid=${recall.patid}`);
    const table = await screen.findByRole('table', { name: 'Rappels' });
    expect(within(table).getByText('Aucun numéro de mobile enregistré.')).toBeInTheDocument();
    expect(within(table).queryByText('Keine Mobilnummer hinterlegt')).toBeNull();
  });
});
