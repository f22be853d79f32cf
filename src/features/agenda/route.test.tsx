import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarAppointment, PatientAppointment } from '../../../contract/agenda.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { PX_PER_MIN } from './agenda-grid.tsx';
import { Component as AgendaPage } from './route.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const calendars = [
  { calendarid: 1, name: 'Dr. Brunner', provider: 2, color: '#228be6' },
  { calendarid: 2, name: 'Dr. Favre', provider: 3, color: '#40c057' },
];

function appt(
  id: number,
  date: string,
  end: string,
  patch: Partial<CalendarAppointment> = {},
): CalendarAppointment {
  return {
    id,
    date,
    end,
    dateTs: 1_795_420_800,
    endTs: 1_795_422_600,
    duration: 30,
    displayedduration: '30',
    patid: 0,
    appointment: `Termin ${id}`,
    comment: '',
    color: '#fab005',
    state: 'P',
    calendar: 'Dr. Brunner',
    ...patch,
  };
}

describe('the agenda', () => {
  it('shows the calendars side by side with the appointments of the visible days, each loaded per calendar', async () => {
    signInForTest();
    const api = stubApi({
      getCalendars: () => calendars,
      getCustomerById: () => ({
        patid: 7,
        lastname: 'Muster',
        firstname: 'Anna',
        gender: 'female',
        dob: '1980-01-01',
        title: '',
        street: '',
        zip: '',
        city: '',
        country: '',
        countrycode: 'ch',
        mobile: '',
        mail: '',
        AHV: '',
        language: 'de',
        deleted: '0',
      }),
      getAppointments: (input) =>
        input.calendarid === 1
          ? [
              appt(1, '2026-11-23 09:00:00', '2026-11-23 09:30:00', { comment: 'Dolmetscher', patid: 7 }),
              // Provisional ones never show, even if a server sent one.
              appt(2, '2026-11-23 10:00:00', '2026-11-23 10:30:00', { state: 'PR' }),
            ]
          : [appt(3, '2026-11-23 09:15:00', '2026-11-23 09:45:00', { calendar: 'Dr. Favre', state: '-2' })],
    });
    renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-23' });

    const brunner = await screen.findByRole('group', { name: /^Dr\. Brunner, Mon/ });
    const favre = screen.getByRole('group', { name: /^Dr\. Favre, Mon/ });
    expect(
      await within(brunner).findByRole('button', {
        name: '09:00–09:30, Termin 1, Muster, Anna, Planned, Comment: Dolmetscher',
      }),
    ).toBeInTheDocument();
    expect(within(brunner).queryByRole('button', { name: /Termin 2/ })).toBeNull();
    // The name is the visible text (time, text) with the end time and state read after it.
    expect(within(favre).getByRole('button', { name: '09:15–09:45, Termin 3, No-show' })).toBeInTheDocument();
    expect(within(favre).getByRole('button', { name: /Termin 3/ })).not.toHaveAttribute('aria-label');
    expect(api.calls.filter((c) => c.op === 'getAppointments').map((c) => c.input)).toEqual(
      expect.arrayContaining([
        { calendarid: 1, from: '2026-11-23', until: '2026-11-23' },
        { calendarid: 2, from: '2026-11-23', until: '2026-11-23' },
      ]),
    );

    // W: the week, Monday to Sunday, seven columns per calendar.
    fireEvent.keyDown(document.body, { key: 'w' });
    expect(
      await screen.findByRole('heading', { name: 'Week 48: 23.11.2026 – 29.11.2026' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Dr\. Brunner, / })).toHaveLength(7);
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
    const {
      dateTs: _s,
      endTs: _e,
      ...rest
    } = appt(7, '2026-11-23 08:00:00', '2026-11-23 08:30:00', {
      calendar: 'Dr. Rossi',
    });
    const seen: PatientAppointment = { ...rest, date_unix: 1, end_unix: 2, calendarid: 3 };
    // getCalendars is not stubbed: it answers 404, as on a real tenant without the reference service's additions.
    const api = stubApi({
      getAppointments: (input) => (input.calendarid === undefined ? [seen] : []),
    });
    const { user } = renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-23' });
    expect(await screen.findByText('No calendar list from the practice server')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: /^Dr\. Rossi, Mon/ })).toBeInTheDocument();
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
    const loaded = appt(1, '2026-11-23 09:00:00', '2026-11-23 09:30:00', { comment: 'alt' });
    let current = loaded;
    const api = stubApi({
      getCalendars: () => calendars.slice(0, 1),
      getAppointments: () => [current],
      modifyAppointment: () => null,
    });
    renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-23' });
    const button = await screen.findByRole('button', { name: /Termin 1/ });
    current = { ...loaded, comment: 'neu von jemand anderem' };

    // jsdom lays nothing out: every box is at 0, so the pointer's y is the minutes from the grid's top.
    const wrapper = button.closest('[data-appointment-id]') as HTMLElement;
    fireEvent.pointerDown(wrapper, { button: 0, clientX: 5, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 5, clientY: 100 + 60 * PX_PER_MIN });
    fireEvent.pointerUp(window, { clientX: 5, clientY: 100 + 60 * PX_PER_MIN });

    expect(await screen.findByText('The appointment was changed meanwhile')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('conflict-table')).getByRole('row', { name: /Comment/ }),
    ).toHaveTextContent('neu von jemand anderem');
    expect(api.calls.filter((c) => c.op === 'modifyAppointment')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Move it, keeping their changes' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.op === 'modifyAppointment').map((c) => c.input)).toEqual([
        {
          appointmentid: 1,
          calendar: 1,
          date: '2026-11-23 10:00:00',
          end: '2026-11-23 10:30:00',
          patid: 0,
          appointment: 'Termin 1',
          comment: 'neu von jemand anderem',
          displayedduration: '30',
          state: 'P',
          deleted: 0,
        },
      ]),
    );
  });

  it('resizing by the lower edge writes the new end and keeps every other field', async () => {
    signInForTest();
    const loaded = appt(1, '2026-11-23 09:00:00', '2026-11-23 09:30:00', { comment: 'bleibt', patid: 4 });
    const api = stubApi({
      getCalendars: () => calendars.slice(0, 1),
      getAppointments: () => [loaded],
      modifyAppointment: () => null,
    });
    renderWithProviders(<AgendaPage />, { url: '/agenda?date=2026-11-23' });
    const button = await screen.findByRole('button', { name: /Termin 1/ });
    const handle = button
      .closest('[data-appointment-id]')
      ?.querySelector('[data-resize="true"]') as HTMLElement;
    // The grid starts at 07:00 and jsdom puts it at y = 0: 09:45 is (585 - 420) * 1.2 px down.
    fireEvent.pointerDown(handle, { button: 0, clientX: 5, clientY: 150 * PX_PER_MIN });
    fireEvent.pointerMove(window, { clientX: 5, clientY: 165 * PX_PER_MIN });
    fireEvent.pointerUp(window, { clientX: 5, clientY: 165 * PX_PER_MIN });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.op === 'modifyAppointment').map((c) => c.input)).toEqual([
        {
          appointmentid: 1,
          calendar: 1,
          date: '2026-11-23 09:00:00',
          end: '2026-11-23 09:45:00',
          patid: 4,
          appointment: 'Termin 1',
          comment: 'bleibt',
          displayedduration: '45',
          state: 'P',
          deleted: 0,
        },
      ]),
    );
  });
});
