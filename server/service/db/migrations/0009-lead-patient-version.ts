/**
 * docs/api.md#versions: every lead and every patient carries a `version` that grows with every change of its
 * record (updateLead / updateCustomer with a stale `ifVersion` change nothing: 409). Triggers count the changes,
 * so no writer (folder moves, assignment, disqualify, restore, convert, link, delete, ...) can forget to. Columns
 * that only follow other tables or derived keys (last_activity, open_tasks, next_reminder, search, the patients'
 * *_plain and *_key) are left out: a new note or task is not a change of the lead record and must not make a
 * colleague's open form stale.
 */
export const leadPatientVersion = `
ALTER TABLE leads ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE patients ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

CREATE TRIGGER leads_version AFTER UPDATE OF
  ispatient, folder_id, source, assignee_id, flags, what, title, salutation, firstname, lastname, alias, gender, dob,
  civil_status, nationality, street, zip, city, country, country_code, mail, mail2, phone, phone2, mobile, mobile2,
  blood_type, height, weight, job, hx_data, kvg, kvg_police_nr, vvg, payer_type, commercial, revenue, costs,
  next_step, admission_date, patid, conversion_date, deleted, deleted_by, deleted_time, reason_deleted,
  reason_disqualified
ON leads WHEN NEW.version = OLD.version BEGIN
  UPDATE leads SET version = OLD.version + 1 WHERE lead_id = NEW.lead_id;
END;

CREATE TRIGGER patients_version AFTER UPDATE OF
  lastname, firstname, gender, dob, title, street, zip, city, country, countrycode, tel, fax, mobile, mail, ahv,
  language, group_id, deleted
ON patients WHEN NEW.version = OLD.version BEGIN
  UPDATE patients SET version = OLD.version + 1 WHERE patid = NEW.patid;
END;
`;
