import { DEFAULT_SLOT_WINDOW_DAYS, MAX_SLOT_WINDOW_DAYS } from '#contract/booking.ts';
import { addDays, fromZurich, unixSeconds, zurichDate } from '../../time.ts';
import { absencesBetween, holidaysBetween } from '../agenda/closed-time.ts';
import { type Db, sql } from '../db/database.ts';
import { fail, type Handlers } from '../handler.ts';

interface ServiceRow {
  serviceid: number;
  name: string;
  duration: number;
  location: number;
}

function providersOf(db: Db, serviceid: number): number[] {
  return (
    sql(db, 'SELECT provider FROM booking_service_providers WHERE serviceid = ? ORDER BY provider').all(
      serviceid,
    ) as { provider: number }[]
  ).map((r) => r.provider);
}

/** ISO weekday of a `YYYY-MM-DD`: 1 = Monday .. 7 = Sunday. */
function weekday(day: string): number {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

const DAY = 86400;

interface Interval {
  start: number;
  end: number;
}

/** Sorted by start, overlapping and touching intervals merged: their ends then rise too. */
function merged(list: Interval[]): Interval[] {
  list.sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of list) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

export interface SlotOut {
  ymd: string;
  from: number;
  to: number;
  provider: number;
  location: number;
}

export const bookingHandlers: Handlers = {
  getServices: (ctx) => {
    const rows = sql(
      ctx.db,
      'SELECT serviceid, name, duration, location FROM booking_services ORDER BY serviceid',
    ).all() as unknown as ServiceRow[];
    return { result: rows.map((r) => ({ ...r, providers: providersOf(ctx.db, r.serviceid) })) };
  },

  getSlots: (ctx, input) => {
    const service = sql(
      ctx.db,
      'SELECT serviceid, name, duration, location FROM booking_services WHERE serviceid = ?',
    ).get(input.serviceid) as ServiceRow | undefined;
    if (!service) fail(404, 'Unknown service.');

    // Inactive practitioners take no bookings; a provider who does not offer the service has no slots.
    const active = new Set(
      (
        sql(ctx.db, 'SELECT userid FROM users WHERE is_provider = 1 AND employee_active = 1').all() as {
          userid: number;
        }[]
      ).map((r) => r.userid),
    );
    const providers = providersOf(ctx.db, service.serviceid).filter(
      (p) => active.has(p) && (!input.provider || p === input.provider),
    );
    const minutes = input.duration || service.duration;
    const step = minutes * 60;
    // Starts keep to the service's grid even when a longer or shorter duration is asked for.
    const grid = service.duration > 0 ? service.duration * 60 : step;

    const first = input.from ?? zurichDate(ctx.now());
    let last = input.to ?? addDays(first, DEFAULT_SLOT_WINDOW_DAYS);
    if (last > addDays(first, MAX_SLOT_WINDOW_DAYS)) last = addDays(first, MAX_SLOT_WINDOW_DAYS);
    if (last < first || providers.length === 0 || step <= 0) return { result: [] };

    const days: string[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
    const windowStart = unixSeconds(fromZurich(first));
    const windowEnd = unixSeconds(fromZurich(addDays(last, 1)));
    const now = unixSeconds(ctx.now());
    // Closed time blocks like an appointment: the canton's holidays and the absences entered, a practitioner's own
    // and the whole practice's (provider 0). Booking there directly stays possible (docs/api.md#absences).
    const holidays = holidaysBetween(ctx.tenant, first, last);
    const absences = absencesBetween(ctx.db, windowStart, windowEnd);

    // Wall-clock to instant per day and minute, through fromZurich so DST days come out right.
    const instants = new Map<string, number>();
    const at = (day: string, min: number): number => {
      const key = `${day} ${min}`;
      let ts = instants.get(key);
      if (ts === undefined) {
        const hh = String(Math.floor(min / 60)).padStart(2, '0');
        const mm = String(min % 60).padStart(2, '0');
        // 24:00 is the next day's midnight.
        ts = unixSeconds(fromZurich(min >= 1440 ? addDays(day, 1) : `${day} ${hh}:${mm}`));
        instants.set(key, ts);
      }
      return ts;
    };

    const slots: SlotOut[] = [];
    for (const provider of providers) {
      const hours = new Map<number, { start_min: number; end_min: number }[]>();
      for (const h of sql(
        ctx.db,
        'SELECT weekday, start_min, end_min FROM working_hours WHERE provider = ? ORDER BY weekday, start_min',
      ).all(provider) as { weekday: number; start_min: number; end_min: number }[]) {
        const list = hours.get(h.weekday) ?? [];
        list.push(h);
        hours.set(h.weekday, list);
      }
      if (hours.size === 0) continue;

      // Every appointment that is not deleted blocks its time, provisional (PR) ones too; one cancelled by the
      // patient (-1) or not attended (-2) does not: cancelling frees the slot (docs/api.md#booking).
      const raw: Interval[] = [];
      for (const c of sql(ctx.db, 'SELECT calendarid FROM calendars WHERE provider = ?').all(provider) as {
        calendarid: number;
      }[]) {
        // Appointments of up to a day by their start (bounded range), longer ones by their own index.
        const short = sql(
          ctx.db,
          `SELECT start_ts AS start, end_ts AS end FROM appointments INDEXED BY appointments_calendar_start
           WHERE calendarid = ? AND deleted = 0 AND state NOT IN ('-1', '-2')
             AND start_ts >= ? AND start_ts < ? AND end_ts > ?`,
        ).all(c.calendarid, windowStart - DAY, windowEnd, windowStart) as unknown as Interval[];
        const long = sql(
          ctx.db,
          `SELECT start_ts AS start, end_ts AS end FROM appointments INDEXED BY appointments_calendar_long
           WHERE calendarid = ? AND deleted = 0 AND state NOT IN ('-1', '-2')
             AND end_ts - start_ts > 86400 AND end_ts > ? AND start_ts < ?`,
        ).all(c.calendarid, windowStart, windowEnd) as unknown as Interval[];
        for (const r of short) raw.push(r);
        for (const r of long) raw.push(r);
      }
      for (const h of holidays) raw.push({ start: h.start, end: h.end });
      for (const a of absences) {
        if (a.provider === 0 || a.provider === provider) raw.push({ start: a.start, end: a.end });
      }
      const busy = merged(raw);

      let b = 0;
      for (const day of days) {
        const ymd = day.replaceAll('-', '');
        for (const block of hours.get(weekday(day)) ?? []) {
          const blockStart = at(day, block.start_min);
          const blockEnd = at(day, block.end_min);
          if (blockEnd <= now) continue;
          while (b < busy.length && busy[b].end <= blockStart) b++;
          // Slots start on the service's grid from the block's start (08:00, 08:20, ... for 20 minutes), so
          // a time left over by another appointment never starts a slot at an odd minute; a grid slot that
          // overlaps an appointment is simply not offered. busy is merged, so its ends rise with its starts.
          for (let t = blockStart; t + step <= blockEnd; t += grid) {
            while (b < busy.length && busy[b].end <= t) b++;
            if (t < now) continue;
            if (b < busy.length && busy[b].start < t + step) continue;
            slots.push({ ymd, from: t, to: t + step, provider, location: service.location });
          }
        }
      }
    }
    slots.sort((x, y) => x.from - y.from || x.provider - y.provider);
    return { result: slots };
  },
};
