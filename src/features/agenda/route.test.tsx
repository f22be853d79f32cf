import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarAppointment } from '#contract/agenda.ts';
import { createPatient } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { PX_PER_MIN } from './components/agenda-grid.tsx';
import { Component as AgendaPage } from './route.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The demo practice: calendars 1 Dr. Brunner, 2 Dr. Favre, 3 Dr. Rossi, 4 Dr. Keller, 5 Labor / MPA, each with the
// seeded appointments of the weeks around today. Each test adds its own, with texts the seed never uses.
const api = inProcessService();

interface NewAppointment {
  calendar: number;
  date: string;
  end: string;
  appointment: string;
  patid?: number;
  comment?: string;
  state?: string;
  displayedduration?: string;
}

/** Writes an appointment through the service (30 minutes shown, planned, unless given); returns its id. */
async function writeAppointment(input: NewAppointment): Promise<number> {
  const created = await api.send('createAppointment', { displayedduration: '30', state: 'P', ...input });
  if (created.body.status !== true) throw new Error(`createAppointment refused: ${String(created.body.msg)}`);
  return (created.body.result as { appointmentid: number }).appointmentid;
}

/** An appointment written through the service, as getAppointments (calendar mode) returns it. */
async function createAppointment(input: NewAppointment): Promise<CalendarAppointment> {
  const id = await writeAppointment(input);
  const found = await storedAppointment(input.calendar, input.date.slice(0, 10), id);
  if (!found) throw new Error(`appointment ${id} not listed afterwards`);
  return found;
}

/** An appointment as the service now has it on a day of a calendar (undefined: not listed there). */
async function storedAppointment(
  calendarid: number,
  day: string,
  id: number,
): Promise<CalendarAppointment | undefined> {
  const reply = await api.send('getAppointments', { calendarid, from: day, until: day });
  return (reply.body.result as CalendarAppointment[]).find((a) => a.id === id);
}

/** What another user of the practice writes: the complete record of `appt` in `calendar`, with `patch` applied. */
async function changeAsSomeoneElse(
  appt: CalendarAppointment,
  calendar: number,
  patch: Partial<Record<'comment' | 'appointment' | 'state', string>>,
): Promise<void> {
  const reply = await api.send('modifyAppointment', {
    appointmentid: appt.id,
    calendar,
    date: appt.date,
    end: appt.end,
    patid: appt.patid,
    appointment: appt.appointment,
    comment: appt.comment,
    displayedduration: appt.displayedduration,
    state: appt.state,
    deleted: 0,
    ...patch,
  });
  if (reply.body.status !== true) throw new Error(`modifyAppointment refused: ${String(reply.body.msg)}`);
}

const writes = () => api.calls.filter((c) => c.op === 'modifyAppointment').map((c) => c.input);

