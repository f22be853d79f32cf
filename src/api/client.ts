import type { z } from 'zod';
import type { EnvelopeKind, OperationDef, Pagination } from '#contract/common.ts';
import type { Operations, OpInput, OpName } from '#contract/operations.ts';
import { reportReachable, reportUnreachable } from './connection.ts';
import { isRecord, parseJson, readAnswer } from './envelope.ts';
import { ApiError, isApiError } from './errors.ts';
import { operationDef } from './operation-table.ts';
import { getSession, type Session } from './session.ts';

/**
 * The only place that touches fetch. `call(op, input)` checks the input with the contract, POSTs it (the app's
 * server adds the credentials), reads the envelope by the operation's kind, checks the result with the contract and returns it
 * typed, or throws an ApiError.
 */

export { checkEnvelope, conformRows } from './envelope.ts';
export { ApiError, type ApiErrorInit, type ApiErrorKind, isApiError } from './errors.ts';

type Output<D extends OperationDef> = z.output<D['result']>;

/** What a call returns for an envelope kind and the contract's result type. */
export type ResultByKind<K extends EnvelopeKind, R> = K extends 'list'
  ? { items: R; pagination: Pagination }
  : K extends 'searchPatients'
    ? { items: NonNullable<R>; msg: string }
    : K extends 'labor'
      ? { status: 200; msg: string }
      : K extends 'raw'
        ? string
        : R;

/** What `call(op, …)` returns. */
export type CallResult<D extends OperationDef> = ResultByKind<D['envelope'], Output<D>>;

export interface CallOptions {
  /** Cancels the request (TanStack Query passes one); a cancelled call rejects with the abort reason. */
  signal?: AbortSignal;
  /** Default 30 seconds. */
  timeoutMs?: number;
  /** The session to call for instead of the current one (a worker is given it). */
  session?: Session | null;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** `call('getLeads', {filter: {search: 'Muster'}})`: the typed way in. */
export function call<N extends OpName>(
  op: N,
  input: OpInput<N>,
  opts?: CallOptions,
): Promise<CallResult<Operations[N]>> {
  return callOperation(op, operationDef(op), input, opts) as Promise<CallResult<Operations[N]>>;
}

/** `call` for any operation definition (tests use their own). */
export async function callOperation<D extends OperationDef>(
  op: string,
  def: D,
  input: z.input<D['input']>,
  opts: CallOptions = {},
): Promise<CallResult<D>> {
  const checked = def.input.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    // A message of the document stays as it is, so that a form can show it; others name the field.
    const msg = Object.hasOwn(def.errors, issue.message)
      ? issue.message
      : `Invalid input at ${['input', ...issue.path].join('.')}: ${issue.message}`;
    throw new ApiError({ op, kind: 'contract', httpStatus: 0, msg });
  }

  const session = opts.session === undefined ? getSession() : opts.session;
  if (!session) throw new ApiError({ op, kind: 'unauthorized', httpStatus: 0, msg: 'Not signed in.' });

  // The input as the caller wrote it: the server parses it with the same contract.
  const request = outgoing(session, def.path, input);

  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  let http: number;
  let text: string;
  let retryAfter: number | undefined;
  try {
    // Sent before the page asked (startEarly): the same request, already under way.
    const early = takeEarly(request);
    const res = await (early ? untilAborted(early, controller.signal) : send(request, controller.signal));
    http = res.status;
    const wait = res.headers.get('retry-after')?.trim();
    if (wait && /^\d{1,6}$/.test(wait)) retryAfter = Number(wait);
    text = await res.text();
  } catch (e) {
    if (timedOut) {
      throw new ApiError({
        op,
        kind: 'timeout',
        httpStatus: 0,
        msg: `No answer within ${Math.round(timeoutMs / 1000)} seconds.`,
      });
    }
    if (opts.signal?.aborted) throw e;
    reportUnreachable();
    throw new ApiError({ op, kind: 'network', httpStatus: 0, msg: 'The practice server cannot be reached.' });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  reportReachable();
  return readAnswer(op, def, http, text, retryAfter) as CallResult<D>;
}

/**
 * Requests sent before the page asks for them (boot.ts: the board's reference data while the app's code is still
 * being evaluated). `call()` takes the answer instead of asking again, and reads and checks it as any other: once,
 * only for the same request (address, credentials and body alike) and only while fresh; otherwise it asks as usual.
 */
interface Early {
  at: number;
  answer: Promise<Response>;
}

/** Older than this, an early answer is not taken: the page took too long to ask, and it may be out of date. */
export const EARLY_MAX_AGE_MS = 10_000;

const early = new Map<string, Early>();

const earlyKey = (r: Outgoing) => JSON.stringify([r.url, r.who, r.headers, r.body]);

/** Sends `input` to the operation for the signed-in user now, for a `call()` of the same to take; nothing when nobody is signed in. */
export function startEarly<N extends OpName>(op: N, input: OpInput<N>): void {
  const session = getSession();
  if (!session) return;
  const request = outgoing(session, operationDef(op).path, input);
  const answer = send(request);
  // Reported by the call that takes it, if any.
  answer.catch(() => {});
  early.set(earlyKey(request), { at: Date.now(), answer });
}

/** The early answer to exactly this request, once; undefined when there is none (or it is too old). */
function takeEarly(request: Outgoing): Promise<Response> | undefined {
  if (early.size === 0) return undefined;
  const key = earlyKey(request);
  const found = early.get(key);
  if (!found) return undefined;
  early.delete(key);
  return Date.now() - found.at <= EARLY_MAX_AGE_MS ? found.answer : undefined;
}

/** An answer that cannot be aborted itself (an early one), given up when `signal` aborts. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A request to the practice: the operation's address under the session's base, the input as JSON. */
interface Outgoing {
  url: string;
  /** Who it is sent for (not sent: the cookie says it), so an early answer is never taken for someone else. */
  who: string;
  headers: Record<string, string>;
  body: string;
}

function outgoing(session: Session, path: string, input: unknown): Outgoing {
  return {
    url: `${session.base.replace(/\/+$/, '')}${path}`,
    who: `${session.tenant}\n${session.auth.kind === 'basic' ? `user:${session.auth.user}` : 'key'}`,
    headers: requestHeaders(),
    body: JSON.stringify(input ?? {}),
  };
}

/**
 * The one place that touches fetch: a POST with the session cookie of the app's own origin (never another's),
 * never answered from the browser's cache.
 */
function send(request: Outgoing, signal?: AbortSignal): Promise<Response> {
  return fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal,
    credentials: 'same-origin',
    cache: 'no-store',
    // Sent while the page is hidden or left (a held completion, components/undo.tsx): the browser must finish it
    // after the page is gone. Keepalive bodies are limited to 64 KiB.
    keepalive:
      typeof document !== 'undefined' &&
      document.visibilityState === 'hidden' &&
      request.body.length < 60_000,
  });
}

