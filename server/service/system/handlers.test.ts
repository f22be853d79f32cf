import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patient } from '#contract/system.ts';
import { startService, type TestService } from '../test-support.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };

async function create(body: Record<string, unknown>, opts = {}) {
  const r = await svc.post('/system/createCustomer', body, opts);
  expect(r.http).toBe(200);
  expect(r.body.status).toBe(true);
  return r.body.result.id as number;
}

async function customer(patid: number, opts = {}) {
  const r = await svc.post('/system/getCustomerById', { patid }, opts);
  expect(r.http).toBe(200);
  return r.body.result;
}

function count(sqlText: string, ...args: (string | number)[]): number {
  return (
    svc.service
      .db('demo')
      .prepare(sqlText)
      .get(...args) as { n: number }
  ).n;
}

describe('system/createCustomer', () => {
  it('creates a patient with msg Customer created and result {id} only when no group was sent', async () => {
    const r = await svc.post('/system/createCustomer', { lastname: 'Aeschbacher', firstname: 'Vreni' });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: true, msg: 'Customer created', result: { id: expect.any(Number) } });
    const c = await customer(r.body.result.id);
    expect(c).toMatchObject({ lastname: 'Aeschbacher', firstname: 'Vreni', deleted: '0' });
  });

  it('accepts an empty body: every field is optional', async () => {
    const id = await create({});
    expect(await customer(id)).toMatchObject({ lastname: '', firstname: '', gender: 'male', dob: null });
  });

  it('stores female when gender contains the letter f (either case), else male', async () => {
    const cases: [unknown, string][] = [
      ['f', 'female'],
      ['F', 'female'],
      ['female', 'female'],
      ['Frau', 'female'],
      ['weiblich', 'male'],
      ['m', 'male'],
      ['male', 'male'],
      ['x', 'male'],
      [undefined, 'male'],
    ];
    for (const [gender, stored] of cases) {
      const id = await create({ lastname: 'Gendertest', gender });
      expect((await customer(id)).gender, String(gender)).toBe(stored);
    }
  });

  it('reads countrycode lower-cased and silently ignores a field named countryCode', async () => {
    const upper = await create({ lastname: 'Landtest', countrycode: 'CH' });
    expect((await customer(upper)).countrycode).toBe('ch');
    const camel = await create({ lastname: 'Landtest', countryCode: 'de' });
    expect((await customer(camel)).countrycode).toBe('');
    const both = await create({ lastname: 'Landtest', countrycode: 'it', countryCode: 'fr' });
    expect((await customer(both)).countrycode).toBe('it');
  });

  it('stores the contact fields and reads dob in either format; a dob it cannot read is stored as unknown', async () => {
    const id = await create({
      firstname: 'Ruedi',
      lastname: 'Zbinden',
      title: 'Dr.',
      dob: '03.02.1951',
      street: 'Bahnhofstrasse 1',
      zip: 8001,
      city: 'Zürich',
      country: 'Schweiz',
      mobile: '+41 79 555 11 22',
      mail: 'ruedi.zbinden@example.ch',
      ahv: '756.1111.2222.33',
      language: 'it',
    });
    expect(await customer(id)).toMatchObject({
      firstname: 'Ruedi',
      title: 'Dr.',
      dob: '1951-02-03',
      zip: '8001',
      city: 'Zürich',
      mail: 'ruedi.zbinden@example.ch',
      AHV: '756.1111.2222.33',
      language: 'it',
    });
    const bad = await create({ lastname: 'Zbinden', dob: '31.02.1951' });
    expect((await customer(bad)).dob).toBeNull();
  });

  it('answers an unknown language with status false, HTTP 200, Unknown language: <x>', async () => {
    const before = count('SELECT COUNT(*) AS n FROM patients');
    const r = await svc.post('/system/createCustomer', { lastname: 'Sprachtest', language: 'xx' });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: false, msg: 'Unknown language: xx', result: null });
    expect(count('SELECT COUNT(*) AS n FROM patients')).toBe(before);
  });

  it('accepts fr on demo but not on sonnenhof, which offers only de and en', async () => {
    expect(
      (await svc.post('/system/createCustomer', { lastname: 'Sprachtest', language: 'fr' })).body.status,
    ).toBe(true);
    const r = await svc.post('/system/createCustomer', { lastname: 'Sprachtest', language: 'fr' }, sonnenhof);
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: false, msg: 'Unknown language: fr', result: null });
    const en = await svc.post(
      '/system/createCustomer',
      { lastname: 'Sprachtest', language: 'en' },
      sonnenhof,
    );
    expect(en.body.status).toBe(true);
  });

  it('resolves the group by name and creates it when it does not exist', async () => {
    const first = await svc.post('/system/createCustomer', {
      lastname: 'Gruppentest',
      group: 'Laufsport 2026',
    });
    expect(first.body.result).toEqual({ id: expect.any(Number), group: 'created' });
    const second = await svc.post('/system/createCustomer', {
      lastname: 'Gruppentest',
      group: 'laufsport 2026',
    });
    expect(second.body.result).toEqual({ id: expect.any(Number), group: 'existed' });
    const seeded = await svc.post('/system/createCustomer', {
      lastname: 'Gruppentest',
      group: 'Stammpatienten',
    });
    expect(seeded.body.result.group).toBe('existed');
    expect(count("SELECT COUNT(*) AS n FROM patient_groups WHERE name = 'Laufsport 2026'")).toBe(1);
    const groupOf = (id: number) =>
      (
        svc.service.db('demo').prepare('SELECT group_id FROM patients WHERE patid = ?').get(id) as {
          group_id: number;
        }
      ).group_id;
    expect(groupOf(first.body.result.id)).toBe(groupOf(second.body.result.id));
  });
});

