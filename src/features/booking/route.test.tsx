import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPatient } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as BookingPage } from './route.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The demo practice: service 2 is a 15-minute "Kontrolle" with Dr. Favre (provider 3, calendar 2) among others.
const api = inProcessService();

interface Slot {
  ymd: string;
  from: number;
  to: number;
  provider: number;
}

/** Dr. Favre's free Kontrolle times on a day, as the service offers them. */
async function favreSlots(day: string): Promise<Slot[]> {
  const reply = await api.send('getSlots', { serviceid: 2, provider: 3, duration: 15, from: day, to: day });
  return reply.body.result as Slot[];
}

const clock = (ts: number) =>
  new Date(ts * 1000).toLocaleTimeString('de-CH', {
    timeZone: 'Europe/Zurich',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Signed in, a patient and Dr. Favre's first free time today chosen: the page is ready to book. */
async function setup() {
  signInForTest();
  const patient = await createPatient(api, { firstname: 'Hans', lastname: 'Keller-Buchung' });
  const [slot] = await favreSlots('2026-11-23');
  if (!slot) throw new Error('Dr. Favre has no free time on 23.11.2026');
  const url = `/booking?service=2&provider=3&duration=15&slot=${slot.from}-${slot.to}-3&patid=${patient.patid}`;
  return { patient, slot, ...renderWithProviders(<BookingPage />, { url }) };
}

const bookCalls = () => api.calls.filter((c) => c.op === 'createAppointment');

describe('booking', () => {
  // Today is the Monday 23.11.2026, 08:00 in Zurich, for the page and the service: the calendar shows November.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T07:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names every practitioner of a service, one who has left too, never by number', async () => {
    signInForTest();
    renderWithProviders(<BookingPage />, { url: '/booking' });
    // Erstkonsultation and Kontrolle, with the same three.
    expect(
      await screen.findAllByText(/Dr\. med\. Andrea Brunner, Dr\. med\. Marc Favre, Dr\. med\. Lucia Rossi/),
    ).toHaveLength(2);
    // Dr. Keller has left; his service still names him.
    expect(screen.getByText(/Dr\. med\. Hans Keller/)).toBeInTheDocument();
    expect(screen.queryByText(/#5/)).toBeNull();
  });

  it('marks the days with free times, lists the chosen day’s times and shows the chosen time', async () => {
    const [thursday] = await favreSlots('2026-11-26');
    if (!thursday) throw new Error('Dr. Favre has no free time on 26.11.2026');
    signInForTest();
    const { user, router } = renderWithProviders(<BookingPage />, {
      url: '/booking?service=2&provider=3&duration=15&day=2026-11-28',
    });
    // The 28th is a Saturday, with nothing free: the first free day is listed instead.
    expect(await screen.findByRole('heading', { name: 'Monday 23.11.2026' })).toBeInTheDocument();
    // The calendar is a group named by its heading (a div may carry a name only with a role).
    const calendar = screen.getByRole('group', { name: 'Date' });
    expect(within(calendar).getByRole('button', { name: 'Saturday 28.11.2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Thursday 26.11.2026, free times' }));
    expect(router.state.location.search).toContain('day=2026-11-26');
    const at = clock(thursday.from);
    await user.click(
      await screen.findByRole('radio', { name: `Thursday 26.11.2026 ${at}, Dr. med. Marc Favre` }),
    );
    expect(screen.getByTestId('chosen-slot')).toHaveTextContent(
      `Thursday 26.11.2026 ${at}–${clock(thursday.to)} · Dr. med. Marc Favre`,
    );
    // No patient yet: the button stays disabled.
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
  });

  it('takes "any practitioner" when the service has several, and lists their times at once', async () => {
    signInForTest();
    const { user, router } = renderWithProviders(<BookingPage />, { url: '/booking' });
    await user.click(await screen.findByRole('radio', { name: /^Kontrolle/ }));
    expect(await screen.findByRole('radio', { name: /^Any practitioner/ })).toBeChecked();
    const times = await screen.findByRole('radiogroup', { name: 'Monday 23.11.2026' });
    // Every practitioner of the service among the times, each time naming its practitioner.
    const names = within(times)
      .getAllByRole('radio')
      .map((r) => r.getAttribute('aria-label'));
    expect(names.some((n) => n?.endsWith('Dr. med. Andrea Brunner'))).toBe(true);
    expect(names.some((n) => n?.endsWith('Dr. med. Lucia Rossi'))).toBe(true);
    // The default is not written to the address: a chosen practitioner is.
    expect(router.state.location.search).not.toContain('provider=');
    await user.click(screen.getByRole('radio', { name: /^Dr\. med\. Marc Favre/ }));
    expect(router.state.location.search).toContain('provider=3');
    await waitFor(() =>
      expect(
        within(screen.getByRole('radiogroup', { name: 'Monday 23.11.2026' }))
          .getAllByRole('radio')
          .every((r) => r.getAttribute('aria-label')?.endsWith('Dr. med. Marc Favre')),
      ).toBe(true),
    );
  });

  it('offers the times as one radio group: one Tab stop, the arrow keys move the choice', async () => {
    const slots = await favreSlots('2026-11-23');
    if (slots.length < 3) throw new Error('Dr. Favre has fewer than three free times on 23.11.2026');
    signInForTest();
    const { user, router } = renderWithProviders(<BookingPage />, {
      url: '/booking?service=2&provider=3&duration=15&day=2026-11-23',
    });
    const group = await screen.findByRole('radiogroup', { name: 'Monday 23.11.2026' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(slots.length);
    // Nothing chosen: the first time is the group's one Tab stop.
    expect(radios.map((r) => r.tabIndex)).toEqual(radios.map((_, i) => (i === 0 ? 0 : -1)));
    radios[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toContain(`slot=${slots[1].from}-${slots[1].to}-3`);
    const second = within(group).getAllByRole('radio')[1];
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-checked', 'true');
    expect(
      within(group)
        .getAllByRole('radio')
        .filter((r) => r.tabIndex === 0),
    ).toEqual([second]);
    await user.keyboard('{ArrowDown}');
    expect(within(group).getAllByRole('radio')[2]).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    // Past the first time, the choice wraps around to the last.
    const last = within(group).getAllByRole('radio').at(-1);
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Home}');
    expect(within(group).getAllByRole('radio')[0]).toHaveAttribute('aria-checked', 'true');
    // One Tab leaves the group.
    await user.tab();
    expect(group).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('re-checks the slot, books it in the practitioner’s calendar and shows a summary', async () => {
    const { patient, slot, user, router } = await setup();
    const confirm = await screen.findByRole('region', { name: 'Check and book' });
    expect(
      await within(confirm).findByText(`Keller-Buchung, Hans (#${patient.patid})`, { exact: false }),
    ).toBeInTheDocument();
    const when = `Monday 23.11.2026 ${clock(slot.from)}`;
    // The chosen time as a date and a 24-hour time, with the practitioner.
    expect(within(confirm).getByTestId('chosen-slot')).toHaveTextContent(
      `${when}–${clock(slot.to)} · Dr. med. Marc Favre`,
    );
    // The calendar marks the day with free times, and lists its times beside it.
    expect(await screen.findByRole('button', { name: 'Monday 23.11.2026, free times' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: `${when}, Dr. med. Marc Favre` })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.type(screen.getByLabelText('Comment (internal, optional)'), 'Bitte Befund mitbringen');
    await user.click(screen.getByRole('button', { name: 'Book appointment' }));

    expect(await screen.findByText('Appointment booked')).toBeInTheDocument();
    const ops = api.calls.map((c) => c.op);
    expect(ops.indexOf('getSlots')).toBeLessThan(ops.indexOf('createAppointment'));
    const beforeCreate = api.calls.slice(0, ops.indexOf('createAppointment'));
    const slotCalls = beforeCreate.filter((c) => c.op === 'getSlots').map((c) => c.input);
    // The month shown, from today on; then the re-check of the chosen day just before booking.
    expect(slotCalls[0]).toEqual({
      serviceid: 2,
      provider: 3,
      duration: 15,
      from: '2026-11-23',
      to: '2026-11-30',
    });
    expect(slotCalls.at(-1)).toEqual({
      serviceid: 2,
      provider: 3,
      duration: 15,
      from: '2026-11-23',
      to: '2026-11-23',
    });
    expect(bookCalls()[0]?.input).toEqual({
      calendar: 2,
      dateTs: slot.from,
      endTs: slot.to,
      patid: patient.patid,
      appointment: 'Kontrolle',
      comment: 'Bitte Befund mitbringen',
      displayedduration: '15',
      state: 'P',
    });
    expect(router.state.location.search).toMatch(/booked=\d+/);
    expect(screen.getByRole('link', { name: 'Show in the agenda' })).toHaveAttribute(
      'href',
      '/agenda?view=day&date=2026-11-23&cals=2',
    );
    // The service no longer offers the time.
    expect((await favreSlots('2026-11-23')).map((s) => s.from)).not.toContain(slot.from);
  });

  it('a slot taken meanwhile is not booked: the user is told and chooses from a fresh list', async () => {
    const { slot, patient, user, router } = await setup();
    await screen.findByRole('region', { name: 'Check and book' });
    // Someone else books the time while the page is open.
    const other = await api.send('createAppointment', {
      calendar: 2,
      dateTs: slot.from,
      endTs: slot.to,
      patid: patient.patid,
      appointment: 'Kontrolle',
    });
    expect(other.body.status).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    expect(await screen.findByText(/has just been taken by someone else/)).toBeInTheDocument();
    expect(bookCalls()).toHaveLength(0);
    expect(router.state.location.search).not.toContain('slot=');
    expect(router.state.location.search).toContain('day=2026-11-23');
    await waitFor(() =>
      expect(
        screen.queryByRole('radio', { name: `Monday 23.11.2026 ${clock(slot.from)}, Dr. med. Marc Favre` }),
      ).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
  });

  it('a refused create whose slot is gone meanwhile counts as taken', async () => {
    const { slot, patient, user } = await setup();
    // The create is refused, and by then another booking holds the time.
    api.intercept('createAppointment', async () => {
      await api.send('createAppointment', {
        calendar: 2,
        dateTs: slot.from,
        endTs: slot.to,
        patid: patient.patid,
        appointment: 'Kontrolle',
      });
      return { http: 200, msg: 'Unknown calendar.' };
    });
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    expect(await screen.findByText(/has just been taken by someone else/)).toBeInTheDocument();
  });

  it('shows the service’s message when the create is refused for another reason', async () => {
    const { user } = await setup();
    api.intercept('createAppointment', () => ({ http: 200, msg: 'Please provide a valid start date.' }));
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const alert = await screen.findByRole('alert', { name: 'Not booked' });
    expect(alert).toHaveTextContent('Please provide a valid start date.');
    expect(alert).toHaveTextContent('It will not be sent by itself');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book appointment' })).toBeEnabled());
    // Retry books again, as the button does.
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.op === 'createAppointment').length).toBeGreaterThanOrEqual(2),
    );
  });

  describe('a new patient', () => {
    async function openNewPatient(patient = { last: 'Neu', first: 'Nora', dob: '04.05.1990' }) {
      signInForTest();
      const [slot] = await favreSlots('2026-11-23');
      if (!slot) throw new Error('Dr. Favre has no free time on 23.11.2026');
      const view = renderWithProviders(<BookingPage />, {
        url: `/booking?service=2&provider=3&duration=15&slot=${slot.from}-${slot.to}-3`,
      });
      await view.user.click(await screen.findByRole('button', { name: 'New patient' }));
      const dialog = await screen.findByRole('dialog', { name: 'New patient' });
      await view.user.type(within(dialog).getByLabelText(/^Last name/), patient.last);
      await view.user.type(within(dialog).getByLabelText(/^First name/), patient.first);
      await view.user.type(within(dialog).getByLabelText(/^Date of birth/), patient.dob);
      return { ...view, dialog };
    }
    async function fillNewPatient() {
      const view = await openNewPatient();
      await view.user.click(within(view.dialog).getByRole('radio', { name: 'Female' }));
      return view;
    }

    it('refuses the form while no gender is chosen: nothing is preselected, nothing is sent', async () => {
      const { user, dialog } = await openNewPatient();
      await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
      expect(await within(dialog).findByText('Choose the gender.')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.op === 'createCustomer')).toEqual([]);
    });

    it('puts a refused language on the language field', async () => {
      const { user, dialog } = await fillNewPatient();
      // The practice keeps a shorter list of languages than the form offers.
      api.intercept('createCustomer', () => ({ http: 200, msg: 'Unknown language: de' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
      expect(await within(dialog).findByText('Unknown language: de')).toBeInTheDocument();
      expect(within(dialog).getAllByLabelText(/^Language/)[0]).toHaveAttribute('aria-invalid', 'true');
    });

    it('says in the dialog when the patient could not be created for another reason, and keeps the input', async () => {
      const { user, dialog } = await fillNewPatient();
      api.intercept('createCustomer', () => 'network');
      await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('The patient could not be created');
      expect(within(dialog).getByLabelText(/^Last name/)).toHaveValue('Neu');
    });

    it('creates the patient in the service and takes it for the booking', async () => {
      const { user, dialog } = await fillNewPatient();
      await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
      const confirm = await screen.findByRole('region', { name: 'Check and book' });
      expect(await within(confirm).findByText(/Neu, Nora \(#\d+\)/)).toBeInTheDocument();
      const found = await api.send('searchPatients', { lastname: 'Neu', firstname: 'Nora', limit: 5 });
      expect(found.body.results).toEqual([
        expect.objectContaining({ lastname: 'Neu', firstname: 'Nora', gender: 'female' }),
      ]);
    });

    it('shows the patient the practice has with that name and birth date first, and "Use this patient" books them', async () => {
      const existing = await createPatient(api, {
        lastname: 'Schmidlin',
        firstname: 'Noah',
        dob: '1949-09-18',
      });
      const { user, dialog } = await openNewPatient({ last: 'Schmidlin', first: 'Noah', dob: '18.09.1949' });
      await user.click(within(dialog).getByRole('radio', { name: 'Male' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create patient' }));
      await user.click(
        await within(dialog).findByRole('button', { name: `Use Schmidlin, Noah (no. ${existing.patid})` }),
      );
      const confirm = await screen.findByRole('region', { name: 'Check and book' });
      expect(
        await within(confirm).findByText(new RegExp(`Schmidlin, Noah \\(#${existing.patid}\\)`)),
      ).toBeInTheDocument();
      expect(api.calls.filter((c) => c.op === 'createCustomer')).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Book appointment' }));
      await waitFor(() => expect(bookCalls()).toHaveLength(1));
      expect(bookCalls()[0].input).toMatchObject({ patid: existing.patid });
    });
  });

  it('does not take a deleted patient from the address: it says so and offers the search instead', async () => {
    signInForTest();
    const [slot] = await favreSlots('2026-11-23');
    if (!slot) throw new Error('Dr. Favre has no free time on 23.11.2026');
    // Every 40th seeded patient is deleted.
    renderWithProviders(<BookingPage />, {
      url: `/booking?service=2&provider=3&duration=15&slot=${slot.from}-${slot.to}-3&patid=40`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^.+ \(#40\) is deleted and cannot be booked\. Choose another patient\.$/,
    );
    expect(screen.getByRole('combobox', { name: 'Search a patient' })).toBeInTheDocument();
    expect(screen.queryByTestId('chosen-patient')).toBeNull();
    expect(screen.getByRole('region', { name: 'Check and book' })).not.toHaveTextContent('#40');
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
    expect(bookCalls()).toEqual([]);
  });

  it('starts with the patient of the address chosen (the patient page, Ctrl+K), the rest still to choose', async () => {
    signInForTest();
    const patient = await createPatient(api, { firstname: 'Lea', lastname: 'Vorgewählt', dob: '1985-04-03' });
    const { user } = renderWithProviders(<BookingPage />, { url: `/booking?patid=${patient.patid}` });
    expect(await screen.findByTestId('chosen-patient')).toHaveTextContent(
      `Vorgewählt, Lea · 03.04.1985 · #${patient.patid}`,
    );
    expect(screen.queryByRole('combobox', { name: 'Search a patient' })).toBeNull();
    // The confirmation asks only for what is missing.
    expect(screen.getByText('Choose a time to book.')).toBeInTheDocument();
    // Choosing the service and a time keeps the patient.
    await user.click(await screen.findByRole('radio', { name: /^Kontrolle/ }));
    const times = await screen.findByRole('radiogroup', { name: 'Monday 23.11.2026' });
    await user.click(within(times).getAllByRole('radio')[0]);
    const confirm = screen.getByRole('region', { name: 'Check and book' });
    expect(confirm).toHaveTextContent(`Vorgewählt, Lea (#${patient.patid})`);
    expect(within(confirm).getByRole('button', { name: 'Book appointment' })).toBeEnabled();
  });
  it('shows how many appointments the chosen patient missed in the last two years, and nothing when none', async () => {
    signInForTest();
    const patient = await createPatient(api, { firstname: 'Nora', lastname: 'Verpasst' });
    const appointment = (date: string, state: string) =>
      api.send('createAppointment', {
        calendar: 2,
        date: `${date} 09:00:00`,
        end: `${date} 09:15:00`,
        patid: patient.patid,
        appointment: 'Kontrolle',
        state,
      });
    // Two missed within two years, one missed before them, one kept.
    await appointment('2026-10-05', '-2');
    await appointment('2025-03-10', '-2');
    await appointment('2024-11-20', '-2');
    await appointment('2026-09-01', '2');
    const { unmount } = renderWithProviders(<BookingPage />, { url: `/booking?patid=${patient.patid}` });
    expect(await screen.findByTestId('missed-appointments')).toHaveTextContent(
      'Missed 2 appointments in the last two years',
    );
    unmount();
    const other = await createPatient(api, { firstname: 'Otto', lastname: 'Pünktlich' });
    renderWithProviders(<BookingPage />, { url: `/booking?patid=${other.patid}` });
    expect(await screen.findByTestId('chosen-patient')).toHaveTextContent('Pünktlich, Otto');
    await waitFor(() =>
      expect(api.calls.some((c) => c.op === 'getAppointments' && c.input.patid === other.patid)).toBe(true),
    );
    expect(screen.queryByTestId('missed-appointments')).toBeNull();
  });

  it('puts the patient on the waiting list with the service and practitioner chosen when no time suits', async () => {
    signInForTest();
    const patient = await createPatient(api, { firstname: 'Ida', lastname: 'Wartend' });
    const { user } = renderWithProviders(<BookingPage />, {
      url: `/booking?service=2&provider=3&patid=${patient.patid}`,
    });
    await user.click(
      await screen.findByRole('button', { name: 'No suitable time: put on the waiting list' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add to the waiting list' });
    expect(await within(dialog).findByTestId('waitlist-patient')).toHaveTextContent('Wartend, Ida');
    expect(within(dialog).getByRole('combobox', { name: 'Service' })).toHaveDisplayValue('Kontrolle');
    expect(within(dialog).getByRole('combobox', { name: 'Practitioner' })).toHaveDisplayValue(
      'Dr. med. Marc Favre',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Mornings' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to the waiting list' }));
    expect(await screen.findByText('Wartend, Ida is on the waiting list.')).toBeInTheDocument();
    const reply = await api.send('getWaitlist', { patid: patient.patid });
    expect(reply.body.result).toEqual([
      expect.objectContaining({ serviceid: 2, provider: 3, times: 'morning', status: 'waiting' }),
    ]);
  });
});