/** No credentials: the app's server adds them from its sealed session cookie (docs/decisions/0018). */
function requestHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'application/json' };
}

/**
 * `call` for an answer too big to hold as one text (the whole accounting stock): the successful answer's body as
 * a stream of text, for `streamRows` (stream.ts) to read row by row. The input is checked as by `call`; an answer
 * that is not 2xx is read and thrown as by `call`. Works in a Web Worker when the session is given.
 */
export async function openCallStream<N extends OpName>(
  op: N,
  input: OpInput<N>,
  opts: CallOptions & { session: Session },
): Promise<ReadableStream<string>> {
  const def = operationDef(op) as OperationDef;
  const checked = def.input.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ApiError({ op, kind: 'contract', httpStatus: 0, msg: issue.message });
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const done = () => {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  };

  let res: Response;
  try {
    res = await send(outgoing(opts.session, def.path, input), controller.signal);
  } catch (e) {
    done();
    if (timedOut) {
      throw new ApiError({
        op,
        kind: 'timeout',
        httpStatus: 0,
        msg: `No answer within ${Math.round(timeoutMs / 1000)} seconds.`,
      });
    }
    if (opts.signal?.aborted) throw e;
    reportUnreachable();
    throw new ApiError({ op, kind: 'network', httpStatus: 0, msg: 'The practice server cannot be reached.' });
  }
  reportReachable();
  if (res.status < 200 || res.status >= 300 || !res.body) {
    const text = await res.text().finally(done);
    readAnswer(op, def, res.status, text);
    throw new ApiError({
      op,
      kind: 'http',
      httpStatus: res.status,
      msg: `The server answered HTTP ${res.status}.`,
    });
  }
  // The timeout covers the whole transfer; the stream ends (or fails) with it.
  return res.body.pipeThrough(new TextDecoderStream()).pipeThrough(
    new TransformStream<string, string>({
      flush: done,
    }),
  );
}

/** The message of the app's server for a session that is locked: the app shows the lock screen, not sign-in. */
export const SESSION_LOCKED = 'Session locked.';

export function isSessionLocked(error: unknown): boolean {
  return isApiError(error) && error.kind === 'unauthorized' && error.msg === SESSION_LOCKED;
}

export type SessionPath = '/session' | '/session/lock' | '/session/unlock' | '/session/sign-out';

/**
 * A request to the sessions of the app's own server (sign-in, lock, unlock, sign-out): the answer's `result`, or
 * an ApiError as `call` throws it (401 `unauthorized`, 429 with its Retry-After). The cookies it sets are the
 * browser's business; the page reads only `praxis.who`.
 */
export async function sessionRequest(
  path: SessionPath,
  /** null: a GET (who is signed in, whether this is the demo practice). */
  body: Record<string, unknown> | null = {},
  opts: { timeoutMs?: number } = {},
): Promise<unknown> {
  const op = path === '/session' ? 'session' : path.slice('/session/'.length);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${window.location.origin}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? requestHeaders() : { accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
    text = await res.text();
  } catch {
    reportUnreachable();
    throw new ApiError({ op, kind: 'network', httpStatus: 0, msg: 'The practice server cannot be reached.' });
  } finally {
    clearTimeout(timer);
  }
  reportReachable();
  const envelope = parseJson(text);
  const msg = isRecord(envelope) && typeof envelope.msg === 'string' ? envelope.msg : undefined;
  if (res.ok && isRecord(envelope) && envelope.status === true) return envelope.result ?? null;
  const wait = res.headers.get('retry-after')?.trim();
  throw new ApiError({
    op,
    kind: res.status === 401 ? 'unauthorized' : 'http',
    httpStatus: res.status,
    msg: msg ?? `The server answered HTTP ${res.status}.`,
    ...(wait && /^\d{1,6}$/.test(wait) ? { retryAfter: Number(wait) } : {}),
  });
}
