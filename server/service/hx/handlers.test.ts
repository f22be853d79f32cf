import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachment, attachmentFile, patientHistoryEntry } from '#contract/hx.ts';
import { startService, type TestService } from '../test-support.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

interface Entry {
  historyid: number;
  category: string;
  text: string;
  teaser: string;
  date: string;
  userid: string;
  attachments: { file: string; md5: string; size: number }[];
}

const history = async (body: Record<string, unknown>, opts = {}) =>
  svc.post('/hx/getPatientHistory', body, opts);
const db = () => svc.service.db('demo');

describe('hx/getPatientHistory', () => {
  it('lists the entries newest first, each fitting the contract, attachments always an array', async () => {
    const r = await history({ patid: 1 });
    expect(r.http).toBe(200);
    expect(r.body.status).toBe(true);
    const entries: Entry[] = r.body.result;
    expect(entries.length).toBeGreaterThan(5);
    for (const e of entries) {
      expect(patientHistoryEntry.safeParse(e).success).toBe(true);
      expect(Array.isArray(e.attachments)).toBe(true);
      expect(typeof e.userid).toBe('string');
      for (const a of e.attachments)
        expect(Object.keys(a).sort()).toEqual(Object.keys(attachment.shape).sort());
    }
    const dates = entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(entries.some((e) => e.attachments.length > 0)).toBe(true);
    expect(entries.some((e) => e.attachments.length === 0)).toBe(true);
  });

  it('never lists deleted entries', async () => {
    const deleted = db()
      .prepare('SELECT historyid FROM hx_entries WHERE patid = 1 AND deleted = 1')
      .all()
      .map((r) => (r as { historyid: number }).historyid);
    expect(deleted.length).toBeGreaterThan(0);
    const { n } = db()
      .prepare('SELECT COUNT(*) AS n FROM hx_entries WHERE patid = 1 AND deleted = 0')
      .get() as {
      n: number;
    };
    const entries: Entry[] = (await history({ patid: 1 })).body.result;
    expect(entries).toHaveLength(n);
    for (const id of deleted) expect(entries.map((e) => e.historyid)).not.toContain(id);
  });

  it('returns all entries for limit 0 or none, the newest ones for a limit', async () => {
    const all: Entry[] = (await history({ patid: 2 })).body.result;
    expect((await history({ patid: 2, limit: 0 })).body.result).toEqual(all);
    const three: Entry[] = (await history({ patid: 2, limit: 3 })).body.result;
    expect(three).toEqual(all.slice(0, 3));
  });

  it('filters the category by prefix, case-insensitive', async () => {
    const entries: Entry[] = (await history({ patid: 1, category: 'kons' })).body.result;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.category.startsWith('Konsultation'))).toBe(true);
    const labor: Entry[] = (await history({ patid: 1, category: 'Labor' })).body.result;
    expect(labor.length).toBeGreaterThan(0);
    expect(labor.every((e) => e.category === 'Labor')).toBe(true);
    // A prefix, not a contains-match.
    expect((await history({ patid: 1, category: 'abor' })).body.result).toEqual([]);
    // Empty = all.
    expect((await history({ patid: 1, category: '' })).body.result).toHaveLength(
      (await history({ patid: 1 })).body.result.length,
    );
  });

  it('filters text and teaser by contains-match', async () => {
    const all: Entry[] = (await history({ patid: 3 })).body.result;
    const withText = all.find((e) => e.text.length > 12) as Entry;
    const part = withText.text.slice(3, 11);
    const byText: Entry[] = (await history({ patid: 3, text: part.toUpperCase() })).body.result;
    expect(byText.map((e) => e.historyid)).toContain(withText.historyid);
    expect(byText.every((e) => e.text.toLowerCase().includes(part.toLowerCase()))).toBe(true);

    const byTeaser: Entry[] = (await history({ patid: 3, teaser: 'befund' })).body.result;
    expect(byTeaser.length).toBe(all.filter((e) => e.teaser.toLowerCase().includes('befund')).length);
    expect(byTeaser.length).toBeGreaterThan(0);
    expect((await history({ patid: 3, teaser: 'gibt es nicht' })).body.result).toEqual([]);
  });

  it('refuses patid 0 or none with 400 Please provide a patient id.', async () => {
    for (const body of [{ patid: 0 }, {}, { patid: 'abc' }]) {
      const r = await history(body);
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Please provide a patient id.', result: null });
    }
  });

  it('refuses a negative or fractional limit with 400 Provide a valid limit.', async () => {
    for (const limit of [-1, 1.5]) {
      const r = await history({ patid: 1, limit });
      expect(r.http).toBe(400);
      expect(r.body.msg).toBe('Provide a valid limit.');
    }
  });

  it('answers 404 Patient not found. for an unknown patient', async () => {
    const r = await history({ patid: 999_999 });
    expect(r.http).toBe(404);
    expect(r.body).toEqual({ status: false, msg: 'Patient not found.', result: null });
  });

  it("keeps tenants apart: sonnenhof's patient 1 has its own history", async () => {
    const demo: Entry[] = (await history({ patid: 1 })).body.result;
    const other: Entry[] = (
      await history({ patid: 1 }, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' })
    ).body.result;
    expect(other.length).toBeGreaterThan(0);
    expect(other.map((e) => e.text)).not.toEqual(demo.map((e) => e.text));
  });
});

