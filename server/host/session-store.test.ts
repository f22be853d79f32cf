import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  newSessionId,
  openSessionStore,
  type SessionStore,
  type StoredSession,
  SWEEP_LIMIT,
  sessionCrypto,
} from './session-store.ts';
import { openEmbeddedStore, SESSIONS_FILE, sqliteSessionStore } from './session-store-sqlite.ts';
import { redisAvailable, startRedis, type TestRedis } from './test-redis.ts';

const NOW = 1_800_000_000;
let dir = '';
let redis: TestRedis | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'praxis-store-test-'));
  if (redisAvailable) redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const key = () => createHash('sha256').update(`id-${++n}-${Math.random()}`).digest('hex');
const record = (over: Partial<StoredSession> = {}): StoredSession => ({
  data: `sealed-${n}`,
  owner: 'owner-a',
  seen: NOW,
  expires: NOW + 3600,
  ...over,
});

/**
 * One suite, run against each store: what session.ts relies on, through the one interface. Each gives two handles
 * on the same data: two app servers (for SQLite, two connections to one file).
 */
const stores: [string, () => [SessionStore, SessionStore], boolean][] = [
  [
    'sqlite',
    () => {
      const file = join(dir, 'suite.sqlite');
      return [sqliteSessionStore(file), sqliteSessionStore(file)];
    },
    true,
  ],
  [
    'redis',
    () => {
      const open = () => openSessionStore({ url: redis?.url, dataDir: dir });
      return [open(), open()];
    },
    redisAvailable,
  ],
];

describe.each(stores)('the %s session store', (_name, open, runs) => {
  let store: SessionStore;
  let other: SessionStore;
  beforeAll(async () => {
    if (!runs) return;
    [store, other] = open();
    await Promise.all([store.ready(), other.ready()]);
  });
  afterAll(async () => {
    await store?.close();
    await other?.close();
  });

  it.runIf(runs)('gives back what was put, and nothing for an unknown key', async () => {
    const k = key();
    await store.put(k, record({ data: 'the-data' }), NOW);
    expect(await store.get(k, NOW)).toEqual(record({ data: 'the-data' }));
    expect(await store.get(key(), NOW)).toBeUndefined();
  });

  it.runIf(runs)(
    'is shared: a record put through one handle is read, changed and deleted through another',
    async () => {
      const k = key();
      await store.put(k, record({ data: 'shared' }), NOW);
      expect((await other.get(k, NOW))?.data).toBe('shared');
      await other.put(k, record({ data: 'locked' }), NOW);
      expect((await store.get(k, NOW))?.data).toBe('locked');
      await other.delete(k);
      expect(await store.get(k, NOW)).toBeUndefined();
    },
  );

  it.runIf(runs)('refuses a record from its end on', async () => {
    const k = key();
    await store.put(k, record({ expires: NOW + 60 }), NOW);
    expect(await store.get(k, NOW + 59)).toBeDefined();
    expect(await store.get(k, NOW + 60)).toBeUndefined();
  });

  it.runIf(runs)('overwrites a record whole (a lock), keeping nothing of the old data', async () => {
    const k = key();
    await store.put(k, record({ data: 'with-credentials' }), NOW);
    await store.put(k, record({ data: 'without', seen: NOW + 5 }), NOW + 5);
    expect(await store.get(k, NOW + 5)).toEqual(record({ data: 'without', seen: NOW + 5 }));
  });

  it.runIf(runs)('deletes one record', async () => {
    const [a, b] = [key(), key()];
    await store.put(a, record(), NOW);
    await store.put(b, record(), NOW);
    await store.delete(a);
    expect(await store.get(a, NOW)).toBeUndefined();
    expect(await store.get(b, NOW)).toBeDefined();
    await store.delete(a);
  });

  it.runIf(runs)("deletes every record of one owner, and no other's", async () => {
    const owner = `owner-${key()}`;
    const mine = [key(), key(), key()];
    const theirs = key();
    // Different lifetimes: a short session put last must not shorten the owner's list for the long ones.
    await store.put(mine[0], record({ owner, expires: NOW + 30 * 86400 }), NOW);
    await store.put(mine[1], record({ owner, expires: NOW + 12 * 3600 }), NOW);
    await other.put(mine[2], record({ owner, expires: NOW + 60 }), NOW);
    await store.put(theirs, record({ owner: `${owner}-else` }), NOW);
    await store.delete(mine[1]);
    expect(await other.deleteOwner(owner)).toBe(2);
    for (const k of mine) expect(await store.get(k, NOW)).toBeUndefined();
    expect(await store.get(theirs, NOW)).toBeDefined();
    expect(await store.deleteOwner(owner)).toBe(0);
  });

  it.runIf(runs)('touches the last request, and never brings a deleted record back', async () => {
    const k = key();
    await store.put(k, record({ seen: NOW }), NOW);
    await store.touch(k, NOW + 40);
    expect((await store.get(k, NOW + 40))?.seen).toBe(NOW + 40);
    await store.delete(k);
    await store.touch(k, NOW + 80);
    expect(await store.get(k, NOW + 80)).toBeUndefined();
  });
});

