import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '#contract/agenda.ts';
import { createPatient } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as TodayPage } from './route.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The demo practice's seed has appointments today as well; each test adds its own, with texts the seed never uses.
const api = inProcessService();

async function book(input: {
  calendar: number;
  start: string;
  appointment: string;
  patid: number;
  state?: string;
}): Promise<number> {
  const [h, m] = input.start.split(':').map(Number);
  const end = `${String(h).padStart(2, '0')}:${String(m + 20).padStart(2, '0')}`;
  const reply = await api.send('createAppointment', {
    calendar: input.calendar,
    date: `2026-11-23 ${input.start}:00`,
    end: `2026-11-23 ${end}:00`,
    appointment: input.appointment,
    patid: input.patid,
    displayedduration: '20',
    state: input.state ?? 'P',
  });
  if (reply.body.status !== true) throw new Error(String(reply.body.msg));
  return (reply.body.result as { appointmentid: number }).appointmentid;
}

async function stored(id: number): Promise<Appointment | undefined> {
  const reply = await api.send('getAppointments', { from: '2026-11-23', until: '2026-11-23' });
  return (reply.body.result as Appointment[]).find((a) => a.id === id);
}

const region = (name: RegExp) => screen.findByRole('region', { name });
const rowOf = (el: HTMLElement) => el.closest('li') as HTMLElement;

