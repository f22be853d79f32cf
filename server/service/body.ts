import { ITEMS_MAX, limitMessages } from '#contract/common.ts';

/** What reading a request body gave: its text, or why it was refused before it was read whole. */
export type BodyRead =
  | { ok: true; text: string }
  | { ok: false; reason: 'tooLarge' }
  | { ok: false; reason: 'tooManyItems'; msg: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
/** A key longer than this is kept cut short for the error message (it is the client's text). */
const KEY_KEEP = 200;

interface Frame {
  array: boolean;
  /** Arrays: commas seen at this level (items - 1 once there is one). */
  commas: number;
  /** Objects: the raw bytes of the current key, as sent (escapes undecoded). */
  key: number[];
  /** Objects: whether the next string is a key (after `{` or `,`) rather than a value. */
  expectKey: boolean;
}

/**
 * Counts the items of every array of a JSON text while it arrives, chunk by chunk (docs/api.md#limits): a
 * 36 MB body holding one 19-million-item array is refused at its 1,001st item, before JSON.parse would build
 * the array (seconds and gigabytes). Not a validator: a text that is not JSON goes on to JSON.parse, which says so.
 * The field path is the one checkLimits would name: keys and indices joined by dots, as sent.
 */
export class ItemCounter {
  private readonly stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  private capturing: number[] | undefined;

  /** Feeds the next bytes; returns the path of the first array with too many items, once there is one. */
  feed(bytes: Uint8Array): string | undefined {
    const stack = this.stack;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          this.capturing = undefined;
          continue;
        }
        if (this.capturing && this.capturing.length < KEY_KEEP) this.capturing.push(b);
        continue;
      }
      switch (b) {
        case QUOTE: {
          this.inString = true;
          const top = stack[stack.length - 1];
          if (top && !top.array && top.expectKey) {
            top.key = [];
            this.capturing = top.key;
          }
          break;
        }
        case 0x7b: // {
          stack.push({ array: false, commas: 0, key: [], expectKey: true });
          break;
        case 0x5b: // [
          stack.push({ array: true, commas: 0, key: [], expectKey: false });
          break;
        case 0x7d: // }
        case 0x5d: // ]
          stack.pop();
          break;
        case COLON: {
          const top = stack[stack.length - 1];
          if (top && !top.array) top.expectKey = false;
          break;
        }
        case COMMA: {
          const top = stack[stack.length - 1];
          if (!top) break;
          if (top.array) {
            top.commas++;
            // A body that is itself an array is refused as not an object anyway.
            if (stack.length === 1) break;
            if (top.commas >= ITEMS_MAX) return this.path();
          } else top.expectKey = true;
          break;
        }
      }
    }
    return undefined;
  }

  /** The path of the innermost open container, as checkLimits names fields. */
  private path(): string {
    const parts: string[] = [];
    // Each container's name is where its parent is: the parent's current key or index.
    for (let i = 0; i < this.stack.length - 1; i++) {
      const parent = this.stack[i];
      parts.push(parent.array ? String(parent.commas) : decodeKey(parent.key));
    }
    return parts.join('.');
  }
}

function decodeKey(raw: number[]): string {
  const text = Buffer.from(raw).toString('utf8');
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

/**
 * Reads a request body up to `limit` bytes, counting while it arrives: past the limit it stops reading and
 * says so (HTTP 413), never holding more than the limit; an array past ITEMS_MAX items stops it too.
 */
export async function readBody(req: Request, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit) {
    await req.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'tooLarge' };
  }
  if (!req.body) return { ok: true, text: '' };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  const counter = new ItemCounter();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'tooLarge' };
    }
    const tooMany = counter.feed(value);
    if (tooMany !== undefined) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'tooManyItems', msg: limitMessages.tooManyItems(tooMany) };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
