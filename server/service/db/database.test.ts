import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from '../test-support.ts';
import { migrate, openDatabase, transaction } from './database.ts';
import { migrations } from './migrations/index.ts';

const dirs: string[] = [];
function tempDir() {
  const d = mkdtempSync(join(tmpdir(), 'practice-db-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('persistence', () => {
  it('applies every migration once, in order, and not again on reopening', () => {
    const file = join(tempDir(), 't.sqlite');
    const first = openDatabase(file);
    expect(first.created).toBe(true);
    const applied = (
      first.db.prepare('SELECT id FROM schema_migrations ORDER BY id').all() as { id: string }[]
    ).map((r) => r.id);
    expect(applied).toEqual(migrations.map((m) => m.id));
    first.db.close();
    const again = openDatabase(file);
    expect(again.created).toBe(false);
    expect(migrate(again.db)).toBe(false);
    again.db.close();
  });

  it('rolls a failing transaction back completely', () => {
    const { db } = openDatabase(join(tempDir(), 't.sqlite'));
    const before = (db.prepare('SELECT COUNT(*) AS n FROM patients').get() as { n: number }).n;
    expect(() =>
      transaction(db, () => {
        db.prepare("INSERT INTO patients (lastname, created) VALUES ('Halb', '2026-01-01 00:00:00')").run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect((db.prepare('SELECT COUNT(*) AS n FROM patients').get() as { n: number }).n).toBe(before);
    db.close();
  });

  it('leaves no half-written record when the process dies in the middle of a transaction', () => {
    const file = join(tempDir(), 't.sqlite');
    openDatabase(file).db.close();
    // A child process opens a transaction, writes, and is killed before it commits.
    const script = `
      const { DatabaseSync } = require('node:sqlite');
      const db = new DatabaseSync(${JSON.stringify(file)});
      db.exec('BEGIN IMMEDIATE');
      // A table without the patients' key triggers, whose functions a bare connection lacks.
      db.prepare("INSERT INTO patient_groups (name) VALUES ('Halb')").run();
      process.kill(process.pid, 'SIGKILL');
    `;
    const r = spawnSync(process.execPath, ['-e', script]);
    expect(r.signal).toBe('SIGKILL');
    const db = new DatabaseSync(file);
    const n = (
      db.prepare("SELECT COUNT(*) AS n FROM patient_groups WHERE name = 'Halb'").get() as { n: number }
    ).n;
    db.close();
    expect(n).toBe(0);
  });

  it('keeps the data across a restart of the service and does not seed again', async () => {
    const svc = await startService();
    const created = await svc.post('/system/createCustomer', { lastname: 'Neustart', firstname: 'Nora' });
    expect(created.body.status).toBe(true);
    const patid = created.body.result.id;
    const dataDir = svc.dataDir;
    dirs.push(dataDir);
    await svc.close({ keepData: true });
    const again = await startService({ dataDir });
    try {
      const found = await again.post('/system/searchPatients', { patid });
      expect(found.body.results?.[0]?.lastname).toBe('Neustart');
      const providers = await again.post('/system/getProviders', { getall: 1 });
      const ids = providers.body.result.map((p: { userid: number }) => p.userid);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await again.close();
    }
  });
});
