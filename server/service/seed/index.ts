import { zurichDate } from '../../time.ts';
import type { Db } from '../db/database.ts';
import type { TenantConfig } from '../tenants.ts';
import { seedAgenda } from './agenda.ts';
import { seedCore } from './core.ts';
import { Random, seedOf } from './random.ts';
import { seedRecords } from './records.ts';
import { seedSales } from './sales.ts';
import { seedWaitlist } from './waitlist.ts';

/** How much demo data to make. The defaults are docs/api.md#demo-data; `npm run seed` makes more for benchmarks. */
export interface SeedSizes {
  patients: number;
  leads: number;
  /** Lead history entries beyond the ones each lead gets anyway (benchmarks). */
  extraLeadHistory: number;
  accountingRows: number;
}

export const demoSizes: SeedSizes = { patients: 200, leads: 150, extraLeadHistory: 0, accountingRows: 600 };

export interface SeedContext {
  db: Db;
  rng: Random;
  tenant: TenantConfig;
  /** Today in the practice's zone, `YYYY-MM-DD`: every seeded date is relative to it. */
  today: string;
  now: Date;
  sizes: SeedSizes;
}

/** Seeds an empty tenant database. Deterministic for a tenant and a day. */
export function seedTenant(
  db: Db,
  opts: { tenant: TenantConfig; today: Date; sizes?: Partial<SeedSizes> },
): void {
  const ctx: SeedContext = {
    db,
    rng: new Random(seedOf(opts.tenant.name)),
    tenant: opts.tenant,
    today: zurichDate(opts.today),
    now: opts.today,
    sizes: { ...demoSizes, ...opts.sizes },
  };
  seedCore(ctx);
  seedSales(ctx);
  seedAgenda(ctx);
  seedRecords(ctx);
  seedWaitlist(ctx);
}
