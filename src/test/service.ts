import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { getSession } from '#api/session.ts';
import { type OpName, operationByPath, operations } from '#contract/operations.ts';
import { createSessions, SESSION_COOKIE, sessionKey } from '../../server/host/session.ts';
import { createService, type Service, type ServiceOptions } from '../../server/service/app.ts';
import { testCredentials } from './test-credentials.ts';

/**
 * The one harness of the component tests: the real reference service, in-process, behind the real sessions of the
 * app's server (server/host/session.ts). Their `fetch` answers the global fetch (the app's client talks to them as to
 * its own server), on a fresh data directory per test file. The harness is the browser too: it keeps the
 * session id's cookie the server sets (out of the page's reach, as HttpOnly), puts `praxis.who` into document.cookie,
 * and sends the page's Origin. A test signed in with `signInForTest` has no session cookie: the harness adds its
 * credentials to /v1 calls as the server would add a cookie's.
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
   *   api.intercept('createAppointment', () => 'answer-lost'); // the service writes; its answer never arrives
   *   api.intercept('getRecalls', () => ({ http: 500, raw: '<b>Fatal error</b>' })); // not even an envelope
   */
  intercept: (op: OpName, answer: Interceptor) => void;
  /** The running service (its databases, for a test that looks inside). */
  readonly service: Service;
}

/**
 * A failure in place of the service's answer: an envelope refusing with `msg` under `http`, a body that is no
 * envelope at all (`raw`: a practice's fatal error page), a lost request, or a lost answer (the service handled
 * the request; the browser's fetch fails all the same).
 */
export type Failure =
  | { http: number; msg: string; headers?: Record<string, string> }
  | { http: number; raw: string; headers?: Record<string, string> }
  | 'network'
  | 'answer-lost';
export type Interceptor = (
  input: Record<string, unknown>,
) => Failure | undefined | Promise<Failure | undefined>;

/** The refusal as the operation's kind sends it (a lab upload: its status inside an HTTP 200). */
function failureResponse(op: OpName, failure: Exclude<Failure, 'network' | 'answer-lost'>): Response {
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
/** Which request of the page a call to the practice belongs to (a sign-in asks the practice itself). */
const TRACE = 'x-test-trace';

export function inProcessService(options: Partial<Omit<ServiceOptions, 'dataDir'>> = {}): ServiceHarness {
  let dataDir = '';
  let service: Service | null = null;
  const calls: ServiceHarness['calls'] = [];
  const interceptors = new Map<OpName, Interceptor>();

  /** The session id's cookie of this "browser" (HttpOnly: never in document.cookie). */
  let sealed: string | null = null;
  let sessions: ReturnType<typeof createSessions> | null = null;
  /** Requests (by their trace number) that an interceptor lost: the browser's fetch fails. */
  const lost = new Set<string>();
  /** Trace numbers of the page's own /v1 calls, recorded when sent. */
  const pageCalls = new Set<string>();
  let traced = 0;

  /** /v1 as the practice answers it: recorded, maybe intercepted, else the service. */
  const practice = async (request: Request, env: unknown): Promise<Response> => {
    if (!service) throw new Error('inProcessService: the service is not running');
    const address = new URL(request.url);
    const body = await request.text();
    const path = address.pathname.replace(/^.*\/v1(?=\/)/, '');
    let input: Record<string, unknown> = {};
    try {
      input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      // A raw body (labor upload): recorded without input.
    }
    const op = operationByPath(path) ?? null;
    // A call of the page is recorded as the page sent it (below, at once); here only the server's own (a sign-in's check).
    if (!pageCalls.has(request.headers.get(TRACE) ?? '')) {
      const seen = Object.fromEntries(request.headers);
      delete seen[TRACE];
      calls.push({ op, input, headers: seen });
    }
    const interceptor = op ? interceptors.get(op) : undefined;
    const failure = op && interceptor ? await interceptor(input) : undefined;
    if (failure === 'network' || failure === 'answer-lost') {
      if (failure === 'answer-lost') {
        await service.app.fetch(
          new Request(address, { method: request.method, headers: request.headers, body: body || undefined }),
          env,
        );
      }
      // Thrown below, out of the sessions' app (which would answer a throw with a 500).
      lost.add(request.headers.get(TRACE) ?? '');
      return new Response(null, { status: 599 });
    }
    if (op && failure) return failureResponse(op, failure);
    return service.app.fetch(
      new Request(address, { method: request.method, headers: request.headers, body: body || undefined }),
      env,
    );
  };

  /** What the browser does with the server's cookies. */
  const keepCookies = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const value = pair.slice(pair.indexOf('=') + 1);
      const gone = /;\s*Max-Age=0/i.test(line) || value === '';
      if (pair.startsWith(`${SESSION_COOKIE}=`)) sealed = gone ? null : value;
      // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, as the browser fills it from Set-Cookie
      else document.cookie = line;
    }
  };

  const answer = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (!service || !sessions) throw new Error('inProcessService: the service is not running');
    const request = url instanceof Request ? url : null;
    const address = new URL(request ? request.url : String(url), ORIGIN);
    const body = request ? await request.text() : init?.body == null ? undefined : String(init.body);
    const headers = new Headers(request ? request.headers : (init?.headers as HeadersInit | undefined));
    const method = request?.method ?? init?.method ?? 'GET';
    // The browser sends the page's origin and its cookie for this origin.
    headers.set('origin', ORIGIN);
    if (sealed) headers.set('cookie', `${SESSION_COOKIE}=${sealed}`);
    const isV1 = address.pathname.startsWith('/v1/');
    const stand = testCredentials();
    if (isV1 && !sealed && stand && !headers.has('authorization') && !headers.has('x-api-key')) {
      // signInForTest: as if the session held these credentials (and was locked when the page says so).
      if (getSession()?.locked) {
        return new Response(JSON.stringify({ status: false, msg: 'Session locked.' }), { status: 401 });
      }
      if (stand.kind === 'basic')
        headers.set('authorization', `Basic ${btoa(`${stand.user}:${stand.password}`)}`);
      else headers.set('x-api-key', stand.key);
    }
    const trace = String(++traced);
    if (isV1) {
      // Recorded before anything is awaited, as a stub of fetch would: a test may count right after the call.
      let input: Record<string, unknown> = {};
      try {
        input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        // A raw body (labor upload): recorded without input.
      }
      const op = operationByPath(address.pathname.replace(/^.*\/v1(?=\/)/, '')) ?? null;
      calls.push({ op, input, headers: Object.fromEntries(headers) });
      pageCalls.add(trace);
    }
    headers.set(TRACE, trace);
    // A new Request of this realm: jsdom's AbortSignal is not one Node's Request accepts.
    const res = await sessions.app.fetch(new Request(address, { method, headers, body }));
    pageCalls.delete(trace);
    if (lost.delete(trace)) throw new TypeError('Failed to fetch');
    keepCookies(res);
    return res;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'praxis-ui-test-'));
    service = createService({ validateResults: true, accessLog: false, ...options, dataDir });
    sessions = createSessions({
      key: sessionKey({ dataDir }),
      forward: practice,
      demo: () => ({ user: 'demo', password: 'demo' }),
    });
  });
  beforeEach(() => {
    sealed = null;
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