describe('Today', () => {
  // Monday 23.11.2026; the page and the service read the same faked clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:03:00Z')); // 09:03 in Zurich
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the day in sections: here with the minutes since arrival, late 10 minutes after the start, expected', async () => {
    signInForTest();
    const anna = await createPatient(api, {
      lastname: 'Heute-Ankunft',
      firstname: 'Anna',
      dob: '1980-03-12',
    });
    const beat = await createPatient(api, { lastname: 'Heute-Spät', firstname: 'Beat' });
    const carla = await createPatient(api, { lastname: 'Heute-Später', firstname: 'Carla' });
    const arrived = await book({
      calendar: 1,
      start: '09:00',
      appointment: 'Heutetest A',
      patid: anna.patid,
    });
    // Arrived at 09:03 (the service notes when the state changed).
    const a = await stored(arrived);
    await api.send('modifyAppointment', {
      appointmentid: arrived,
      calendar: 1,
      date: a?.date,
      end: a?.end,
      patid: anna.patid,
      appointment: 'Heutetest A',
      comment: '',
      displayedduration: '20',
      state: '1',
    });
    await book({ calendar: 2, start: '09:00', appointment: 'Heutetest B', patid: beat.patid });
    await book({ calendar: 1, start: '09:20', appointment: 'Heutetest C', patid: carla.patid });
    // 09:15: Anna here for 12 minutes, Beat 15 minutes late, Carla expected.
    vi.setSystemTime(new Date('2026-11-23T08:15:00Z'));

    renderWithProviders(<TodayPage />, { url: '/today' });

    const here = await region(/^Here \(\d+\)$/);
    const annaLink = await within(here).findByRole('link', { name: 'Heute-Ankunft, Anna' });
    expect(annaLink).toHaveAttribute('href', `/patients/${anna.patid}`);
    const annaRow = rowOf(annaLink);
    expect(annaRow).toHaveTextContent('born 12.03.1980');
    expect(annaRow).toHaveTextContent('Heutetest A · Dr. Brunner');
    expect(annaRow).toHaveTextContent('Arrived');
    expect(annaRow).toHaveTextContent('for 12 min');
    expect(within(annaRow).getByRole('link', { name: 'Show in the agenda' })).toHaveAttribute(
      'href',
      `/agenda?view=day&date=2026-11-23&cals=1&appt=${arrived}`,
    );

    const late = await region(/^Late \(\d+\)$/);
    expect(rowOf(await within(late).findByRole('link', { name: 'Heute-Spät, Beat' }))).toHaveTextContent(
      '15 min late',
    );
    const expected = await region(/^Expected \(\d+\)$/);
    expect(await within(expected).findByRole('link', { name: 'Heute-Später, Carla' })).toBeInTheDocument();
    // One round trip for the whole practice's day (the gap panel, loaded after the first rows, reads the coming
    // days on its own: not the day's list).
    const dayLists = api.calls
      .filter((c) => c.op === 'getAppointments')
      .map((c) => c.input)
      .filter((input) => (input as { until?: string }).until === '2026-11-23');
    expect(dayLists).toEqual([{ from: '2026-11-23', until: '2026-11-23' }]);
  });

  it('one click sets Arrived on the complete record, moves the row under here, and Undo sets it back', async () => {
    signInForTest();
    const dora = await createPatient(api, { lastname: 'Heute-Klick', firstname: 'Dora' });
    const id = await book({ calendar: 3, start: '10:00', appointment: 'Heutetest D', patid: dora.patid });
    await api.send('modifyAppointment', {
      appointmentid: id,
      calendar: 3,
      date: '2026-11-23 10:00:00',
      end: '2026-11-23 10:20:00',
      patid: dora.patid,
      appointment: 'Heutetest D',
      comment: 'Dolmetscher',
      displayedduration: '20',
      state: 'P',
    });
    const { user } = renderWithProviders(<TodayPage />, { url: '/today' });
    const expected = await region(/^Expected/);
    const row = rowOf(await within(expected).findByRole('link', { name: 'Heute-Klick, Dora' }));
    const toolbar = within(row).getByRole('toolbar', { name: 'Set the state of 10:00 Heute-Klick, Dora' });

    await user.click(within(toolbar).getByRole('button', { name: 'Arrived' }));

    const here = await region(/^Here/);
    expect(await within(here).findByRole('link', { name: 'Heute-Klick, Dora' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.op === 'modifyAppointment').map((c) => c.input)).toEqual([
        {
          ifVersion: 2,
          appointmentid: id,
          calendar: 3,
          date: '2026-11-23 10:00:00',
          end: '2026-11-23 10:20:00',
          patid: dora.patid,
          appointment: 'Heutetest D',
          comment: 'Dolmetscher',
          displayedduration: '20',
          state: '1',
          deleted: 0,
        },
      ]),
    );
    await waitFor(async () => expect((await stored(id))?.state).toBe('1'));

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await stored(id))?.state).toBe('P'));
    expect(await screen.findByText('Heute-Klick, Dora: back to Planned')).toBeInTheDocument();
    expect(
      await within(await region(/^Expected/)).findByRole('link', { name: 'Heute-Klick, Dora' }),
    ).toBeInTheDocument();
    expect((await stored(id))?.comment).toBe('Dolmetscher');
  });

  it('Undo keeps a state a colleague set since, and says so', async () => {
    signInForTest();
    const emil = await createPatient(api, { lastname: 'Heute-Kollege', firstname: 'Emil' });
    const id = await book({ calendar: 3, start: '10:30', appointment: 'Heutetest E', patid: emil.patid });
    const { user } = renderWithProviders(<TodayPage />, { url: '/today' });
    const row = rowOf(
      await within(await region(/^Expected/)).findByRole('link', { name: 'Heute-Kollege, Emil' }),
    );
    await user.click(within(row).getByRole('button', { name: 'Arrived' }));
    await waitFor(async () => expect((await stored(id))?.state).toBe('1'));
    // A colleague at the other desk sets Done before Undo is clicked.
    const now = await stored(id);
    await api.send('modifyAppointment', {
      appointmentid: id,
      calendar: 3,
      date: now?.date,
      end: now?.end,
      patid: emil.patid,
      appointment: 'Heutetest E',
      comment: '',
      displayedduration: now?.displayedduration ?? '',
      state: '2',
    });

    await user.click(await screen.findByRole('button', { name: 'Undo' }));

    expect(
      await screen.findByText('Somebody has changed it since: their change is kept.'),
    ).toBeInTheDocument();
    expect((await stored(id))?.state).toBe('2');
  });

  it('a key in a row sets its state: 4 No-show moves it to cancelled / no-show', async () => {
    signInForTest();
    const emil = await createPatient(api, { lastname: 'Heute-Taste', firstname: 'Emil' });
    const id = await book({ calendar: 2, start: '11:00', appointment: 'Heutetest E', patid: emil.patid });
    renderWithProviders(<TodayPage />, { url: '/today' });
    const row = rowOf(
      await within(await region(/^Expected/)).findByRole('link', { name: 'Heute-Taste, Emil' }),
    );
    fireEvent.keyDown(row, { key: '4' });
    const missed = await region(/^Cancelled \/ no-show/);
    const moved = rowOf(await within(missed).findByRole('link', { name: 'Heute-Taste, Emil' }));
    expect(moved).toHaveTextContent('No-show');
    await waitFor(async () => expect((await stored(id))?.state).toBe('-2'));
  });

  it('a second key while the first write is under way is written after it, not dropped', async () => {
    signInForTest();
    const gina = await createPatient(api, { lastname: 'Heute-Doppel', firstname: 'Gina' });
    const id = await book({ calendar: 2, start: '11:10', appointment: 'Heutetest G', patid: gina.patid });
    renderWithProviders(<TodayPage />, { url: '/today' });
    const row = rowOf(
      await within(await region(/^Expected/)).findByRole('link', { name: 'Heute-Doppel, Gina' }),
    );
    // Waiting, and while it is being written (held until the second key), Arrived: both are written, in that
    // order; the last one stays.
    let release = () => {};
    const held = new Promise<undefined>((resolve) => {
      release = () => resolve(undefined);
    });
    api.intercept('modifyAppointment', () => held);
    fireEvent.keyDown(row, { key: '2' });
    // The row is under "Here" at once, its buttons marked busy while the write waits.
    const here = rowOf(
      await within(await region(/^Here/)).findByRole('link', { name: 'Heute-Doppel, Gina' }),
    );
    await waitFor(() =>
      expect(within(here).getByRole('button', { name: 'Waiting' })).toHaveAttribute('data-busy', 'true'),
    );
    fireEvent.keyDown(here, { key: '1' });
    release();
    await waitFor(async () => expect((await stored(id))?.state).toBe('1'));
    await waitFor(() =>
      expect(within(here).getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(await screen.findByText(/Heute-Doppel, Gina: Arrived/)).toBeInTheDocument();
  });

  it('a refused write puts the row back and says why; an appointment deleted meanwhile is not written', async () => {
    signInForTest();
    const fritz = await createPatient(api, { lastname: 'Heute-Abgelehnt', firstname: 'Fritz' });
    const id = await book({ calendar: 2, start: '11:30', appointment: 'Heutetest F', patid: fritz.patid });
    const { user } = renderWithProviders(<TodayPage />, { url: '/today' });
    const name = { name: 'Heute-Abgelehnt, Fritz' };
    const row = rowOf(await within(await region(/^Expected/)).findByRole('link', name));

    api.intercept('modifyAppointment', () => ({ http: 500, msg: 'Database locked.' }));
    await user.click(within(row).getByRole('button', { name: 'Arrived' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: Database locked.');
    expect(await within(await region(/^Expected/)).findByRole('link', name)).toBeInTheDocument();
    expect((await stored(id))?.state).toBe('P');

    // Deleted in the agenda meanwhile: read again before writing, nothing is written, the user is told.
    const record = await stored(id);
    if (!record) throw new Error('not stored');
    await api.send('modifyAppointment', {
      appointmentid: id,
      calendar: 2,
      date: record.date,
      end: record.end,
      patid: fritz.patid,
      appointment: record.appointment,
      comment: record.comment,
      displayedduration: record.displayedduration,
      state: 'P',
      deleted: 1,
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const again = rowOf(await within(await region(/^Expected/)).findByRole('link', name));
    await user.click(within(again).getByRole('button', { name: 'No-show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This appointment is no longer today’s');
    expect(await stored(id)).toBeUndefined();
  });

  it('lists a block without a patient apart, without states and uncounted; a patient who arrived is never late', async () => {
    signInForTest();
    // A team meeting someone set "arrived" in the agenda: not a patient in the practice.
    const meeting = await book({
      calendar: 1,
      start: '08:10',
      appointment: 'Heutetest Teamsitzung',
      patid: 0,
      state: '1',
    });
    // Hans arrived for his 08:00 blood test; his 08:35 consultation is not "late" at 09:03.
    const hans = await createPatient(api, { lastname: 'Heute-Zweimal', firstname: 'Hans' });
    await book({ calendar: 2, start: '08:00', appointment: 'Heutetest Blut', patid: hans.patid, state: '1' });
    const consult = await book({
      calendar: 1,
      start: '08:35',
      appointment: 'Heutetest Konsultation',
      patid: hans.patid,
    });
    renderWithProviders(<TodayPage />, { url: '/today' });

    const blocks = await region(/^Without patient$/);
    const block = rowOf(await within(blocks).findByText('Heutetest Teamsitzung'));
    expect(block).toHaveTextContent('08:10–08:30');
    expect(block).toHaveTextContent('Dr. Brunner');
    expect(block).not.toHaveAttribute('data-today-row');
    expect(within(block).queryByRole('toolbar')).toBeNull();
    expect(within(block).queryByText('Arrived')).toBeNull();
    expect(
      within(block).getByRole('link', { name: 'Show 08:10 Heutetest Teamsitzung in the agenda' }),
    ).toHaveAttribute('href', `/agenda?view=day&date=2026-11-23&cals=1&appt=${meeting}`);
    // In no section and no count: "All" counts exactly the patients' rows.
    expect(within(await region(/^Here/)).queryByText('Heutetest Teamsitzung')).toBeNull();
    const rows = document.querySelectorAll('[data-today-row]');
    expect(screen.getByRole('radio', { name: `All ${rows.length}` })).toBeInTheDocument();
    expect(document.querySelector(`[data-today-row][data-appointment-id="${meeting}"]`)).toBeNull();

    const consultRow = await waitFor(() => {
      const el = document.querySelector<HTMLElement>(`[data-today-row][data-appointment-id="${consult}"]`);
      if (!el) throw new Error('no row yet');
      return el;
    });
    expect(consultRow).toHaveAttribute('data-section', 'expected');
    expect(consultRow).not.toHaveTextContent(/late/);
    expect(
      await within(await region(/^Here/)).findByRole('link', { name: 'Heute-Zweimal, Hans' }),
    ).toBeInTheDocument();
  });

  it('says so when the day has no appointments in the calendars shown, and when the list cannot be read', async () => {
    signInForTest();
    renderWithProviders(<TodayPage />, { url: '/today?cals=99' });
    expect(await screen.findByText('No appointments today in the calendars shown.')).toBeInTheDocument();

    api.intercept('getAppointments', () => ({ http: 500, msg: 'Database gone.' }));
    renderWithProviders(<TodayPage />, { url: '/today' });
    expect(await screen.findByText('Today’s appointments could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database gone.')).toBeInTheDocument();
  });
});
