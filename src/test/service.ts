import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { type OpName, operationByPath, operations } from '../../contract/operations.ts';
import { createService, type Service, type ServiceOptions } from '../../server/app.ts';

/**
 * The one harness of the component tests: the real reference service, in-process. Its `app.fetch` answers the
 * global fetch (the app's client talks to it as to any practice), on a fresh data directory per test file.
 *
 *   const api = inProcessService();              // at the top of a test file
 *   const lead = await createLead(api);    // factories go through the same service
 *   …
 *   expect(api.calls.filter((c) => c.op === 'convertLead')).toHaveLength(1);
 */
export interface ServiceHarness {
  /** Every request the app sent, in order, with its operation and input. */
  calls: { op: OpName | null; input: Record<string, unknown>; headers: Record<string, string> }[];
  /** Calls an operation as the demo user directly (for factories and checks); returns the envelope. */
  send: (op: OpName, input?: unknown) => Promise<{ http: number; body: Record<string, unknown> }>;
  /**
   * What only a broken or different practice produces, for one operation until the end of the test: `answer` sees
   * the app's input and returns a failure to send instead of the service's answer, or nothing to let the request
   * through (after awaiting whatever it likes: a slow answer).
   *
   *   api.intercept('createLead', () => ({ http: 502, msg: 'Bad gateway.' }));   // a refusal
   *   api.intercept('whoami', () => ({ http: 404, msg: 'Unknown operation.' })); // a practice without it
   *   api.intercept('getLeads', () => 'network');                               // the request never arrives
   *   api.intercept('getRecalls', () => ({ http: 500, raw: '<b>Fatal error</b>' })); // not even an envelope
   */
  intercept: (op: OpName, answer: Interceptor) => void;
  /** The running service (its databases, for a test that looks inside). */
  readonly service: Service;
}

/**
 * A failure in place of the service's answer: an envelope refusing with `msg` under `http`, a body that is no
 * envelope at all (`raw`: a practice's fatal error page), or a lost request.
 */
export type Failure =
  | { http: number; msg: string; headers?: Record<string, string> }
  | { http: number; raw: string; headers?: Record<string, string> }
  | 'network';
export type Interceptor = (
  input: Record<string, unknown>,
) => Failure | undefined | Promise<Failure | undefined>;

/** The refusal as the operation's kind sends it (a lab upload: its status inside an HTTP 200). */
function failureResponse(op: OpName, failure: Exclude<Failure, 'network'>): Response {
  if ('raw' in failure) {
    return new Response(failure.raw, {
      status: failure.http,
      headers: { 'content-type': 'text/html', ...failure.headers },
    });
  }
  const labor = operations[op].envelope === 'labor';
  const body = labor
    ? { status: failure.http, msg: failure.msg }
    : { status: false, msg: failure.msg, result: null };
  return new Response(JSON.stringify(body), {
    status: labor ? 200 : failure.http,
    headers: { 'content-type': 'application/json', ...failure.headers },
  });
}

const ORIGIN = 'http://localhost:3000';

export function inProcessService(options: Partial<Omit<ServiceOptions, 'dataDir'>> = {}): ServiceHarness {
  let dataDir = '';
  let service: Service | null = null;
  const calls: ServiceHarness['calls'] = [];
  const interceptors = new Map<OpName, Interceptor>();

  const answer = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (!service) throw new Error('inProcessService: the service is not running');
    const request = url instanceof Request ? url : null;
    const address = new URL(request ? request.url : String(url), ORIGIN);
    const body = request ? await request.text() : init?.body == null ? undefined : String(init.body);
    const path = address.pathname.replace(/^.*\/v1(?=\/)/, '');
    let input: Record<string, unknown> = {};
    try {
      input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      // A raw body (labor upload): recorded without input.
    }
    const op = operationByPath(path) ?? null;
    const headers = new Headers(request ? request.headers : (init?.headers as HeadersInit | undefined));
    calls.push({ op, input, headers: Object.fromEntries(headers) });
    const interceptor = op ? interceptors.get(op) : undefined;
    const failure = op && interceptor ? await interceptor(input) : undefined;
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (op && failure) return failureResponse(op, failure);
    // A new Request of this realm: jsdom's AbortSignal is not one Node's Request accepts.
    return service.app.fetch(
      new Request(address, { method: request?.method ?? init?.method ?? 'GET', headers, body }),
    );
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'praxis-ui-test-'));
    service = createService({ validateResults: true, accessLog: false, ...options, dataDir });
  });
  beforeEach(() => {
    calls.length = 0;
    interceptors.clear();
    vi.stubGlobal('fetch', vi.fn(answer));
  });
  afterAll(() => {
    service?.close();
    service = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    calls,
    intercept: (op, answer) => {
      interceptors.set(op, answer);
    },
    send: async (op, input = {}) => {
      if (!service) throw new Error('inProcessService: the service is not running');
      const res = await service.app.fetch(
        new Request(`${ORIGIN}/v1${operations[op].path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${btoa('demo:demo')}`,
          },
          body: JSON.stringify(input),
        }),
      );
      return { http: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    get service() {
      if (!service) throw new Error('inProcessService: the service is not running');
      return service;
    },
  };
}
