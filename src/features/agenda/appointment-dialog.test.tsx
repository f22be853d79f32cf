import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarAppointment } from '../../../contract/agenda.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { AppointmentDialog } from './appointment-dialog.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const calendars = [
  { calendarid: 1, name: 'Dr. Brunner', provider: 2, color: '#228be6' },
  { calendarid: 5, name: 'Labor / MPA', provider: null, color: '#868e96' },
];

const loaded: CalendarAppointment = {
  id: 41,
  date: '2026-11-23 09:00:00',
  end: '2026-11-23 09:30:00',
  dateTs: 1_795_420_800,
  endTs: 1_795_422_600,
  duration: 30,
  displayedduration: '30',
  patid: 12,
  appointment: 'Kontrolle',
  comment: 'Bitte nüchtern',
  color: '#15aabf',
  state: 'W',
  calendar: 'Dr. Brunner',
};

const patient = {
  patid: 12,
  lastname: 'Müller-Schmid',
  firstname: 'Anna',
  gender: 'female',
  dob: '1980-02-01',
  title: '',
  street: '',
  zip: '',
  city: 'Bern',
  country: '',
  countrycode: 'ch',
  mobile: '',
  mail: '',
  AHV: '',
  language: 'de',
  deleted: '0',
};

function open(current: CalendarAppointment | null) {
  signInForTest();
  const api = stubApi({
    getAppointments: () => (current ? [current] : []),
    modifyAppointment: () => null,
    getCustomerById: () => patient,
  });
  const onDone = vi.fn();
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <AppointmentDialog
      mode={{ kind: 'edit', item: { appt: loaded, calendarid: 1 } }}
      calendars={calendars}
      onClose={onClose}
      onDone={onDone}
    />,
  );
  return { ...utils, api, onDone, onClose };
}

const writes = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.op === 'modifyAppointment');

describe('AppointmentDialog', () => {
  it('re-reads the appointment and, unchanged, writes the complete record with the new time', async () => {
    const { user, api, onDone } = open(loaded);
    expect(await screen.findByText('Müller-Schmid, Anna (#12)')).toBeInTheDocument();
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '09:45');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Appointment saved.'));
    // The re-read looked at the appointment's own start in its calendar before writing (after the overlap check).
    expect(api.calls.filter((c) => c.op === 'getAppointments').map((c) => c.input)).toContainEqual({
      calendarid: 1,
      from: loaded.dateTs,
      until: loaded.dateTs,
    });
    expect(writes(api).map((c) => c.input)).toEqual([
      {
        appointmentid: 41,
        calendar: 1,
        date: '2026-11-23 09:00:00',
        end: '2026-11-23 09:45:00',
        patid: 12,
        appointment: 'Kontrolle',
        comment: 'Bitte nüchtern',
        // It showed the real length, so it follows the new one.
        displayedduration: '45',
        state: 'W',
        deleted: 0,
      },
    ]);
  });

  it('shows what someone else changed, writes nothing until asked, then keeps both changes', async () => {
    const theirs = { ...loaded, comment: 'Dolmetscher Italienisch', state: '1' };
    const { user, api, onDone } = open(theirs);
    const text = screen.getByLabelText('Text');
    await user.clear(text);
    await user.type(text, 'Kontrolle Blutdruck');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Someone else changed this appointment')).toBeInTheDocument();
    const table = screen.getByTestId('conflict-table');
    const comment = within(table).getByRole('row', { name: /Comment/ });
    expect(comment).toHaveTextContent('Bitte nüchtern');
    expect(comment).toHaveTextContent('Dolmetscher Italienisch');
    expect(within(table).getByRole('row', { name: /State/ })).toHaveTextContent('WaitingArrived');
    expect(within(table).getByRole('row', { name: /Text/ })).toHaveTextContent('Kontrolle Blutdruck');
    expect(writes(api)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Keep their changes and apply mine' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes(api).map((c) => c.input)).toEqual([
      expect.objectContaining({
        appointment: 'Kontrolle Blutdruck',
        comment: 'Dolmetscher Italienisch',
        state: '1',
        patid: 12,
        displayedduration: '30',
      }),
    ]);
  });

  it('can take their version instead, and then saves without asking again', async () => {
    const theirs = { ...loaded, comment: 'Neu' };
    const { user, api, onDone } = open(theirs);
    await user.type(screen.getByLabelText('Text'), ' X');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Discard mine and show theirs' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Neu');
    expect(screen.getByLabelText('Text')).toHaveValue('Kontrolle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes(api)[0].input).toMatchObject({ comment: 'Neu', appointment: 'Kontrolle' });
  });

  it('says so when the appointment is gone, and writes only when told to', async () => {
    const { user, api } = open(null);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/no longer where it was/)).toBeInTheDocument();
    // Looked in its own slot, then two months either side.
    expect(api.calls.filter((c) => c.op === 'getAppointments').map((c) => c.input)).toEqual([
      { calendarid: 1, from: loaded.dateTs, until: loaded.dateTs },
      { calendarid: 1, from: '2026-09-22', until: '2027-01-24' },
    ]);
    expect(writes(api)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save my version anyway' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
  });

  it('deletes after a confirmation, with the complete record and deleted = 1', async () => {
    const { user, api, onDone } = open(loaded);
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(writes(api)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete appointment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Appointment deleted.'));
    expect(writes(api)[0].input).toEqual({
      appointmentid: 41,
      calendar: 1,
      date: loaded.date,
      end: loaded.end,
      patid: 12,
      appointment: 'Kontrolle',
      comment: 'Bitte nüchtern',
      displayedduration: '30',
      state: 'W',
      deleted: 1,
    });
  });

  it('keeps what was typed and shows the service’s message when the write fails', async () => {
    const { user, onDone } = open(loaded);
    // A refusal as the service sends it for modifyAppointment: status false, HTTP 200, no result.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/agenda/modifyAppointment')
          ? new Response(JSON.stringify({ status: false, msg: 'Unknown calendar.' }), { status: 200 })
          : new Response(JSON.stringify({ status: true, msg: 'Success', result: [loaded] }), { status: 200 }),
      ),
    );
    const comment = screen.getByLabelText('Comment');
    await user.clear(comment);
    await user.type(comment, 'Neue Bemerkung');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not saved: Unknown calendar.')).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('Neue Bemerkung');
    expect(onDone).not.toHaveBeenCalled();
  });
});
