import type { SeedContext } from './index.ts';

/** Filled in by the records work. */
export function seedRecords(_ctx: SeedContext): void {}
