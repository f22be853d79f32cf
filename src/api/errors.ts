/** What `call` throws (client.ts): the operation, what kind of failure, the HTTP status and the message. */

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'contract' | 'unauthorized';

export interface ApiErrorInit {
  op: string;
  kind: ApiErrorKind;
  /** HTTP status of the answer; 0 when there was none (network, timeout, invalid input, not signed in). */
  httpStatus: number;
  /** The server's message (`Unauthorized.`, `Lead not found.`), or one of ours naming what went wrong. */
  msg: string;
  /** The envelope's `status` when the server answered with one (false, or 400/500 for laborUpload). */
  envelopeStatus?: unknown;
  /** Seconds the server asks to wait (its Retry-After header, with HTTP 429). */
  retryAfter?: number;
}

export class ApiError extends Error {
  readonly op: string;
  readonly kind: ApiErrorKind;
  readonly httpStatus: number;
  readonly msg: string;
  readonly envelopeStatus?: unknown;
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(`${init.op}: ${init.msg}`);
    this.name = 'ApiError';
    this.op = init.op;
    this.kind = init.kind;
    this.httpStatus = init.httpStatus;
    this.msg = init.msg;
    if (init.envelopeStatus !== undefined) this.envelopeStatus = init.envelopeStatus;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * A write refused because somebody changed the record since it was read (a version check failed, HTTP 409, or the
 * record is no longer as this device left it). The caller keeps what the person did and says so; an undo says it was
 * not undone (components/undo.tsx).
 */
export class ChangedMeanwhile extends Error {
  constructor(message = 'The record changed since it was read.') {
    super(message);
    this.name = 'ChangedMeanwhile';
  }
}

/** A write refused over somebody's change: ours (ChangedMeanwhile) or the service's 409. */
export function isChangedMeanwhile(e: unknown): boolean {
  return e instanceof ChangedMeanwhile || (e instanceof ApiError && e.httpStatus === 409);
}