describe('system/searchPatients', () => {
  let dobPatient: number;
  beforeAll(async () => {
    dobPatient = await create({
      lastname: 'Zwygart-Müller',
      firstname: 'Ottilie',
      dob: '1931-02-03',
      mail: 'ottilie.zwygart@example.ch',
      ahv: '756.9876.5432.10',
    });
  });

  const search = (body: Record<string, unknown>, opts = {}) => svc.post('/system/searchPatients', body, opts);

  it('refuses unknown fields with HTTP 400, Unknown parameter(s): a, b and results null', async () => {
    const r = await search({ lastname: 'Meier', mobile: '079', countryCode: 'ch' });
    expect(r.http).toBe(400);
    expect(r.body).toEqual({
      status: false,
      msg: 'Unknown parameter(s): mobile, countryCode',
      results: null,
    });
  });

  it('refuses unknown fields before anything else is checked', async () => {
    const r = await search({ foo: 1, patid: 'abc' });
    expect(r.body.msg).toBe('Unknown parameter(s): foo');
  });

  it('requires at least one search criterion (offset and limit are none)', async () => {
    for (const body of [{}, { offset: 0, limit: 10 }, { lastname: '  ' }]) {
      const r = await search(body);
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Provide at least one search criterion.', results: null });
    }
  });

  it('answers status true, Matched N customers and the records', async () => {
    const r = await search({ patid: dobPatient });
    expect(r.http).toBe(200);
    expect(r.body.status).toBe(true);
    expect(r.body.msg).toBe('Matched 1 customers');
    expect(r.body.results).toHaveLength(1);
    const rec = r.body.results[0];
    expect(Object.keys(rec).sort()).toEqual(Object.keys(patient.shape).sort());
    expect(rec).toMatchObject({ patid: dobPatient, AHV: '756.9876.5432.10', deleted: '0', gender: 'male' });
    expect(rec).not.toHaveProperty('ahv');
    expect(patient.safeParse(rec).success).toBe(true);
  });

  it('answers results null (not an empty array) without hits', async () => {
    const r = await search({ lastname: 'Niemand-Gibtsnicht' });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: true, msg: 'Matched 0 customers', results: null });
  });

  it('finds by lastname contains-match, case-insensitive also for umlauts, double names included', async () => {
    for (const q of ['zwygart', 'ZWYGART', 'gart-mü', 'MÜLLER']) {
      const r = await search({ lastname: q, limit: 1000 });
      expect(
        r.body.results.map((p: { patid: number }) => p.patid),
        q,
      ).toContain(dobPatient);
    }
    // Seeded double names: `Müller` also finds `Müller-Schmid` and `Rossi-Meier` is found by `meier`.
    const doubles = count("SELECT COUNT(*) AS n FROM patients WHERE lastname LIKE '%-%'");
    expect(doubles).toBeGreaterThan(0);
    const meier = await search({ lastname: 'meier', limit: 1000 });
    const names: string[] = meier.body.results.map((p: { lastname: string }) => p.lastname);
    expect(names.every((n) => n.toLowerCase().includes('meier'))).toBe(true);
    expect(names.some((n) => n.includes('-'))).toBe(
      count("SELECT COUNT(*) AS n FROM patients WHERE lastname LIKE '%-%' AND lastname LIKE '%meier%'") > 0,
    );
    expect(names).toHaveLength(count("SELECT COUNT(*) AS n FROM patients WHERE lastname LIKE '%meier%'"));
  });

  it('finds by firstname contains-match and combines criteria with AND', async () => {
    const r = await search({ firstname: 'tili', lastname: 'zwygart' });
    expect(r.body.results.map((p: { patid: number }) => p.patid)).toEqual([dobPatient]);
    const none = await search({ firstname: 'Hans', lastname: 'zwygart' });
    expect(none.body.results).toBeNull();
  });

  it('finds by dob written DD.MM.YYYY or YYYY-MM-DD', async () => {
    for (const dob of ['1931-02-03', '03.02.1931', '3.2.1931']) {
      const r = await search({ dob });
      expect(
        r.body.results.map((p: { patid: number }) => p.patid),
        dob,
      ).toContain(dobPatient);
      expect(r.body.results.every((p: { dob: string }) => p.dob === '1931-02-03')).toBe(true);
    }
  });

  it('refuses a dob in another format or not a real day', async () => {
    for (const dob of ['1931/02/03', '31.02.1931', 'yesterday']) {
      const r = await search({ dob });
      expect(r.http).toBe(400);
      expect(r.body).toEqual({
        status: false,
        msg: 'Provide a valid dob (DD.MM.YYYY or YYYY-MM-DD).',
        results: null,
      });
    }
  });

  it('finds by patid exactly, deleted patients with deleted "1"', async () => {
    const r = await search({ patid: 40 });
    expect(r.body.results).toHaveLength(1);
    expect(r.body.results[0]).toMatchObject({ patid: 40, deleted: '1' });
    const asText = await search({ patid: '41' });
    expect(asText.body.results[0].patid).toBe(41);
  });

  it('refuses a patid that is not a positive integer', async () => {
    for (const patid of [0, -3, 1.5, 'abc']) {
      const r = await search({ patid });
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Provide a valid patid.', results: null });
    }
  });

  it('finds by mail exactly (not a part of it)', async () => {
    const r = await search({ mail: 'ottilie.zwygart@example.ch' });
    expect(r.body.results.map((p: { patid: number }) => p.patid)).toEqual([dobPatient]);
    expect((await search({ mail: 'OTTILIE.ZWYGART@example.ch' })).body.results).toHaveLength(1);
    expect((await search({ mail: 'zwygart@example.ch' })).body.results).toBeNull();
  });

  it('requires a mail of more than 7 characters containing @', async () => {
    for (const mail of ['a@b.ch', 'abc@d.c', 'abcdefghij']) {
      const r = await search({ mail });
      expect(r.http, mail).toBe(400);
      expect(r.body).toEqual({
        status: false,
        msg: 'Provide a valid mail (more than 7 characters, with @).',
        results: null,
      });
    }
    // Exactly 8 characters with @ is a valid (if fruitless) search.
    expect((await search({ mail: 'ab@cd.ch' })).http).toBe(200);
  });

  it('finds by AHV number exactly, with or without dots', async () => {
    for (const ahv of ['756.9876.5432.10', '7569876543210']) {
      const r = await search({ ahv });
      expect(r.body.results.map((p: { patid: number }) => p.patid)).toEqual([dobPatient]);
    }
    expect((await search({ ahv: '756.9876' })).body.results).toBeNull();
  });

  it('pages with offset and limit; limit over 1000 or invalid falls back silently to 100', async () => {
    const total = count("SELECT COUNT(*) AS n FROM patients WHERE lastname LIKE '%e%'");
    expect(total).toBeGreaterThan(100);
    const all = await search({ lastname: 'e', limit: 1000 });
    expect(all.body.results).toHaveLength(total);
    for (const limit of [5000, 0, -1, 'abc', 2.5]) {
      const r = await search({ lastname: 'e', limit });
      expect(r.http, String(limit)).toBe(200);
      expect(r.body.results, String(limit)).toHaveLength(100);
    }
    const page = await search({ lastname: 'e', limit: 10, offset: 10 });
    expect(page.body.results.map((p: { patid: number }) => p.patid)).toEqual(
      all.body.results.slice(10, 20).map((p: { patid: number }) => p.patid),
    );
  });

  it('keeps tenants apart', async () => {
    const r = await search({ lastname: 'Zwygart' }, sonnenhof);
    expect(r.body.results).toBeNull();
    const own = await create({ lastname: 'Sonnenhofer-Unikat' }, sonnenhof);
    expect((await search({ lastname: 'Sonnenhofer-Unikat' }, sonnenhof)).body.results[0].patid).toBe(own);
    expect((await search({ lastname: 'Sonnenhofer-Unikat' })).body.results).toBeNull();
  });
});

