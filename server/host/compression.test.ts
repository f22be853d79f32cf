import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../service/app.ts';
import { chooseEncoding, compressResponses, serveDist } from './compression.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, then the plain body', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
  });

  it('follows the q-values the client gives', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.1, identity;q=0.5')).toBe('identity');
  });

  it('sends only what is there', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('br, gzip', [])).toBe('identity');
  });

  it('does not read an overlong header', () => {
    expect(chooseEncoding(`${'x, '.repeat(600)}br`)).toBe('identity');
  });
});

describe('serveDist', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-test-'));
  const js = `export const text = "${'hello compressed world '.repeat(200)}";\n`;
  const app = new Hono();

  beforeAll(() => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-abc.js'), js);
    writeFileSync(join(dir, 'assets', 'app-abc.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'assets', 'app-abc.js.gz'), gzipSync(js));
    writeFileSync(join(dir, 'assets', 'app-abc.js.map'), '{"version":3}');
    writeFileSync(join(dir, 'assets', 'only-plain.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'index.html'), '<html></html>');
    app.use(
      '*',
      serveDist(dir, {
        skip: (p) => p === '/index.html',
        headers: (p) => (p.endsWith('.css') ? { 'x-policy': 'for css' } : undefined),
      }),
    );
    app.get('*', (c) => c.text('fallback'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const get = (path: string, accept?: string) =>
    app.request(path, { headers: accept === undefined ? {} : { 'accept-encoding': accept } });

  it('sends the brotli copy to a browser that accepts it', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('x-policy')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(brotliDecompressSync(body).toString()).toBe(js);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('/assets/app-abc.js', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(gunzipSync(body).toString()).toBe(js);
  });

  it('sends the file as it is when nothing is accepted', async () => {
    const res = await get('/assets/app-abc.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(js)));
    expect(await res.text()).toBe(js);
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/only-plain.css', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('x-policy')).toBe('for css');
    expect(await res.text()).toBe('body{margin:0}');
  });

  it('refuses source maps and does not serve the copies by their own names', async () => {
    expect((await get('/assets/app-abc.js.map', 'br')).status).toBe(404);
    expect(await (await get('/assets/app-abc.js.br', 'br')).text()).toBe('fallback');
    expect(await (await get('/index.html', 'br')).text()).toBe('fallback');
    expect(await (await get('/assets/../index.html', 'br')).text()).toBe('fallback');
  });
});

describe('compressResponses with the service', () => {
  let service: Service;
  let dataDir: string;
  const root = new Hono();

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'practice-test-'));
    service = createService({ dataDir });
    root.use('*', compressResponses());
    root.route('/', service.app);
  });
  afterAll(() => {
    service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, accept?: string) =>
    root.request(`http://localhost/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
        'content-type': 'application/json',
        ...(accept === undefined ? {} : { 'accept-encoding': accept }),
      },
      body: '{}',
    });

  it('streams the accounting extract compressed, and it decodes to the same rows', async () => {
    const plain = await post('/accounting/services');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const plainText = await plain.text();
    const rows = JSON.parse(plainText).result as unknown[];
    expect(rows.length).toBeGreaterThan(100);

    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await post('/accounting/services', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // Read as a stream, chunk by chunk, as the browser does.
      const chunks: Uint8Array[] = [];
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
      const wire = Buffer.concat(chunks);
      expect(wire.byteLength).toBeLessThan(Buffer.byteLength(plainText) / 4);
      expect(decode(wire).toString('utf8')).toBe(plainText);
    }
  });
});
