/**
 * Patient history with attachments, labor receipts (HL7 and PDF), and the accounting extracts: billing cases,
 * service lines (diagnosis lines included, never listed) and transactions (all codes; only Z is listed).
 */
export const records = `
CREATE TABLE hx_entries (
  historyid INTEGER PRIMARY KEY,
  patid INTEGER NOT NULL REFERENCES patients(patid),
  category TEXT NOT NULL DEFAULT '',
  text TEXT NOT NULL DEFAULT '',
  -- YYYY-MM-DD HH:MM:SS, practice time
  date TEXT NOT NULL,
  -- the procedure field (right column)
  teaser TEXT NOT NULL DEFAULT '',
  author TEXT NOT NULL DEFAULT '',
  userid INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL
);
CREATE INDEX hx_entries_patient ON hx_entries (patid, date DESC, historyid DESC) WHERE deleted = 0;

CREATE TABLE hx_attachments (
  id INTEGER PRIMARY KEY,
  historyid INTEGER NOT NULL REFERENCES hx_entries(historyid),
  file TEXT NOT NULL,
  md5 TEXT NOT NULL,
  size INTEGER NOT NULL,
  mime TEXT NOT NULL,
  content BLOB NOT NULL
);
CREATE INDEX hx_attachments_entry ON hx_attachments (historyid);
CREATE INDEX hx_attachments_md5 ON hx_attachments (md5);

-- Every file laborUpload stored. name_key = the file name with its extension lower-cased (versions count per
-- name_key); base = the name without extension (HL7 and PDF pair by it).
CREATE TABLE labor_files (
  id INTEGER PRIMARY KEY,
  filename TEXT NOT NULL,
  name_key TEXT NOT NULL,
  stored_name TEXT NOT NULL,
  base TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('hl7', 'pdf')),
  version INTEGER NOT NULL,
  md5 TEXT NOT NULL,
  size INTEGER NOT NULL,
  content BLOB NOT NULL,
  received TEXT NOT NULL,
  userid INTEGER,
  -- hl7: the patient it was assigned to
  patid INTEGER,
  -- hl7: the entry it wrote; pdf: the entry it is attached to (null while unpaired)
  historyid INTEGER REFERENCES hx_entries(historyid)
);
CREATE INDEX labor_files_base ON labor_files (base, kind);
CREATE INDEX labor_files_name ON labor_files (name_key);

CREATE TABLE billing_cases (
  case_no INTEGER PRIMARY KEY,
  patid INTEGER NOT NULL REFERENCES patients(patid),
  -- PPPPP-FFF: patient number and the patient's case number
  invoice_no TEXT NOT NULL,
  case_name TEXT NOT NULL,
  case_short TEXT NOT NULL,
  law TEXT NOT NULL CHECK (law IN ('KVG', 'UVG', 'IVG', 'MVG', 'VVG'))
);
CREATE INDEX billing_cases_patient ON billing_cases (patid);

-- type 'diagnosis' marks diagnosis lines: stored with the services, never listed by accountingServices.
CREATE TABLE accounting_services (
  service_id INTEGER PRIMARY KEY,
  case_no INTEGER NOT NULL REFERENCES billing_cases(case_no),
  date TEXT NOT NULL,
  code TEXT NOT NULL,
  title TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  quantity INTEGER NOT NULL DEFAULT 1,
  session INTEGER NOT NULL DEFAULT 1,
  tariff_type TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('service', 'drug', 'material', 'diagnosis')),
  unit_mt REAL NOT NULL DEFAULT 0,
  unit_tt REAL NOT NULL DEFAULT 0,
  unit_factor_mt REAL NOT NULL DEFAULT 1,
  unit_factor_tt REAL NOT NULL DEFAULT 1,
  vat REAL NOT NULL DEFAULT 0,
  vat_rate REAL NOT NULL DEFAULT 0,
  amount REAL NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('wip', 'printed')),
  account_number TEXT NOT NULL DEFAULT '',
  is_covered INTEGER NOT NULL DEFAULT 1,
  section_code TEXT NOT NULL DEFAULT '',
  provider INTEGER NOT NULL,
  responsible INTEGER NOT NULL
);
CREATE INDEX accounting_services_listed ON accounting_services (date) WHERE type <> 'diagnosis';

-- code Z = payment received (the only one listed); others e.g. M reminder fee, S cancellation, V loss.
-- booking_date drives the filter, entry_date is returned as transaction_date.
CREATE TABLE accounting_transactions (
  transaction_id INTEGER PRIMARY KEY,
  case_no INTEGER NOT NULL REFERENCES billing_cases(case_no),
  code TEXT NOT NULL,
  booking_date TEXT NOT NULL,
  entry_date TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  account_number TEXT NOT NULL DEFAULT '',
  amount REAL NOT NULL
);
CREATE INDEX accounting_transactions_payments ON accounting_transactions (booking_date) WHERE code = 'Z';
`;
