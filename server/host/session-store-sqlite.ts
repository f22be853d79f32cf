import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type SessionStore, type StoredSession, SWEEP_LIMIT } from './session-store.ts';

/** The embedded session store's file in DATA_DIR. */
export const SESSIONS_FILE = 'sessions.sqlite';

/**
 * The embedded store: `DATA_DIR/sessions.sqlite`, so a restart signs nobody out (and app servers on one machine
 * sharing DATA_DIR share it). Where DATA_DIR cannot hold it (read-only, full, not a directory), the sessions are
 * kept in memory instead, said once: the server starts all the same (docs/api.md#hardening).
 */
export function openEmbeddedStore(dataDir: string): SessionStore {
  const file = join(dataDir, SESSIONS_FILE);
  try {
    return sqliteSessionStore(file);
  } catch (e) {
    console.error(
      `No session store could be kept in ${dataDir} (${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}): sessions are kept in memory and end when this server stops.`,
    );
    return sqliteSessionStore(':memory:');
  }
}

/** The store on one SQLite database: a file (mode 0600, as are its -wal and -shm), or `:memory:`. */
export function sqliteSessionStore(file: string): SessionStore {
  const memory = file === ':memory:';
  if (!memory) {
    mkdirSync(dirname(file), { recursive: true });
    // Made with mode 0600 before SQLite opens it: SQLite gives the WAL and its shared memory the database file's
    // mode. A file an older version (or the umask) made wider is narrowed.
    closeSync(openSync(file, 'a', 0o600));
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
  }
  const db = new DatabaseSync(file);
  try {
    db.exec(`
      PRAGMA journal_mode = ${memory ? 'MEMORY' : 'WAL'};
      PRAGMA synchronous = NORMAL;
      PRAGMA busy_timeout = 5000;
      CREATE TABLE IF NOT EXISTS sessions (
        key TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        owner TEXT NOT NULL,
        seen INTEGER NOT NULL,
        expires INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS sessions_owner ON sessions (owner);
      CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires);
    `);
  } catch (e) {
    db.close();
    throw e;
  }
  const get = db.prepare('SELECT data, owner, seen, expires FROM sessions WHERE key = ? AND expires > ?');
  const put = db.prepare(
    `INSERT INTO sessions (key, data, owner, seen, expires) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET data = excluded.data, owner = excluded.owner, seen = excluded.seen,
       expires = excluded.expires`,
  );
  const del = db.prepare('DELETE FROM sessions WHERE key = ?');
  const delOwner = db.prepare('DELETE FROM sessions WHERE owner = ?');
  const touch = db.prepare('UPDATE sessions SET seen = ? WHERE key = ? AND seen < ?');
  const sweep = db.prepare(
    'DELETE FROM sessions WHERE key IN (SELECT key FROM sessions WHERE expires <= ? ORDER BY expires LIMIT ?)',
  );
  return {
    kind: memory ? 'memory' : 'sqlite',
    ready: async () => undefined,
    async get(key, now) {
      const row = get.get(key, now) as StoredSession | undefined;
      return row ? { data: row.data, owner: row.owner, seen: row.seen, expires: row.expires } : undefined;
    },
    async put(key, s) {
      put.run(key, s.data, s.owner, s.seen, s.expires);
    },
    async delete(key) {
      del.run(key);
    },
    async deleteOwner(owner) {
      return Number(delOwner.run(owner).changes);
    },
    async touch(key, seen) {
      touch.run(seen, key, seen);
    },
    async sweep(now) {
      return Number(sweep.run(now, SWEEP_LIMIT).changes);
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