describe('the Redis store', () => {
  it.runIf(redisAvailable)(
    'lets Redis forget a session at its end (TTL), and the owner list with its last one',
    async () => {
      const store = openSessionStore({ url: redis?.url, dataDir: dir });
      const raw = createClient({ url: redis?.url });
      try {
        await store.ready();
        await raw.connect();
        const k = key();
        await store.put(k, record({ data: 'ttl-data', owner: 'ttl-owner', expires: NOW + 600 }), NOW);
        const ttl = await raw.ttl(`praxis:session:${k}`);
        expect(ttl).toBeGreaterThan(590);
        expect(ttl).toBeLessThanOrEqual(600);
        expect(await raw.ttl('praxis:session-owner:ttl-owner')).toBeGreaterThan(590);
        // What a dump shows: the hash of the id and sealed data, nothing else.
        expect(await raw.hGetAll(`praxis:session:${k}`)).toEqual({
          data: 'ttl-data',
          owner: 'ttl-owner',
          seen: String(NOW),
          expires: String(NOW + 600),
        });
      } finally {
        await store.close();
        if (raw.isOpen) await raw.close();
      }
    },
  );

  it('fails at once while Redis cannot be reached, instead of holding the request', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A port where nothing listens.
    const store = openSessionStore({ url: 'redis://127.0.0.1:1', dataDir: dir });
    try {
      const started = Date.now();
      await expect(store.get(key(), NOW)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await store.close();
      said.mockRestore();
    }
  });

  it('is named by a redis:// or rediss:// address only', () => {
    expect(() => openSessionStore({ url: 'http://127.0.0.1:6379', dataDir: dir })).toThrow(/redis:\/\//);
    expect(() => openSessionStore({ url: 'not an address', dataDir: dir })).toThrow(/redis:\/\//);
  });
});

describe('the embedded store', () => {
  it('is a file in DATA_DIR, with its -wal and -shm readable by the owner only', async () => {
    const data = join(dir, 'modes');
    const store = openEmbeddedStore(data);
    try {
      expect(store.kind).toBe('sqlite');
      await store.put(key(), record(), NOW);
      const file = join(data, SESSIONS_FILE);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    } finally {
      await store.close();
    }
  });

  it('keeps its sessions over a restart', async () => {
    const data = join(dir, 'restart');
    const k = key();
    const first = openEmbeddedStore(data);
    await first.put(k, record({ data: 'kept' }), NOW);
    await first.close();
    const second = openEmbeddedStore(data);
    try {
      expect((await second.get(k, NOW))?.data).toBe('kept');
    } finally {
      await second.close();
    }
  });

  it('keeps sessions in memory where DATA_DIR cannot hold the file, said once, instead of stopping the start', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A data directory below a plain file cannot be made (as root, a read-only mode would not stop the write).
    writeFileSync(join(dir, 'plain'), 'not a directory');
    const store = openEmbeddedStore(join(dir, 'plain', 'data'));
    try {
      expect(store.kind).toBe('memory');
      expect(said).toHaveBeenCalledTimes(1);
      expect(said).toHaveBeenCalledWith(expect.stringMatching(/kept in memory/));
      const k = key();
      await store.put(k, record(), NOW);
      expect(await store.get(k, NOW)).toBeDefined();
    } finally {
      await store.close();
      said.mockRestore();
    }
  });

  it('sweeps expired records, a bounded number at a time', async () => {
    const store = sqliteSessionStore(':memory:');
    try {
      for (let i = 0; i < SWEEP_LIMIT + 20; i++)
        await store.put(`old-${i}`, record({ expires: NOW + i }), NOW);
      await store.put('live', record({ expires: NOW + 86400 }), NOW);
      const later = NOW + SWEEP_LIMIT + 100;
      expect(await store.sweep(later)).toBe(SWEEP_LIMIT);
      expect(await store.sweep(later)).toBe(20);
      expect(await store.sweep(later)).toBe(0);
      expect(await store.get('live', later)).toBeDefined();
    } finally {
      await store.close();
    }
  });
});

describe('what the stores are given', () => {
  const crypto = sessionCrypto(new Uint8Array(randomBytes(32)));

  it('a key that is the SHA-256 of the id, and none for what cannot be an id', () => {
    const id = newSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(crypto.storeKey(id)).toBe(createHash('sha256').update(id).digest('hex'));
    expect(crypto.storeKey('not-an-id')).toBeUndefined();
    expect(crypto.storeKey(`${id}x`)).toBeUndefined();
  });

  it('sealed data: no credential readable, and it opens only with the same key under the same record', () => {
    const k = crypto.storeKey(newSessionId()) as string;
    const data = crypto.seal(k, { auth: { user: 'demo', password: 'secret-password' } });
    expect(Buffer.from(data, 'base64url').toString('latin1')).not.toContain('secret-password');
    expect(crypto.open(k, data)).toEqual({ auth: { user: 'demo', password: 'secret-password' } });
    // Copied onto another record's key, or opened with another server's key: nothing.
    expect(crypto.open(crypto.storeKey(newSessionId()) as string, data)).toBeUndefined();
    expect(sessionCrypto(new Uint8Array(randomBytes(32))).open(k, data)).toBeUndefined();
    expect(crypto.open(k, `${data.slice(0, -2)}AA`)).toBeUndefined();
  });

  it('an owner per practice and user, which does not name the user', () => {
    const a = crypto.owner('localhost:8080', 'basic:demo');
    expect(a).toBe(crypto.owner('localhost:8080', 'basic:demo'));
    expect(a).not.toBe(crypto.owner('sonnenhof.localhost:8080', 'basic:demo'));
    expect(a).not.toContain('demo');
  });

  it('a SQLite file without the id or a credential in it', async () => {
    const file = join(dir, 'dump.sqlite');
    const store = sqliteSessionStore(file);
    const id = newSessionId();
    const k = crypto.storeKey(id) as string;
    await store.put(k, { ...record(), data: crypto.seal(k, { password: 'secret-password' }) }, NOW);
    await store.close();
    const dump =
      readFileSync(file).toString('latin1') + readFileSync(`${file}-wal`, { flag: 'a+' }).toString('latin1');
    expect(dump).not.toContain(id);
    expect(dump).not.toContain('secret-password');
  });
});
