import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';
import { Component as BookingPage } from './route.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const from = 1_795_420_800; // Monday 23.11.2026 09:00, Zurich
const to = from + 15 * 60;
const slot = { ymd: '20261123', from, to, provider: 3, location: 1 };

const patient = {
  patid: 7,
  lastname: 'Keller',
  firstname: 'Hans',
  gender: 'male',
  dob: '1950-05-04',
  title: '',
  street: '',
  zip: '',
  city: 'Thun',
  country: '',
  countrycode: 'ch',
  mobile: '',
  mail: '',
  AHV: '',
  language: 'de',
  deleted: '0',
};

function setup(handlers: Parameters<typeof stubApi>[0] = {}) {
  signInForTest();
  const api = stubApi({
    getServices: () => [{ serviceid: 2, name: 'Kontrolle', duration: 15, providers: [2, 3], location: 1 }],
    getProviders: () => [
      {
        userid: 3,
        title: 'Dr. med.',
        givenname: 'Marc',
        familyname: 'Favre',
        specialization: 'Dermatologie',
        gender: 'm',
        active: true,
      },
    ],
    getCustomerById: () => patient,
    getCalendars: () => [
      { calendarid: 1, name: 'Dr. Brunner', provider: 2, color: '' },
      { calendarid: 2, name: 'Dr. Favre', provider: 3, color: '' },
    ],
    getSlots: () => [slot],
    createAppointment: () => ({ appointmentid: 501 }),
    ...handlers,
  });
  const url = `/booking?service=2&provider=3&duration=15&slot=${from}-${to}-3&patid=7`;
  return { api, ...renderWithProviders(<BookingPage />, { url }) };
}

describe('booking', () => {
  // Today is the Monday of the slot, 08:00 in Zurich: the calendar shows November 2026.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T07:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names every practitioner of a service, one who has left too, never by number', async () => {
    const favre = {
      userid: 3,
      title: 'Dr. med.',
      givenname: 'Marc',
      familyname: 'Favre',
      specialization: 'Dermatologie',
      gender: 'm',
      active: true,
    };
    signInForTest();
    stubApi({
      getServices: () => [{ serviceid: 2, name: 'Kontrolle', duration: 15, providers: [2, 3], location: 1 }],
      getProviders: (input) =>
        (input as { getall?: number }).getall === 1
          ? [{ ...favre, userid: 2, givenname: 'Lea', familyname: 'Brunner', active: false }, favre]
          : [favre],
    });
    renderWithProviders(<BookingPage />, { url: '/booking' });
    expect(await screen.findByText(/Dr\. med\. Lea Brunner, Dr\. med\. Marc Favre/)).toBeInTheDocument();
    expect(screen.queryByText(/#2/)).toBeNull();
  });

  it('marks the days with free times, lists the chosen day’s times and shows the chosen time', async () => {
    const day = (ymd: string, at: number) => ({ ymd, from: at, to: at + 900, provider: 3, location: 1 });
    const tue = day('20261124', from + 86_400);
    const thu = day('20261126', from + 3 * 86_400 + 3600);
    signInForTest();
    stubApi({
      getServices: () => [{ serviceid: 2, name: 'Kontrolle', duration: 15, providers: [3], location: 1 }],
      getProviders: () => [
        {
          userid: 3,
          title: 'Dr. med.',
          givenname: 'Marc',
          familyname: 'Favre',
          specialization: '',
          gender: 'm',
          active: true,
        },
      ],
      getSlots: () => [tue, thu],
    });
    const { user, router } = renderWithProviders(<BookingPage />, {
      url: '/booking?service=2&provider=3&duration=15&day=2026-11-25',
    });
    // The 25th has nothing free: the first free day is listed instead.
    expect(await screen.findByRole('heading', { name: 'Tuesday 24.11.2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thursday 26.11.2026, free times' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Wednesday 25.11.2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Thursday 26.11.2026, free times' }));
    expect(router.state.location.search).toContain('day=2026-11-26');
    await user.click(
      await screen.findByRole('button', { name: 'Thursday 26.11.2026 10:00, Dr. med. Marc Favre' }),
    );
    expect(screen.getByTestId('chosen-slot')).toHaveTextContent(
      'Thursday 26.11.2026 10:00–10:15 · Dr. med. Marc Favre',
    );
    // No patient yet: the button stays disabled.
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
  });

  it('re-checks the slot, books it in the practitioner’s calendar and shows a summary', async () => {
    const { api, user, router } = setup();
    const confirm = await screen.findByRole('region', { name: 'Check and book' });
    expect(await within(confirm).findByText(/Keller, Hans \(#7\)/)).toBeInTheDocument();
    // The chosen time as a date and a 24-hour time, with the practitioner.
    expect(within(confirm).getByTestId('chosen-slot')).toHaveTextContent(
      'Monday 23.11.2026 09:00–09:15 · Dr. med. Marc Favre',
    );
    // The calendar marks the day with free times, and lists its times beside it.
    expect(await screen.findByRole('button', { name: 'Monday 23.11.2026, free times' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Monday 23.11.2026 09:00, Dr. med. Marc Favre' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Comment for the practice (optional)'), 'Bitte Befund mitbringen');
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
    expect(api.calls.find((c) => c.op === 'createAppointment')?.input).toEqual({
      calendar: 2,
      dateTs: from,
      endTs: to,
      patid: 7,
      appointment: 'Kontrolle',
      comment: 'Bitte Befund mitbringen',
      displayedduration: '15',
      state: 'P',
    });
    expect(router.state.location.search).toContain('booked=501');
    expect(screen.getByRole('link', { name: 'Show in the agenda' })).toHaveAttribute(
      'href',
      '/agenda?view=day&date=2026-11-23&cals=2',
    );
  });

  it('a slot taken meanwhile is not booked: the user is told and chooses from a fresh list', async () => {
    const { api, user, router } = setup({ getSlots: () => [] });
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    expect(await screen.findByText(/has just been taken by someone else/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.op === 'createAppointment')).toBe(false);
    expect(router.state.location.search).not.toContain('slot=');
    expect(router.state.location.search).toContain('day=2026-11-23');
    expect(await screen.findByText('No free time this month.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
  });

  it('a refused create whose slot is gone meanwhile counts as taken', async () => {
    let slots = [slot];
    const { user } = setup({
      getSlots: () => slots,
      createAppointment: () => {
        slots = [];
        return fail(200, 'Unknown calendar.');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    expect(await screen.findByText(/has just been taken by someone else/)).toBeInTheDocument();
  });

  it('shows the service’s message when the create is refused for another reason', async () => {
    const { user } = setup({ createAppointment: () => fail(200, 'Please provide a valid start date.') });
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    expect(await screen.findByText('Not booked: Please provide a valid start date.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book appointment' })).toBeEnabled());
  });
});
