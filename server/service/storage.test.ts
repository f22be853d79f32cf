import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabaseFile, type Db } from './db/database.ts';
import { migrations } from './db/migrations/index.ts';
import { seedTenant } from './seed/index.ts';
import { tenants } from './tenants.ts';
import { startService, type TestService } from './test-support.ts';

const refused = { status: false, msg: 'The practice data cannot be saved right now.' };

const dirs: string[] = [];
let open: TestService[] = [];
function tempDir() {
  const d = mkdtempSync(join(tmpdir(), 'practice-storage-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const s of open) await s.close({ keepData: true });
  open = [];
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.restoreAllMocks();
});

async function started(dataDir: string) {
  const svc = await startService({ dataDir });
  open.push(svc);
  return svc;
}

const today = new Date('2026-11-23T07:00:00Z');
const seed = (db: Db) => seedTenant(db, { tenant: tenants.demo, today });

/** What a complete demo tenant holds: every migration and the seeded rows. */
function contents(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      migrations: (db.prepare('SELECT id FROM schema_migrations ORDER BY id').all() as { id: string }[]).map(
        (r) => r.id,
      ),
      patients: count('patients'),
      leads: count('leads'),
      appointments: count('appointments'),
      history: count('hx_entries'),
    };
  } finally {
    db.close();
  }
}

describe('a tenant is created all or nothing', () => {
  it('on a disk that fills up at any point: the tenant file is complete or absent, never half', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = tempDir();
    const reference = join(dir, 'reference.sqlite');
    createDatabaseFile(reference, seed);
    const complete = contents(reference);
    expect(complete.migrations).toEqual(migrations.map((m) => m.id).sort());
    expect(complete.patients).toBeGreaterThan(100);
    const { pages } = new DatabaseSync(reference, { readOnly: true })
      .prepare('SELECT page_count AS pages FROM pragma_page_count()')
      .get() as { pages: number };

    // The disk is full after n pages: during the migrations, during the seed, near its end.
    let failed = 0;
    for (const limit of [2, 5, 20, 60, Math.floor(pages / 2), pages - 5]) {
      const file = join(dir, `t${limit}.sqlite`);
      try {
        createDatabaseFile(file, seed, (db) => db.exec(`PRAGMA max_page_count = ${limit}`));
      } catch (e) {
        failed++;
        expect((e as { errcode?: number }).errcode, `limit ${limit}`).toBe(13); // SQLITE_FULL
      }
      if (existsSync(file)) expect(contents(file), `limit ${limit}`).toEqual(complete);
      else {
        // And nothing half-built lies around.
        expect(readdirSync(dir).filter((f) => f.includes('building'))).toEqual([]);
      }
    }
    expect(failed).toBe(6);
  });
});

describe('writes the disk refuses answer 503, reads go on', () => {
  it('on a full disk: createLead 503 with the envelope, nothing half-written, getLeads still answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const svc = await started(tempDir());
    const before = await svc.post('/sales/getLeads', { limit: 1 });
    expect(before.http).toBe(200);
    const db = svc.service.db('demo');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const { pages } = db.prepare('SELECT page_count AS pages FROM pragma_page_count()').get() as {
      pages: number;
    };
    // The disk is full: not one page more.
    db.exec(`PRAGMA max_page_count = ${pages}`);
    const long = 'x'.repeat(10_000);
    let r = await svc.post('/sales/createLead', { ispatient: 1, contact: { lastname: long } });
    for (let i = 0; i < 20 && r.http === 200; i++) {
      r = await svc.post('/sales/createLead', { ispatient: 1, contact: { lastname: long } });
    }
    expect(r.http).toBe(503);
    expect(r.body).toEqual(refused);
    const after = await svc.post('/sales/getLeads', { limit: 1 });
    expect(after.http).toBe(200);
    expect(after.body.status).toBe(true);
    // Room again: writes work again.
    db.exec('PRAGMA max_page_count = 1073741823');
    expect((await svc.post('/sales/createLead', { ispatient: 1, contact: { lastname: long } })).http).toBe(
      200,
    );
  });

  it('a tenant file that cannot be opened answers the JSON envelope, not a plain-text 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = tempDir();
    writeFileSync(
      join(dir, 'sonnenhof.sqlite'),
      'this is not a database, but it is long enough to look like one'.repeat(100),
    );
    const svc = await started(dir);
    const r = await svc.post('/sales/getLeads', {}, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' });
    expect(r.http).toBe(503);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.body).toEqual(refused);
    // The other tenant is not affected.
    expect((await svc.post('/sales/getLeads', { limit: 1 })).http).toBe(200);
  });
});

/** `chattr +i` makes a directory read-only even for root (tests run as root, for whom chmod changes nothing). */
function immutable(dir: string, on: boolean): boolean {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const canMakeReadOnly = (() => {
  const d = mkdtempSync(join(tmpdir(), 'practice-chattr-'));
  const ok = immutable(d, true) && immutable(d, false);
  rmSync(d, { recursive: true, force: true });
  return ok;
})();

describe('a read-only DATA_DIR', () => {
  it.skipIf(!canMakeReadOnly)(
    'still serves reads; writes answer 503; a tenant not yet made answers 503',
    async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const dir = tempDir();
      const first = await started(dir);
      expect((await first.post('/sales/getLeads', { limit: 1 })).http).toBe(200);
      await first.close({ keepData: true });
      open = [];
      immutable(dir, true);
      try {
        const svc = await started(dir);
        const leads = await svc.post('/sales/getLeads', { limit: 5 });
        expect(leads.http).toBe(200);
        expect(leads.body.result).toHaveLength(5);
        const write = await svc.post('/sales/createLead', {
          ispatient: 1,
          contact: { lastname: 'Nurlesen' },
        });
        expect(write.http).toBe(503);
        expect(write.body).toEqual(refused);
        const other = await svc.post(
          '/system/whoami',
          {},
          { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' },
        );
        expect(other.http).toBe(503);
        expect(other.body).toEqual(refused);
      } finally {
        immutable(dir, false);
      }
    },
  );
});

describe("a tenant's files", () => {
  const mode = (f: string) => statSync(f).mode & 0o777;

  it("are readable by the server's user only: the database, its WAL and shared memory (0600)", async () => {
    const dir = tempDir();
    const svc = await started(dir);
    expect((await svc.post('/sales/createLead', { ispatient: 1, contact: { lastname: 'Modus' } })).http).toBe(
      200,
    );
    const files = readdirSync(dir).filter((f) => f.startsWith('demo.sqlite'));
    expect(files).toEqual(expect.arrayContaining(['demo.sqlite', 'demo.sqlite-wal', 'demo.sqlite-shm']));
    for (const f of files) expect(`${f} ${mode(join(dir, f)).toString(8)}`).toBe(`${f} 600`);
  });

  it('made by an older version with 0644 are narrowed to 0600 when opened', async () => {
    const dir = tempDir();
    const first = await started(dir);
    expect((await first.post('/sales/getLeads', { limit: 1 })).http).toBe(200);
    await first.close({ keepData: true });
    open = [];
    chmodSync(join(dir, 'demo.sqlite'), 0o644);
    const svc = await started(dir);
    expect((await svc.post('/sales/getLeads', { limit: 1 })).http).toBe(200);
    expect(mode(join(dir, 'demo.sqlite'))).toBe(0o600);
  });
});
