import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPatient, createRecall } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as PatientPage } from './patient-route.tsx';

vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService();

beforeEach(() => {
  signInForTest();
});

function renderPatient(patid: number, query = '') {
  return renderWithProviders(<PatientPage />, {
    url: `/patients/${patid}${query}`,
    path: '/patients/:patid',
  });
}

describe('the patient page leads to booking and to the agenda', () => {
  it('offers "Book appointment", which opens booking with the patient', async () => {
    const { patid } = await createPatient(api, { lastname: 'Buchlink', firstname: 'Bea' });
    renderPatient(patid);
    const book = await screen.findByRole('link', { name: 'Book appointment' });
    expect(book).toHaveAttribute('href', `/booking?patid=${patid}`);
  });

  it('puts the patient on the waiting list from their page; a server without one says so and keeps the input', async () => {
    const { patid } = await createPatient(api, { lastname: 'Wartelink', firstname: 'Wanda' });
    const { user } = renderPatient(patid);
    await user.click(await screen.findByRole('button', { name: 'Waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the waiting list' });
    expect(await within(dialog).findByTestId('waitlist-patient')).toHaveTextContent(`Wartelink, Wanda`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Ruft morgens an');
    api.intercept('addWaitlistEntry', () => ({ http: 404, msg: 'Unknown operation.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to the waiting list' }));
    expect(
      await within(dialog).findByText(
        'This practice’s server does not offer a waiting list: nothing was saved.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Ruft morgens an');
  });

  it("links each appointment to the agenda's day, its calendar and the appointment", async () => {
    const { patid } = await createPatient(api, { lastname: 'Agendalink', firstname: 'Alma' });
    // Wednesday 6.3.2030, 09:00–09:15 in Zurich, in Dr. Favre's calendar (2).
    const dateTs = Date.parse('2030-03-06T08:00:00Z') / 1000;
    const created = await api.send('createAppointment', {
      calendar: 2,
      dateTs,
      endTs: dateTs + 15 * 60,
      patid,
      appointment: 'Kontrolle',
      comment: '',
      displayedduration: '15',
      state: 'P',
    });
    const { appointmentid } = created.body.result as { appointmentid: number };
    renderPatient(patid, '?tab=appointments');
    const table = await screen.findByRole('table', { name: 'Appointments' });
    const link = within(table).getByRole('link', { name: '06.03.2030 09:00: show in the agenda' });
    expect(link).toHaveTextContent('06.03.2030');
    expect(link).toHaveAttribute('href', `/agenda?view=day&date=2030-03-06&cals=2&appt=${appointmentid}`);
  });

  it("leads from today's appointment to its row in Today, and from no other day's", async () => {
    const { patid } = await createPatient(api, { lastname: 'Heutelink', firstname: 'Hedi' });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date());
    for (const date of [today, '2030-03-07']) {
      const created = await api.send('createAppointment', {
        calendar: 3,
        date: `${date} 07:00:00`,
        end: `${date} 07:15:00`,
        patid,
        appointment: 'Kontrolle',
        comment: '',
        displayedduration: '15',
        state: 'P',
      });
      expect(created.body.status).toBe(true);
    }
    const { user } = renderPatient(patid, '?tab=appointments');
    await user.click(await screen.findByRole('radio', { name: 'All' }));
    const table = await screen.findByRole('table', { name: 'Appointments' });
    await within(table).findByText('07.03.2030');
    const links = within(table).getAllByRole('link', { name: /: show in the day list$/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Today 07:00: show in the day list');
    expect(links[0]).toHaveAttribute('href', '/today?cals=3');
  });
});

describe("the patient page's recalls", () => {
  it("tell a failed recall's error in the user's language, as it stands with the patient's data", async () => {
    const { patid } = await createPatient(api, {
      lastname: 'Recallfehler',
      firstname: 'Rosa',
      mail: 'rosa@example.ch',
    });
    await createRecall(api, {
      patid,
      title: 'Hautcheck',
      recallType: 'mail',
      failed: 'Keine Mailadresse hinterlegt',
    });
    const { user } = renderPatient(patid);
    await user.click(await screen.findByRole('tab', { name: 'Recalls' }));
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(
      within(table).getByText('There was no mail address when it was sent; there is one now: send again.'),
    ).toBeInTheDocument();
    expect(within(table).queryByText('Keine Mailadresse hinterlegt')).toBeNull();
  });
});
