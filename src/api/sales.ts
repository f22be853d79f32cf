/**
 * The contract's sales area (contract/sales.ts, server/service/sales/): every query and mutation factory of it, once, in
 * modules by what they are about. The board's first load (and the shell's overdue count) import leads.ts,
 * lead-writes.ts and tasks.ts directly (the dialogs' lead-actions.ts loads with them), so that it never carries what only other pages use.
 */
export * from './sales/history.ts';
export * from './sales/lead-actions.ts';
export * from './sales/lead-data.ts';
export * from './sales/lead-writes.ts';
export * from './sales/leads.ts';
export * from './sales/stats.ts';
export * from './sales/tasks.ts';
