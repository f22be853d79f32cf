import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Calendar, CalendarAppointment } from '#contract/agenda.ts';
import { createPatient } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { AppointmentDialog } from './appointment-dialog.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The practice's clock stands at Monday 23.11.2026 08:00 Zurich time. The tests' appointments are in calendar 5
// (Labor / MPA), whose seeded appointments all end by 09:00: each test has its own hour from 10:00 on, so no save
// meets an overlap.
const api = inProcessService({ now: () => new Date('2026-11-23T07:00:00Z') });

async function ok(op: 'createAppointment' | 'modifyAppointment', input: Record<string, unknown>) {
  const reply = await api.send(op, input);
  if (reply.body.status !== true) throw new Error(`${op} refused: ${String(reply.body.msg)}`);
  return reply.body;
}

/** The appointment as the service lists it in calendar 5 on 23.11.2026. */
async function stored(id: number): Promise<CalendarAppointment | undefined> {
  const reply = await api.send('getAppointments', { calendarid: 5, from: '2026-11-23', until: '2026-11-23' });
  return (reply.body.result as CalendarAppointment[]).find((a) => a.id === id);
}

type Change = Partial<Record<'comment' | 'appointment' | 'state', string>> & { deleted?: 1 };

/**
 * A waiting Kontrolle of Anna Müller-Schmid at `hour` (09:00 → HH:00–HH:30), written and read back through the
 * service, then, if given, changed by someone else before the dialog opened on the version read.
 */
async function open(hour: number, change?: Change) {
  signInForTest();
  const patient = await createPatient(api, { firstname: 'Anna', lastname: 'Müller-Schmid' });
  const hh = String(hour).padStart(2, '0');
  const created = await ok('createAppointment', {
    calendar: 5,
    date: `2026-11-23 ${hh}:00:00`,
    end: `2026-11-23 ${hh}:30:00`,
    patid: patient.patid,
    appointment: 'Kontrolle',
    comment: 'Bitte nüchtern',
    displayedduration: '30',
    state: 'W',
  });
  const id = (created.result as { appointmentid: number }).appointmentid;
  const loaded = await stored(id);
  if (!loaded) throw new Error(`appointment ${id} not listed afterwards`);
  if (change) {
    await ok('modifyAppointment', {
      appointmentid: id,
      calendar: 5,
      date: loaded.date,
      end: loaded.end,
      patid: loaded.patid,
      appointment: loaded.appointment,
      comment: loaded.comment,
      displayedduration: loaded.displayedduration,
      state: loaded.state,
      deleted: 0,
      ...change,
    });
  }
  const calendars = (await api.send('getCalendars')).body.result as Calendar[];
  const onDone = vi.fn();
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <AppointmentDialog
      mode={{ kind: 'edit', item: { appt: loaded, calendarid: 5 } }}
      calendars={calendars}
      onClose={onClose}
      onDone={onDone}
    />,
  );
  return { ...utils, loaded, patient, onDone, onClose };
}

const writes = () => api.calls.filter((c) => c.op === 'modifyAppointment');