describe('hx/getAttachment', () => {
  it('returns the file with mime and Base64 content whose md5 and size match', async () => {
    const entries: Entry[] = (await history({ patid: 1 })).body.result;
    const listed = entries.flatMap((e) => e.attachments)[0];
    const r = await svc.post('/hx/getAttachment', { md5: listed.md5 });
    expect(r.http).toBe(200);
    expect(attachmentFile.safeParse(r.body.result).success).toBe(true);
    const bytes = Buffer.from(r.body.result.content, 'base64');
    expect(r.body.result).toMatchObject({
      file: listed.file,
      md5: listed.md5,
      size: listed.size,
      mime: 'application/pdf',
    });
    expect(bytes.length).toBe(listed.size);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(listed.md5);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
    // The md5 is accepted in upper case too.
    expect((await svc.post('/hx/getAttachment', { md5: listed.md5.toUpperCase() })).body.result.md5).toBe(
      listed.md5,
    );
  });

  it('refuses a missing or malformed md5 with 400 Provide a valid md5.', async () => {
    for (const body of [{}, { md5: '' }, { md5: 'abc' }, { md5: 'z'.repeat(32) }, { md5: 42 }]) {
      const r = await svc.post('/hx/getAttachment', body);
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Provide a valid md5.', result: null });
    }
  });

  it('answers 404 Attachment not found. for an unknown md5 and for one of a deleted entry', async () => {
    const r = await svc.post('/hx/getAttachment', { md5: '0'.repeat(32) });
    expect(r.http).toBe(404);
    expect(r.body).toEqual({ status: false, msg: 'Attachment not found.', result: null });
    const ofDeleted = db()
      .prepare(
        `SELECT a.md5 FROM hx_attachments a JOIN hx_entries e ON e.historyid = a.historyid
         WHERE e.deleted = 1 AND a.md5 NOT IN (
           SELECT a2.md5 FROM hx_attachments a2 JOIN hx_entries e2 ON e2.historyid = a2.historyid WHERE e2.deleted = 0)
         LIMIT 1`,
      )
      .get() as { md5: string } | undefined;
    expect(ofDeleted).toBeDefined();
    expect((await svc.post('/hx/getAttachment', { md5: ofDeleted?.md5 })).http).toBe(404);
  });

  it("does not hand out another tenant's attachment", async () => {
    const entries: Entry[] = (await history({ patid: 1 })).body.result;
    const md5 = entries.flatMap((e) => e.attachments)[0].md5;
    const r = await svc.post(
      '/hx/getAttachment',
      { md5 },
      { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' },
    );
    expect(r.http).toBe(404);
  });
});
