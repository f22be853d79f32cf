import type { OperationDef } from '#contract/common.ts';
import type { OpInput, OpName } from '#contract/operations.ts';
import { ApiError, type CallOptions, checkEnvelope, conformRows, openCallStream } from './client.ts';
import { operationDef } from './operation-table.ts';
import { plainRowsCheck } from './row-check.ts';
import type { Session } from './session.ts';

/**
 * A list answer read as it arrives, for answers too big to parse in one piece (the whole accounting stock is
 * 52 MB of JSON): `RowSplitter` cuts the text of `{"status":true,"result":[{…},{…}]}` into the rows' texts, and
 * `streamRows` parses and checks them against the contract a batch at a time. Runs in a Web Worker
 * (accounting's extract.worker.ts) so that none of it holds up the page.
 */

/** What remains of the envelope when the rows are taken out is kept for its check, up to this size. */
const MAX_SKELETON = 64 * 1024;

/**
 * Cuts a JSON envelope whose list (the array directly inside the top-level object) holds objects into the texts
 * of those objects, across chunk borders. Everything else (the skeleton: `{"status":true,"result":[]}`) is kept to
 * check the envelope at the end.
 */
export class RowSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Depth 2 with an array as the second level: the rows are the objects at this level. */
  private inList = false;
  private row: string[] = [];
  private rowStart = -1;
  skeleton = '';

  /** The texts of the rows completed in this chunk. */
  push(chunk: string): string[] {
    const rows: string[] = [];
    let skeletonFrom = this.rowStart < 0 && !this.inRow() ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        // Most of the text is inside strings: jump to the next quote and look back for the backslashes before it
        // (an odd number escapes it), instead of looking at every character.
        const q = chunk.indexOf('"', i);
        const end = q < 0 ? chunk.length : q;
        let slashes = 0;
        while (end - 1 - slashes >= i && chunk.charCodeAt(end - 1 - slashes) === 92 /* \ */) slashes++;
        if (q < 0) {
          this.escaped = slashes % 2 === 1;
          i = chunk.length;
        } else {
          if (slashes % 2 === 0) this.inString = false;
          i = q;
        }
        continue;
      }
      if (c === 34) {
        this.inString = true;
      } else if (c === 123 /* { */ || c === 91 /* [ */) {
        this.depth++;
        if (this.depth === 2 && c === 91) this.inList = true;
        if (this.depth === 3 && this.inList && c === 123) {
          // A row starts: the skeleton up to here, the row from here.
          if (skeletonFrom >= 0) this.addSkeleton(chunk.slice(skeletonFrom, i));
          skeletonFrom = -1;
          this.rowStart = i;
        }
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        if (this.depth === 3 && this.inList && c === 125 && this.rowStart >= 0) {
          this.row.push(chunk.slice(this.rowStart, i + 1));
          rows.push(this.row.join(''));
          this.row = [];
          this.rowStart = -1;
          skeletonFrom = i + 1;
        }
        if (this.depth === 2 && c === 93) this.inList = false;
        this.depth--;
      } else if (c === 44 /* , */ && this.depth === 2 && this.inList && skeletonFrom >= 0) {
        // The commas between rows are not part of the skeleton: `[]` is what remains of the list.
        this.addSkeleton(chunk.slice(skeletonFrom, i));
        skeletonFrom = i + 1;
      }
    }
    if (this.rowStart >= 0) {
      this.row.push(chunk.slice(this.rowStart));
      this.rowStart = 0;
    } else if (skeletonFrom >= 0) {
      this.addSkeleton(chunk.slice(skeletonFrom));
    }
    return rows;
  }

  private inRow(): boolean {
    return this.row.length > 0;
  }

  private addSkeleton(text: string) {
    if (this.skeleton.length + text.length > MAX_SKELETON) {
      throw new Error('The answer is not a list envelope.');
    }
    this.skeleton += text;
  }
}

export interface StreamRowsOptions extends CallOptions {
  session: Session;
  /** Rows per batch handed on (default 5,000). */
  batch?: number;
}

/**
 * `call(op, input)` for a list operation, its rows handed on in checked batches as the answer arrives. The
 * envelope is checked at the end exactly as `call` checks it (status false, not JSON: the same ApiError).
 */
export async function* streamRows<N extends OpName>(
  op: N,
  input: OpInput<N>,
  opts: StreamRowsOptions,
): AsyncGenerator<unknown[]> {
  const def = operationDef(op) as OperationDef;
  const size = opts.batch ?? 5000;
  const stream = await openCallStream(op, input, opts);
  const splitter = new RowSplitter();
  let pending: string[] = [];
  let offset = 0;
  // Flat rows are checked by typeof (row-check.ts); zod when that says no (for the issue) or cannot tell.
  const plain = plainRowsCheck(def.result);
  const flush = () => {
    const parsed = JSON.parse(`[${pending.join(',')}]`) as unknown[];
    const rows = plain?.(parsed) ? parsed : (conformRows(op, def.result, parsed, offset) as unknown[]);
    offset += pending.length;
    pending = [];
    return rows;
  };
  const reader = stream.getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<string>;
      try {
        next = await reader.read();
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        throw new ApiError({ op, kind: 'network', httpStatus: 0, msg: 'The answer broke off.' });
      }
      if (next.done) break;
      let texts: string[];
      try {
        texts = splitter.push(next.value);
      } catch {
        throw new ApiError({
          op,
          kind: 'contract',
          httpStatus: 200,
          msg: `The answer of ${op} is not a JSON envelope.`,
        });
      }
      for (const t of texts) pending.push(t);
      if (pending.length >= size) yield flush();
    }
  } finally {
    reader.releaseLock();
  }
  // The envelope without its rows: status true and a list, or the error `call` would throw.
  checkEnvelope(op, def, splitter.skeleton);
  if (pending.length) yield flush();
}