describe('system/getCustomerById', () => {
  it('answers one Patient record', async () => {
    const r = await svc.post('/system/getCustomerById', { patid: 1 });
    expect(r.http).toBe(200);
    expect(r.body.status).toBe(true);
    expect(patient.safeParse(r.body.result).success).toBe(true);
    expect(r.body.result.patid).toBe(1);
  });

  it('refuses a missing or zero patid with 400 Please provide a patient id.', async () => {
    for (const body of [{}, { patid: 0 }, { patid: 'x' }]) {
      const r = await svc.post('/system/getCustomerById', body);
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Please provide a patient id.', result: null });
    }
  });

  it('answers 404 Patient not found. for an unknown patid, also one of another tenant', async () => {
    const r = await svc.post('/system/getCustomerById', { patid: 999_999 });
    expect(r.http).toBe(404);
    expect(r.body).toEqual({ status: false, msg: 'Patient not found.', result: null });
    const id = await create({ lastname: 'Nur-Demo' });
    const elsewhere = await svc.post('/system/getCustomerById', { patid: id + 5000 }, sonnenhof);
    expect(elsewhere.http).toBe(404);
  });
});

describe('system/getProvider', () => {
  it('answers one Provider, also an inactive one', async () => {
    const r = await svc.post('/system/getProvider', { provider: 2 });
    expect(r.http).toBe(200);
    expect(r.body.result).toMatchObject({ userid: 2, familyname: 'Brunner', active: true });
    const inactive = await svc.post('/system/getProvider', { provider: 5 });
    expect(inactive.body.result).toMatchObject({ userid: 5, active: false });
  });

  it('refuses a missing provider with 400 Please provide a provider id.', async () => {
    for (const body of [{}, { provider: 0 }]) {
      const r = await svc.post('/system/getProvider', body);
      expect(r.http).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Please provide a provider id.', result: null });
    }
  });

  it('answers 404 Provider not found. for an unknown id and for a user who is no practitioner', async () => {
    for (const provider of [999, 1]) {
      const r = await svc.post('/system/getProvider', { provider });
      expect(r.http).toBe(404);
      expect(r.body).toEqual({ status: false, msg: 'Provider not found.', result: null });
    }
  });
});
