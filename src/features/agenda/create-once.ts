import type { QueryClient } from '@tanstack/react-query';
import type { CalendarAppointment } from '../../../contract/agenda.ts';
import { appointmentWrites } from '../../api/agenda.ts';
import { call, isApiError } from '../../api/client.ts';
import { scopeOf } from '../../api/queries.ts';
import { visible } from './queries.ts';

/**
 * createAppointment has no idempotency key (the contract gives one to createLead and intakeLead only,
 * docs/decisions/0002). When a create failed in a way that may have reached the service anyway — the connection
 * dropped or timed out after the request left, or a server error — a second Save first looks whether the
 * appointment is there, so one Save twice never makes two appointments (docs/decisions/0029).
 */

/** What the dialog sends to createAppointment (the fields that tell one appointment from another). */
export interface NewAppointment {
  calendar: number;
  date: string;
  end: string;
  patid: number;
  appointment: string;
}

/**
 * Whether the service may have written what a failed request asked for: a network failure (the answer may be
 * what was lost), a timeout, or a 5xx. A refusal (4xx, contract) wrote nothing.
 */
export function mayHaveArrived(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.httpStatus >= 500;
}

/** The listed appointment that is the one asked for: same calendar day, times, patient and text. */
export function findSame(
  items: readonly CalendarAppointment[],
  wanted: NewAppointment,
): CalendarAppointment | undefined {
  const text = wanted.appointment.trim();
  return items.find(
    (a) =>
      a.date === wanted.date &&
      a.end === wanted.end &&
      a.patid === wanted.patid &&
      a.appointment.trim() === text,
  );
}

/**
 * Asks the service (never the cache) whether the appointment is in its calendar already; when it is, the lists
 * that show it are fetched again, as after a create.
 */
export async function alreadyCreated(client: QueryClient, wanted: NewAppointment): Promise<boolean> {
  const day = wanted.date.slice(0, 10);
  const items = await call('getAppointments', { calendarid: wanted.calendar, from: day, until: day });
  if (!findSame(visible(items), wanted)) return false;
  await Promise.all(appointmentWrites.map((w) => client.invalidateQueries({ queryKey: scopeOf(w) })));
  return true;
}
