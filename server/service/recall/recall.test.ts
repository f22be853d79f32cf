import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZurich } from '../../time.ts';
import type { Db } from '../db/database.ts';
import { startService, type TestService } from '../test-support.ts';

const NOW = fromZurich('2026-11-18 10:00');

let svc: TestService;
let db: Db;
beforeAll(async () => {
  svc = await startService({ now: () => NOW });
  await svc.post('/recall/getRecalls', {});
  db = svc.service.db('demo');
});
afterAll(() => svc.close());

interface Recall {
  id: number;
  active: number;
  title: string;
  recallDate: string;
  recallText: string;
  recallType: string;
  recurring: number;
  recurringFrequency: string;
  patid: number;
  internalComment: string;
  status: string;
  errorMsg: string;
  customerMobile: string;
  customerMail: string;
}

const fields = [
  'id',
  'active',
  'title',
  'recallDate',
  'recallText',
  'recallType',
  'recurring',
  'recurringFrequency',
  'patid',
  'internalComment',
  'status',
  'errorMsg',
  'customerMobile',
  'customerMail',
].sort();

async function recalls(input: Record<string, unknown> = {}, opts = {}): Promise<Recall[]> {
  const r = await svc.post('/recall/getRecalls', input, opts);
  expect(r.http, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe(true);
  expect(r.body).not.toHaveProperty('pagination');
  return r.body.result;
}

const valid = {
  title: 'Jahreskontrolle',
  patid: 3,
  nextRecall: '2027-01-15 09:30:00',
  recallType: 'sms',
};

async function createRecall(input: Record<string, unknown>): Promise<number> {
  const r = await svc.post('/recall/createRecall', input);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true, msg: 'Recall created' });
  return r.body.result.recallId;
}

function count(where: string, ...params: number[]): number {
  return (db.prepare(`SELECT count(*) AS n FROM recalls WHERE ${where}`).get(...params) as { n: number }).n;
}

describe('getRecalls', () => {
  it('returns every recall except templates, by date, joined with the patient mobile and mail', async () => {
    const list = await recalls();
    expect(list).toHaveLength(count('preset = 0'));
    expect(list.every((r) => r.patid > 0)).toBe(true);
    const dates = list.map((r) => r.recallDate);
    expect([...dates].sort()).toEqual(dates);
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(fields);
      expect(r.recallDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const p = db.prepare('SELECT mobile, mail FROM patients WHERE patid = ?').get(r.patid) as {
        mobile: string;
        mail: string;
      };
      expect([r.customerMobile, r.customerMail]).toEqual([p.mobile, p.mail]);
    }
    // All three types and all three statuses are seeded; errors carry their message.
    expect(new Set(list.map((r) => r.recallType))).toEqual(new Set(['brief', 'sms', 'mail']));
    expect(new Set(list.map((r) => r.status))).toEqual(new Set(['sent', 'pending', 'error']));
    expect(list.filter((r) => r.status === 'error').every((r) => r.errorMsg !== '')).toBe(true);
    expect(list.some((r) => r.recurring === 1 && /^\d+[my]$/.test(r.recurringFrequency))).toBe(true);
  });

  it('preset 1 returns only the templates, sorted by title', async () => {
    const list = await recalls({ preset: 1 });
    expect(list).toHaveLength(count('preset = 1'));
    expect(list.length).toBeGreaterThan(1);
    const titles = list.map((r) => r.title);
    expect([...titles].sort((a, b) => a.localeCompare(b))).toEqual(titles);
    const ids = new Set((await recalls()).map((r) => r.id));
    expect(list.some((r) => ids.has(r.id))).toBe(false);
  });

  it('filters error (only status error), sent (only one-time) and patid', async () => {
    const errors = await recalls({ error: 1 });
    expect(errors.length).toBe(count("preset = 0 AND status = 'error'"));
    expect(errors.every((r) => r.status === 'error')).toBe(true);

    const oneTime = await recalls({ sent: 1 });
    expect(oneTime.length).toBe(count('preset = 0 AND recurring = 0'));
    expect(oneTime.every((r) => r.recurring === 0)).toBe(true);

    const patid = errors[0].patid;
    const own = await recalls({ patid });
    expect(own.length).toBe(count('preset = 0 AND patid = ?', patid));
    expect(own.every((r) => r.patid === patid)).toBe(true);
  });

  it('filters from/until on the recall day, both days included', async () => {
    const list = await recalls({ from: '2026-11-18', until: '2026-12-31' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.recallDate >= '2026-11-18' && r.recallDate <= '2026-12-31 23:59:59')).toBe(
      true,
    );
    const id = await createRecall({ ...valid, nextRecall: '2026-12-31 23:30' });
    expect((await recalls({ from: '2026-12-31', until: '2026-12-31' })).map((r) => r.id)).toContain(id);
  });

  it('mandant matches the first, second or third practitioner', async () => {
    for (const mandant of [2, 3, 4]) {
      const list = await recalls({ mandant });
      expect(list.length).toBe(count('preset = 0 AND ? IN (mandant1, mandant2, mandant3)', mandant));
      expect(list.length).toBeLessThan(count('preset = 0'));
    }
    const second = db
      .prepare('SELECT id, mandant2 FROM recalls WHERE preset = 0 AND mandant2 > 0 LIMIT 1')
      .get() as {
      id: number;
      mandant2: number;
    };
    expect((await recalls({ mandant: second.mandant2 })).map((r) => r.id)).toContain(second.id);
  });
});

