import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { registerFold } from './fold.ts';
import { migrations } from './migrations/index.ts';

export type Db = DatabaseSync;

/** Opens (and creates) a tenant's database file, applying pending migrations. Returns whether it was new. */
export function openDatabase(file: string): { db: Db; created: boolean } {
  const db = new DatabaseSync(file);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  const created = migrate(db);
  return { db, created };
}

export function tenantFile(dataDir: string, tenant: string): string {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, `${tenant}.sqlite`);
}

/** Applies every migration not yet applied, each in its own transaction. Returns true when none had been applied. */
export function migrate(db: Db): boolean {
  // The folded-copy triggers call it: every connection that writes needs it, before anything is written.
  registerFold(db);
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied TEXT NOT NULL)');
  const done = new Set(
    (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id),
  );
  const fresh = done.size === 0;
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    transaction(db, () => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (id, applied) VALUES (?, ?)').run(
        m.id,
        new Date().toISOString(),
      );
    });
  }
  return fresh;
}

/** Runs fn in one immediate transaction: all of it is written, or none of it. */
export function transaction<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = fn();
    db.exec('COMMIT');
    return out;
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
}

/** transaction() for a handler that may pause: the transaction stays open across its pauses. */
export async function transactionAsync<T>(db: Db, fn: () => T | Promise<T>): Promise<T> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = await fn();
    db.exec('COMMIT');
    return out;
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
}

const cache = new WeakMap<Db, Map<string, StatementSync>>();

/** A prepared statement, cached per database: the hot paths prepare each SQL text once. */
export function sql(db: Db, text: string): StatementSync {
  let stmts = cache.get(db);
  if (!stmts) {
    stmts = new Map();
    cache.set(db, stmts);
  }
  let s = stmts.get(text);
  if (!s) {
    s = db.prepare(text);
    stmts.set(text, s);
  }
  return s;
}
