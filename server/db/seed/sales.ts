import type { SeedContext } from './index.ts';

/** Filled in by the sales work. */
export function seedSales(_ctx: SeedContext): void {}
