import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Calendar } from '#contract/agenda.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { AbsenceDialog, periodOf } from './absence-dialog.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The practice's clock stands at Monday 23.11.2026 08:00; Dr. Rossi (provider 4) has seeded appointments that week.
const api = inProcessService({ now: () => new Date('2026-11-23T07:00:00Z') });

async function open(day: string) {
  signInForTest();
  const calendars = (await api.send('getCalendars')).body.result as Calendar[];
  const rossi = calendars.find((c) => c.provider === 4);
  if (!rossi) throw new Error('no calendar of provider 4');
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <AbsenceDialog
      opened
      calendars={calendars}
      day={day}
      onClose={onClose}
      onSaved={onSaved}
      openAppointment={({ appt }) => `/agenda?appt=${appt.id}`}
    />,
  );
  await utils.user.selectOptions(await screen.findByLabelText('Who is absent'), String(rossi.provider));
  return { ...utils, onSaved, onClose, rossi };
}

describe('AbsenceDialog', () => {
  it('enters whole days of a practitioner and lists the appointments they touch, to open in the agenda', async () => {
    const { user, onSaved } = await open('2026-11-24');
    await user.type(screen.getByLabelText('Reason'), 'Weiterbildung');
    // Dr. Rossi's appointments that Tuesday are listed before saving.
    expect(await screen.findByText(/appointments? in this time, to be moved/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save absence' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Absence saved.'));
    expect(api.calls.filter((c) => c.op === 'createAbsence').map((c) => c.input)).toEqual([
      { provider: 4, from: '2026-11-24', until: '2026-11-24', reason: 'Weiterbildung' },
    ]);
    expect(await screen.findByText(/The absence is saved/)).toBeInTheDocument();
    // After saving, each touched appointment is a link into the agenda.
    expect((await screen.findAllByRole('link'))[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/agenda\?appt=\d+$/),
    );
    const stored = await api.send('getAbsences', { from: '2026-11-24', until: '2026-11-24', provider: 4 });
    expect(stored.body.result).toContainEqual(
      expect.objectContaining({ kind: 'absence', reason: 'Weiterbildung' }),
    );
  });

  it('keeps what was typed when the save does not reach the service, and says so', async () => {
    api.intercept('createAbsence', () => 'network');
    const { user, onSaved } = await open('2026-11-25');
    await user.type(screen.getByLabelText('Reason'), 'Ferien');
    await user.click(screen.getByRole('button', { name: 'Save absence' }));

    expect(await screen.findByText('The absence was not saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveValue('Ferien');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('takes a save whose answer was lost for saved when the service has it, and enters it once', async () => {
    api.intercept('createAbsence', () => 'answer-lost');
    const { user, onSaved } = await open('2026-11-26');
    await user.click(screen.getByRole('radio', { name: 'With times' }));
    await user.type(screen.getByLabelText('Reason'), 'Zahnarzt');
    await user.click(screen.getByRole('button', { name: 'Save absence' }));

    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.stringMatching(/^Absence saved\. The connection broke off/),
      ),
    );
    expect(api.calls.filter((c) => c.op === 'createAbsence')).toHaveLength(1);
    const stored = await api.send('getAbsences', { from: '2026-11-26', until: '2026-11-26', provider: 4 });
    expect((stored.body.result as { reason: string }[]).filter((a) => a.reason === 'Zahnarzt')).toHaveLength(
      1,
    );
  });

  it('sends a save that did not arrive again once the connection is back, and enters it once', async () => {
    api.intercept('createAbsence', () => 'network');
    const { user, onSaved } = await open('2026-11-27');
    await user.type(screen.getByLabelText('Reason'), 'Kongress');
    await user.click(screen.getByRole('button', { name: 'Save absence' }));
    expect(await screen.findByText('The absence was not saved')).toBeInTheDocument();

    api.intercept('createAbsence', () => undefined);
    await user.click(screen.getByRole('button', { name: 'Save absence' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Absence saved.'));
    const stored = await api.send('getAbsences', { from: '2026-11-27', until: '2026-11-27', provider: 4 });
    expect((stored.body.result as { reason: string }[]).filter((a) => a.reason === 'Kongress')).toHaveLength(
      1,
    );
  });

  it('keeps what was typed when the service refuses the save, and shows its reason', async () => {
    api.intercept('createAbsence', () => ({ http: 404, msg: 'Provider not found.' }));
    const { user, onSaved } = await open('2026-11-30');
    await user.type(screen.getByLabelText('Reason'), 'Ferien');
    await user.click(screen.getByRole('button', { name: 'Save absence' }));

    expect(await screen.findByText('The absence was not saved')).toBeInTheDocument();
    expect(screen.getByText(/Provider not found/)).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveValue('Ferien');
    expect(screen.getByLabelText('Who is absent')).toHaveValue('4');
    expect(onSaved).not.toHaveBeenCalled();
    // A refusal wrote nothing: nothing was looked for.
    expect(api.calls.filter((c) => c.op === 'getAbsences')).toHaveLength(0);
  });

  it('starts with the practitioner whose calendar is shown, not the first of the list', async () => {
    signInForTest();
    const calendars = (await api.send('getCalendars')).body.result as Calendar[];
    const practitioners = calendars.flatMap((c) => (c.provider === null ? [] : [c.provider]));
    const last = practitioners[practitioners.length - 1];
    expect(last).not.toBe(practitioners[0]);
    renderWithProviders(
      <AbsenceDialog
        opened
        calendars={calendars}
        day="2026-11-24"
        provider={last}
        onClose={vi.fn()}
        onSaved={vi.fn()}
        openAppointment={({ appt }) => `/agenda?appt=${appt.id}`}
      />,
    );
    expect(await screen.findByLabelText('Who is absent')).toHaveValue(String(last));
  });
});

describe('periodOf', () => {
  const base = { provider: '4', fromTime: '08:00', untilTime: '12:00', reason: '' };
  it('sends whole days as days, closing through the last one', () => {
    expect(periodOf({ ...base, whole: 'days', fromDay: '2026-12-10', untilDay: '2026-12-11' })).toEqual({
      from: '2026-12-10',
      until: '2026-12-11',
      closesUntil: '2026-12-12 00:00:00',
    });
  });
  it('sends times as date-times and refuses an end before the start', () => {
    expect(periodOf({ ...base, whole: 'times', fromDay: '2026-12-10', untilDay: '2026-12-10' })).toEqual({
      from: '2026-12-10 08:00:00',
      until: '2026-12-10 12:00:00',
      closesUntil: '2026-12-10 12:00:00',
    });
    expect(
      periodOf({
        ...base,
        whole: 'times',
        fromDay: '2026-12-10',
        untilDay: '2026-12-10',
        untilTime: '07:00',
      }),
    ).toBeNull();
    expect(periodOf({ ...base, whole: 'days', fromDay: '2026-12-11', untilDay: '2026-12-10' })).toBeNull();
  });
});
