import type { SeedContext } from './index.ts';

/** Filled in by the agenda work. */
export function seedAgenda(_ctx: SeedContext): void {}
