import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePdf } from '../hx/pdf.ts';
import { startService, type TestService } from '../test-support.ts';
import { buildHl7 } from './hl7.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

interface Patient {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string;
}
interface Entry {
  historyid: number;
  category: string;
  text: string;
  attachments: { file: string; md5: string; size: number }[];
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

async function upload(filename: unknown, content: unknown, extra: Record<string, unknown> = {}, opts = {}) {
  const body: Record<string, unknown> = { ...extra };
  if (filename !== undefined) body.filename = filename;
  if (content !== undefined) body.content = content;
  const r = await svc.post('/labor/upload', body, opts);
  // laborUpload answers HTTP 200 in every case.
  expect(r.http).toBe(200);
  return r.body as { status: number; msg: string };
}

function patientRow(patid: number): Patient {
  return svc.service
    .db('demo')
    .prepare('SELECT patid, lastname, firstname, dob FROM patients WHERE patid = ?')
    .get(patid) as unknown as Patient;
}

async function labEntries(patid: number): Promise<Entry[]> {
  const r = await svc.post('/hx/getPatientHistory', { patid, category: 'Labor' });
  return r.body.result;
}

let serial = 0;
/** An HL7 result message with a value unique to this test run, so that each upload is new content. */
function hl7For(p: Patient, opts: { byId?: boolean; patid?: number | '' } = {}) {
  serial++;
  return buildHl7({
    patid: opts.patid ?? (opts.byId === false ? '' : p.patid),
    lastname: p.lastname,
    firstname: p.firstname,
    dob: p.dob,
    observed: '2026-03-04 08:15:00',
    battery: 'Blutbild',
    results: [
      { name: 'Hämoglobin', value: `70${serial}`, unit: 'g/l', range: '120-160', flag: '' },
      { name: 'CRP', value: '24', unit: 'mg/l', range: '<5', flag: 'H' },
    ],
    controlId: `T${serial}`,
  });
}

const ok = { status: 200, msg: 'successfully uploaded' };

describe('labor/upload: credentials and parameters', () => {
  it('refuses a key whose token lacks module labor, HTTP 200 status 400', async () => {
    const body = await upload('k.pdf', b64(makePdf(['key test'])), {}, { apiKey: 'demo-key-nolabor' });
    expect(body).toEqual({ status: 400, msg: 'API token is not enabled for module labor.' });
    expect(await upload('k.pdf', b64(makePdf(['key test'])), {}, { apiKey: 'demo-key' })).toEqual(ok);
  });

  it('refuses missing parameters with status 400 and the labor envelope (no result)', async () => {
    for (const [filename, content] of [
      [undefined, b64('x')],
      ['a.pdf', undefined],
      [undefined, undefined],
      ['', b64('x')],
      ['a.pdf', ''],
    ]) {
      expect(await upload(filename, content)).toEqual({
        status: 400,
        msg: 'missing required parameters in body',
      });
    }
  });

  it('accepts .hl7 and .pdf in any case and refuses other extensions with Unsupported file type.', async () => {
    for (const name of ['report.txt', 'report.pdf.exe', 'report', 'report.xml']) {
      expect(await upload(name, b64('%PDF-1.4'))).toEqual({ status: 400, msg: 'Unsupported file type.' });
    }
    expect(await upload('UPPER.PDF', b64(makePdf(['upper case'])))).toEqual(ok);
  });

  it('accepts a file name of 255 characters and refuses 256', async () => {
    const name255 = `${'n'.repeat(251)}.pdf`;
    expect(name255).toHaveLength(255);
    expect(await upload(name255, b64(makePdf(['long name'])))).toEqual(ok);
    expect(await upload(`n${name255}`, b64(makePdf(['longer name'])))).toEqual({
      status: 400,
      msg: 'Filename too long (at most 255 characters).',
    });
  });

  it('accepts 25 MB of Base64 content and refuses more', async () => {
    const limit = 25 * 1024 * 1024;
    const bytes = Buffer.alloc((limit / 4) * 3, 0x20);
    bytes.write('%PDF-1.4\n');
    const content = b64(bytes);
    expect(content).toHaveLength(limit);
    expect(await upload('big.pdf', content)).toEqual(ok);
    expect(await upload('bigger.pdf', `${content}AAAA`)).toEqual({
      status: 400,
      msg: 'File too large (at most 25 MB).',
    });
  }, 30_000);

  it('refuses content that is not Base64', async () => {
    expect(await upload('x.pdf', '%PDF-1.4 not base64!')).toEqual({
      status: 400,
      msg: 'Content is not valid Base64.',
    });
  });

  it('refuses an .hl7 without MSH segment with Invalid HL7 message.', async () => {
    expect(await upload('nomsh.hl7', b64('PID|1||1||Muster^Hans\rOBX|1|NM|1^Hb||130'))).toEqual({
      status: 400,
      msg: 'Invalid HL7 message.',
    });
  });

  it('refuses a .pdf that does not start with %PDF- with Invalid PDF file.', async () => {
    expect(await upload('fake.pdf', b64('Hello, not a PDF'))).toEqual({
      status: 400,
      msg: 'Invalid PDF file.',
    });
  });
});

describe('labor/upload: duplicates and versions', () => {
  it('refuses the same base name with identical content: file already exists, not saving again', async () => {
    const pdf = b64(makePdf(['duplicate test']));
    expect(await upload('dup.pdf', pdf)).toEqual(ok);
    expect(await upload('dup.pdf', pdf)).toEqual({
      status: 400,
      msg: 'file already exists, not saving again',
    });
    // Another base name with the same content is another file.
    expect(await upload('dup-other.pdf', pdf)).toEqual(ok);
  });

  it('appends a version to the same name with other content, up to 25; the 26th is refused', async () => {
    for (let v = 1; v <= 25; v++) {
      expect(await upload('versions.pdf', b64(makePdf([`version ${v}`])))).toEqual(ok);
    }
    expect(await upload('versions.pdf', b64(makePdf(['version 26'])))).toEqual({
      status: 400,
      msg: 'Too many versions of this file.',
    });
    const names = svc.service
      .db('demo')
      .prepare(
        "SELECT stored_name, version FROM labor_files WHERE name_key = 'versions.pdf' ORDER BY version",
      )
      .all() as { stored_name: string; version: number }[];
    expect(names).toHaveLength(25);
    expect(names[0].stored_name).toBe('versions.pdf');
    expect(names[1].stored_name).toBe('versions_2.pdf');
    expect(names[24].stored_name).toBe('versions_25.pdf');
  });
});

describe('labor/upload: HL7 import and pairing with the PDF', () => {
  it('imports an HL7 for the patient of PID-3 and writes a Labor entry listing the OBX results', async () => {
    const p = patientRow(7);
    const before = (await labEntries(p.patid)).length;
    expect(await upload('R-1001.hl7', b64(hl7For(p)))).toEqual(ok);
    const entries = await labEntries(p.patid);
    expect(entries).toHaveLength(before + 1);
    const entry = entries.find((e) => e.text.includes(`Hämoglobin: 70${serial} g/l`)) as Entry;
    expect(entry).toBeDefined();
    expect(entry.category).toBe('Labor');
    expect(entry.text).toContain('CRP: 24 mg/l (Ref. <5) H');
    expect(entry.attachments).toEqual([]);
  });

  it('attaches a PDF that arrives after its HL7 (same base name)', async () => {
    const p = patientRow(8);
    expect(await upload('R-1002.hl7', b64(hl7For(p)))).toEqual(ok);
    const pdf = makePdf(['Laborbefund R-1002']);
    expect(await upload('R-1002.pdf', b64(pdf))).toEqual(ok);
    const entry = (await labEntries(p.patid)).find((e) => e.text.includes(`70${serial} g/l`)) as Entry;
    expect(entry.attachments).toEqual([{ file: 'R-1002.pdf', md5: md5(pdf), size: pdf.byteLength }]);
    const file = await svc.post('/hx/getAttachment', { md5: md5(pdf) });
    expect(Buffer.from(file.body.result.content, 'base64').equals(Buffer.from(pdf))).toBe(true);
  });

  it('attaches a PDF that arrived before its HL7', async () => {
    const p = patientRow(9);
    const pdf = makePdf(['Laborbefund R-1003']);
    expect(await upload('R-1003.pdf', b64(pdf))).toEqual(ok);
    expect(await upload('R-1003.hl7', b64(hl7For(p)))).toEqual(ok);
    const entry = (await labEntries(p.patid)).find((e) => e.text.includes(`70${serial} g/l`)) as Entry;
    expect(entry.attachments.map((a) => a.md5)).toEqual([md5(pdf)]);
  });

  it('keeps a PDF without matching HL7 (status 200) and attaches it to nothing', async () => {
    const pdf = makePdf(['Laborbefund ohne HL7']);
    expect(await upload('R-lonely.pdf', b64(pdf))).toEqual(ok);
    const row = svc.service
      .db('demo')
      .prepare("SELECT historyid FROM labor_files WHERE base = 'R-lonely'")
      .get() as { historyid: number | null };
    expect(row.historyid).toBeNull();
    expect((await svc.post('/hx/getAttachment', { md5: md5(pdf) })).http).toBe(404);
  });

  it('ignores a patid sent with the upload: the patient comes from the HL7 only', async () => {
    const p = patientRow(10);
    const other = 11;
    const otherBefore = (await labEntries(other)).length;
    expect(await upload('R-1004.hl7', b64(hl7For(p)), { patid: other })).toEqual(ok);
    expect((await labEntries(p.patid)).some((e) => e.text.includes(`70${serial} g/l`))).toBe(true);
    expect(await labEntries(other)).toHaveLength(otherBefore);
  });

  it('finds the patient by PID-5 name and PID-7 birthday when PID-3 is empty or unknown', async () => {
    const p = patientRow(12);
    expect(await upload('R-1005.hl7', b64(hl7For(p, { byId: false })))).toEqual(ok);
    expect((await labEntries(p.patid)).some((e) => e.text.includes(`70${serial} g/l`))).toBe(true);
    expect(await upload('R-1006.hl7', b64(hl7For(p, { patid: 987_654 })))).toEqual(ok);
    expect((await labEntries(p.patid)).some((e) => e.text.includes(`70${serial} g/l`))).toBe(true);
  });

  it('answers status 500 hl7 import failed when the patient cannot be found, and keeps nothing', async () => {
    const stranger: Patient = { patid: 0, lastname: 'Unbekannt', firstname: 'Niemand', dob: '1900-01-01' };
    const message = b64(hl7For(stranger, { patid: 987_655 }));
    expect(await upload('R-1007.hl7', message)).toEqual({ status: 500, msg: 'hl7 import failed' });
    const { n } = svc.service
      .db('demo')
      .prepare("SELECT COUNT(*) AS n FROM labor_files WHERE base = 'R-1007'")
      .get() as {
      n: number;
    };
    expect(n).toBe(0);
    // Not a duplicate the second time: nothing was saved.
    expect(await upload('R-1007.hl7', message)).toEqual({ status: 500, msg: 'hl7 import failed' });
  });

  it('keeps tenants apart: an upload to demo writes nothing to sonnenhof', async () => {
    const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
    const p = patientRow(13);
    expect(await upload('R-1008.hl7', b64(hl7For(p)))).toEqual(ok);
    const there = await svc.post('/hx/getPatientHistory', { patid: 13, category: 'Labor' }, sonnenhof);
    expect(there.body.result.some((e: Entry) => e.text.includes(`70${serial} g/l`))).toBe(false);
  });
});

describe('labor/upload: failures inside the service', () => {
  // Temporary triggers on the service's own connection make the writes fail on purpose.
  const db = () => svc.service.db('demo');
  const entries = () => (db().prepare('SELECT COUNT(*) AS n FROM hx_entries').get() as { n: number }).n;
  // The service logs the failure; the test expects it.
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('answers status 500 failed to save file when the file cannot be stored, and keeps nothing', async () => {
    db().exec(
      "CREATE TEMP TRIGGER fail_save BEFORE INSERT ON labor_files BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      const before = entries();
      expect(await upload('R-2001.hl7', b64(hl7For(patientRow(14))))).toEqual({
        status: 500,
        msg: 'failed to save file',
      });
      // The history entry written before the failure is gone too.
      expect(entries()).toBe(before);
    } finally {
      db().exec('DROP TRIGGER fail_save');
    }
    expect(await upload('R-2001.hl7', b64(hl7For(patientRow(14))))).toEqual(ok);
  });

  it('answers status 500 an error occurred on any other failure', async () => {
    db().exec(
      "CREATE TEMP TRIGGER fail_entry BEFORE INSERT ON hx_entries BEGIN SELECT RAISE(ABORT, 'broken'); END",
    );
    try {
      expect(await upload('R-2002.hl7', b64(hl7For(patientRow(15))))).toEqual({
        status: 500,
        msg: 'an error occurred',
      });
    } finally {
      db().exec('DROP TRIGGER fail_entry');
    }
    const { n } = db().prepare("SELECT COUNT(*) AS n FROM labor_files WHERE base = 'R-2002'").get() as {
      n: number;
    };
    expect(n).toBe(0);
  });
});
