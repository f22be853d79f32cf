import { fromMinutes, serviceOfText, toMinutes } from '#api/agenda/gap-basics.ts';
import type { DayAppointment } from '#api/agenda.ts';
import type { FreedTime } from '#api/freed-time.ts';
import type { WaitlistEntry } from '#contract/agenda-waitlist.ts';
import type { BookingService } from '#contract/booking.ts';
import type { Recall } from '#contract/recall.ts';

/**
 * Gaps and who could fill them (decision 0051), without React: what the gap panel shows and the unit tests check.
 * Every time is practice wall time, `YYYY-MM-DD HH:MM:SS`; arithmetic is on wall-clock minutes (a gap never spans
 * a night, so daylight saving does not shift it).
 */

/** Days from today (included) whose freed time is offered. */
export const GAP_DAYS = 7;
/** Days from today (included) whose bookings may move into a gap. */
export const LATER_DAYS = 14;
/** Shorter pieces are not worth a call. */
export const MIN_GAP_MINUTES = 10;
/** Candidates of each kind shown for one gap. */
export const PER_KIND = 3;

/** Cancelled by the patient, no-show: the service frees their time (getSlots offers it again). */
const FREEING_STATES = new Set(['-1', '-2']);

export type GapCause = 'cancelled' | 'noShow' | 'deleted' | 'moved';

export interface Gap {
  /** `calendarid|start`: stable while the gap is the same. */
  key: string;
  calendarid: number;
  start: string;
  end: string;
  minutes: number;
  cause: GapCause;
  /** The freed appointment's text: booking writes the service's name there. */
  text: string;
  /** Whose appointment it was (never offered the gap back). */
  patid: number;
}

interface Piece {
  from: number;
  to: number;
}

function subtract(pieces: Piece[], busy: Piece): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    if (busy.to <= p.from || busy.from >= p.to) out.push(p);
    else {
      if (busy.from > p.from) out.push({ from: p.from, to: busy.from });
      if (busy.to < p.to) out.push({ from: busy.to, to: p.to });
    }
  }
  return out;
}

interface Source {
  calendarid: number;
  from: number;
  to: number;
  cause: GapCause;
  text: string;
  patid: number;
}

/**
 * The gaps: the time of every cancelled or missed appointment in the lists and of every appointment this app
 * deleted or moved away (`freed`), from now on, less whatever is booked there now (any appointment of that
 * calendar that is not cancelled or missed, so a gap filled by anybody disappears with the next read). Overlapping
 * freed times of one calendar count once. Pieces shorter than MIN_GAP_MINUTES are left out. By start.
 */
export function findGaps(
  items: readonly DayAppointment[],
  freed: readonly FreedTime[],
  now: string,
  until: string,
): Gap[] {
  const nowMin = toMinutes(now);
  const sources: Source[] = [];
  for (const a of items) {
    if (!FREEING_STATES.has(a.state) || a.date.slice(0, 10) > until) continue;
    sources.push({
      calendarid: a.calendarid,
      from: toMinutes(a.date),
      to: toMinutes(a.end),
      cause: a.state === '-2' ? 'noShow' : 'cancelled',
      text: a.appointment,
      patid: a.patid,
    });
  }
  for (const f of freed) {
    if (f.date.slice(0, 10) > until) continue;
    sources.push({
      calendarid: f.calendarid,
      from: toMinutes(f.date),
      to: toMinutes(f.end),
      cause: f.cause,
      text: f.appointment,
      patid: f.patid,
    });
  }
  const busyByCalendar = new Map<number, Piece[]>();
  for (const a of items) {
    if (FREEING_STATES.has(a.state)) continue;
    const list = busyByCalendar.get(a.calendarid) ?? [];
    list.push({ from: toMinutes(a.date), to: toMinutes(a.end) });
    busyByCalendar.set(a.calendarid, list);
  }
  sources.sort((a, b) => a.calendarid - b.calendarid || a.from - b.from);
  const gaps: Gap[] = [];
  const covered = new Map<number, Piece[]>();
  for (const s of sources) {
    let pieces: Piece[] = [{ from: Math.max(s.from, nowMin), to: s.to }];
    if (pieces[0].to <= pieces[0].from) continue;
    for (const b of busyByCalendar.get(s.calendarid) ?? []) pieces = subtract(pieces, b);
    // What an earlier source of the calendar gave already is not a second gap.
    for (const c of covered.get(s.calendarid) ?? []) pieces = subtract(pieces, c);
    for (const p of pieces) {
      if (p.to - p.from < MIN_GAP_MINUTES) continue;
      const start = fromMinutes(p.from);
      gaps.push({
        key: `${s.calendarid}|${start}`,
        calendarid: s.calendarid,
        start,
        end: fromMinutes(p.to),
        minutes: p.to - p.from,
        cause: s.cause,
        text: s.text,
        patid: s.patid,
      });
      const list = covered.get(s.calendarid) ?? [];
      list.push(p);
      covered.set(s.calendarid, list);
    }
  }
  return gaps.sort((a, b) => a.start.localeCompare(b.start) || a.calendarid - b.calendarid);
}

