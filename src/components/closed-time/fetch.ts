import type { QueryClient } from '@tanstack/react-query';
import { absencesQuery } from '#api/agenda/closed-time.ts';
import { isMissingOperation } from '#api/system.ts';
import { readCanton } from './canton.ts';
import { cantonHolidaysQuery } from './holidays.ts';
import { type ClosedSpan, closedDuring } from './spans.ts';

/**
 * Closed time from..until as useClosedTime reads it, for a question before a write (the agenda's "closed: book
 * anyway?"): from the cache or the service, or without getAbsences the canton's holidays chosen in Settings.
 */
export async function fetchClosedTime(
  client: QueryClient,
  from: string,
  until: string,
  language: string,
): Promise<ClosedSpan[]> {
  try {
    return await client.fetchQuery({ ...absencesQuery({ from, until }), staleTime: 60_000 });
  } catch (e) {
    if (!isMissingOperation(e)) throw e;
    const canton = readCanton();
    return canton ? client.fetchQuery(cantonHolidaysQuery(canton, from, until, language)) : [];
  }
}

/** What closes this practitioner (null: only the practice's) during [date, end), if anything. */
export async function closedAtTime(
  client: QueryClient,
  slot: { date: string; end: string },
  provider: number | null,
  language: string,
): Promise<ClosedSpan | undefined> {
  const spans = await fetchClosedTime(client, slot.date.slice(0, 10), slot.end.slice(0, 10), language);
  return closedDuring(spans, provider, slot.date, slot.end);
}
