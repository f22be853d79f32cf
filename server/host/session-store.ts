import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { openRedisStore } from './session-store-redis.ts';
import { openEmbeddedStore } from './session-store-sqlite.ts';

/**
 * Where the app's server keeps its sessions (docs/decisions/0044-sessions-in-a-store.md): one small interface, two
 * stores behind it. The embedded default is a SQLite file in DATA_DIR (kept over a restart); `SESSION_STORE=
 * redis://host:port` keeps them in Redis/Valkey, shared by every app server that names it.
 *
 * A store sees no session id and no credential: it is given the SHA-256 of the id as the record's key, and the
 * session sealed with AES-256-GCM (bound to that key). A dump of the store therefore opens nothing.
 */

export interface StoredSession {
  /** The session, credentials included, sealed (`SessionCrypto.seal`). */
  data: string;
  /** Whose it is (an HMAC of the practice's host and the user name or key fingerprint): "sign out everywhere". */
  owner: string;
  /** The last request (seconds since the epoch), written at most every half minute (`touch`). */
  seen: number;
  /** The end of its lifetime (seconds since the epoch): refused, and forgotten by the store, from then on. */
  expires: number;
}

export interface SessionStore {
  /** Where the sessions are, for the start message: `sqlite`, `memory` or `redis`. */
  readonly kind: 'sqlite' | 'memory' | 'redis';
  /** Resolves once the store answers (Redis: the first connection); the embedded one at once. */
  ready(): Promise<void>;
  /** The record, unless there is none or it has expired by `now`. */
  get(key: string, now: number): Promise<StoredSession | undefined>;
  /** Writes the record whole; the store forgets it at `session.expires` (its TTL, counted from `now`). */
  put(key: string, session: StoredSession, now: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every record of one owner; answers how many there were. */
  deleteOwner(owner: string): Promise<number>;
  /** Sets `seen` of an existing record (never brings a deleted one back). */
  touch(key: string, seen: number): Promise<void>;
  /** Forgets some expired records (bounded work per call); answers how many. */
  sweep(now: number): Promise<number>;
  close(): Promise<void>;
}

/** Records a sweep deletes at most: a sweep is part of some request, so it stays short whatever piled up. */
export const SWEEP_LIMIT = 500;

export interface StoreOptions {
  /** SESSION_STORE: unset for the embedded store, or `redis://host:port` (`rediss://` with TLS). */
  url?: string;
  dataDir: string;
}

/** The store that SESSION_STORE names: Redis/Valkey, else the embedded one in DATA_DIR. */
export function openSessionStore(options: StoreOptions): SessionStore {
  const url = options.url?.trim();
  if (!url) return openEmbeddedStore(options.dataDir);
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('SESSION_STORE must be a redis:// or rediss:// address, e.g. redis://127.0.0.1:6379.');
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new Error('SESSION_STORE must be a redis:// or rediss:// address, e.g. redis://127.0.0.1:6379.');
  }
  return openRedisStore(url);
}

/** The session id's form: 32 random bytes in base64url. Anything else is not looked up at all. */
const ID_FORM = /^[A-Za-z0-9_-]{43}$/;

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionCrypto {
  /** The store's key of a session id (its SHA-256), or undefined for what cannot be an id. */
  storeKey(id: string): string | undefined;
  /** Whose a session is: the same for every session of one user (or API key) at one practice. */
  owner(host: string, user: string): string;
  seal(storeKey: string, value: unknown): string;
  /** The sealed value, or undefined when it was not sealed with this key for this record. */
  open(storeKey: string, data: string): unknown;
}

/**
 * Sealing with the session key (`sessionKey()`): AES-256-GCM under a key derived for this use (HKDF), a fresh
 * 96-bit nonce each time, the record's key as additional data (a record copied onto another key does not open).
 */
export function sessionCrypto(key: Uint8Array): SessionCrypto {
  const sealKey = Buffer.from(hkdfSync('sha256', key, '', 'praxis-session-store', 32));
  const ownerKey = Buffer.from(hkdfSync('sha256', key, '', 'praxis-session-owner', 32));
  return {
    storeKey(id) {
      return ID_FORM.test(id) ? createHash('sha256').update(id).digest('hex') : undefined;
    },
    owner(host, user) {
      return createHmac('sha256', ownerKey).update(`${host}\n${user}`).digest('hex');
    },
    seal(storeKey, value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(storeKey, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(storeKey, data) {
      try {
        const raw = Buffer.from(data, 'base64url');
        if (raw.byteLength < 29) return undefined;
        const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(storeKey, 'utf8'));
        decipher.setAuthTag(raw.subarray(12, 28));
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}
