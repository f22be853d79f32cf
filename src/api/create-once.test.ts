import { describe, expect, it } from 'vitest';
import { createLead, createPatient } from '#test/factories.ts';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { findCreatedAppointment, type NewAppointment } from './agenda.ts';
import { ApiError, call } from './client.ts';
import { createOnce, createOnceState, mayHaveArrived } from './create-once.ts';
import { createQueryClient } from './query-client.ts';
import { findCreatedRecall } from './recall.ts';
import { findCreatedTask } from './sales.ts';
import { findCreatedPatient } from './system.ts';

const api = inProcessService();

let minute = 0;
/** A new appointment of a new patient in calendar 1, at a time no other test uses. */
async function newAppointment(): Promise<NewAppointment> {
  const { patid } = await createPatient(api);
  minute += 1;
  const mm = String(minute).padStart(2, '0');
  return {
    calendar: 1,
    date: `2026-12-07 07:${mm}:00`,
    end: `2026-12-07 08:${mm}:00`,
    patid,
    appointment: 'Kontrolle',
  };
}

/** The appointments the service lists for the patient at that start (the service's own answer, not the app's). */
async function listed(wanted: NewAppointment) {
  const { body } = await api.send('getAppointments', {
    calendarid: 1,
    from: '2026-12-07',
    until: '2026-12-07',
  });
  const items = body.result as { id: number; patid: number; date: string }[];
  return items.filter((a) => a.patid === wanted.patid && a.date === wanted.date);
}

function steps(wanted: NewAppointment) {
  const client = createQueryClient();
  return {
    find: () => findCreatedAppointment(client, wanted),
    create: () => call('createAppointment', wanted),
  };
}

const creates = () => api.calls.filter((c) => c.op === 'createAppointment').length;

describe('createOnce', () => {
  it('takes a create whose answer was lost for done when the service has it, and sends it once', async () => {
    signInForTest();
    const wanted = await newAppointment();
    api.intercept('createAppointment', () => 'answer-lost');
    const state = createOnceState();

    const outcome = await createOnce(state, steps(wanted));

    const there = await listed(wanted);
    expect(there).toHaveLength(1);
    expect(outcome).toEqual({ value: { appointmentid: there[0].id }, found: true });
    expect(creates()).toBe(1);
    expect(state.uncertain).toBe(false);
  });

  it('throws a failure that wrote nothing; the retry looks first, then creates exactly one', async () => {
    signInForTest();
    const wanted = await newAppointment();
    api.intercept('createAppointment', () => 'network');
    const state = createOnceState();

    await expect(createOnce(state, steps(wanted))).rejects.toMatchObject({ kind: 'network' });
    expect(await listed(wanted)).toHaveLength(0);
    expect(state.uncertain).toBe(true);

    api.intercept('createAppointment', () => undefined);
    const looksBefore = api.calls.filter((c) => c.op === 'getAppointments').length;
    const outcome = await createOnce(state, steps(wanted));
    expect(api.calls.filter((c) => c.op === 'getAppointments').length).toBe(looksBefore + 1);
    const there = await listed(wanted);
    expect(there).toHaveLength(1);
    expect(outcome).toEqual({ value: { appointmentid: there[0].id }, found: false });
    expect(creates()).toBe(2);
  });

  it('when the look fails too, says the create failed and looks again before the next attempt sends', async () => {
    signInForTest();
    const wanted = await newAppointment();
    api.intercept('createAppointment', () => 'answer-lost');
    api.intercept('getAppointments', () => 'network');
    const state = createOnceState();

    await expect(createOnce(state, steps(wanted))).rejects.toMatchObject({
      op: 'createAppointment',
      kind: 'network',
    });
    expect(state.uncertain).toBe(true);

    // The connection is back: Retry finds the appointment the lost answer was about and sends nothing.
    api.intercept('createAppointment', () => undefined);
    api.intercept('getAppointments', () => undefined);
    const outcome = await createOnce(state, steps(wanted));
    expect(outcome).toMatchObject({ found: true });
    expect(await listed(wanted)).toHaveLength(1);
    expect(creates()).toBe(1);
  });

  it('does not look after a refusal (nothing was written) and runs no check after a found create', async () => {
    signInForTest();
    const wanted = await newAppointment();
    const state = createOnceState();
    await expect(
      createOnce(state, {
        ...steps(wanted),
        create: () => call('createAppointment', { ...wanted, calendar: 999 }),
      }),
    ).rejects.toMatchObject({ kind: 'http' });
    expect(api.calls.filter((c) => c.op === 'getAppointments')).toHaveLength(0);
    expect(state.uncertain).toBe(false);

    // The booking's "is the time still free?" comes after the look: it would take the lost create for another's.
    api.intercept('createAppointment', () => 'answer-lost');
    let checks = 0;
    const before = async () => {
      checks += 1;
      return true;
    };
    await expect(createOnce(state, { ...steps(wanted), before })).resolves.toMatchObject({ found: true });
    expect(checks).toBe(1);
    await expect(
      createOnce(createOnceState(), { ...steps(wanted), before: async () => false }),
    ).resolves.toEqual({
      stopped: true,
    });
    expect(await listed(wanted)).toHaveLength(1);
  });
});

