import { describe, expect, it } from 'vitest';
import { fail, stubApi } from '../test/api-stub.ts';
import { signInForTest } from '../test/render.tsx';
import { fetchMe, fetchUsers, userName } from './people.ts';

const provider = (userid: number, givenname: string, familyname: string, active = true) => ({
  userid,
  title: 'Dr. med.',
  givenname,
  familyname,
  specialization: '',
  gender: 'f',
  active,
});

const me = {
  userid: 1,
  username: 'demo',
  givenname: 'Petra',
  familyname: 'Sommer',
  modules: ['sales'],
  tenant: 'demo',
};

describe('fetchMe', () => {
  it('asks system/whoami', async () => {
    signInForTest();
    stubApi({ whoami: () => me });
    await expect(fetchMe()).resolves.toEqual(me);
  });

  it('without whoami, takes the practitioner picked at sign-in from getProviders', async () => {
    const session = signInForTest({ userid: 3 });
    const api = stubApi({
      getProviders: () => [provider(2, 'Andrea', 'Brunner'), provider(3, 'Marc', 'Favre')],
    });
    await expect(fetchMe(session)).resolves.toEqual({
      userid: 3,
      username: 'demo',
      givenname: 'Marc',
      familyname: 'Favre',
      modules: null,
      tenant: 'localhost',
    });
    expect(api.calls.map((c) => c.op)).toEqual(['whoami', 'getProviders']);
    expect(api.calls[1].input).toEqual({ getall: 1 });
  });

  it('passes other failures on', async () => {
    signInForTest();
    stubApi({ whoami: () => fail(401, 'Unauthorized.') });
    await expect(fetchMe()).rejects.toMatchObject({ kind: 'unauthorized', msg: 'Unauthorized.' });
  });
});

describe('fetchUsers', () => {
  it('asks system/getUsers for everyone, inactive included', async () => {
    signInForTest();
    const api = stubApi({
      getUsers: () => [{ userid: 6, givenname: 'Nina', familyname: 'Weber', active: true }],
    });
    await expect(fetchUsers()).resolves.toEqual([
      { userid: 6, givenname: 'Nina', familyname: 'Weber', active: true },
    ]);
    expect(api.calls[0].input).toEqual({ getall: 1 });
  });

  it('falls back to getProviders where getUsers is missing', async () => {
    signInForTest();
    stubApi({ getProviders: () => [provider(5, 'Hans', 'Keller', false)] });
    await expect(fetchUsers()).resolves.toEqual([
      { userid: 5, givenname: 'Hans', familyname: 'Keller', active: false },
    ]);
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
