import { describe, expect, it } from 'vitest';
import { dayAppointmentsQuery, LIVE_REFRESH_MS, modifyInput, toRecord } from './agenda.ts';

describe('the day list of the practice', () => {
  it('is one getAppointments in patient mode for the day, read again every 30 s and on focus', () => {
    const q = dayAppointmentsQuery('2026-11-25');
    expect(q.queryKey).toEqual(['agenda', 'getAppointments', { from: '2026-11-25', until: '2026-11-25' }]);
    expect(LIVE_REFRESH_MS).toBe(30_000);
    expect(q.refetchInterval).toBe(30_000);
    expect(q.refetchOnWindowFocus).toBe('always');
  });

  it('writes the complete record, with ifVersion when the service gave a version', () => {
    const record = toRecord(
      {
        date: '2026-11-25 09:00',
        end: '2026-11-25 09:20:00',
        patid: 7,
        appointment: 'Kontrolle',
        comment: 'Dolmetscher',
        displayedduration: '20',
        state: 'P',
      },
      3,
    );
    expect(modifyInput(12, { ...record, state: '1' }, 0, 4)).toEqual({
      ifVersion: 4,
      appointmentid: 12,
      calendar: 3,
      date: '2026-11-25 09:00:00',
      end: '2026-11-25 09:20:00',
      patid: 7,
      appointment: 'Kontrolle',
      comment: 'Dolmetscher',
      displayedduration: '20',
      state: '1',
      deleted: 0,
    });
    expect(modifyInput(12, record)).not.toHaveProperty('ifVersion');
  });
});
