import { describe, expect, it } from 'vitest';
import { opScope } from '../../api/queries.ts';
import { createAppointmentMutation } from './queries.ts';

describe('booking an appointment', () => {
  it('makes the free slots and the appointment lists stale', () => {
    const { meta } = createAppointmentMutation();
    expect(meta?.invalidates).toContainEqual(opScope('getSlots'));
    expect(meta?.invalidates).toContainEqual(opScope('getAppointments'));
  });
});
