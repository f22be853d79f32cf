import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen } from '../listen.ts';
import { createService, type Service, type ServiceOptions } from './app.ts';
import { responseProblem } from './response-check.ts';

export interface Reply {
  http: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
  body: any;
}

export interface CallOptions {
  /** Tenant host label (default: bare localhost, i.e. demo). */
  tenant?: string;
  /** Basic credentials `user:password`; default `demo:demo`. Pass null to send none. */
  basic?: string | null;
  apiKey?: string;
  method?: string;
  /** A raw body instead of JSON. */
  raw?: string;
  headers?: Record<string, string>;
  /** false: do not check the answer against the OpenAPI document (only for tests of that check itself). */
  checkResponse?: boolean;
  /** The client's own loopback address (e.g. 127.0.0.2), to be another client for the throttle. */
  from?: string;
}

export interface TestService {
  url: string;
  service: Service;
  dataDir: string;
  /** POST /v1<path> over real HTTP. */
  post: (path: string, body?: unknown, opts?: CallOptions) => Promise<Reply>;
  /** Stops the server; removes the data directory unless keepData. */
  close: (opts?: { keepData?: boolean }) => Promise<void>;
}

/** A reference service on a fresh data directory, listening on a free loopback port. */
export async function startService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'practice-test-'));
  // Tests read the access lines only where they ask for them.
  const service = createService({ validateResults: true, accessLog: false, ...options, dataDir });
  const server = await new Promise<ReturnType<typeof listen>>((resolve) => {
    const s = listen(service.app.fetch, 0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;

  const post = (path: string, body: unknown = {}, opts: CallOptions = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const headers: Record<string, string> = {
        host: opts.tenant ? `${opts.tenant}.localhost:${port}` : `localhost:${port}`,
        'content-type': 'application/json',
        ...opts.headers,
      };
      const basic = opts.basic === undefined ? (opts.apiKey ? null : 'demo:demo') : opts.basic;
      if (basic) headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
      if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
      const payload = opts.raw ?? JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/v1${path}`,
          method: opts.method ?? 'POST',
          headers,
          localAddress: opts.from,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
            const reply = { http: res.statusCode ?? 0, headers: res.headers, text, body: parsed };
            // Every answer a service test sees must fit the OpenAPI document's response schemas.
            const problem =
              opts.checkResponse === false
                ? undefined
                : responseProblem({
                    path,
                    method: opts.method ?? 'POST',
                    http: reply.http,
                    contentType: res.headers['content-type'],
                    text,
                    body: parsed,
                  });
            if (problem) reject(new Error(problem));
            else resolve(reply);
          });
        },
      );
      req.on('error', reject);
      if ((opts.method ?? 'POST') !== 'GET') req.write(payload);
      req.end();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    service,
    dataDir,
    post,
    close: async (opts) => {
      await new Promise<void>((r) => server.close(() => r()));
      service.close();
      if (!opts?.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
