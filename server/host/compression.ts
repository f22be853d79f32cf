import { createReadStream, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { Duplex, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * Compression for the app's files and the API. The build writes `.br` and `.gz` beside every asset (see the
 * precompress plugin in vite.config.ts); `serveDist` sends the best of them the browser accepts. Other answers
 * (the API, index.html) are compressed on the fly by `compressResponses`, chunk by chunk, so a streamed body
 * (the accounting extracts) is never held whole in memory.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** Longer Accept-Encoding headers are not read (a browser sends a few dozen characters). */
const MAX_ACCEPT = 1024;

/**
 * The encoding to send for an Accept-Encoding header, from those `available` (identity always is): the highest
 * q-value wins, on a tie brotli before gzip before identity.
 */
export function chooseEncoding(
  accept: string | undefined | null,
  available: readonly Encoding[] = ['br', 'gzip'],
): Encoding {
  if (!accept || accept.length > MAX_ACCEPT) return 'identity';
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') {
        const n = Number(v);
        weight = Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0;
      }
    }
    q.set(token.trim(), weight);
  }
  const star = q.get('*');
  // Not naming identity keeps it acceptable, but after every encoding the client names.
  const weightOf = (e: Encoding) => q.get(e) ?? (e === 'identity' ? 0.001 : (star ?? 0));
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const e of [...available.filter((a) => a !== 'identity'), 'identity'] as Encoding[]) {
    const w = weightOf(e);
    if (w > bestQ) {
      best = e;
      bestQ = w;
    }
  }
  return best;
}

const types = new Map<string, string>([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.webmanifest', 'application/manifest+json; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.ico', 'image/x-icon'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.woff2', 'font/woff2'],
]);

/** Content types worth compressing (images and fonts other than svg are compressed already). */
export function compressible(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const t = contentType.split(';')[0].trim().toLowerCase();
  return (
    t.startsWith('text/') ||
    t === 'application/json' ||
    t === 'application/manifest+json' ||
    t === 'application/javascript' ||
    t === 'image/svg+xml' ||
    t.endsWith('+json') ||
    t.endsWith('+xml') ||
    t === 'application/yaml'
  );
}

interface DistFile {
  path: string;
  size: number;
  type: string;
  /** Sizes of the precompressed copies that exist. */
  br?: number;
  gzip?: number;
}

/**
 * The files of dist/ by their address (`/assets/index-abc.js`), read once at start: requests look their path up
 * here and never reach the file system with a client-sent path. Source maps and the compressed copies are not
 * addresses of their own.
 */
export function distFiles(distDir: string): Map<string, DistFile> {
  const files = new Map<string, DistFile>();
  let names: string[];
  try {
    names = readdirSync(distDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return files;
  }
  const all = new Set(names);
  for (const name of names) {
    if (/\.(br|gz|map)$/.test(name)) continue;
    const path = join(distDir, name);
    const st = statSync(path);
    if (!st.isFile()) continue;
    const url = `/${relative(distDir, path).split(sep).join('/')}`;
    const file: DistFile = {
      path,
      size: st.size,
      type: types.get(extname(name).toLowerCase()) ?? 'application/octet-stream',
    };
    if (all.has(`${name}.br`)) file.br = statSync(`${path}.br`).size;
    if (all.has(`${name}.gz`)) file.gzip = statSync(`${path}.gz`).size;
    files.set(url, file);
  }
  return files;
}

export interface ServeDistOptions {
  /** Addresses not to serve from here (index.html gets its nonce elsewhere). */
  skip?: (path: string) => boolean;
  /** Further headers for a file (the policy of a worker script). */
  headers?: (path: string) => Record<string, string> | undefined;
}

/**
 * dist/ as static files: the precompressed copy the browser accepts, `Vary: Accept-Encoding`, immutable caching
 * for the hashed files under /assets/. Source maps are refused (they are not built for browsers).
 */
export function serveDist(distDir: string, options: ServeDistOptions = {}): MiddlewareHandler {
  const files = distFiles(distDir);
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const path = c.req.path;
    if (path.endsWith('.map')) return c.text('Not found.', 404);
    const file = files.get(path);
    if (!file || options.skip?.(path)) return next();

    const available: Encoding[] = [];
    if (file.br !== undefined) available.push('br');
    if (file.gzip !== undefined) available.push('gzip');
    const encoding = chooseEncoding(c.req.header('accept-encoding'), available);
    const headers = new Headers({
      'content-type': file.type,
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (file.br !== undefined || file.gzip !== undefined) headers.set('vary', 'Accept-Encoding');
    for (const [k, v] of Object.entries(options.headers?.(path) ?? {})) headers.set(k, v);
    let source = file.path;
    let size = file.size;
    if (encoding === 'br' && file.br !== undefined) {
      source = `${file.path}.br`;
      size = file.br;
      headers.set('content-encoding', 'br');
    } else if (encoding === 'gzip' && file.gzip !== undefined) {
      source = `${file.path}.gz`;
      size = file.gzip;
      headers.set('content-encoding', 'gzip');
    }
    headers.set('content-length', String(size));
    if (method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(source)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };
}

/** Smaller answers are sent as they are: the headers would cost more than compression saves. */
const MIN_SIZE = 1024;

function encoder(encoding: 'br' | 'gzip'): Duplex {
  // The fastest settings that still shrink JSON twenty-fold: the answers are compressed while they are sent, and
  // the whole accounting stock (52 MB of JSON) takes 0.2 s at brotli quality 1 against 0.9 s at quality 4 here,
  // for 2.7 MB instead of 1.7 MB. Quality 11 is for the build.
  return encoding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : createGzip({ level: 3 });
}

/**
 * Compresses text answers (the API's JSON, index.html) with brotli or gzip as the client accepts, streaming:
 * each chunk of the body goes through the encoder as it comes. Answers already encoded, small or not text are
 * left as they are.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === 'HEAD') return;
    if (res.status === 204 || res.status === 304 || res.status === 206) return;
    if (res.headers.has('content-encoding') || !compressible(res.headers.get('content-type'))) return;
    if (res.headers.get('cache-control')?.includes('no-transform')) return;
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < MIN_SIZE) return;

    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const old = res.headers.get('vary');
    const vary =
      old && !/accept-encoding/i.test(old) ? `${old}, Accept-Encoding` : (old ?? 'Accept-Encoding');
    if (encoding === 'identity') {
      res.headers.set('vary', vary);
      return;
    }
    const stream = Duplex.toWeb(encoder(encoding)) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
    c.res = new Response(res.body.pipeThrough(stream), res);
    c.res.headers.delete('content-length');
    c.res.headers.set('content-encoding', encoding);
    c.res.headers.set('vary', vary);
  };
}
