import { createHash } from 'node:crypto';
import { laborLimits, laborMessages, patientMismatchMessage } from '#contract/labor.ts';
import { foldText, personFits } from '#contract/text-match.ts';
import { zurichDateTime } from '../../time.ts';
import { type Db, sql } from '../db/database.ts';
import { type Hl7Message, hasMshSegment, parseHl7, resultLines } from './hl7.ts';

/** What laborUpload (and the demo seed) hands over: the file name as sent and the decoded bytes. */
export interface LaborFile {
  filename: string;
  bytes: Uint8Array;
  userid: number;
  now: Date;
}

export interface LaborOutcome {
  status: 200 | 400 | 500;
  msg: string;
}

const PDF_MAGIC = '%PDF-';

/** Storing the file itself failed: the document's status 500 `failed to save file`. */
export class LaborSaveError extends Error {}

/** HL7 is usually UTF-8, but older lab systems send Latin-1: fall back when the bytes are not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

function splitName(filename: string): { base: string; ext: 'hl7' | 'pdf'; sentExt: string } {
  const dot = filename.lastIndexOf('.');
  const sentExt = filename.slice(dot + 1);
  return { base: filename.slice(0, dot), ext: sentExt.toLowerCase() as 'hl7' | 'pdf', sentExt };
}

interface PatientRow {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string | null;
}

/**
 * The patient of an HL7 message: PID-3 when it names a (not deleted) patient whom PID-5 and PID-7 fit, else the
 * patient of PID-5 name and PID-7 birthday. A PID-3 patient whom the name or birthday contradicts is a mismatch:
 * the result must not land in that journal (docs/api.md#labor).
 */
function findPatient(db: Db, msg: Hl7Message): number | undefined | { mismatch: PatientRow } {
  if (/^\d+$/.test(msg.patientId)) {
    const byId = sql(
      db,
      'SELECT patid, lastname, firstname, dob FROM patients WHERE patid = ? AND deleted = 0',
    ).get(Number(msg.patientId)) as PatientRow | undefined;
    if (byId) return personFits(byId, msg) ? byId.patid : { mismatch: byId };
  }
  if (!msg.lastname || !msg.dob) return undefined;
  const byName = sql(
    db,
    `SELECT patid FROM patients
     WHERE dob = ? AND deleted = 0 AND lastname_key = ? AND (? = '' OR firstname_key = ?)
     ORDER BY patid LIMIT 1`,
  ).get(msg.dob, foldText(msg.lastname), foldText(msg.firstname), foldText(msg.firstname)) as
    | { patid: number }
    | undefined;
  return byName?.patid;
}

function attach(db: Db, historyid: number, file: { name: string; md5: string; bytes: Uint8Array }): void {
  sql(
    db,
    `INSERT INTO hx_attachments (historyid, file, md5, size, mime, content)
     VALUES (?, ?, ?, ?, 'application/pdf', ?)`,
  ).run(historyid, file.name, file.md5, file.bytes.byteLength, file.bytes);
}

/**
 * Checks and stores one labor file, in the order of the document's rules: content type, duplicate, version limit,
 * then the HL7 import (patient, history entry) or the PDF pairing. Nothing is written unless the answer is 200.
 */
export function storeLaborFile(db: Db, file: LaborFile): LaborOutcome {
  const filename = file.filename.trim();
  const { base, ext, sentExt } = splitName(filename);
  const bytes = file.bytes;

  let message: Hl7Message | undefined;
  if (ext === 'hl7') {
    const text = decodeText(bytes);
    if (!hasMshSegment(text)) return { status: 400, msg: laborMessages.invalidHl7 };
    message = parseHl7(text);
  } else if (ext === 'pdf') {
    if (Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1') !== PDF_MAGIC) {
      return { status: 400, msg: laborMessages.invalidPdf };
    }
  } else {
    return { status: 400, msg: laborMessages.unsupported };
  }

  const md5 = createHash('md5').update(bytes).digest('hex');
  if (sql(db, 'SELECT 1 FROM labor_files WHERE base = ? AND md5 = ?').get(base, md5)) {
    return { status: 400, msg: laborMessages.duplicate };
  }
  const nameKey = `${base}.${ext}`;
  const { n } = sql(db, 'SELECT COUNT(*) AS n FROM labor_files WHERE name_key = ?').get(nameKey) as {
    n: number;
  };
  if (n >= laborLimits.versions) return { status: 400, msg: laborMessages.tooManyVersions };
  const version = n + 1;
  const storedName = version === 1 ? filename : `${base}_${version}.${sentExt}`;
  const received = zurichDateTime(file.now);

  let patid: number | null = null;
  let historyid: number | null = null;
  if (message) {
    const found = findPatient(db, message);
    // Nothing is kept: the sender can upload the same file again once the patient exists.
    if (found === undefined) return { status: 500, msg: laborMessages.importFailed };
    if (typeof found === 'object') return { status: 400, msg: patientMismatchMessage(found.mismatch) };
    patid = found;
    const facility = message.facility || 'Labor';
    historyid = Number(
      sql(
        db,
        `INSERT INTO hx_entries (patid, category, text, date, teaser, author, userid, deleted, created)
         VALUES (?, 'Labor', ?, ?, ?, ?, ?, 0, ?)`,
      ).run(
        patid,
        resultLines(message),
        message.observed || received,
        message.battery ? `Laborbefund ${message.battery}` : 'Laborbefund',
        facility,
        file.userid,
        received,
      ).lastInsertRowid,
    );
  } else {
    // A PDF joins the most recent HL7 receipt of its base name; without one it waits for it.
    const hl7 = sql(
      db,
      `SELECT historyid FROM labor_files WHERE base = ? AND kind = 'hl7' AND historyid IS NOT NULL
       ORDER BY id DESC LIMIT 1`,
    ).get(base) as { historyid: number } | undefined;
    if (hl7) {
      historyid = hl7.historyid;
      attach(db, historyid, { name: storedName, md5, bytes });
    }
  }

  const save = sql(
    db,
    `INSERT INTO labor_files (filename, name_key, stored_name, base, kind, version, md5, size, content, received,
       userid, patid, historyid)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  try {
    save.run(
      filename,
      nameKey,
      storedName,
      base,
      ext,
      version,
      md5,
      bytes.byteLength,
      bytes,
      received,
      file.userid,
      patid,
      historyid,
    );
  } catch (e) {
    throw new LaborSaveError(e instanceof Error ? e.message : String(e));
  }

  if (message && historyid !== null) {
    // The HL7 arrived second: PDFs of its base name that were waiting become the entry's attachments.
    const waiting = sql(
      db,
      `SELECT id, stored_name, md5, content FROM labor_files
       WHERE base = ? AND kind = 'pdf' AND historyid IS NULL ORDER BY id`,
    ).all(base) as unknown as { id: number; stored_name: string; md5: string; content: Uint8Array }[];
    for (const pdf of waiting) {
      attach(db, historyid, { name: pdf.stored_name, md5: pdf.md5, bytes: pdf.content });
      sql(db, 'UPDATE labor_files SET historyid = ? WHERE id = ?').run(historyid, pdf.id);
    }
  }
  return { status: 200, msg: laborMessages.success };
}
