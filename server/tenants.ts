/** Tenants and credentials of the reference service (extensions.md section 2). */

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
  basic: Record<string, { password: string; userid: number }>;
  apiKeys: Record<string, { userid: number; modules: readonly string[] }>;
  /** The tenant's language dropdown list (createCustomer). */
  languages: readonly string[];
}

const withoutLabor = ALL_MODULES.filter((m) => m !== 'labor');

export const tenants: Record<string, TenantConfig> = {
  demo: {
    name: 'demo',
    basic: { demo: { password: 'demo', userid: 1 } },
    apiKeys: {
      'demo-key': { userid: 1, modules: ALL_MODULES },
      'demo-key-nolabor': { userid: 1, modules: withoutLabor },
    },
    languages: ['de', 'fr', 'it', 'en'],
  },
  sonnenhof: {
    name: 'sonnenhof',
    basic: { sonnenhof: { password: 'sonnenhof', userid: 1 } },
    apiKeys: {},
    languages: ['de', 'en'],
  },
};

/** The tenant is the first label of the Host name; a bare `localhost` or an IP address means `demo`. */
export function tenantFromHost(host: string | undefined): string {
  if (!host) return 'demo';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return 'demo'; // IPv6 literal
  name = name.replace(/:\d+$/, '');
  if (name === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return 'demo';
  return name.split('.')[0] ?? 'demo';
}

export function authenticate(
  tenant: TenantConfig,
  authorization: string | undefined,
  apiKey: string | undefined,
): Principal | null {
  if (apiKey) {
    const key = tenant.apiKeys[apiKey];
    return key
      ? { userid: key.userid, username: `api-key:${apiKey.slice(0, 4)}…`, modules: key.modules }
      : null;
  }
  if (authorization?.startsWith('Basic ')) {
    let decoded: string;
    try {
      decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    } catch {
      return null;
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const user = decoded.slice(0, colon);
    const account = Object.hasOwn(tenant.basic, user) ? tenant.basic[user] : undefined;
    if (!account || account.password !== decoded.slice(colon + 1)) return null;
    return { userid: account.userid, username: user, modules: ALL_MODULES };
  }
  return null;
}
