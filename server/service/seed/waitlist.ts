import { addDays, fromZurich, unixSeconds, zurichDateTime } from '../../time.ts';
import type { SeedContext } from './index.ts';

/**
 * The waiting list and one absence (docs/api.md#demo-data, docs/decisions/0047). Written out rather than drawn:
 * it takes nothing from the generator, so the rest of the demo stays as it was, and it is the same on every day
 * relative to today (the practice clock, PRACTICE_NOW in tests). Patients are among the first 200 and never a deleted
 * one (every 40th is deleted).
 */

interface SeedEntry {
  patid: number;
  serviceid: number;
  provider: number;
  /** Days from today, or null (open). */
  earliest: number | null;
  latest: number | null;
  times: 'any' | 'morning' | 'afternoon';
  priority: 0 | 1 | 2;
  note: string;
  status: 'waiting' | 'offered' | 'booked' | 'withdrawn';
  /** Entered this many days ago, at this time. */
  ago: number;
  at: string;
}

const SEED_WAITLIST: readonly SeedEntry[] = [
  {
    patid: 12,
    serviceid: 1,
    provider: 0,
    earliest: null,
    latest: 21,
    times: 'any',
    priority: 2,
    note: 'Starke Rückenschmerzen, nimmt jeden früheren Termin',
    status: 'waiting',
    ago: 1,
    at: '08:15:00',
  },
  {
    patid: 27,
    serviceid: 3,
    provider: 3,
    earliest: 3,
    latest: 30,
    times: 'morning',
    priority: 1,
    note: 'Muttermal verändert, möchte zu Dr. Favre',
    status: 'waiting',
    ago: 6,
    at: '10:40:00',
  },
  {
    patid: 58,
    serviceid: 2,
    provider: 2,
    earliest: null,
    latest: null,
    times: 'afternoon',
    priority: 0,
    note: 'Kann nur nachmittags (arbeitet morgens)',
    status: 'waiting',
    ago: 10,
    at: '14:05:00',
  },
  {
    patid: 91,
    serviceid: 0,
    provider: 0,
    earliest: null,
    latest: null,
    times: 'any',
    priority: 0,
    note: 'Neu zugezogen, sucht eine Hausärztin',
    status: 'waiting',
    ago: 3,
    at: '09:20:00',
  },
  {
    patid: 104,
    serviceid: 4,
    provider: 4,
    earliest: 7,
    latest: 45,
    times: 'morning',
    priority: 0,
    note: '',
    status: 'waiting',
    ago: 14,
    at: '11:10:00',
  },
  {
    patid: 133,
    serviceid: 1,
    provider: 0,
    earliest: null,
    latest: 14,
    times: 'any',
    priority: 1,
    note: 'Termin angeboten, Rückruf ausstehend',
    status: 'offered',
    ago: 5,
    at: '16:30:00',
  },
  {
    patid: 150,
    serviceid: 2,
    provider: 3,
    earliest: null,
    latest: null,
    times: 'any',
    priority: 0,
    note: '',
    status: 'booked',
    ago: 12,
    at: '08:50:00',
  },
  {
    patid: 171,
    serviceid: 5,
    provider: 2,
    earliest: null,
    latest: 10,
    times: 'afternoon',
    priority: 0,
    note: 'Hat anderswo einen Termin gefunden',
    status: 'withdrawn',
    ago: 9,
    at: '15:45:00',
  },
];

/** Dr. Rossi (userid 4) is at a course on Thursday and Friday of the week after next. */
const SEED_ABSENCE = { provider: 4, reason: 'Weiterbildung', weeksAhead: 1, fromWeekday: 4, days: 2 };

/** ISO weekday of a `YYYY-MM-DD`: 1 = Monday .. 7 = Sunday. */
function isoWeekday(day: string): number {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The absence's first and last day: a week after the coming Monday, from its `fromWeekday`. */
function seedAbsenceDays(today: string): { first: string; last: string } {
  const nextMonday = addDays(today, 8 - isoWeekday(today));
  const first = addDays(nextMonday, 7 * SEED_ABSENCE.weeksAhead + SEED_ABSENCE.fromWeekday - 1);
  return { first, last: addDays(first, SEED_ABSENCE.days - 1) };
}

export function seedWaitlist(ctx: SeedContext): void {
  const { db, today } = ctx;
  const day = (offset: number | null) => (offset === null ? null : addDays(today, offset));
  const modified = zurichDateTime(ctx.now);
  const insert = db.prepare(
    `INSERT INTO waitlist (patid, serviceid, provider, earliest, latest, times, priority, note, status, created,
       created_by, modified)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  );
  for (const e of SEED_WAITLIST) {
    const created = `${addDays(today, -e.ago)} ${e.at}`;
    insert.run(
      e.patid,
      e.serviceid,
      e.provider,
      day(e.earliest),
      day(e.latest),
      e.times,
      e.priority,
      e.note,
      e.status,
      created,
      e.status === 'waiting' ? created : modified,
    );
  }

  const { first, last } = seedAbsenceDays(today);
  const start = unixSeconds(fromZurich(first));
  const end = unixSeconds(fromZurich(addDays(last, 1)));
  db.prepare(
    `INSERT INTO absences (provider, start_ts, end_ts, from_local, until_local, reason, created, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
  ).run(
    SEED_ABSENCE.provider,
    start,
    end,
    zurichDateTime(new Date(start * 1000)),
    zurichDateTime(new Date(end * 1000)),
    SEED_ABSENCE.reason,
    modified,
  );
  // Her appointments of those days were taken out (deleted) when the course was entered: none are in its way.
  db.prepare(
    `UPDATE appointments SET deleted = 1
     WHERE deleted = 0 AND start_ts < ? AND end_ts > ?
       AND calendarid IN (SELECT calendarid FROM calendars WHERE provider = ?)`,
  ).run(end, start, SEED_ABSENCE.provider);
}
