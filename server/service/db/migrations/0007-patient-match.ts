/**
 * How patients are found (docs/api.md#patient-search, `phone` too): plain and folded names (see
 * contract/text-match.ts), comparable phone
 * digits kept beside each patient by triggers, so that a search compares short keys with instr() instead of
 * running a case-class GLOB whose cost grows with text length times pattern length. The functions plain_text, name_key
 * and phone_key are the ones of contract/text-match.ts, registered on every connection (database.ts).
 */
export const patientMatch = `
ALTER TABLE patients ADD COLUMN lastname_plain TEXT NOT NULL DEFAULT '';
ALTER TABLE patients ADD COLUMN firstname_plain TEXT NOT NULL DEFAULT '';
ALTER TABLE patients ADD COLUMN lastname_key TEXT NOT NULL DEFAULT '';
ALTER TABLE patients ADD COLUMN firstname_key TEXT NOT NULL DEFAULT '';
ALTER TABLE patients ADD COLUMN tel_key TEXT NOT NULL DEFAULT '';
ALTER TABLE patients ADD COLUMN mobile_key TEXT NOT NULL DEFAULT '';
ALTER TABLE patients ADD COLUMN ahv_key TEXT NOT NULL DEFAULT '';

UPDATE patients SET lastname_plain = plain_text(lastname), firstname_plain = plain_text(firstname),
  lastname_key = name_key(lastname), firstname_key = name_key(firstname),
  tel_key = phone_key(tel), mobile_key = phone_key(mobile), ahv_key = digits_only(ahv);

CREATE TRIGGER patients_keys_insert AFTER INSERT ON patients BEGIN
  UPDATE patients SET lastname_plain = plain_text(NEW.lastname), firstname_plain = plain_text(NEW.firstname),
    lastname_key = name_key(NEW.lastname), firstname_key = name_key(NEW.firstname),
    tel_key = phone_key(NEW.tel), mobile_key = phone_key(NEW.mobile), ahv_key = digits_only(NEW.ahv)
  WHERE patid = NEW.patid;
END;

CREATE TRIGGER patients_keys_update AFTER UPDATE OF lastname, firstname, tel, mobile, ahv ON patients BEGIN
  UPDATE patients SET lastname_plain = plain_text(NEW.lastname), firstname_plain = plain_text(NEW.firstname),
    lastname_key = name_key(NEW.lastname), firstname_key = name_key(NEW.firstname),
    tel_key = phone_key(NEW.tel), mobile_key = phone_key(NEW.mobile), ahv_key = digits_only(NEW.ahv)
  WHERE patid = NEW.patid;
END;

CREATE INDEX patients_tel_key ON patients (tel_key);
CREATE INDEX patients_mobile_key ON patients (mobile_key);
CREATE INDEX patients_ahv_key ON patients (ahv_key);
`;
