import type { z } from 'zod';
import { type OperationDef, pagination } from '#contract/common.ts';
import { ApiError } from './errors.ts';

/**
 * Reading an answer by its operation's envelope kind (standard; raw document for openapi; integer status for
 * laborUpload; `"ok"` for getProviders; `results` for searchPatients) and checking it with the contract: `call`
 * (client.ts) and the streamed extracts (stream.ts) read answers here.
 */

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Checks a value against a schema; objects are not strict, so unknown extra fields pass (and are dropped). */
function conform<S extends z.ZodType>(op: string, schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = [where, ...issue.path.map(String)].join('.');
  throw new ApiError({
    op,
    kind: 'contract',
    httpStatus: 200,
    msg: `The answer of ${op} does not fit the contract at ${path}: ${issue.message}`,
  });
}

export function readAnswer(
  op: string,
  def: OperationDef,
  http: number,
  text: string,
  retryAfter?: number,
): unknown {
  const ok = http >= 200 && http < 300;
  const body = parseJson(text);
  const envelope = isRecord(body) ? body : undefined;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : undefined;

  if (http === 401) {
    throw new ApiError({
      op,
      kind: 'unauthorized',
      httpStatus: 401,
      msg: msg ?? 'Unauthorized.',
      envelopeStatus: envelope?.status,
    });
  }
  // openapi: the document itself, no envelope.
  if (def.envelope === 'raw' && ok) return conform(op, def.result, text, 'document');

  if (!envelope) {
    if (ok) {
      throw new ApiError({
        op,
        kind: 'contract',
        httpStatus: http,
        msg: `The answer of ${op} is not a JSON envelope.`,
      });
    }
    throw new ApiError({
      op,
      kind: 'http',
      httpStatus: http,
      msg: `The server answered HTTP ${http}.`,
      retryAfter,
    });
  }

  if (def.envelope === 'labor') {
    // laborUpload: an integer status in the body, HTTP 200 in every case.
    if (ok && envelope.status === 200) {
      const reply = conform(op, def.result, envelope, 'body') as { msg?: unknown };
      return { status: 200, msg: typeof reply.msg === 'string' ? reply.msg : (msg ?? '') };
    }
    throw new ApiError({
      op,
      kind: 'http',
      httpStatus: http,
      msg: msg ?? `The server answered status ${String(envelope.status)}.`,
      envelopeStatus: envelope.status,
    });
  }

  const succeeded = def.envelope === 'providers' ? envelope.status === 'ok' : envelope.status === true;
  if (!ok || !succeeded) {
    throw new ApiError({
      op,
      kind: 'http',
      httpStatus: http,
      msg: msg ?? `The server answered HTTP ${http}.`,
      envelopeStatus: envelope.status,
      retryAfter,
    });
  }

  switch (def.envelope) {
    case 'list':
      return {
        items: conform(op, def.result, envelope.result, 'result'),
        pagination: conform(op, pagination, envelope.pagination, 'pagination'),
      };
    case 'searchPatients':
      // results is null when nothing matches.
      return { items: conform(op, def.result, envelope.results ?? [], 'results'), msg: msg ?? '' };
    default:
      return conform(op, def.result, envelope.result, 'result');
  }
}

/** The envelope check of `call`, for a body that was read in pieces (stream.ts): throws as `call` would. */
export function checkEnvelope(op: string, def: OperationDef, text: string): void {
  readAnswer(op, def, 200, text);
}

/** The contract check of `call` for a part of a list result; `offset` is the first row's position in the list. */
export function conformRows<S extends z.ZodType>(
  op: string,
  schema: S,
  rows: unknown[],
  offset: number,
): z.output<S> {
  const parsed = schema.safeParse(rows);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const [index, ...rest] = issue.path;
  const at = typeof index === 'number' ? index + offset : index;
  const path = ['result', at, ...rest].map(String).join('.');
  throw new ApiError({
    op,
    kind: 'contract',
    httpStatus: 200,
    msg: `The answer of ${op} does not fit the contract at ${path}: ${issue.message}`,
  });
}
