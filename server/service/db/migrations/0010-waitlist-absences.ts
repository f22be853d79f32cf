/**
 * docs/api.md#waiting-list and #absences: the waiting list and the practitioners' absences (docs/decisions/0047).
 *
 * A waitlist entry's `version` grows with every change (modifyWaitlistEntry with a stale `ifVersion` changes
 * nothing: 409); a trigger counts, as for leads and patients (0009), so no writer can forget; a write that changes
 * no value leaves it, so saving an unchanged form makes nobody else's stale. `earliest`/`latest`
 * are days `YYYY-MM-DD` or null (open); `serviceid` and `provider` 0 mean any.
 *
 * An absence is a stretch of time of one practitioner (`provider`) or of the whole practice (0): start_ts/end_ts
 * (Unix seconds, end exclusive) are the truth, from_local/until_local repeat them as Zurich wall-clock text.
 * Public holidays are not stored: they are computed from the tenant's canton (server/service/holidays.ts).
 */
export const waitlistAbsences = `
CREATE TABLE waitlist (
  entry_id INTEGER PRIMARY KEY,
  patid INTEGER NOT NULL REFERENCES patients(patid),
  serviceid INTEGER NOT NULL DEFAULT 0,
  provider INTEGER NOT NULL DEFAULT 0,
  earliest TEXT,
  latest TEXT,
  times TEXT NOT NULL DEFAULT 'any' CHECK (times IN ('any', 'morning', 'afternoon')),
  priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 2),
  note TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'withdrawn')),
  created TEXT NOT NULL,
  created_by INTEGER NOT NULL,
  modified TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX waitlist_status ON waitlist (status, priority DESC, created, entry_id);
CREATE INDEX waitlist_patient ON waitlist (patid);

CREATE TRIGGER waitlist_version AFTER UPDATE OF
  serviceid, provider, earliest, latest, times, priority, note, status
ON waitlist WHEN NEW.version = OLD.version AND (
  NEW.serviceid IS NOT OLD.serviceid OR NEW.provider IS NOT OLD.provider OR NEW.earliest IS NOT OLD.earliest
  OR NEW.latest IS NOT OLD.latest OR NEW.times IS NOT OLD.times OR NEW.priority IS NOT OLD.priority
  OR NEW.note IS NOT OLD.note OR NEW.status IS NOT OLD.status
) BEGIN
  UPDATE waitlist SET version = OLD.version + 1 WHERE entry_id = NEW.entry_id;
END;

CREATE TABLE absences (
  absence_id INTEGER PRIMARY KEY,
  provider INTEGER NOT NULL DEFAULT 0,
  start_ts INTEGER NOT NULL,
  end_ts INTEGER NOT NULL,
  from_local TEXT NOT NULL,
  until_local TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created TEXT NOT NULL,
  created_by INTEGER NOT NULL,
  CHECK (end_ts > start_ts)
);
CREATE INDEX absences_provider_start ON absences (provider, start_ts);
`;
