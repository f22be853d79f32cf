import { describe, expect, it } from 'vitest';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { fetchMe, fetchUsers, userName } from './people.ts';

const api = inProcessService();

interface Provider {
  userid: number;
  givenname: string;
  familyname: string;
  active: boolean;
}

async function providers(): Promise<Provider[]> {
  return (await api.send('getProviders', { getall: 1 })).body.result as Provider[];
}

const missing = () => ({ http: 404, msg: 'Unknown operation.' });

describe('fetchMe', () => {
  it('asks system/whoami', async () => {
    signInForTest();
    const me = await fetchMe();
    expect(me).toMatchObject({ username: 'demo', tenant: 'demo' });
    expect(me).toEqual((await api.send('whoami')).body.result);
    expect(api.calls.map((c) => c.op)).toEqual(['whoami']);
  });

  it('without whoami, takes the practitioner picked at sign-in from getProviders', async () => {
    const picked = (await providers()).at(-1);
    if (!picked) throw new Error('the demo practice has no providers');
    const session = signInForTest({ userid: picked.userid });
    api.intercept('whoami', missing);
    await expect(fetchMe(session)).resolves.toEqual({
      userid: picked.userid,
      username: 'demo',
      givenname: picked.givenname,
      familyname: picked.familyname,
      modules: null,
      tenant: 'demo',
    });
    expect(api.calls.map((c) => c.op)).toEqual(['whoami', 'getProviders']);
    expect(api.calls[1].input).toEqual({ getall: 1 });
  });

  it('passes other failures on', async () => {
    signInForTest({ auth: { kind: 'basic', user: 'demo', password: 'wrong' } });
    await expect(fetchMe()).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

describe('fetchUsers', () => {
  it('asks system/getUsers for everyone, inactive included', async () => {
    signInForTest();
    const users = await fetchUsers();
    expect(users).toEqual((await api.send('getUsers', { getall: 1 })).body.result);
    expect(users.length).toBeGreaterThan(0);
    expect(api.calls[0]).toMatchObject({ op: 'getUsers', input: { getall: 1 } });
  });

  it('falls back to getProviders where getUsers is missing', async () => {
    signInForTest();
    api.intercept('getUsers', missing);
    const expected = (await providers()).map(({ userid, givenname, familyname, active }) => ({
      userid,
      givenname,
      familyname,
      active,
    }));
    expect(expected.length).toBeGreaterThan(0);
    await expect(fetchUsers()).resolves.toEqual(expected);
    expect(api.calls.map((c) => c.op)).toEqual(['getUsers', 'getProviders']);
  });
});

describe('userName', () => {
  const users = [{ userid: 2, givenname: 'Andrea', familyname: 'Brunner', active: true }];
  it('shows the name, an unknown id as #id, nobody as empty', () => {
    expect(userName(users, 2)).toBe('Andrea Brunner');
    expect(userName(users, 9)).toBe('#9');
    expect(userName(users, 0)).toBe('');
    expect(userName(users, null)).toBe('');
    expect(userName(undefined, 2)).toBe('#2');
  });
});
