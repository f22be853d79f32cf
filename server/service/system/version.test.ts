import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateCustomerMessages } from '#contract/system.ts';
import { startService, type TestService } from '../test-support.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

let counter = 0;
async function created(): Promise<number> {
  counter++;
  const r = await svc.post('/system/createCustomer', {
    lastname: `Versionstest${counter}`,
    firstname: 'Anna',
  });
  expect(r.body.status).toBe(true);
  return r.body.result.id as number;
}

interface Read {
  patid: number;
  lastname: string;
  firstname: string;
  city: string;
  version?: number;
}

async function read(patid: number): Promise<Read> {
  const r = await svc.post('/system/getCustomerById', { patid });
  expect(r.http).toBe(200);
  return r.body.result as Read;
}

const update = (body: Record<string, unknown>) => svc.post('/system/updateCustomer', body);

describe('patient version and updateCustomer ifVersion (extensions.md section 4)', () => {
  it('getCustomerById and searchPatients list version 1 for a new patient; every change grows it', async () => {
    const patid = await created();
    expect(await read(patid)).toMatchObject({ version: 1 });
    const found = await svc.post('/system/searchPatients', { patid });
    expect(found.body.results).toEqual([expect.objectContaining({ patid, version: 1 })]);
    expect((await update({ patid, city: 'Bern' })).http).toBe(200);
    expect(await read(patid)).toMatchObject({ version: 2, city: 'Bern' });
    expect((await update({ patid, city: 'Thun', ifVersion: 2 })).body.status).toBe(true);
    expect(await read(patid)).toMatchObject({ version: 3, city: 'Thun' });
    // An update that changes nothing keeps the version.
    await update({ patid, city: 'Thun', ifVersion: 3 });
    expect(await read(patid)).toMatchObject({ version: 3 });
  });

  it('a deletion is a change too', async () => {
    const patid = await created();
    svc.service.db('demo').prepare('UPDATE patients SET deleted = 1 WHERE patid = ?').run(patid);
    expect(await read(patid)).toMatchObject({ version: 2 });
  });

  it('answers 409 and changes nothing when ifVersion is not the current version', async () => {
    const patid = await created();
    await update({ patid, city: 'Biel', ifVersion: 1 });
    const stale = await update({ patid, city: 'Olten', firstname: 'Berta', ifVersion: 1 });
    expect(stale.http).toBe(409);
    expect(stale.body).toEqual({ status: false, msg: updateCustomerMessages.changed, result: null });
    expect(await read(patid)).toMatchObject({ version: 2, city: 'Biel', firstname: 'Anna' });
  });

  it('40 interleaved writers, each with the version it read: every acknowledged change is kept, the others get 409', async () => {
    const patid = await created();
    const acknowledged: string[] = [];
    for (let wave = 0; wave < 10; wave++) {
      const reads = await Promise.all([0, 1, 2, 3].map(() => read(patid)));
      const writes = await Promise.all(
        reads.map((r, i) => update({ patid, city: `${r.city} w${wave}.${i}`.trim(), ifVersion: r.version })),
      );
      writes.forEach((w, i) => {
        if (w.http === 200) acknowledged.push(`w${wave}.${i}`);
        else expect(w.body.msg).toBe(updateCustomerMessages.changed);
      });
      expect(
        writes.filter((w) => w.http === 200),
        `wave ${wave}`,
      ).toHaveLength(1);
    }
    const final = await read(patid);
    expect(final.city.split(' ')).toEqual(acknowledged);
    expect(final.version).toBe(1 + acknowledged.length);
  });
});