describe('the agenda', () => {
  // Today is the Monday 23.11.2026, 08:00 in Zurich, for the page and the service (its seed and its clock).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T07:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the calendars side by side with the appointments of the visible days, each loaded per calendar', async () => {
    signInForTest();
    const patient = await createPatient(api, { firstname: 'Anna', lastname: 'Muster-Agenda' });
    await createAppointment({
      calendar: 1,
      date: '2026-11-23 09:00:00',
      end: '2026-11-23 09:30:00',
      appointment: 'Agendatest 1',
      comment: 'Dolmetscher',
      patid: patient.patid,
    });
    // A provisional one (a booking being made): the service never lists it, and the page never shows it.
    await writeAppointment({
      calendar: 1,
      date: '2026-11-23 10:00:00',
      end: '2026-11-23 10:30:00',
      appointment: 'Agendatest 2',
      state: 'PR',
    });
    await createAppointment({
      calendar: 2,
      date: '2026-11-23 09:15:00',
      end: '2026-11-23 09:45:00',
      appointment: 'Agendatest 3',
      state: '-2',
    });
    renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-23' });

    const brunner = await screen.findByRole('group', { name: /^Dr\. Brunner, Mon/ });
    const favre = screen.getByRole('group', { name: /^Dr\. Favre, Mon/ });
    expect(
      await within(brunner).findByRole('button', {
        name: '09:00–09:30, Muster-Agenda A., Agendatest 1, Planned, Comment: Dolmetscher',
      }),
    ).toBeInTheDocument();
    expect(within(brunner).queryByRole('button', { name: /Agendatest 2/ })).toBeNull();
    // The name is the visible text (time, patient, text) with the end time and state read after it.
    expect(
      within(favre).getByRole('button', { name: '09:15–09:45, Agendatest 3, No-show' }),
    ).toBeInTheDocument();
    expect(within(favre).getByRole('button', { name: /Agendatest 3/ })).not.toHaveAttribute('aria-label');
    expect(api.calls.filter((c) => c.op === 'getAppointments').map((c) => c.input)).toEqual(
      expect.arrayContaining([
        { calendarid: 1, from: '2026-11-23', until: '2026-11-23' },
        { calendarid: 2, from: '2026-11-23', until: '2026-11-23' },
      ]),
    );

    // W: the week, Monday to Friday (nobody has appointments at the weekend), five columns per calendar; the whole
    // week is loaded, so that weekend appointments would show their days.
    fireEvent.keyDown(document.body, { key: 'w' });
    expect(
      await screen.findByRole('heading', { name: 'Week 48: 23.11.2026 – 27.11.2026' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Dr\. Brunner, / })).toHaveLength(5);
    await waitFor(() =>
      expect(api.calls.map((c) => c.input)).toContainEqual({
        calendarid: 1,
        from: '2026-11-23',
        until: '2026-11-29',
      }),
    );
    // → the next week, ← back, T today.
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(await screen.findByRole('heading', { name: /^Week 49: 30\.11\.2026/ })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await screen.findByRole('heading', { name: /^Week 48/ })).toBeInTheDocument();
  });

  it('without getCalendars uses the calendars seen in appointments, plus one added by number', async () => {
    signInForTest();
    await createAppointment({
      calendar: 3,
      date: '2026-11-23 08:00:00',
      end: '2026-11-23 08:30:00',
      appointment: 'Agendatest 7',
    });
    // A practice without the reference service's additions: getCalendars is unknown there.
    api.intercept('getCalendars', () => ({ http: 404, msg: 'Unknown operation.' }));
    const { user } = renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-23' });
    expect(await screen.findByText('No calendar list from the practice server')).toBeInTheDocument();
    const rossi = await screen.findByRole('group', { name: /^Dr\. Rossi, Mon/ });
    expect(await within(rossi).findByRole('button', { name: /Agendatest 7/ })).toBeInTheDocument();
    // Patient mode, a window around today, no other filter.
    expect(
      api.calls.find((c) => c.op === 'getAppointments' && c.input.calendarid === undefined)?.input,
    ).toEqual({
      from: expect.any(String),
      until: expect.any(String),
    });

    await user.type(screen.getByLabelText('Calendar number'), '9');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(await screen.findByRole('group', { name: /^Calendar 9, Mon/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.map((c) => c.input)).toContainEqual({
        calendarid: 9,
        from: '2026-11-23',
        until: '2026-11-23',
      }),
    );
  });

  it('a drag onto an appointment changed meanwhile writes nothing, shows the change and moves only on request', async () => {
    signInForTest();
    // A Saturday: no seeded appointment in Dr. Brunner's calendar, nothing the move could overlap.
    const loaded = await createAppointment({
      calendar: 1,
      date: '2026-11-28 09:00:00',
      end: '2026-11-28 09:30:00',
      appointment: 'Agendatest 4',
      comment: 'alt',
    });
    renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-28&cals=1' });
    const button = await screen.findByRole('button', { name: /Agendatest 4/ });
    await changeAsSomeoneElse(loaded, 1, { comment: 'neu von jemand anderem' });

    // jsdom lays nothing out: every box is at 0, so the pointer's y is the minutes from the grid's top.
    const wrapper = button.closest('[data-appointment-id]') as HTMLElement;
    fireEvent.pointerDown(wrapper, { button: 0, clientX: 5, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 5, clientY: 100 + 60 * PX_PER_MIN });
    fireEvent.pointerUp(window, { clientX: 5, clientY: 100 + 60 * PX_PER_MIN });

    expect(await screen.findByText('The appointment was changed meanwhile')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('conflict-table')).getByRole('row', { name: /Comment/ }),
    ).toHaveTextContent('neu von jemand anderem');
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Move it, keeping their changes' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          // On top of the changed version it showed (the other user's write made it 2).
          ifVersion: 2,
          appointmentid: loaded.id,
          calendar: 1,
          date: '2026-11-28 10:00:00',
          end: '2026-11-28 10:30:00',
          patid: 0,
          appointment: 'Agendatest 4',
          comment: 'neu von jemand anderem',
          displayedduration: '30',
          state: 'P',
          deleted: 0,
        },
      ]),
    );
    // The service has it at the new time, with the other user's comment.
    await waitFor(async () =>
      expect(await storedAppointment(1, '2026-11-28', loaded.id)).toMatchObject({
        date: '2026-11-28 10:00:00',
        end: '2026-11-28 10:30:00',
        comment: 'neu von jemand anderem',
      }),
    );
  });

  it('resizing by the lower edge writes the new end and keeps every other field', async () => {
    signInForTest();
    const patient = await createPatient(api);
    // A Sunday: no seeded appointment in Dr. Brunner's calendar, so the longer one overlaps nothing.
    const loaded = await createAppointment({
      calendar: 1,
      date: '2026-11-29 09:00:00',
      end: '2026-11-29 09:30:00',
      appointment: 'Agendatest 5',
      comment: 'bleibt',
      patid: patient.patid,
    });
    renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-29&cals=1' });
    const button = await screen.findByRole('button', { name: /Agendatest 5/ });
    const handle = button
      .closest('[data-appointment-id]')
      ?.querySelector('[data-resize="true"]') as HTMLElement;
    // The grid starts at 07:00 and jsdom puts it at y = 0: 09:45 is (585 - 420) * 1.2 px down.
    fireEvent.pointerDown(handle, { button: 0, clientX: 5, clientY: 150 * PX_PER_MIN });
    fireEvent.pointerMove(window, { clientX: 5, clientY: 165 * PX_PER_MIN });
    fireEvent.pointerUp(window, { clientX: 5, clientY: 165 * PX_PER_MIN });
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          ifVersion: 1,
          appointmentid: loaded.id,
          calendar: 1,
          date: '2026-11-29 09:00:00',
          end: '2026-11-29 09:45:00',
          patid: patient.patid,
          appointment: 'Agendatest 5',
          comment: 'bleibt',
          displayedduration: '45',
          state: 'P',
          deleted: 0,
        },
      ]),
    );
    await waitFor(async () =>
      expect(await storedAppointment(1, '2026-11-29', loaded.id)).toMatchObject({
        end: '2026-11-29 09:45:00',
        displayedduration: '45',
        comment: 'bleibt',
        patid: patient.patid,
      }),
    );
  });
  it('shows each state by a marker on the block, and offers no calendar of an inactive practitioner', async () => {
    signInForTest();
    const patient = await createPatient(api, { firstname: 'Doris', lastname: 'Moser' });
    const arrived = await createAppointment({
      calendar: 2,
      date: '2026-11-24 10:00:00',
      end: '2026-11-24 10:15:00',
      appointment: 'Agendatest 8',
      patid: patient.patid,
      state: '1',
    });
    const cancelled = await createAppointment({
      calendar: 2,
      date: '2026-11-24 10:30:00',
      end: '2026-11-24 10:45:00',
      appointment: 'Agendatest 9',
      state: '-1',
    });
    renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-24' });
    const favre = await screen.findByRole('group', { name: /^Dr\. Favre, Tue/ });
    const here = await within(favre).findByRole('button', {
      name: '10:00–10:15, Moser D., Agendatest 8, Arrived',
    });
    const hereBlock = here.closest('[data-appointment-id]') as HTMLElement;
    expect(hereBlock.querySelector('[data-testid="state-marker"]')).toHaveAttribute('data-state', 'arrived');
    const gone = within(favre).getByRole('button', { name: /Agendatest 9/ });
    const goneBlock = gone.closest('[data-appointment-id]') as HTMLElement;
    expect(goneBlock).toHaveAttribute('data-appointment-id', String(cancelled.id));
    expect(goneBlock.querySelector('[data-testid="state-marker"]')).toHaveAttribute(
      'data-state',
      'cancelled',
    );
    expect(gone).toHaveAccessibleName(/Cancelled by patient$/);
    expect(arrived.state).toBe('1');

    // Dr. Keller no longer works here: his calendar is neither a column nor a choice.
    const chips = screen.getByRole('group', { name: 'Calendars shown' });
    await waitFor(() => expect(within(chips).queryByText('Dr. Keller')).toBeNull());
    expect(screen.queryByRole('group', { name: /^Dr\. Keller, / })).toBeNull();
    expect(within(chips).getByText('Dr. Favre')).toBeInTheDocument();
  });

  it('shows Saturday and Sunday in the week when they hold appointments, and all seven on request', async () => {
    signInForTest();
    await createAppointment({
      calendar: 3,
      date: '2026-12-05 09:00:00',
      end: '2026-12-05 09:30:00',
      appointment: 'Agendatest 10',
    });
    const { user } = renderWithProviders(<AgendaPage />, {
      url: '/agenda?view=week&date=2026-12-02&cals=3',
    });
    expect(await screen.findByRole('button', { name: /Agendatest 10/ })).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Dr\. Rossi, / })).toHaveLength(7);

    // The week after: nobody at the weekend, Monday to Friday, until the switch asks for all seven.
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(
      await screen.findByRole('heading', { name: 'Week 50: 07.12.2026 – 11.12.2026' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Dr\. Rossi, / })).toHaveLength(5));
    await user.click(screen.getByRole('switch', { name: 'Saturday and Sunday' }));
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Dr\. Rossi, / })).toHaveLength(7));
  });

  it('opens the appointment named in the address, and its dialog links to the patient', async () => {
    signInForTest();
    const patient = await createPatient(api, { firstname: 'Beat', lastname: 'Adresse' });
    const appt = await createAppointment({
      calendar: 1,
      date: '2026-11-25 11:00:00',
      end: '2026-11-25 11:20:00',
      appointment: 'Agendatest 11',
      patid: patient.patid,
    });
    renderWithProviders(<AgendaPage />, {
      url: `/agenda?view=day&date=2026-11-25&cals=1&appt=${appt.id}`,
    });
    const dialog = await screen.findByRole('dialog', { name: /Agendatest 11/ });
    expect(within(dialog).getByRole('link', { name: 'Open patient' })).toHaveAttribute(
      'href',
      `/patients/${patient.patid}`,
    );
  });
});
