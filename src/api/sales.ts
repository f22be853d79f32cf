/**
 * The contract's sales area (contract/sales.ts, server/sales/): every query and mutation factory of it, once,
 * in three modules by what they are about (leads read, leads written, a lead's history and tasks).
 */
export * from './sales/history.ts';
export * from './sales/lead-writes.ts';
export * from './sales/leads.ts';
