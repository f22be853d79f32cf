import type { Hono } from 'hono';
import { createService, type Service, type ServiceOptions } from './app.ts';
import { noTrustedProxies, type TrustedProxies } from './client-address.ts';
import { createProxy, PROXY_TIMEOUT_MS } from './proxy.ts';
import { createSessions, sessionKey } from './session.ts';
import { createSignInGuard } from './sign-in-guard.ts';
import { tenantFromHost } from './tenants.ts';

export interface BackendOptions {
  dataDir: string;
  /** PRACTICE_API_URL: /v1 goes to that practice instead of the reference service. */
  upstream?: string;
  /** SESSION_SECRET; without it a key generated once into dataDir. */
  sessionSecret?: string;
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
  close: () => void;
}

/**
 * What `npm start` and `npm run dev` serve besides the app's files: the sessions of the app's own server in front
 * of /v1, which is the reference service in-process or the proxy to a real tenant.
 */
export function createBackend(options: BackendOptions): Backend {
  const key = sessionKey({ secret: options.sessionSecret, dataDir: options.dataDir });
  const trustedProxies = options.trustedProxies ?? noTrustedProxies;
  // Guesses are counted here, in front of either backend, in real time (extensions.md 6a).
  const guard = createSignInGuard({ trustedProxies });
  if (options.upstream) {
    const proxy = createProxy(options.upstream, {
      timeoutMs: options.proxyTimeoutMs ?? PROXY_TIMEOUT_MS,
      trustedProxies,
    });
    return { app: createSessions({ key, forward: proxy, guard }).app, close: () => undefined };
  }
  const service = createService({ trustedProxies, ...options.service, dataDir: options.dataDir });
  const app = createSessions({
    key,
    guard,
    forward: (req, env) => service.app.fetch(req, env),
    // The reference service's demo practice (extensions.md section 2): the sign-in page fills in demo/demo.
    demo: (host) => (tenantFromHost(host) === 'demo' ? { user: 'demo', password: 'demo' } : null),
  }).app;
  return { app, service, close: () => service.close() };
}

/** PROXY_TIMEOUT_MS from the environment, when it is a positive number of milliseconds. */
export function timeoutFromEnv(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}
