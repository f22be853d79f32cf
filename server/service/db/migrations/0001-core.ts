/** Users (practitioners among them), patients, patient groups, calendars and the notification outbox. */
export const core = `
CREATE TABLE users (
  userid INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL DEFAULT '',
  givenname TEXT NOT NULL DEFAULT '',
  familyname TEXT NOT NULL DEFAULT '',
  specialization TEXT NOT NULL DEFAULT '',
  gender TEXT NOT NULL DEFAULT 'f',
  mail TEXT NOT NULL DEFAULT '',
  is_provider INTEGER NOT NULL DEFAULT 0,
  employee_active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE patient_groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE
);

CREATE TABLE patients (
  patid INTEGER PRIMARY KEY,
  lastname TEXT NOT NULL DEFAULT '',
  firstname TEXT NOT NULL DEFAULT '',
  gender TEXT NOT NULL DEFAULT 'male',
  dob TEXT,
  title TEXT NOT NULL DEFAULT '',
  street TEXT NOT NULL DEFAULT '',
  zip TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  countrycode TEXT NOT NULL DEFAULT '',
  tel TEXT NOT NULL DEFAULT '',
  fax TEXT NOT NULL DEFAULT '',
  mobile TEXT NOT NULL DEFAULT '',
  mail TEXT NOT NULL DEFAULT '',
  ahv TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT '',
  group_id INTEGER REFERENCES patient_groups(id),
  deleted INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL
);
CREATE INDEX patients_lastname ON patients (lastname COLLATE NOCASE);
CREATE INDEX patients_dob ON patients (dob);
CREATE INDEX patients_mail ON patients (mail COLLATE NOCASE);
CREATE INDEX patients_ahv ON patients (ahv);

CREATE TABLE calendars (
  calendarid INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  provider INTEGER REFERENCES users(userid),
  color TEXT NOT NULL DEFAULT '#228be6'
);

-- One row per notification mail (addLeadTask notifyAssignee, bulkAssign notify).
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  created TEXT NOT NULL,
  recipient_userid INTEGER NOT NULL,
  recipient_mail TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  lead_id INTEGER
);
`;