describe('createOnce of a new patient (name and date of birth)', () => {
  const person = (lastname: string) => ({ lastname, firstname: 'Lea', dob: '1984-03-12', gender: 'female' });
  const named = async (lastname: string) => {
    const { body } = await api.send('searchPatients', { lastname });
    return (body.results as { patid: number }[]).map((p) => p.patid);
  };

  it('takes the patient a lost answer was about for created, and creates no second one', async () => {
    signInForTest();
    const input = person(`Verloren-${Date.now()}`);
    api.intercept('createCustomer', () => 'answer-lost');
    const outcome = await createOnce(createOnceState(), {
      find: () => findCreatedPatient(createQueryClient(), input),
      create: () => call('createCustomer', input),
    });
    const ids = await named(input.lastname);
    expect(ids).toHaveLength(1);
    expect(outcome).toEqual({ value: { id: ids[0] }, found: true });
    expect(api.calls.filter((c) => c.op === 'createCustomer')).toHaveLength(1);
  });

  it('does not take a namesake who was there before (created anyway over the duplicate check)', async () => {
    signInForTest();
    const input = person(`Namensvetterin-${Date.now()}`);
    const { patid: before } = await createPatient(api, input);
    api.intercept('createCustomer', () => 'network');
    const state = createOnceState();
    const steps = {
      find: () => findCreatedPatient(createQueryClient(), input, [before]),
      create: () => call('createCustomer', input),
    };
    await expect(createOnce(state, steps)).rejects.toMatchObject({ kind: 'network' });
    expect(await named(input.lastname)).toEqual([before]);

    api.intercept('createCustomer', () => undefined);
    const outcome = await createOnce(state, steps);
    expect(outcome).toMatchObject({ found: false });
    expect(await named(input.lastname)).toHaveLength(2);
  });
});

describe('createOnce of a recall and of a task', () => {
  it('finds a recall whose answer was lost (patient, title, due date, way, text) and sends it once', async () => {
    signInForTest();
    const { patid } = await createPatient(api);
    const input = {
      patid,
      title: 'Jahreskontrolle',
      nextRecall: '2027-01-12 09:30',
      recallType: 'sms' as const,
      recallText: 'Bitte melden Sie sich.',
      active: 1 as const,
    };
    api.intercept('createRecall', () => 'answer-lost');
    const outcome = await createOnce(createOnceState(), {
      find: () => findCreatedRecall(createQueryClient(), input),
      create: () => call('createRecall', input),
    });
    const { body } = await api.send('getRecalls', { patid });
    const recalls = body.result as { id: number }[];
    expect(recalls).toHaveLength(1);
    expect(outcome).toEqual({ value: { recallId: recalls[0].id }, found: true });
    expect(api.calls.filter((c) => c.op === 'createRecall')).toHaveLength(1);
  });

  it('finds a task whose answer was lost (text, reminder, assignee) and sends it once', async () => {
    signInForTest();
    const lead = await createLead(api);
    const input = {
      leadId: lead.leadId,
      text: 'Offerte nachfassen',
      reminderDate: '2027-01-12 10:00',
      assignedTo: 1,
    };
    api.intercept('addLeadTask', () => 'answer-lost');
    const outcome = await createOnce(createOnceState(), {
      find: () => findCreatedTask(createQueryClient(), input),
      create: () => call('addLeadTask', input),
    });
    const { body } = await api.send('getLeadHistory', { leadId: lead.leadId, type: '' });
    const tasks = (body.result as { historyId: number; task: boolean }[]).filter((e) => e.task);
    expect(tasks).toHaveLength(1);
    expect(outcome).toEqual({ value: { historyId: tasks[0].historyId }, found: true });
    expect(api.calls.filter((c) => c.op === 'addLeadTask')).toHaveLength(1);
  });
});

const err = (kind: ApiError['kind'], httpStatus = 0) =>
  new ApiError({ op: 'createAppointment', kind, httpStatus, msg: 'x' });

describe('mayHaveArrived', () => {
  it('counts a lost connection, a timeout and a server error as perhaps written', () => {
    expect(mayHaveArrived(err('network'))).toBe(true);
    expect(mayHaveArrived(err('timeout'))).toBe(true);
    expect(mayHaveArrived(err('http', 500))).toBe(true);
    expect(mayHaveArrived(err('http', 503))).toBe(true);
  });

  it('counts a refusal, a contract mismatch and a non-ApiError as not written', () => {
    expect(mayHaveArrived(err('http', 400))).toBe(false);
    expect(mayHaveArrived(err('http', 409))).toBe(false);
    expect(mayHaveArrived(err('contract'))).toBe(false);
    expect(mayHaveArrived(err('unauthorized', 401))).toBe(false);
    expect(mayHaveArrived(new TypeError('bug'))).toBe(false);
  });
});
