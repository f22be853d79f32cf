import { describe, expect, it } from 'vitest';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { call } from '../client.ts';
import { createOnce, createOnceState } from '../create-once.ts';
import { createQueryClient } from '../query-client.ts';
import { findCreatedAbsence } from './closed-time.ts';

const api = inProcessService({ now: () => new Date('2026-11-23T07:00:00Z') });

const creates = () => api.calls.filter((c) => c.op === 'createAbsence').length;

async function listed(day: string, reason: string) {
  const { body } = await api.send('getAbsences', { from: day, until: day });
  return (body.result as { absenceId: number; reason: string }[]).filter((a) => a.reason === reason);
}

describe('findCreatedAbsence', () => {
  it("finds the whole practice's whole days whose answer was lost, and enters them once", async () => {
    signInForTest();
    const sent = { provider: 0, from: '2026-12-28', until: '2026-12-30', reason: 'Betriebsferien' };
    api.intercept('createAbsence', () => 'answer-lost');
    const client = createQueryClient();

    const outcome = await createOnce(createOnceState(), {
      find: () => findCreatedAbsence(client, sent),
      create: () => call('createAbsence', sent),
    });

    const there = await listed('2026-12-29', 'Betriebsferien');
    expect(there).toHaveLength(1);
    expect(outcome).toEqual({ value: { absenceId: there[0].absenceId }, found: true });
    expect(creates()).toBe(1);
  });

  it("does not take another practitioner's absence, or other times, for the one asked for", async () => {
    signInForTest();
    const client = createQueryClient();
    await call('createAbsence', {
      provider: 4,
      from: '2026-12-14 08:00',
      until: '2026-12-14 12:00',
      reason: 'Kurs',
    });

    expect(
      await findCreatedAbsence(client, {
        provider: 4,
        from: '2026-12-14 08:00',
        until: '2026-12-14 12:00',
        reason: ' Kurs ',
      }),
    ).toEqual({ absenceId: expect.any(Number) });
    expect(
      await findCreatedAbsence(client, {
        provider: 0,
        from: '2026-12-14 08:00',
        until: '2026-12-14 12:00',
        reason: 'Kurs',
      }),
    ).toBeUndefined();
    expect(
      await findCreatedAbsence(client, {
        provider: 4,
        from: '2026-12-14 08:00',
        until: '2026-12-14 12:30',
        reason: 'Kurs',
      }),
    ).toBeUndefined();
    expect(
      await findCreatedAbsence(client, {
        provider: 4,
        from: '2026-12-14',
        until: '2026-12-14',
        reason: 'Kurs',
      }),
    ).toBeUndefined();
  });
});