// ---------------------------------------------------------------------------------------------------------------
// Who could fill a gap.

export interface GapContext {
  /** The practitioner of the gap's calendar; null when the practice's server does not say (no getCalendars). */
  provider: number | null;
  services: readonly BookingService[];
  now: string;
}

function offeredBy(s: BookingService, provider: number | null): boolean {
  return provider === null || s.providers.includes(provider);
}

/** The service the gap is offered as: the freed appointment's own, else the shortest one the practitioner offers. */
export function gapService(gap: Gap, ctx: GapContext): BookingService | undefined {
  const own = serviceOfText(gap.text, ctx.services);
  if (own && own.duration <= gap.minutes && offeredBy(own, ctx.provider)) return own;
  return [...ctx.services]
    .filter((s) => s.duration > 0 && s.duration <= gap.minutes && offeredBy(s, ctx.provider))
    .sort((a, b) => a.duration - b.duration || a.serviceid - b.serviceid)[0];
}

/** Where in the gap an appointment of `minutes` goes for a time of day; null when it does not fit. */
export function placeInGap(
  gap: Gap,
  minutes: number,
  times: WaitlistEntry['times'] = 'any',
): { start: string; end: string } | null {
  const from = toMinutes(gap.start);
  const to = toMinutes(gap.end);
  const noon = toMinutes(`${gap.start.slice(0, 10)} 12:00:00`);
  const start = times === 'afternoon' ? Math.max(from, noon) : from;
  if (times === 'morning' && start >= noon) return null;
  if (minutes <= 0 || start + minutes > to) return null;
  return { start: fromMinutes(start), end: fromMinutes(start + minutes) };
}

interface Placed {
  patid: number;
  start: string;
  end: string;
}

export interface WaitingCandidate extends Placed {
  kind: 'waiting';
  entry: WaitlistEntry;
  service: BookingService;
}

export interface LaterCandidate extends Placed {
  kind: 'later';
  appt: DayAppointment;
}

export interface RecallCandidate extends Placed {
  kind: 'recall';
  recall: Recall;
  service: BookingService;
}

export type Candidate = WaitingCandidate | LaterCandidate | RecallCandidate;

/**
 * Waiting entries that fit the gap: still waiting; the practitioner asked for (or any); a service the practitioner
 * offers that fits the gap's length (any service: the gap's own); the gap's day within earliest-latest; the time of
 * day. Ranked by priority (urgent first), then the entry that names both service and practitioner before one open
 * to any, then the oldest.
 */
