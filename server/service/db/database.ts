import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, linkSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { foldText, phoneKey, plainText } from '#contract/text-match.ts';
import { registerFold } from './fold.ts';
import { migrations } from './migrations/index.ts';

export type Db = DatabaseSync;

/**
 * Primary SQLite result codes of storage that refuses (permission, busy, locked, read-only, I/O error, full,
 * cannot open, not a database, corrupt), and the file system's own: the practice's data cannot be had right now,
 * which is no fault of the request (docs/api.md#hardening).
 */
const storageCodes = new Set([3, 5, 6, 8, 10, 11, 13, 14, 26]);
const storageErrnos = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO']);

/** Whether an error is the disk refusing (answered 503), not a fault of the request or of the code. */
export function isStorageFault(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const errcode = (e as { errcode?: unknown }).errcode;
  if (typeof errcode === 'number') return storageCodes.has(errcode & 0xff);
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && storageErrnos.has(code);
}

/**
 * Opens (and creates) a tenant's database file, applying pending migrations. Returns whether it was new.
 * When the disk refuses writing (a read-only DATA_DIR: not even the WAL's shared-memory file can be made), an
 * existing file is opened read-only instead, so that reads go on and writes answer 503 (`readOnly`).
 */
export function openDatabase(file: string): { db: Db; created: boolean; readOnly: boolean } {
  ownerOnly(file);
  const db = new DatabaseSync(file);
  try {
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
    );
    const created = migrate(db);
    return { db, created, readOnly: false };
  } catch (e) {
    closeQuietly(db);
    if (!isStorageFault(e) || !existsSync(file)) throw e;
    return { db: openReadOnly(file), created: false, readOnly: true };
  }
}

/**
 * Read-only, as immutable: SQLite then needs neither a journal nor the WAL's shared memory, which a read-only
 * directory cannot hold. (What a crash left in a -wal file is not seen then; it is there again once writable.)
 */
function openReadOnly(file: string): Db {
  const url = pathToFileURL(file);
  url.searchParams.set('immutable', '1');
  const db = new DatabaseSync(url, { readOnly: true });
  registerFunctions(db);
  // Open now, so that a file that cannot be read at all fails here rather than at the first query.
  db.prepare('SELECT count(*) FROM sqlite_schema').get();
  return db;
}

/**
 * A tenant's files readable by the server's user only. A file an older version made with the umask's mode (0644)
 * is narrowed on opening; where that is not allowed (a read-only DATA_DIR, another owner) it stays as it is.
 */
function ownerOnly(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if (existsSync(f)) chmodSync(f, 0o600);
    } catch {
      // Read-only or not ours: reads still work, and the mode is the operator's to fix.
    }
  }
}

function closeQuietly(db: Db): void {
  try {
    db.close();
  } catch {
    // Never opened: nothing to close.
  }
}

/**
 * Creates a tenant's database all or nothing (docs/api.md#hardening): migrations and `build` (the demo seed)
 * go into a file of its own, which becomes the tenant's file only when complete (a hard link, which never
 * replaces a file another process made meanwhile). A disk that fills up on the way leaves no tenant file, and
 * the next request tries again; before, the migrations stayed committed without the seed, an empty practice
 * for good. `prepare` runs first on the new connection (tests limit its size there).
 */
export function createDatabaseFile(file: string, build?: (db: Db) => void, prepare?: (db: Db) => void): void {
  const temp = `${file}.${process.pid}.${randomUUID()}.building`;
  try {
    // Made with mode 0600 before SQLite opens it: SQLite gives the journal, the WAL and its shared memory the mode
    // of the database file, so none of a practice's files is readable by other users (docs/api.md#hardening).
    closeSync(openSync(temp, 'wx', 0o600));
    const db = new DatabaseSync(temp);
    try {
      // One file to move: no WAL while building.
      db.exec('PRAGMA journal_mode = DELETE; PRAGMA foreign_keys = ON;');
      prepare?.(db);
      migrate(db);
      if (build) transaction(db, () => build(db));
    } finally {
      closeQuietly(db);
    }
    try {
      linkSync(temp, file);
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'EEXIST') throw e;
    }
  } finally {
    rmSync(temp, { force: true });
    rmSync(`${temp}-journal`, { force: true });
  }
}

/**
 * The SQL functions the triggers call: fold_text for the search copies (migration 0005), and the patients' matching
 * keys of contract/text-match.ts (migration 0007).
 */
export function registerFunctions(db: Db): void {
  registerFold(db);
  const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
  db.function('plain_text', { deterministic: true }, (v) => plainText(text(v)));
  db.function('name_key', { deterministic: true }, (v) => foldText(text(v)));
  db.function('phone_key', { deterministic: true }, (v) => phoneKey(text(v)));
  db.function('digits_only', { deterministic: true }, (v) => text(v).replace(/\D/g, ''));
}

export function tenantFile(dataDir: string, tenant: string): string {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, `${tenant}.sqlite`);
}

/** Applies every migration not yet applied, each in its own transaction. Returns true when none had been applied. */
export function migrate(db: Db): boolean {
  // The triggers of the folded copies and the patients' keys call them: every connection that writes needs them,
  // before anything is written.
  registerFunctions(db);
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
    rollback(db);
    throw e;
  }
}

/**
 * After a failed COMMIT (a full disk) SQLite may have rolled back by itself: a ROLLBACK then would throw and hide
 * the error that matters.
 */
function rollback(db: Db): void {
  if (db.isTransaction) db.exec('ROLLBACK');
}

/** transaction() for a handler that may pause: the transaction stays open across its pauses. */
export async function transactionAsync<T>(db: Db, fn: () => T | Promise<T>): Promise<T> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = await fn();
    db.exec('COMMIT');
    return out;
  } catch (e) {
    rollback(db);
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
