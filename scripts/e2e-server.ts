import { rmSync } from 'node:fs';

// End-to-end runs start from freshly seeded demo data and check every result against the contract.
rmSync(process.env.DATA_DIR ?? '.e2e-data', { recursive: true, force: true });
process.env.VALIDATE_RESULTS = '1';
await import('../server/main.ts');
