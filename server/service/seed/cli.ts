import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase, tenantFile, transaction } from '../db/database.ts';
import { findTenant } from '../tenants.ts';
import { demoSizes, seedTenant } from './index.ts';

/**
 * `npm run seed -- --leads 10000 --patients 20000 --history 100000 --accounting 100000 [--tenant demo] [--dir ./data]`
 * Replaces the tenant's database with a freshly seeded one of the given size (for benchmarks). Sizes not given are
 * the demo's; a size that is not a whole number is refused before anything is deleted.
 */
const { values } = parseArgs({
  options: {
    tenant: { type: 'string', default: 'demo' },
    dir: { type: 'string', default: process.env.DATA_DIR ?? './data' },
    leads: { type: 'string' },
    patients: { type: 'string' },
    history: { type: 'string' },
    accounting: { type: 'string' },
  },
});
const tenant = findTenant(values.tenant ?? 'demo');
if (!tenant) {
  console.error(`Unknown tenant: ${values.tenant}`);
  process.exit(2);
}
// Checked before anything is deleted: a mistyped size leaves the data as it is.
const num = (v: string | undefined, d: number) => {
  if (v === undefined) return d;
  if (!/^\d{1,7}$/.test(v.trim())) {
    console.error(`Not a count: ${v} (a whole number from 0 to 9999999). Nothing was changed.`);
    process.exit(2);
  }
  return Number(v);
};
const sizes = {
  leads: num(values.leads, demoSizes.leads),
  patients: num(values.patients, demoSizes.patients),
  extraLeadHistory: num(values.history, 0),
  accountingRows: num(values.accounting, demoSizes.accountingRows),
};
const file = tenantFile(values.dir ?? './data', tenant.name);
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
const started = performance.now();
const { db } = openDatabase(file);
transaction(db, () => seedTenant(db, { tenant, today: new Date(), sizes }));
db.close();
console.log(
  `Seeded ${tenant.name} in ${file}: ${JSON.stringify(sizes)} in ${Math.round(performance.now() - started)} ms`,
);
