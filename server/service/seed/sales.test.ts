import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { zurichDate } from '../../time.ts';
import { migrate } from '../db/database.ts';
import { tenants } from '../tenants.ts';
import { seedCore } from './core.ts';
import { demoSizes } from './index.ts';
import { Random, seedOf } from './random.ts';
import { seedSales } from './sales.ts';

const day = new Date('2026-03-10T09:00:00Z');

/** Core and sales only (the other areas' seeds are not under test here). */
function seeded(sizes: { leads: number; extraLeadHistory: number }) {
  const db = new DatabaseSync(':memory:');
  migrate(db);
  db.exec('BEGIN');
  const ctx = {
    db,
    rng: new Random(seedOf('demo')),
    tenant: tenants.demo,
    today: zurichDate(day),
    now: day,
    sizes: { ...demoSizes, ...sizes },
  };
  seedCore(ctx);
  seedSales(ctx);
  db.exec('COMMIT');
  return db;
}

const dump = (db: DatabaseSync) => ({
  leads: db.prepare('SELECT * FROM leads ORDER BY lead_id').all(),
  history: db.prepare('SELECT * FROM lead_history ORDER BY history_id').all(),
  watchers: db.prepare('SELECT * FROM lead_watchers ORDER BY lead_id, user_id').all(),
  admissions: db.prepare('SELECT * FROM lead_admissions ORDER BY admission_id').all(),
});

describe('seedSales', () => {
  it('is deterministic for a tenant and a day', () => {
    const a = seeded({ leads: 150, extraLeadHistory: 0 });
    const b = seeded({ leads: 150, extraLeadHistory: 0 });
    expect(dump(a)).toEqual(dump(b));
    expect(dump(a).leads).toHaveLength(150);
  });

  it('adds extraLeadHistory entries spread over the leads, with the denormalised task numbers in step', () => {
    const base = seeded({ leads: 300, extraLeadHistory: 0 });
    const db = seeded({ leads: 300, extraLeadHistory: 20_000 });
    const count = (d: DatabaseSync) =>
      (d.prepare('SELECT count(*) AS n FROM lead_history').get() as { n: number }).n;
    expect(count(db) - count(base)).toBe(20_000);
    const spread = db.prepare('SELECT count(DISTINCT lead_id) AS n FROM lead_history').get() as { n: number };
    expect(spread.n).toBe(300);
    const wrong = db
      .prepare(
        `SELECT count(*) AS n FROM leads l WHERE open_tasks <> (SELECT count(*) FROM lead_history h
           WHERE h.lead_id = l.lead_id AND h.is_task = 1 AND h.completed = 0 AND h.deleted = 0)
         OR last_activity < (SELECT max(created) FROM lead_history h WHERE h.lead_id = l.lead_id AND h.type = '')`,
      )
      .get() as { n: number };
    expect(wrong.n).toBe(0);
    const future = db
      .prepare("SELECT count(*) AS n FROM lead_history WHERE created > '2026-03-10 10:00:00'")
      .get();
    expect(future).toEqual({ n: 0 });
  }, 30_000);
});
