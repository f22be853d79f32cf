import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntry } from '#contract/agenda-waitlist.ts';
import { createPatient } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as WaitlistPage } from './route.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService();

async function waiting(): Promise<WaitlistEntry[]> {
  const reply = await api.send('getWaitlist', {});
  return reply.body.result as WaitlistEntry[];
}

async function patientLabel(patid: number): Promise<string> {
  const reply = await api.send('getCustomerById', { patid });
  const p = reply.body.result as { lastname: string; firstname: string };
  return `${p.lastname}, ${p.firstname}`;
}

describe('the waiting list', () => {
  // Wednesday 25.11.2026, 09:40 in Zurich, for the page and the service's seed.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T08:40:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists who waits for what, urgent first, as the service orders them', async () => {
    signInForTest();
    const entries = await waiting();
    const first = await patientLabel(entries[0].patid);
    renderWithProviders(<WaitlistPage />, { url: '/agenda/waitlist' });
    const cards = await screen.findAllByTestId('waitlist-entry');
    expect(cards).toHaveLength(entries.length);
    expect(await within(cards[0]).findByRole('link', { name: first })).toBeInTheDocument();
    expect(within(cards[0]).getByText('Urgent')).toBeInTheDocument();
    // The seeded urgent entry: any practitioner, until a day, entered yesterday.
    expect(within(cards[0]).getByText('Any practitioner')).toBeInTheDocument();
    expect(within(cards[0]).getByText(/^until \d\d\.\d\d\.2026$/)).toBeInTheDocument();
    expect(within(cards[0]).getByText('24.11.2026 · 1 day')).toBeInTheDocument();
    expect(screen.getByText(`${entries.length} entries`)).toBeInTheDocument();
  });

  it('withdraws an entry with Undo, which puts it back', async () => {
    signInForTest();
    const [entry] = await waiting();
    const name = await patientLabel(entry.patid);
    const { user } = renderWithProviders(<WaitlistPage />, { url: '/agenda/waitlist' });
    await user.click(await screen.findByRole('button', { name: `Withdraw the entry of ${name}` }));
    expect(await screen.findByText(`${name} is off the waiting list.`)).toBeInTheDocument();
    await waitFor(async () => expect((await waiting()).some((e) => e.entryId === entry.entryId)).toBe(false));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `Withdraw the entry of ${name}` })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await waiting())[0].entryId).toBe(entry.entryId));
    expect(await screen.findByRole('button', { name: `Withdraw the entry of ${name}` })).toBeInTheDocument();
  });

  it('keeps what was typed when a colleague changed the entry meanwhile, shows their change and says so', async () => {
    signInForTest();
    const [, second] = await waiting();
    const name = await patientLabel(second.patid);
    const { user } = renderWithProviders(<WaitlistPage />, { url: '/agenda/waitlist' });
    await user.click(await screen.findByRole('button', { name: `Edit the entry of ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Waiting list entry' });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await user.clear(note);
    await user.type(note, 'Ruft morgen zurück');
    // A colleague makes it urgent meanwhile.
    await api.send('modifyWaitlistEntry', { entryId: second.entryId, priority: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('waitlist-changed')).toBeInTheDocument();
    expect(note).toHaveValue('Ruft morgen zurück');
    expect(within(dialog).getByRole('radio', { name: 'Urgent' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = (await waiting()).find((e) => e.entryId === second.entryId);
    expect(saved).toMatchObject({ note: 'Ruft morgen zurück', priority: 2 });
  });

  it('opens the dialog for the patient of Ctrl+K (?add=) and adds them', async () => {
    signInForTest();
    const { patid } = await createPatient(api, {
      firstname: 'Lina',
      lastname: 'Suchfeld',
      dob: '1990-02-03',
    });
    const { user, router } = renderWithProviders(<WaitlistPage />, { url: `/agenda/waitlist?add=${patid}` });
    const dialog = await screen.findByRole('dialog', { name: 'Add to the waiting list' });
    expect(await within(dialog).findByTestId('waitlist-patient')).toHaveTextContent(
      `Suchfeld, Lina · 03.02.1990 · #${patid}`,
    );
    expect(router.state.location.search).toBe('');
    await user.click(within(dialog).getByRole('radio', { name: 'High' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to the waiting list' }));
    const cards = await screen.findAllByTestId('waitlist-entry');
    expect(await screen.findByRole('link', { name: 'Suchfeld, Lina' })).toBeInTheDocument();
    expect(cards.length).toBeGreaterThan(0);
  });

  it('keeps what was typed when the add does not reach the service, says so, and adds it on Retry', async () => {
    signInForTest();
    const { patid } = await createPatient(api, { firstname: 'Rita', lastname: 'Funkloch' });
    let down = true;
    api.intercept('addWaitlistEntry', () => (down ? 'network' : undefined));
    const { user } = renderWithProviders(<WaitlistPage />, { url: `/agenda/waitlist?add=${patid}` });
    const dialog = await screen.findByRole('dialog', { name: 'Add to the waiting list' });
    expect(await within(dialog).findByTestId('waitlist-patient')).toHaveTextContent('Funkloch, Rita');
    await user.click(within(dialog).getByRole('radio', { name: 'Afternoons' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Nur dienstags');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the waiting list' }));
    const failed = await within(dialog).findByRole('alert');
    expect(failed).toHaveTextContent('Not saved');
    expect(failed).toHaveTextContent('What you entered is still here.');
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Nur dienstags');
    expect(within(dialog).getByRole('radio', { name: 'Afternoons' })).toBeChecked();
    expect(within(dialog).getByTestId('waitlist-patient')).toHaveTextContent('Funkloch, Rita');
    expect((await api.send('getWaitlist', { patid })).body.result).toEqual([]);

    down = false;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Funkloch, Rita is on the waiting list.')).toBeInTheDocument();
    expect((await api.send('getWaitlist', { patid })).body.result).toEqual([
      expect.objectContaining({ times: 'afternoon', note: 'Nur dienstags' }),
    ]);
  });

  it('enters the patient once when the answer of the add was lost, and says it is saved', async () => {
    signInForTest();
    const { patid } = await createPatient(api, { firstname: 'Otto', lastname: 'Funkstille' });
    // An entry of the same patient that is already there is not taken for the lost one.
    await api.send('addWaitlistEntry', { patid, note: 'Schon da' });
    api.intercept('addWaitlistEntry', () => 'answer-lost');
    const { user } = renderWithProviders(<WaitlistPage />, { url: `/agenda/waitlist?add=${patid}` });
    const dialog = await screen.findByRole('dialog', { name: 'Add to the waiting list' });
    expect(await within(dialog).findByTestId('waitlist-patient')).toHaveTextContent('Funkstille, Otto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Nur vormittags');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the waiting list' }));

    expect(
      await screen.findByText(
        'Funkstille, Otto is on the waiting list. The connection broke before the confirmation came; the entry is saved all the same, and only once.',
      ),
    ).toBeInTheDocument();
    const entries = (await api.send('getWaitlist', { patid })).body.result as { note: string }[];
    expect(entries.map((e) => e.note).sort()).toEqual(['Nur vormittags', 'Schon da']);
    api.intercept('addWaitlistEntry', () => undefined);
  });

  it('does not take a deleted patient handed in: it says so, offers the search, and nothing is added', async () => {
    signInForTest();
    // Every 40th seeded patient is deleted.
    const { user } = renderWithProviders(<WaitlistPage />, { url: '/agenda/waitlist?add=40' });
    const dialog = await screen.findByRole('dialog', { name: 'Add to the waiting list' });
    const search = await within(dialog).findByRole('combobox', { name: 'Patient' });
    expect(search).toHaveAccessibleDescription(/This patient is deleted\. Choose another patient\./);
    expect(within(dialog).queryByTestId('waitlist-patient')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Bitte anrufen');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the waiting list' }));
    // Refused before anything is sent: the form holds no patient.
    await waitFor(() => expect(search).toHaveAccessibleDescription(/Choose a patient\./));
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Bitte anrufen');
    expect(api.calls.filter((c) => c.op === 'addWaitlistEntry')).toEqual([]);
    expect((await api.send('getWaitlist', { patid: 40 })).body.result).toEqual([]);
  });

  it('says when a withdrawal meets a colleague’s change, and shows the entry as it is now', async () => {
    signInForTest();
    const [entry] = await waiting();
    const name = await patientLabel(entry.patid);
    const { user } = renderWithProviders(<WaitlistPage />, { url: '/agenda/waitlist' });
    const withdraw = await screen.findByRole('button', { name: `Withdraw the entry of ${name}` });
    await api.send('modifyWaitlistEntry', { entryId: entry.entryId, note: 'Kollegin: ruft selbst an' });
    await user.click(withdraw);
    expect(await screen.findByText('Not withdrawn')).toBeInTheDocument();
    expect(await screen.findByText('Kollegin: ruft selbst an')).toBeInTheDocument();
    expect((await waiting()).some((e) => e.entryId === entry.entryId)).toBe(true);
  });

  it('says that a practice server without a waiting list does not offer one', async () => {
    signInForTest();
    api.intercept('getWaitlist', () => ({ http: 404, msg: 'Unknown operation.' }));
    renderWithProviders(<WaitlistPage />, { url: '/agenda/waitlist' });
    expect(
      await screen.findByText('This practice’s server does not offer a waiting list.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to the waiting list' })).toBeDisabled();
  });

  it('says when nobody is waiting', async () => {
    signInForTest();
    for (const e of await waiting())
      await api.send('modifyWaitlistEntry', { entryId: e.entryId, status: 'withdrawn' });
    renderWithProviders(<WaitlistPage />, { url: '/agenda/waitlist' });
    expect(await screen.findByText('Nobody is waiting')).toBeInTheDocument();
  });
});
