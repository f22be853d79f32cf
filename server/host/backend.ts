import type { Hono } from 'hono';
import { noTrustedProxies, type TrustedProxies } from '../client-address.ts';
import { createService, formatAccessLine, type Service, type ServiceOptions } from '../service/app.ts';
import { tenantFromHost } from '../service/tenants.ts';
import { createProxy, formatProxyLine, PROXY_TIMEOUT_MS } from './proxy.ts';
import { createSessions, IDLE_SECONDS, sessionKey } from './session.ts';
import { openSessionStore, type SessionStore } from './session-store.ts';
import { createSignInGuard } from './sign-in-guard.ts';

export interface BackendOptions {
  dataDir: string;
  /** PRACTICE_API_URL: /v1 goes to that practice instead of the reference service. */
  upstream?: string;
  /** SESSION_SECRET; without it a key generated once into dataDir. */
  sessionSecret?: string;
  /** SESSION_STORE: `redis://host:port` for Redis/Valkey; unset, the embedded store in dataDir. */
  sessionStore?: string;
  /** SESSION_IDLE_MINUTES (default 15): a session without a request for this long is locked by the server. */
  idleMinutes?: number;
  /** The upstream's time to answer (PROXY_TIMEOUT_MS, default 30 s). */
  proxyTimeoutMs?: number;
  /** TRUSTED_PROXIES, parsed (parseTrustedProxies): whose X-Forwarded-For names the client. Default none. */
  trustedProxies?: TrustedProxies;
  service?: Partial<Omit<ServiceOptions, 'dataDir'>>;
}

export interface Backend {
  /** `/session*` and `/v1/*`. */
  app: Hono;
  /** The reference service, when there is no upstream. */
  service?: Service;
  /** Where the sessions are kept. */
  sessions: SessionStore;
  close: () => void;
}

/**
 * What `npm start` and `npm run dev` serve besides the app's files: the sessions of the app's own server in front
 * of /v1, which is the reference service in-process or the proxy to a real tenant.
 */
export function createBackend(options: BackendOptions): Backend {
  const key = sessionKey({ secret: options.sessionSecret, dataDir: options.dataDir });
  const trustedProxies = options.trustedProxies ?? noTrustedProxies;
  // Guesses are counted here, in front of either backend, in real time (docs/api.md#session). A 429 answered here
  // never reaches the backend: its access line is written here, in the backend's own form.
  const accessLog = options.service?.accessLog;
  const guard = createSignInGuard({
    trustedProxies,
    // Behind the proxy every Host reaches the one practice: an account is counted once, however the Host is written.
    ...(options.upstream ? { practiceOf: () => 'upstream' } : {}),
    ...(accessLog !== undefined ? { accessLog } : {}),
    format: options.upstream
      ? formatProxyLine
      : (l) => formatAccessLine({ ...l, tenant: tenantFromHost(l.host) ?? '-' }),
  });
  const store = openSessionStore({ url: options.sessionStore, dataDir: options.dataDir });
  const idleSeconds = options.idleMinutes ? Math.round(options.idleMinutes * 60) : IDLE_SECONDS;
  const closeStore = () => void store.close().catch(() => undefined);
  if (options.upstream) {
    const proxy = createProxy(options.upstream, {
      timeoutMs: options.proxyTimeoutMs ?? PROXY_TIMEOUT_MS,
      trustedProxies,
    });
    const { app } = createSessions({ key, forward: proxy, guard, store, idleSeconds });
    return { app, sessions: store, close: closeStore };
  }
  const service = createService({ trustedProxies, ...options.service, dataDir: options.dataDir });
  const app = createSessions({
    key,
    guard,
    forward: (req, env) => service.app.fetch(req, env),
    store,
    idleSeconds,
    // The reference service's demo practice (docs/api.md#tenants): the sign-in page fills in demo/demo.
    demo: (host) => (tenantFromHost(host) === 'demo' ? { user: 'demo', password: 'demo' } : null),
  }).app;
  return {
    app,
    service,
    sessions: store,
    close: () => {
      service.close();
      closeStore();
    },
  };
}

/** SESSION_IDLE_MINUTES from the environment, when it is a positive number of minutes. */
export function idleMinutesFromEnv(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** PROXY_TIMEOUT_MS from the environment, when it is a positive number of milliseconds. */
export function timeoutFromEnv(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}