describe('AppointmentDialog', () => {
  it('re-reads the appointment and, unchanged, writes the complete record with the new time', async () => {
    const { user, loaded, patient, onDone } = await open(10);
    expect(await screen.findByText(`Müller-Schmid, Anna (#${patient.patid})`)).toBeInTheDocument();
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '10:45');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Appointment saved.'));
    // The re-read looked at the appointment's own start in its calendar before writing (after the overlap check).
    expect(api.calls.filter((c) => c.op === 'getAppointments').map((c) => c.input)).toContainEqual({
      calendarid: 5,
      from: loaded.dateTs,
      until: loaded.dateTs,
    });
    expect(writes().map((c) => c.input)).toEqual([
      {
        // The version re-read: the service refuses the write if it changed after that (409).
        ifVersion: 1,
        appointmentid: loaded.id,
        calendar: 5,
        date: '2026-11-23 10:00:00',
        end: '2026-11-23 10:45:00',
        patid: patient.patid,
        appointment: 'Kontrolle',
        comment: 'Bitte nüchtern',
        // It showed the real length, so it follows the new one.
        displayedduration: '45',
        state: 'W',
        deleted: 0,
      },
    ]);
    expect(await stored(loaded.id)).toMatchObject({ end: '2026-11-23 10:45:00', displayedduration: '45' });
  });

  it('moves the appointment to a day typed as 1.12.26, and refuses 31.02.2026 at the field without writing', async () => {
    const { user, loaded, onDone } = await open(13);
    const day = screen.getByRole('textbox', { name: 'Date' });
    expect(day).toHaveValue('23.11.2026');
    await user.clear(day);
    await user.type(day, '31.02.2026');
    await user.tab();
    expect(screen.getByText('This date does not exist.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Refused at the field: the text stays, nothing is written (the old day neither), the dialog stays open.
    await waitFor(() => expect(day).toHaveAttribute('aria-invalid', 'true'));
    expect(day).toHaveValue('31.02.2026');
    expect(writes()).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();

    await user.clear(day);
    await user.type(day, '1.12.26');
    await user.tab();
    expect(day).toHaveValue('01.12.2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Appointment saved.'));
    expect(writes().map((c) => c.input)).toEqual([
      expect.objectContaining({ date: '2026-12-01 13:00:00', end: '2026-12-01 13:30:00' }),
    ]);
    expect(await stored(loaded.id)).toBeUndefined();
  });

  it('shows what someone else changed, writes nothing until asked, then keeps both changes', async () => {
    const { user, loaded, patient, onDone } = await open(11, {
      comment: 'Dolmetscher Italienisch',
      state: '1',
    });
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
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Keep their changes and apply mine' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes().map((c) => c.input)).toEqual([
      expect.objectContaining({
        appointment: 'Kontrolle Blutdruck',
        comment: 'Dolmetscher Italienisch',
        state: '1',
        patid: patient.patid,
        displayedduration: '30',
      }),
    ]);
    expect(await stored(loaded.id)).toMatchObject({
      appointment: 'Kontrolle Blutdruck',
      comment: 'Dolmetscher Italienisch',
      state: '1',
    });
  });

  it('asks as well when the service says it changed after the re-read (409), and then keeps both changes', async () => {
    const { user, loaded, onDone } = await open(15);
    // Someone saves just after the dialog's re-read, before its write arrives.
    let theirs = false;
    api.intercept('modifyAppointment', async () => {
      if (theirs) return undefined;
      theirs = true;
      await ok('modifyAppointment', {
        appointmentid: loaded.id,
        calendar: 5,
        date: loaded.date,
        end: loaded.end,
        patid: loaded.patid,
        appointment: loaded.appointment,
        comment: 'Dolmetscher Italienisch',
        displayedduration: loaded.displayedduration,
        state: loaded.state,
        ifVersion: 1,
      });
      return undefined;
    });
    const text = screen.getByLabelText('Text');
    await user.clear(text);
    await user.type(text, 'Kontrolle Blutdruck');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Someone else changed this appointment')).toBeInTheDocument();
    const table = screen.getByTestId('conflict-table');
    expect(within(table).getByRole('row', { name: /Comment/ })).toHaveTextContent('Dolmetscher Italienisch');
    // Their change stands; the refused write changed nothing.
    expect(await stored(loaded.id)).toMatchObject({ appointment: 'Kontrolle', version: 2 });

    await user.click(screen.getByRole('button', { name: 'Keep their changes and apply mine' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes().at(-1)?.input).toMatchObject({ ifVersion: 2, appointment: 'Kontrolle Blutdruck' });
    expect(await stored(loaded.id)).toMatchObject({
      appointment: 'Kontrolle Blutdruck',
      comment: 'Dolmetscher Italienisch',
      version: 3,
    });
  });

  it('can take their version instead, and then saves without asking again', async () => {
    const { user, onDone } = await open(12, { comment: 'Neu' });
    await user.type(screen.getByLabelText('Text'), ' X');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Discard mine and show theirs' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Neu');
    expect(screen.getByLabelText('Text')).toHaveValue('Kontrolle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes()).toHaveLength(1);
    expect(writes()[0].input).toMatchObject({ comment: 'Neu', appointment: 'Kontrolle' });
  });

  it('says so when the appointment is gone, and writes only when told to', async () => {
    // Someone else deleted it: the service lists it nowhere any more.
    const { user, loaded } = await open(13, { deleted: 1 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/no longer where it was/)).toBeInTheDocument();
    // Looked in its own slot, then two months either side.
    expect(api.calls.filter((c) => c.op === 'getAppointments').map((c) => c.input)).toEqual([
      { calendarid: 5, from: loaded.dateTs, until: loaded.dateTs },
      { calendarid: 5, from: '2026-09-22', until: '2027-01-24' },
    ]);
    expect(writes()).toEqual([]);
    expect(await stored(loaded.id)).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Save my version anyway' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    // Written back as it was in the dialog: listed again.
    await waitFor(async () =>
      expect(await stored(loaded.id)).toMatchObject({ appointment: 'Kontrolle', comment: 'Bitte nüchtern' }),
    );
  });

  it('deletes after a confirmation, with the complete record and deleted = 1', async () => {
    const { user, loaded, patient, onDone } = await open(14);
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete appointment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Appointment deleted.'));
    expect(writes()[0].input).toEqual({
      ifVersion: 1,
      appointmentid: loaded.id,
      calendar: 5,
      date: loaded.date,
      end: loaded.end,
      patid: patient.patid,
      appointment: 'Kontrolle',
      comment: 'Bitte nüchtern',
      displayedduration: '30',
      state: 'W',
      deleted: 1,
    });
    expect(await stored(loaded.id)).toBeUndefined();
  });

  it('keeps what was typed and shows the service’s message when the write fails', async () => {
    const { user, loaded, onDone } = await open(15);
    // A refusal as the service sends it for modifyAppointment: status false, HTTP 200, no result.
    api.intercept('modifyAppointment', () => ({ http: 200, msg: 'Unknown calendar.' }));
    const comment = screen.getByLabelText('Comment');
    await user.clear(comment);
    await user.type(comment, 'Neue Bemerkung');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert', { name: 'Not saved' });
    expect(alert).toHaveTextContent('Unknown calendar.');
    expect(screen.getByLabelText('Comment')).toHaveValue('Neue Bemerkung');
    expect(onDone).not.toHaveBeenCalled();
    expect(writes()).toHaveLength(1);
    expect(await stored(loaded.id)).toMatchObject({ comment: 'Bitte nüchtern' });
  });
  it("a new appointment takes text and length from the chosen service, offering the calendar's practitioner's", async () => {
    signInForTest();
    const calendars = (await api.send('getCalendars')).body.result as Calendar[];
    const { user } = renderWithProviders(
      <AppointmentDialog
        mode={{
          kind: 'create',
          range: { calendarid: 2, day: '2026-11-24', start: 14 * 60, end: 14 * 60 + 30 },
        }}
        calendars={calendars}
        onClose={vi.fn()}
        onDone={vi.fn()}
      />,
    );
    const service = await screen.findByLabelText('Service');
    // Dr. Favre (calendar 2) offers Hautcheck; Impfung is only Dr. Brunner's.
    await waitFor(() =>
      expect(within(service).getByRole('option', { name: 'Hautcheck (20 min)' })).toBeInTheDocument(),
    );
    expect(within(service).queryByRole('option', { name: /Impfung/ })).toBeNull();
    await user.selectOptions(service, 'Hautcheck (20 min)');
    expect(screen.getByLabelText('To')).toHaveValue('14:20');
    expect(screen.getByLabelText('Text')).toHaveValue('Hautcheck');
    expect(screen.getByLabelText('Displayed duration (minutes)')).toHaveValue('20');
    // Another service replaces the text it set.
    await user.selectOptions(service, 'Erstkonsultation (30 min)');
    expect(screen.getByLabelText('To')).toHaveValue('14:30');
    expect(screen.getByLabelText('Text')).toHaveValue('Erstkonsultation');
  });

  it('a new appointment whose answer was lost is looked for, closes as saved, and is sent once', async () => {
    signInForTest();
    const calendars = (await api.send('getCalendars')).body.result as Calendar[];
    const onDone = vi.fn();
    const { user } = renderWithProviders(
      <AppointmentDialog
        mode={{
          kind: 'create',
          range: { calendarid: 5, day: '2026-11-24', start: 16 * 60, end: 16 * 60 + 30 },
        }}
        calendars={calendars}
        onClose={vi.fn()}
        onDone={onDone}
      />,
    );
    const text = screen.getByLabelText('Text');
    await user.clear(text);
    await user.type(text, 'Verlorene Antwort');
    api.intercept('createAppointment', () => 'answer-lost');
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));

    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith(
        expect.stringMatching(/^Appointment created\. The connection broke off/),
      ),
    );
    expect(api.calls.filter((c) => c.op === 'createAppointment')).toHaveLength(1);
    const day = await api.send('getAppointments', { calendarid: 5, from: '2026-11-24', until: '2026-11-24' });
    const made = (day.body.result as CalendarAppointment[]).filter(
      (a) => a.appointment === 'Verlorene Antwort',
    );
    expect(made).toHaveLength(1);
  });
});
