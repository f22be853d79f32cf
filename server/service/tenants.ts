import { createHash } from 'node:crypto';
/** Tenants and credentials of the reference service (docs/api.md#tenants). */

export const ALL_MODULES = [
  'sales',
  'agenda',
  'recall',
  'booking',
  'hx',
  'labor',
  'accounting',
  'system',
] as const;

export interface Principal {
  userid: number;
  username: string;
  modules: readonly string[];
}

export interface TenantConfig {
  name: string;
  /** Looked up only with `get`, so a user name like `__proto__` or `constructor` is simply unknown. */
  basic: ReadonlyMap<string, { password: string; userid: number }>;
  /** Same: a Map, never an object read by a client-sent property name. */
  apiKeys: ReadonlyMap<string, { userid: number; modules: readonly string[] }>;
  /** The tenant's language dropdown list (createCustomer). */
  languages: readonly string[];
  /** The practice's canton (`ZH`): its public holidays close the practice (server/service/holidays.ts). */
  canton: string;
}

const withoutLabor = ALL_MODULES.filter((m) => m !== 'labor');

export const tenants: Record<string, TenantConfig> = {
  demo: {
    name: 'demo',
    basic: new Map([['demo', { password: 'demo', userid: 1 }]]),
    apiKeys: new Map([
      ['demo-key', { userid: 1, modules: ALL_MODULES }],
      ['demo-key-nolabor', { userid: 1, modules: withoutLabor }],
    ]),
    languages: ['de', 'fr', 'it', 'en'],
    canton: 'ZH',
  },
  sonnenhof: {
    name: 'sonnenhof',
    basic: new Map([['sonnenhof', { password: 'sonnenhof', userid: 1 }]]),
    apiKeys: new Map(),
    languages: ['de', 'en'],
    canton: 'VD',
  },
};

/** The tenant of a name, only among the configured ones (never a property of Object.prototype). */
export function findTenant(name: string | undefined): TenantConfig | undefined {
  return name !== undefined && Object.hasOwn(tenants, name) ? tenants[name] : undefined;
}

const hostLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const ipv6 = /^\[[0-9a-f:.]+\]$/;

/**
 * The tenant is the first label of the Host name; a bare `localhost` or an IP address means `demo`.
 * A Host that is not a host name (an out-of-range IP, stray characters) names no tenant: undefined.
 */
export function tenantFromHost(host: string | undefined): string | undefined {
  if (!host) return 'demo';
  let name = host.trim().toLowerCase();
  const port = /:(\d{1,5})$/.exec(name);
  if (port && !name.endsWith(']')) {
    if (Number(port[1]) > 65535) return undefined;
    name = name.slice(0, -port[0].length);
  } else if (name.startsWith('[')) {
    const end = name.lastIndexOf(']');
    const rest = name.slice(end + 1);
    if (end < 0 || (rest !== '' && !/^:\d{1,5}$/.test(rest))) return undefined;
    name = name.slice(0, end + 1);
  }
  if (ipv6.test(name)) return 'demo';
  const ip = ipv4.exec(name);
  if (ip) return ip.slice(1).every((o) => Number(o) <= 255) ? 'demo' : undefined;
  if (name.length > 253) return undefined;
  const labels = name.split('.');
  if (!labels.every((l) => hostLabel.test(l))) return undefined;
  return name === 'localhost' ? 'demo' : labels[0];
}

/** `Basic <base64>`, the scheme name in any case (RFC 9110). */
const basicScheme = /^basic[ \t]+/i;

/**
 * How the service names an API key wherever it names one (access lines, whoami's user name; docs/api.md#session and
 * #hardening): `key:` and the first 8 hex digits of its SHA-256. Tells the keys apart (their first characters did not:
 * both demo keys began `demo`) without showing any of their characters to a log or a page script.
 */
export function keyFingerprint(key: string): string {
  return `key:${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}

export function authenticate(
  tenant: TenantConfig,
  authorization: string | undefined,
  apiKey: string | undefined,
): Principal | null {
  if (apiKey) {
    const key = tenant.apiKeys.get(apiKey);
    return key
      ? { userid: key.userid, username: `api-${keyFingerprint(apiKey)}`, modules: key.modules }
      : null;
  }
  const scheme = authorization ? basicScheme.exec(authorization) : null;
  if (authorization && scheme) {
    const decoded = Buffer.from(authorization.slice(scheme[0].length).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const account = tenant.basic.get(decoded.slice(0, colon));
    if (!account || account.password !== decoded.slice(colon + 1)) return null;
    return { userid: account.userid, username: decoded.slice(0, colon), modules: ALL_MODULES };
  }
  return null;
}
