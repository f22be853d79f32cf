/**
 * Request bodies counted while they arrive (docs/api.md#real-tenant and #limits): a body past its limit is refused as
 * soon as it passes it, never read whole first. A declared Content-Length over the limit is refused before a byte.
 */

export const BODY_MAX = 1024 * 1024;
export const LABOR_BODY_MAX = 36 * 1024 * 1024;

/** The limit of a request to `/v1<path>`: labor uploads carry whole files. */
export function bodyLimitOf(path: string): number {
  return path === '/v1/labor/upload' ? LABOR_BODY_MAX : BODY_MAX;
}

export class BodyTooLarge extends Error {
  constructor() {
    super('Request body too large.');
    this.name = 'BodyTooLarge';
  }
}

/** Whether the declared length alone already passes the limit. */
export function declaredTooLarge(headers: Headers, limit: number): boolean {
  const declared = headers.get('content-length');
  return declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit;
}

/**
 * Reads what is left of a body and throws it away. A refused body is drained rather than cancelled: cancelling
 * destroys the socket, and the client would see a reset instead of the 413 (it stops sending once it has that).
 */
export function drain(body: ReadableStream<Uint8Array> | null, reader = body?.getReader()): void {
  if (!reader) return;
  const next = (): void => {
    reader.read().then(
      ({ done }) => {
        if (!done) next();
      },
      () => undefined,
    );
  };
  next();
}

/**
 * The body passed on as it arrives, its bytes counted: past `limit` the stream fails with BodyTooLarge (and
 * `onTooLarge` is told), so whatever reads it (the upstream request) stops there; the rest is drained.
 */
export function countedBody(
  body: ReadableStream<Uint8Array>,
  limit: number,
  onTooLarge: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let part: ReadableStreamReadResult<Uint8Array>;
      try {
        part = await reader.read();
      } catch (e) {
        controller.error(e);
        return;
      }
      if (part.done) {
        controller.close();
        return;
      }
      seen += part.value.byteLength;
      if (seen > limit) {
        onTooLarge();
        controller.error(new BodyTooLarge());
        drain(null, reader);
        return;
      }
      controller.enqueue(part.value);
    },
    cancel() {
      drain(null, reader);
    },
  });
}

/** A small body read whole, at most `limit` bytes; throws BodyTooLarge past it. */
export async function readLimitedText(req: Request, limit: number): Promise<string> {
  if (declaredTooLarge(req.headers, limit)) {
    drain(req.body);
    throw new BodyTooLarge();
  }
  if (!req.body) return '';
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > limit) {
      drain(null, reader);
      throw new BodyTooLarge();
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}
