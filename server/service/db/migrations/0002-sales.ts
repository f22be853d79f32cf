/**
 * Sales: leads, their history (notes, tasks, folder and assignee changes, watcher joins), watchers, flags,
 * admissions, idempotency keys and the reference data (folders, sources, flags, disqualification, categories).
 *
 * Speed (10,000 leads, 100,000 history entries): the board's numbers (openTasks, nextReminder, lastActivity)
 * live on the lead row, so getLeads reads one table (through covering indexes) plus one query for the page's
 * watchers; getTasks works on a covering partial index of the tasks and only joins the page's leads (ispatient
 * and the lead's deleted flag are copied onto each history row for that; deleteLead/restoreLead keep them in step).
 */
export const sales = `
CREATE TABLE lead_folders (
  folder_id INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  ispatient INTEGER NOT NULL CHECK (ispatient IN (0, 1)),
  custom INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);

-- Reference data by kind: sources, flags, disqualification, categories.
CREATE TABLE lead_reference (
  kind TEXT NOT NULL,
  code TEXT NOT NULL,
  label TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, code)
) WITHOUT ROWID;

CREATE TABLE leads (
  lead_id INTEGER PRIMARY KEY,
  uniqid TEXT NOT NULL UNIQUE,
  ispatient INTEGER NOT NULL CHECK (ispatient IN (0, 1)),
  folder_id INTEGER NOT NULL REFERENCES lead_folders(folder_id),
  source TEXT NOT NULL DEFAULT '',
  assignee_id INTEGER,
  -- JSON array of codes (["VIP","URGENT"]); the flags filter matches '"CODE"' in it on the covering indexes.
  flags TEXT NOT NULL DEFAULT '[]',
  what TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT '',
  salutation TEXT NOT NULL DEFAULT '',
  firstname TEXT NOT NULL DEFAULT '',
  lastname TEXT NOT NULL DEFAULT '',
  alias TEXT NOT NULL DEFAULT '',
  gender TEXT NOT NULL DEFAULT '',
  dob TEXT,
  civil_status TEXT NOT NULL DEFAULT '',
  nationality TEXT NOT NULL DEFAULT '',
  street TEXT NOT NULL DEFAULT '',
  zip TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  country_code TEXT NOT NULL DEFAULT '',
  mail TEXT NOT NULL DEFAULT '',
  mail2 TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  phone2 TEXT NOT NULL DEFAULT '',
  mobile TEXT NOT NULL DEFAULT '',
  mobile2 TEXT NOT NULL DEFAULT '',
  blood_type TEXT NOT NULL DEFAULT '',
  height REAL,
  weight REAL,
  job TEXT NOT NULL DEFAULT '',
  hx_data TEXT NOT NULL DEFAULT '{}',
  kvg TEXT NOT NULL DEFAULT '',
  kvg_police_nr TEXT NOT NULL DEFAULT '',
  vvg TEXT NOT NULL DEFAULT '',
  payer_type TEXT NOT NULL DEFAULT '',
  -- The commercial object as JSON; revenue, costs and next_step are copies of its keys for getLeadStats.
  commercial TEXT NOT NULL DEFAULT '{}',
  revenue REAL NOT NULL DEFAULT 0,
  costs REAL NOT NULL DEFAULT 0,
  next_step TEXT NOT NULL DEFAULT '',
  created TEXT NOT NULL,
  created_by INTEGER,
  last_activity TEXT NOT NULL,
  admission_date TEXT,
  patid INTEGER,
  conversion_date TEXT,
  open_tasks INTEGER NOT NULL DEFAULT 0,
  next_reminder TEXT,
  deleted INTEGER NOT NULL DEFAULT 0,
  deleted_by INTEGER,
  deleted_time TEXT,
  reason_deleted TEXT NOT NULL DEFAULT '',
  reason_disqualified TEXT NOT NULL DEFAULT '',
  -- Lower-case, accent-free names, mails and phone numbers (also as bare digits) for the contains-search.
  search TEXT NOT NULL DEFAULT ''
);
-- getLeads reads ids through one of these covering indexes (every filter column, the flags and the search text
-- are in them, so counting and paging never touch the wide rows), then the page's rows by id.
CREATE INDEX leads_by_activity ON leads
  (last_activity, lead_id, deleted, ispatient, folder_id, assignee_id, source, created, flags, search);
CREATE INDEX leads_by_created ON leads
  (created, lead_id, deleted, ispatient, folder_id, assignee_id, source, last_activity, flags, search);
CREATE INDEX leads_by_lastname ON leads
  (lastname COLLATE NOCASE, firstname COLLATE NOCASE, lead_id, deleted, ispatient, folder_id, assignee_id, source,
   created, last_activity, flags, search);
CREATE INDEX leads_patid ON leads (patid);

CREATE TABLE lead_watchers (
  lead_id INTEGER NOT NULL REFERENCES leads(lead_id),
  user_id INTEGER NOT NULL,
  unread INTEGER NOT NULL DEFAULT 0,
  joined TEXT NOT NULL,
  PRIMARY KEY (lead_id, user_id)
) WITHOUT ROWID;
CREATE INDEX lead_watchers_user ON lead_watchers (user_id, unread);

CREATE TABLE lead_history (
  history_id INTEGER PRIMARY KEY,
  lead_id INTEGER NOT NULL REFERENCES leads(lead_id),
  type TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT '',
  text TEXT NOT NULL DEFAULT '',
  is_task INTEGER NOT NULL DEFAULT 0,
  reminder_date TEXT,
  assigned_to INTEGER,
  priority INTEGER,
  completed INTEGER NOT NULL DEFAULT 0,
  completed_time TEXT,
  completed_by INTEGER,
  created_by INTEGER NOT NULL,
  created TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  lead_ispatient INTEGER NOT NULL,
  lead_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX lead_history_lead ON lead_history (lead_id, created, history_id);
-- getTasks filters, sorts and counts on this covering index of the tasks, then reads the page's rows by id.
CREATE INDEX lead_history_tasks ON lead_history
  (lead_deleted, completed, assigned_to, lead_ispatient, priority, reminder_date, created, history_id)
  WHERE is_task = 1 AND deleted = 0;

CREATE TABLE lead_admissions (
  admission_id INTEGER PRIMARY KEY,
  lead_id INTEGER NOT NULL REFERENCES leads(lead_id),
  date TEXT NOT NULL,
  until TEXT,
  comment TEXT NOT NULL DEFAULT '',
  settings TEXT NOT NULL DEFAULT '',
  created TEXT NOT NULL,
  created_by INTEGER NOT NULL
);
CREATE INDEX lead_admissions_lead ON lead_admissions (lead_id);
CREATE INDEX lead_admissions_date ON lead_admissions (date, admission_id);

-- createLead / intakeLead idempotencyKey: a repeated key answers the first lead (docs/decisions/0002).
CREATE TABLE lead_idempotency (
  key TEXT PRIMARY KEY,
  lead_id INTEGER NOT NULL REFERENCES leads(lead_id),
  created TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO lead_folders (folder_id, label, ispatient, custom, sort) VALUES
  (1, 'Open', 1, 0, 10),
  (2, 'To be contacted', 1, 0, 20),
  (3, 'In discussion', 1, 0, 30),
  (4, 'Converted', 1, 0, 40),
  (5, 'Disqualified', 1, 0, 50),
  (11, 'Open', 0, 0, 10),
  (12, 'To be contacted', 0, 0, 20),
  (13, 'In discussion', 0, 0, 30),
  (14, 'Converted', 0, 0, 40),
  (15, 'Disqualified', 0, 0, 50);

INSERT INTO lead_reference (kind, code, label, sort) VALUES
  ('sources', 'I', 'Internet', 10),
  ('sources', 'M', 'Word of mouth', 20),
  ('sources', 'P', 'Phone', 30),
  ('sources', 'R', 'Referral by a physician', 40),
  ('sources', 'E', 'Event', 50),
  ('sources', 'S', 'Social media', 60),
  ('flags', 'VIP', 'VIP', 10),
  ('flags', 'URGENT', 'Urgent', 20),
  ('flags', 'CALLBACK', 'Callback requested', 30),
  ('flags', 'VVG', 'Supplementary insurance', 40),
  ('flags', 'FOREIGN', 'From abroad', 50),
  ('disqualification', 'PRICE', 'Too expensive', 10),
  ('disqualification', 'NOFIT', 'Not a fit for the practice', 20),
  ('disqualification', 'NOREACH', 'Not reachable', 30),
  ('disqualification', 'COMPETITOR', 'Chose another provider', 40),
  ('disqualification', 'DUPLICATE', 'Duplicate', 50),
  ('disqualification', 'OTHER', 'Other', 90),
  ('categories', 'CALL', 'Phone call', 10),
  ('categories', 'MAIL', 'E-mail', 20),
  ('categories', 'MEETING', 'Meeting', 30),
  ('categories', 'OFFER', 'Offer', 40),
  ('categories', 'INFO', 'Information', 50);
`;
