import { BlockList, isIP } from 'node:net';

/**
 * Who a request comes from (docs/api.md#session): the socket's address, or, where the socket is one of the
 * proxies listed in `TRUSTED_PROXIES`, the last address in X-Forwarded-For that is not listed. The app server's
 * sign-in counts and the reference service's own count (section 7) both use it. docs/decisions/0045.
 */

export interface TrustedProxies {
  /** Whether an address (as the socket or X-Forwarded-For names it) is a listed proxy. */
  has: (address: string) => boolean;
  /** How many entries were listed. */
  readonly size: number;
}

/** None trusted: the socket's address is the client's. */
export const noTrustedProxies: TrustedProxies = { has: () => false, size: 0 };

/** At most this many entries are read from X-Forwarded-For (a client may send thousands). */
const HOPS_MAX = 32;

/**
 * An address as Node or a header writes it, in one form: an IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`, what
 * a dual-stack socket reports) as plain IPv4, IPv6 in lower case, a port or brackets dropped. Undefined when it is
 * not an address.
 */
export function normalAddress(text: string): string | undefined {
  let a = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) a = mapped[1];
  return isIP(a) === 0 ? undefined : a;
}

/**
 * `TRUSTED_PROXIES`: addresses or CIDR ranges, IPv4 or IPv6, comma-separated. A wrong entry throws an Error whose
 * message names it, so that a typo stops the start instead of trusting nobody (or everybody) unnoticed.
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const entries = (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return noTrustedProxies;
  const list = new BlockList();
  for (const entry of entries) {
    const slash = entry.indexOf('/');
    const address = normalAddress(slash < 0 ? entry : entry.slice(0, slash));
    const family = address ? isIP(address) : 0;
    const bad = () =>
      new Error(
        `TRUSTED_PROXIES: "${entry.slice(0, 80)}" is not an address or a CIDR range (for example 10.0.0.5, 10.0.0.0/8, fd00::/8).`,
      );
    if (!address || family === 0) throw bad();
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (slash < 0) {
      list.addAddress(address, type);
      continue;
    }
    const prefixText = entry.slice(slash + 1);
    const prefix = Number(prefixText);
    if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) throw bad();
    list.addSubnet(address, prefix, type);
  }
  return {
    size: entries.length,
    has: (a) => {
      const n = normalAddress(a);
      if (!n) return false;
      return list.check(n, isIP(n) === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The client's address. `forwardedFor` is the X-Forwarded-For header (all its lines joined by commas); it is read
 * only when the socket's address is listed, from the right: each listed proxy names the one before it, and the
 * first address that is not listed is the client. An entry that is not an address ends the walk at the last listed
 * hop (only a listed proxy wrote what stands there). Every hop listed: the leftmost.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string {
  const socket = socketAddress ? (normalAddress(socketAddress) ?? socketAddress) : 'unknown';
  if (!forwardedFor || !trusted.has(socket)) return socket;
  const hops = forwardedFor.split(',');
  let last = socket;
  for (let i = hops.length - 1, seen = 0; i >= 0 && seen < HOPS_MAX; i--, seen++) {
    const hop = normalAddress(hops[i]);
    if (!hop) return last;
    if (!trusted.has(hop)) return hop;
    last = hop;
  }
  return last;
}

/** The socket's address of a request served by @hono/node-server (never a header a client could write). */
export function socketAddressOf(env: unknown): string | undefined {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/** The client's address of a request, by the rule above. */
export function clientAddressOf(req: Request, env: unknown, trusted: TrustedProxies): string {
  return clientAddress(socketAddressOf(env), req.headers.get('x-forwarded-for'), trusted);
}
