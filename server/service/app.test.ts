import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './test-support.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('transport, tenants and authentication', () => {
  it('answers getProviders with status "ok" and no msg for demo:demo', async () => {
    const r = await svc.post('/system/getProviders', {});
    expect(r.http).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body).not.toHaveProperty('msg');
    expect(r.body.result.length).toBeGreaterThan(0);
    const names = r.body.result.map((p: { familyname: string }) => p.familyname);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(r.body.result.every((p: { active: boolean }) => p.active)).toBe(true);
  });

  it('includes inactive practitioners with getall 1', async () => {
    const r = await svc.post('/system/getProviders', { getall: 1 });
    expect(r.body.result.some((p: { active: boolean }) => !p.active)).toBe(true);
  });

  it('refuses missing credentials with 401 Unauthorized. and no Basic challenge', async () => {
    const r = await svc.post('/system/getProviders', {}, { basic: null });
    expect(r.http).toBe(401);
    expect(r.body).toEqual({ status: false, msg: 'Unauthorized.' });
    expect(r.headers['www-authenticate']).toBeUndefined();
  });

  it("refuses a wrong password and another tenant's credentials", async () => {
    expect((await svc.post('/system/getProviders', {}, { basic: 'demo:wrong' })).http).toBe(401);
    expect((await svc.post('/system/getProviders', {}, { basic: 'sonnenhof:sonnenhof' })).http).toBe(401);
    expect(
      (await svc.post('/system/getProviders', {}, { tenant: 'sonnenhof', basic: 'demo:demo' })).http,
    ).toBe(401);
    expect(
      (await svc.post('/system/getProviders', {}, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' }))
        .http,
    ).toBe(200);
  });

  it('accepts the API keys of the demo tenant and refuses unknown keys', async () => {
    expect((await svc.post('/system/getProviders', {}, { apiKey: 'demo-key' })).http).toBe(200);
    expect((await svc.post('/system/getProviders', {}, { apiKey: 'demo-key-nolabor' })).http).toBe(200);
    expect((await svc.post('/system/getProviders', {}, { apiKey: 'nope' })).http).toBe(401);
  });

  it('answers an unknown tenant with 404 Unknown tenant.', async () => {
    const r = await svc.post('/system/getProviders', {}, { tenant: 'nowhere' });
    expect(r.http).toBe(404);
    expect(r.body).toEqual({ status: false, msg: 'Unknown tenant.' });
  });

  it('answers an unknown operation with 404 and other methods with 405', async () => {
    const unknown = await svc.post('/system/nothingHere', {});
    expect(unknown.http).toBe(404);
    expect(unknown.body).toEqual({ status: false, msg: 'Unknown operation.' });
    const get = await svc.post('/system/getProviders', undefined, { method: 'GET' });
    expect(get.http).toBe(405);
    expect(get.body).toEqual({ status: false, msg: 'Method not allowed.' });
    expect(get.headers.allow).toBe('POST');
    expect(get.headers['cache-control']).toBe('no-store');
  });

  it('refuses a body that is not a JSON object with 400 Invalid JSON body.', async () => {
    for (const raw of ['{nope', '[1,2]', '"text"', 'null']) {
      const r = await svc.post('/system/getProviders', undefined, { raw });
      expect(r.http, raw).toBe(400);
      expect(r.body).toEqual({ status: false, msg: 'Invalid JSON body.' });
    }
  });

  it('treats an empty body as {}', async () => {
    const r = await svc.post('/system/getProviders', undefined, { raw: '' });
    expect(r.body.status).toBe('ok');
  });

  it('refuses a body over 1 MB with 413', async () => {
    const r = await svc.post('/system/getProviders', undefined, {
      raw: `{"x":"${'a'.repeat(1024 * 1024)}"}`,
    });
    expect(r.http).toBe(413);
    expect(r.body).toEqual({ status: false, msg: 'Request body too large.' });
  });

  it('tells who is signed in (whoami) with the tenant', async () => {
    const r = await svc.post('/system/whoami', {});
    expect(r.body.result).toMatchObject({ userid: 1, username: 'demo', tenant: 'demo' });
    const s = await svc.post('/system/whoami', {}, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' });
    expect(s.body.result).toMatchObject({ username: 'sonnenhof', tenant: 'sonnenhof' });
  });
});
