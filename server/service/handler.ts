import type { Pagination } from '#contract/common.ts';
import type { OpName, OpParsedInput } from '#contract/operations.ts';
import type { Db } from './db/database.ts';
import type { Principal, TenantConfig } from './tenants.ts';

/** What a handler sees: the tenant's database (already inside a transaction), the caller and the clock. */
export interface Ctx {
  db: Db;
  tenant: TenantConfig;
  user: Principal;
  /** The current instant; tests may fix it. */
  now: () => Date;
  request: Request;
  /**
   * Lets other tenants' requests run when this one has worked for a while (a few milliseconds); its own tenant's
   * requests wait for it (one transaction per connection at a time).
   */
  pause: () => Promise<void>;
}

/** What a handler returns; the envelope is written from it by the operation's kind. */
export interface Outcome {
  result?: unknown;
  pagination?: Pagination;
  /** Overrides the success message (e.g. `Recall modified`, `Matched 3 customers`). */
  msg?: string;
  /** laborUpload only: the integer status (200, 400, 500). */
  laborStatus?: 200 | 400 | 500;
  /** A finished response: openapi (no envelope) and the accounting extracts (envelope streamed from SQLite). */
  raw?: Response;
}

/** A refusal with the document's exact message and HTTP status. Rolls the transaction back. */
export class Fail extends Error {
  readonly http: number;
  constructor(http: number, msg: string) {
    super(msg);
    this.http = http;
  }
}

export function fail(http: number, msg: string): never {
  throw new Fail(http, msg);
}

/**
 * A handler runs inside its tenant's transaction. Most are synchronous; a long one (the bulk operations) may be
 * async and pause with `ctx.pause()`, so that other tenants are served meanwhile (docs/decisions/0009).
 */
export type Handler<N extends OpName> = (ctx: Ctx, input: OpParsedInput<N>) => Outcome | Promise<Outcome>;

export type Handlers = { [N in OpName]?: Handler<N> };

/** Pagination object for a page of a list of `total` rows. */
export function page(offset: number, limit: number, total: number): Pagination {
  return { offset, limit, total, hasMore: offset + limit < total };
}