describe('createRecall', () => {
  it('creates a pending recall and answers Recall created with the recallId', async () => {
    const r = await svc.post('/recall/createRecall', {
      ...valid,
      recallText: 'Bitte melden Sie sich.',
      internalComment: 'intern',
      active: 1,
      recurring: 1,
      recurringFrequency: '6m',
      nextRecall: '2027-01-15 09:30',
    });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: true, msg: 'Recall created', result: { recallId: expect.any(Number) } });
    const created = (await recalls({ patid: 3 })).find((x) => x.id === r.body.result.recallId);
    expect(created).toMatchObject({
      active: 1,
      title: 'Jahreskontrolle',
      recallDate: '2027-01-15 09:30:00',
      recallText: 'Bitte melden Sie sich.',
      recallType: 'sms',
      recurring: 1,
      recurringFrequency: '6m',
      patid: 3,
      internalComment: 'intern',
      status: 'pending',
      errorMsg: '',
    });
  });

  it('creates a template without patient with preset 1', async () => {
    const id = await createRecall({ ...valid, patid: 0, preset: 1, title: 'AAA Vorlage Test' });
    const templates = await recalls({ preset: 1 });
    expect(templates[0]).toMatchObject({ id, patid: 0, customerMobile: '', customerMail: '' });
    expect((await recalls()).some((r) => r.id === id)).toBe(false);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['title missing', { ...valid, title: undefined }, 'Please provide a title.'],
    ['title blank', { ...valid, title: '   ' }, 'Please provide a title.'],
    ['patid missing', { ...valid, patid: undefined }, 'Please provide a valid patient id.'],
    ['patid not a number', { ...valid, patid: 'x' }, 'Please provide a valid patient id.'],
    ['patid 0 without preset', { ...valid, patid: 0 }, 'Please provide a valid patient id.'],
    ['unknown patient', { ...valid, patid: 99_999 }, 'There is no patient with the provided patid.'],
    ['deleted patient', { ...valid, patid: 40 }, 'Patient is deleted.'],
    ['recall date missing', { ...valid, nextRecall: undefined }, 'Please provide a valid recall date.'],
    [
      'recall date without time',
      { ...valid, nextRecall: '2027-01-15' },
      'Please provide a valid recall date.',
    ],
    [
      'recall date impossible',
      { ...valid, nextRecall: '2027-02-30 10:00:00' },
      'Please provide a valid recall date.',
    ],
    ['recall type missing', { ...valid, recallType: undefined }, 'Please provide a valid recall type.'],
    ['recall type unknown', { ...valid, recallType: 'fax' }, 'Please provide a valid recall type.'],
  ];
  for (const [name, input, msg] of cases) {
    it(`answers ${name} with HTTP 200, status false: ${msg}`, async () => {
      const before = count('1');
      const r = await svc.post('/recall/createRecall', input);
      expect(r.http).toBe(200);
      expect(r.body).toEqual({ status: false, msg, result: null });
      expect(count('1')).toBe(before);
    });
  }
});