export function waitingFor(gap: Gap, entries: readonly WaitlistEntry[], ctx: GapContext): WaitingCandidate[] {
  const day = gap.start.slice(0, 10);
  const byId = new Map(ctx.services.map((s) => [s.serviceid, s]));
  const out: WaitingCandidate[] = [];
  for (const entry of entries) {
    if (entry.status !== 'waiting' || entry.patid <= 0 || entry.patid === gap.patid) continue;
    if (entry.provider !== 0 && ctx.provider !== null && entry.provider !== ctx.provider) continue;
    if (entry.provider !== 0 && ctx.provider === null) continue;
    if (entry.earliest !== null && entry.earliest > day) continue;
    if (entry.latest !== null && entry.latest < day) continue;
    const service = entry.serviceid === 0 ? gapService(gap, ctx) : byId.get(entry.serviceid);
    if (!service || !offeredBy(service, ctx.provider)) continue;
    const place = placeInGap(gap, service.duration, entry.times);
    if (!place) continue;
    out.push({ kind: 'waiting', patid: entry.patid, entry, service, ...place });
  }
  const specific = (e: WaitlistEntry) => (e.serviceid > 0 ? 1 : 0) + (e.provider > 0 ? 1 : 0);
  return out.sort(
    (a, b) =>
      b.entry.priority - a.entry.priority ||
      specific(b.entry) - specific(a.entry) ||
      a.entry.created.localeCompare(b.entry.created) ||
      a.entry.entryId - b.entry.entryId,
  );
}

/**
 * Patients booked later in the same calendar for the same service (the same text, or the same service named at
 * its start) whose appointment fits the gap: not yet here, not cancelled. Those who wait longest for theirs first.
 */
export function laterFor(gap: Gap, items: readonly DayAppointment[], ctx: GapContext): LaterCandidate[] {
  const service = serviceOfText(gap.text, ctx.services);
  const text = gap.text.trim().toLocaleLowerCase('de-CH');
  const out: LaterCandidate[] = [];
  for (const appt of items) {
    if (appt.calendarid !== gap.calendarid || appt.patid <= 0 || appt.patid === gap.patid) continue;
    if (appt.state !== 'P' && appt.state !== '') continue;
    if (appt.date < gap.end) continue;
    const same =
      appt.appointment.trim().toLocaleLowerCase('de-CH') === text ||
      (service !== undefined && serviceOfText(appt.appointment, ctx.services) === service);
    if (!same) continue;
    const place = placeInGap(gap, appt.duration);
    if (!place) continue;
    out.push({ kind: 'later', patid: appt.patid, appt, ...place });
  }
  return out.sort((a, b) => b.appt.date.localeCompare(a.appt.date) || a.appt.id - b.appt.id);
}

/**
 * Patients whose recall with the gap's practitioner is overdue (active, due before now) and who have no
 * appointment ahead in the lists read: the oldest due first. They get the gap's service.
 */
export function recallsFor(
  gap: Gap,
  recalls: readonly Recall[],
  items: readonly DayAppointment[],
  ctx: GapContext,
): RecallCandidate[] {
  const service = gapService(gap, ctx);
  if (!service) return [];
  const place = placeInGap(gap, service.duration);
  if (!place) return [];
  const booked = new Set(
    items.filter((a) => a.date >= ctx.now && !FREEING_STATES.has(a.state)).map((a) => a.patid),
  );
  const seen = new Set<number>();
  const out: RecallCandidate[] = [];
  for (const recall of [...recalls].sort((a, b) => a.recallDate.localeCompare(b.recallDate))) {
    if (recall.active !== 1 || recall.patid <= 0 || recall.patid === gap.patid) continue;
    if (recall.recallDate >= ctx.now || booked.has(recall.patid) || seen.has(recall.patid)) continue;
    seen.add(recall.patid);
    out.push({ kind: 'recall', patid: recall.patid, recall, service, ...place });
  }
  return out;
}

/**
 * The ranked offer for a gap: the waiting list first (they asked for a time), then later bookings (they come
 * anyway, a move costs one call), then overdue recalls; at most PER_KIND of each, and each patient once.
 */
export function candidatesFor(
  gap: Gap,
  data: {
    waitlist: readonly WaitlistEntry[];
    items: readonly DayAppointment[];
    recalls: readonly Recall[];
  },
  ctx: GapContext,
): Candidate[] {
  const seen = new Set<number>();
  const take = <C extends Candidate>(list: C[]): C[] => {
    const out: C[] = [];
    for (const c of list) {
      if (out.length >= PER_KIND || seen.has(c.patid)) continue;
      seen.add(c.patid);
      out.push(c);
    }
    return out;
  };
  return [
    ...take(waitingFor(gap, data.waitlist, ctx)),
    ...take(laterFor(gap, data.items, ctx)),
    ...take(recallsFor(gap, data.recalls, data.items, ctx)),
  ];
}
