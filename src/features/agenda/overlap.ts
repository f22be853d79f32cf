import type { QueryClient } from '@tanstack/react-query';
import { appointmentsQuery } from '#api/agenda.ts';
import { closedAtTime } from '#components/closed-time/fetch.ts';

/**
 * Before an appointment is created, moved or resized into a time that other appointments of the same calendar
 * hold, the user is asked ("Dr. Rossi already has 3 appointments then. Book anyway?"). Times are practice-time
 * strings `YYYY-MM-DD HH:MM:SS`, which compare as text.
 */

export interface Slot {
  calendarid: number;
  date: string;
  end: string;
}

/** How many of `items` overlap [date, end) (touching ends do not), leaving out the one being moved. */
export function countOverlaps(
  items: readonly { id: number; date: string; end: string }[],
  slot: { date: string; end: string },
  exceptId?: number,
): number {
  return items.filter((a) => a.id !== exceptId && a.date < slot.end && a.end > slot.date).length;
}

/** The calendar's appointments on the slot's days, as the agenda lists them (its cache, else the service). */
export async function overlapsOf(client: QueryClient, slot: Slot, exceptId?: number): Promise<number> {
  const from = slot.date.slice(0, 10);
  const until = slot.end.slice(0, 10);
  // The day before too: an appointment over midnight starts there.
  const prev = new Date(`${from}T12:00:00Z`);
  prev.setUTCDate(prev.getUTCDate() - 1);
  const items = await client.fetchQuery({
    ...appointmentsQuery({ calendarid: slot.calendarid, from: prev.toISOString().slice(0, 10), until }),
    staleTime: 10_000,
  });
  return countOverlaps(items, slot, exceptId);
}

/** The question on screen: the calendar's name, how many appointments it holds then, and where the answer goes. */
export interface OverlapQuestion {
  name: string;
  count: number;
  /** The question is about closed time ("Practice closed: Christmas. Book anyway?"); name is what closes it. */
  closed?: 'holiday' | 'practice' | 'absence';
  answer: (bookAnyway: boolean) => void;
}

let asked: OverlapQuestion | null = null;
const listeners = new Set<() => void>();

function show(question: OverlapQuestion | null) {
  asked = question;
  for (const listener of listeners) listener();
}

/** For the dialog that shows the question (components/overlap-question.tsx). */
export function subscribeOverlapQuestion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentOverlapQuestion(): OverlapQuestion | null {
  return asked;
}

/**
 * Asks whether to book anyway; resolves true for yes, false for no (or the dialog closed). A second question while
 * one is open answers the first with no.
 */
export function askBookAnyway(
  calendarName: string,
  count: number,
  closed?: OverlapQuestion['closed'],
): Promise<boolean> {
  asked?.answer(false);
  return new Promise((resolve) => {
    const question: OverlapQuestion = {
      name: calendarName,
      count,
      closed,
      answer: (v) => {
        if (asked !== question) return;
        show(null);
        resolve(v);
      },
    };
    show(question);
  });
}

/** Whether to go on: no overlap, or the user said book anyway. */
export async function confirmOverlap(
  client: QueryClient,
  slot: Slot,
  calendarName: string,
  exceptId?: number,
): Promise<boolean> {
  const count = await overlapsOf(client, slot, exceptId);
  return count === 0 || askBookAnyway(calendarName, count);
}

/**
 * Before an appointment goes into closed time (a holiday, an absence of the calendar's practitioner or of the whole
 * practice), the user is asked: getSlots never offers it, but the practice may still book it (docs/api.md#absences).
 */
export async function confirmClosed(
  client: QueryClient,
  slot: { date: string; end: string },
  provider: number | null,
  language: string,
): Promise<boolean> {
  const span = await closedAtTime(client, slot, provider, language);
  if (!span) return true;
  const kind = span.kind === 'holiday' ? 'holiday' : span.provider === 0 ? 'practice' : 'absence';
  return askBookAnyway(span.reason, 0, kind);
}