describe('modifyRecall', () => {
  it('answers an invalid recallId with HTTP 200 Please provide a valid recallId.', async () => {
    for (const recallId of [0, -3, 'abc', undefined]) {
      const r = await svc.post('/recall/modifyRecall', { ...valid, recallId });
      expect(r.http).toBe(200);
      expect(r.body).toEqual({ status: false, msg: 'Please provide a valid recallId.', result: null });
    }
  });

  it('checks that the recall exists before any other field', async () => {
    for (const body of [{ recallId: 99_999 }, { ...valid, recallId: 99_999 }]) {
      const r = await svc.post('/recall/modifyRecall', body);
      expect(r.http).toBe(200);
      expect(r.body).toEqual({
        status: false,
        msg: 'There is no recall with the provided recallId.',
        result: null,
      });
    }
  });

  it("then runs createRecall's checks, in order, with HTTP 200", async () => {
    const recallId = await createRecall(valid);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please provide a title.'],
      [{ title: 'x' }, 'Please provide a valid patient id.'],
      [{ title: 'x', patid: 99_999 }, 'There is no patient with the provided patid.'],
      [{ title: 'x', patid: 3 }, 'Please provide a valid recall date.'],
      [{ title: 'x', patid: 3, nextRecall: '2027-01-01 08:00' }, 'Please provide a valid recall type.'],
      [{ ...valid, nextRecall: 'soon' }, 'Please provide a valid recall date.'],
    ];
    for (const [input, msg] of cases) {
      const r = await svc.post('/recall/modifyRecall', { recallId, ...input });
      expect(r.http).toBe(200);
      expect(r.body, JSON.stringify(input)).toEqual({ status: false, msg, result: null });
    }
    expect((await recalls({ patid: 3 })).find((x) => x.id === recallId)?.title).toBe('Jahreskontrolle');
  });

  it('overwrites: fields not sent are written empty or 0; active other than exactly 1 becomes 0', async () => {
    const recallId = await createRecall({
      ...valid,
      recallText: 'Text',
      internalComment: 'Kommentar',
      active: 1,
      recurring: 1,
      recurringFrequency: '1y',
    });
    const r = await svc.post('/recall/modifyRecall', {
      recallId,
      title: 'Hautcheck',
      patid: 4,
      nextRecall: '2027-02-01 08:15:00',
      recallType: 'mail',
      active: 2,
    });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: true, msg: 'Recall modified', result: { recallId } });
    const after = (await recalls({ patid: 4 })).find((x) => x.id === recallId);
    expect(after).toMatchObject({
      title: 'Hautcheck',
      patid: 4,
      recallDate: '2027-02-01 08:15:00',
      recallType: 'mail',
      recallText: '',
      internalComment: '',
      active: 0,
      recurring: 0,
      recurringFrequency: '',
      status: 'pending',
    });

    for (const [active, expected] of [
      [1, 1],
      ['1', 1],
      [0, 0],
      ['yes', 0],
      [undefined, 0],
    ] as const) {
      await svc.post('/recall/modifyRecall', { ...valid, recallId, active });
      expect((await recalls({ patid: 3 })).find((x) => x.id === recallId)?.active, String(active)).toBe(
        expected,
      );
    }
  });

  /** A seeded recall in this status, of a patient who is not deleted. */
  const seededRecall = (status: 'sent' | 'error') =>
    db
      .prepare(
        `SELECT r.id, r.patid FROM recalls r JOIN patients p ON p.patid = r.patid
         WHERE r.status = ? AND r.preset = 0 AND p.deleted = 0 LIMIT 1`,
      )
      .get(status) as { id: number; patid: number };

  it('keeps the sending status of a sent or pending recall', async () => {
    const sent = seededRecall('sent');
    const r = await svc.post('/recall/modifyRecall', { ...valid, recallId: sent.id, patid: sent.patid });
    expect(r.body.status).toBe(true);
    const after = (await recalls({ patid: sent.patid })).find((x) => x.id === sent.id);
    expect(after).toMatchObject({ status: 'sent', title: valid.title });
  });

  it('queues a failed recall again when it is saved again: pending, without the error (decision 0019)', async () => {
    const failed = seededRecall('error');
    const r = await svc.post('/recall/modifyRecall', { ...valid, recallId: failed.id, patid: failed.patid });
    expect(r.body.status).toBe(true);
    const after = (await recalls({ patid: failed.patid })).find((x) => x.id === failed.id);
    expect(after).toMatchObject({ status: 'pending', errorMsg: '', title: valid.title });
  });
});

it("keeps each tenant's recalls to itself", async () => {
  const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
  const id = await createRecall({ ...valid, title: 'Nur Demo Recall' });
  expect((await recalls({}, sonnenhof)).some((r) => r.title === 'Nur Demo Recall')).toBe(false);
  expect((await recalls()).some((r) => r.id === id && r.title === 'Nur Demo Recall')).toBe(true);
  const there = await svc.post('/recall/modifyRecall', { ...valid, recallId: id + 1000 }, sonnenhof);
  expect(there.body.msg).toBe('There is no recall with the provided recallId.');
});
