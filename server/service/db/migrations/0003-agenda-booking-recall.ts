/** Appointments (with types), practitioners' working hours, booking services and recalls. */
export const agenda = `
CREATE TABLE appointment_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  color TEXT NOT NULL
);

-- start_ts/end_ts (Unix seconds) are the truth; date/end_local repeat them as Zurich wall-clock text, written
-- together, so listing needs no time-zone arithmetic.
CREATE TABLE appointments (
  id INTEGER PRIMARY KEY,
  calendarid INTEGER NOT NULL REFERENCES calendars(calendarid),
  start_ts INTEGER NOT NULL,
  end_ts INTEGER NOT NULL,
  date_local TEXT NOT NULL,
  end_local TEXT NOT NULL,
  patid INTEGER NOT NULL DEFAULT 0,
  text TEXT NOT NULL DEFAULT '',
  comment TEXT NOT NULL DEFAULT '',
  displayedduration TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT '',
  -- Not part of the documented write fields: kept by modifyAppointment; null = colour of the calendar.
  type_id INTEGER REFERENCES appointment_types(id),
  deleted INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL,
  modified TEXT NOT NULL
);
-- By calendar and start, only rows that can list or block: calendar mode of getAppointments and getSlots
-- (covering for getSlots, which reads the appointments starting at most a day before its window here).
CREATE INDEX appointments_calendar_start ON appointments (calendarid, start_ts, end_ts) WHERE deleted = 0;
-- The few appointments longer than a day (absences), which a bounded look-back by start would miss.
CREATE INDEX appointments_calendar_long ON appointments (calendarid, end_ts)
  WHERE deleted = 0 AND end_ts - start_ts > 86400;
CREATE INDEX appointments_patient_start ON appointments (patid, start_ts);

-- Weekday 1 = Monday .. 7 = Sunday; minutes after midnight, Zurich wall clock. Several blocks per day.
CREATE TABLE working_hours (
  provider INTEGER NOT NULL REFERENCES users(userid),
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_min INTEGER NOT NULL,
  end_min INTEGER NOT NULL,
  PRIMARY KEY (provider, weekday, start_min),
  CHECK (start_min >= 0 AND end_min <= 1440 AND start_min < end_min)
);

CREATE TABLE booking_services (
  serviceid INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  duration INTEGER NOT NULL,
  location INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE booking_service_providers (
  serviceid INTEGER NOT NULL REFERENCES booking_services(serviceid),
  provider INTEGER NOT NULL REFERENCES users(userid),
  PRIMARY KEY (serviceid, provider)
);

CREATE TABLE recalls (
  id INTEGER PRIMARY KEY,
  active INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL,
  recall_date TEXT NOT NULL,
  recall_text TEXT NOT NULL DEFAULT '',
  recall_type TEXT NOT NULL CHECK (recall_type IN ('brief', 'sms', 'mail')),
  recurring INTEGER NOT NULL DEFAULT 0,
  recurring_frequency TEXT NOT NULL DEFAULT '',
  -- 0 for templates without patient.
  patid INTEGER NOT NULL DEFAULT 0,
  internal_comment TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('sent', 'pending', 'error')),
  error_msg TEXT NOT NULL DEFAULT '',
  preset INTEGER NOT NULL DEFAULT 0,
  -- First, second and third practitioner (userid, 0 = none); the mandant filter of getRecalls.
  mandant1 INTEGER NOT NULL DEFAULT 0,
  mandant2 INTEGER NOT NULL DEFAULT 0,
  mandant3 INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL,
  modified TEXT NOT NULL
);
CREATE INDEX recalls_date ON recalls (preset, recall_date);
CREATE INDEX recalls_patient ON recalls (patid, recall_date);
`;
