import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startService, type TestService } from './test-support.ts';

/** A service whose clock the test moves (the throttle counts with it). */
async function withClock(): Promise<{ svc: TestService; advance: (ms: number) => void }> {
  // Stands still unless the test moves it: a slow machine must not move it between two requests.
  let at = Date.now();
  const svc = await startService({ now: () => new Date(at) });
  return {
    svc,
    advance: (ms) => {
      at += ms;
    },
  };
}

let open: TestService[] = [];
afterEach(async () => {
  for (const s of open) await s.close();
  open = [];
  vi.restoreAllMocks();
});

async function started() {
  const c = await withClock();
  open.push(c.svc);
  return c;
}

const prototypeNames = [...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype'];

describe('credentials only among the tenant’s own users and keys', () => {
  it('refuses every property name of Object.prototype as API key and as user name, on both tenants', async () => {
    const { svc, advance } = await started();
    expect(prototypeNames).toEqual(expect.arrayContaining(['constructor', 'toString', 'hasOwnProperty']));
    let tried = 0;
    for (const tenant of [undefined, 'sonnenhof']) {
      for (const name of prototypeNames) {
        const asKey = await svc.post('/sales/getLeads', {}, { tenant, apiKey: name });
        const asUser = await svc.post('/sales/getLeads', {}, { tenant, basic: `${name}:${name}` });
        const asUserNoPassword = await svc.post('/sales/getLeads', {}, { tenant, basic: `${name}:` });
        for (const r of [asKey, asUser, asUserNoPassword]) {
          expect(r.http, `${tenant ?? 'demo'} ${name}`).toBe(401);
          expect(r.body).toEqual({ status: false, msg: 'Unauthorized.' });
        }
        tried += 3;
        // Stay below the throttle: these are 401s, not 429s.
        advance(61_000);
      }
    }
    expect(tried).toBe(prototypeNames.length * 6);
    // The real credentials still work.
    expect((await svc.post('/sales/getLeads', {}, { apiKey: 'demo-key' })).http).toBe(200);
  });

  it('reads the Authorization scheme name in any case', async () => {
    const { svc } = await started();
    for (const scheme of ['Basic', 'basic', 'BASIC', 'bAsIc']) {
      const r = await svc.post(
        '/system/whoami',
        {},
        {
          basic: null,
          headers: { authorization: `${scheme} ${Buffer.from('demo:demo').toString('base64')}` },
        },
      );
      expect(r.http, scheme).toBe(200);
      expect(r.body.result.username).toBe('demo');
    }
    const bearer = await svc.post(
      '/system/whoami',
      {},
      { basic: null, headers: { authorization: `Bearer ${Buffer.from('demo:demo').toString('base64')}` } },
    );
    expect(bearer.http).toBe(401);
  });
});

describe('failed sign-in throttling (20 per 60 s per address and tenant)', () => {
  const wrong = { basic: 'demo:wrong' };

  it('answers 429 with Retry-After after the 20th failure, for right credentials too, until 60 s have passed', async () => {
    const { svc, advance } = await started();
    for (let i = 0; i < 20; i++) {
      expect((await svc.post('/system/whoami', {}, wrong)).http).toBe(401);
      advance(1000);
    }
    // The 20th failure was 1 s ago.
    const blocked = await svc.post('/system/whoami', {});
    expect(blocked.http).toBe(429);
    expect(blocked.body).toEqual({ status: false, msg: 'Too many failed sign-ins. Try again later.' });
    expect(blocked.headers['retry-after']).toBe('59');

    // Another client address and another tenant are not affected.
    expect((await svc.post('/system/whoami', {}, { from: '127.0.0.2' })).http).toBe(200);
    expect(
      (await svc.post('/system/whoami', {}, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' })).http,
    ).toBe(200);

    advance(58_000);
    const last = await svc.post('/system/whoami', {});
    expect(last.http).toBe(429);
    expect(last.headers['retry-after']).toBe('1');
    advance(1000);
    expect((await svc.post('/system/whoami', {})).http).toBe(200);
  });

  it('never counts requests without credentials: 30 of them, then the right credentials from there are served', async () => {
    const { svc } = await started();
    for (let i = 0; i < 30; i++) {
      const none = await svc.post('/sales/getLeads', {}, { basic: null });
      expect(none.http).toBe(401);
      expect(none.body).toEqual({ status: false, msg: 'Unauthorized.' });
    }
    expect((await svc.post('/system/whoami', {})).http).toBe(200);
  });

  it('does not count successful requests, nor failures older than 60 s', async () => {
    const { svc, advance } = await started();
    for (let i = 0; i < 19; i++) expect((await svc.post('/system/whoami', {}, wrong)).http).toBe(401);
    for (let i = 0; i < 5; i++) expect((await svc.post('/system/whoami', {})).http).toBe(200);
    advance(60_000);
    for (let i = 0; i < 19; i++) expect((await svc.post('/system/whoami', {}, wrong)).http).toBe(401);
    expect((await svc.post('/system/whoami', {})).http).toBe(200);
    // The 20th within the window blocks.
    expect((await svc.post('/system/whoami', {}, wrong)).http).toBe(401);
    expect((await svc.post('/system/whoami', {})).http).toBe(429);
  });
});

describe('bad input gets a 4xx envelope, never a 500', () => {
  it('answers a Host that is not a host name with 404 Unknown tenant.', async () => {
    const { svc } = await started();
    for (const host of [
      '999.1.1.1',
      '999.1.1.1:80',
      'demo!x.localhost',
      'de mo.localhost',
      'demo.localhost:99999',
    ]) {
      const r = await svc.post('/system/whoami', {}, { headers: { host } });
      expect(r.http, host).toBe(404);
      expect(r.body, host).toEqual({ status: false, msg: 'Unknown tenant.' });
    }
    expect((await svc.post('/system/whoami', {}, { headers: { host: '10.1.2.3:8080' } })).http).toBe(200);
  });

  it('refuses a body nested deeper than 32 levels, even 100,000 deep', async () => {
    const { svc } = await started();
    const nested = (n: number, inner = '1') => `${'{"a":'.repeat(n)}${inner}${'}'.repeat(n)}`;
    const arrays = (n: number) => `{"x":${'['.repeat(n)}${']'.repeat(n)}}`;
    for (const raw of [nested(100_000), arrays(100_000), nested(33)]) {
      for (const op of ['/hx/getPatientHistory', '/sales/createLead', '/system/whoami']) {
        const r = await svc.post(op, undefined, { raw });
        expect(r.http, op).toBe(400);
        expect(r.body).toMatchObject({ status: false, msg: 'Request nested too deeply.' });
      }
    }
    // 32 levels (the body counts as the first) are read; the schema then says what is wrong.
    const ok = await svc.post('/hx/getPatientHistory', undefined, { raw: `{"patid":1,"x":${nested(31)}}` });
    expect(ok.body.msg).not.toBe('Request nested too deeply.');
  });

  it('refuses search texts over 200 characters naming the field', async () => {
    const { svc } = await started();
    // Nearly a megabyte: the most a body may hold (1 MB).
    const mb = 'x'.repeat(1_000_000);
    const cases: [string, unknown, string][] = [
      ['/system/searchPatients', { lastname: mb }, 'lastname'],
      ['/system/searchPatients', { firstname: 'y'.repeat(201) }, 'firstname'],
      ['/agenda/getAppointments', { appointment: mb }, 'appointment'],
      ['/agenda/getAppointments', { comment: 'z'.repeat(201) }, 'comment'],
      ['/sales/getLeads', { filter: { search: mb } }, 'filter.search'],
      ['/hx/getPatientHistory', { patid: 1, teaser: mb }, 'teaser'],
    ];
    for (const [op, body, field] of cases) {
      const r = await svc.post(op, body);
      expect(r.http, `${op} ${field}`).toBe(400);
      expect(r.body.status).toBe(false);
      expect(r.body.msg).toBe(`Search text too long: ${field} (at most 200 characters).`);
    }
    const fits = await svc.post('/system/searchPatients', { lastname: 'x'.repeat(200) });
    expect(fits.http).toBe(200);
    expect(fits.body.results).toBeNull();
  });

  it('refuses text fields over 10,000 characters naming the field as sent, also where errors are HTTP 200', async () => {
    const { svc } = await started();
    const long = 'ä'.repeat(10_001);
    const lead = await svc.post('/sales/createLead', { ispatient: 1, contact: { lastname: long } });
    expect(lead.http).toBe(400);
    expect(lead.body).toEqual({
      status: false,
      msg: 'Text too long: contact.lastname (at most 10000 characters).',
      result: null,
    });
    const customer = await svc.post('/system/createCustomer', { lastname: long });
    expect(customer.http).toBe(400);
    expect(customer.body.msg).toBe('Text too long: lastname (at most 10000 characters).');
    const note = await svc.post('/sales/addLeadNote', { leadId: 1, text: long });
    expect(note.body.msg).toBe('Text too long: text (at most 10000 characters).');
    const fits = await svc.post('/sales/createLead', {
      ispatient: 1,
      contact: { lastname: 'ä'.repeat(10_000) },
    });
    expect(fits.http).toBe(200);
  });
});

describe('access line per request', () => {
  it('prints tenant, user, operation, status and ms, never the password, the key or patient data', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const svc = await startService({ accessLog: undefined });
    open.push(svc);
    const patient = 'Zwyssig-Obersteg';
    const password = 'S3cret-passw0rd!';
    await svc.post('/system/createCustomer', { lastname: patient, firstname: 'Hedwig' });
    await svc.post('/system/searchPatients', { lastname: patient });
    await svc.post('/system/searchPatients', { lastname: patient }, { basic: `demo:${password}` });
    await svc.post('/system/whoami', {}, { apiKey: 'demo-key-nolabor' });
    await svc.post('/system/whoami', {}, { apiKey: 'demo-key' });
    await svc.post('/system/nothing', {}, { from: '127.0.0.2' });

    const access = lines
      .join('')
      .split('\n')
      .filter((l) => l.includes(' demo '));
    expect(access).toHaveLength(6);
    expect(access[0]).toMatch(/^\S+Z 127\.0\.0\.1 demo 1 createCustomer 200 \d+ms$/);
    expect(access[1]).toMatch(/ 127\.0\.0\.1 demo 1 searchPatients 200 \d+ms$/);
    expect(access[2]).toMatch(/ demo - searchPatients 401 \d+ms$/);
    // Keys by the first 8 hex digits of their SHA-256: the two demo keys are told apart, neither is shown.
    const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 8);
    expect(access[3]).toMatch(new RegExp(` demo key:${fingerprint('demo-key-nolabor')} whoami 200 \\d+ms$`));
    expect(access[4]).toMatch(new RegExp(` demo key:${fingerprint('demo-key')} whoami 200 \\d+ms$`));
    expect(access[5]).toMatch(/ 127\.0\.0\.2 demo - - 404 \d+ms$/);
    const all = lines.join('');
    expect(all).not.toContain(patient);
    expect(all).not.toContain('Hedwig');
    expect(all).not.toContain(password);
    expect(all).not.toContain('demo-key');
    expect(all).not.toContain('key:demo');
  });

  it('names an API key in whoami by its fingerprint too, never by any of its characters', async () => {
    const svc = await startService();
    open.push(svc);
    const me = await svc.post('/system/whoami', {}, { apiKey: 'demo-key' });
    const fingerprint = createHash('sha256').update('demo-key').digest('hex').slice(0, 8);
    expect(me.body.result.username).toBe(`api-key:${fingerprint}`);
    expect(JSON.stringify(me.body)).not.toContain('demo-key');
    expect(JSON.stringify(me.body)).not.toMatch(/api-key:demo/);
  });
});

describe('Cache-Control: no-store on every /v1 answer', () => {
  it('on answers, refusals, unknown operations and the raw OpenAPI document', async () => {
    const { svc } = await started();
    const answers = [
      await svc.post('/system/whoami', {}),
      await svc.post('/sales/getLeads', {}, { basic: 'demo:wrong' }),
      await svc.post('/system/nothing', {}),
      await svc.post('/system/whoami', {}, { method: 'GET' }),
      await svc.post('/system/whoami', undefined, { raw: '{' }),
      await svc.post('/system/openapi', { format: 'json' }),
      await svc.post('/system/whoami', {}, { headers: { host: 'nowhere.localhost' } }),
    ];
    for (const r of answers)
      expect(r.headers['cache-control'], `${r.http} ${r.text.slice(0, 40)}`).toBe('no-store');
  });
});
