import { describe, expect, it } from 'vitest';
import { clientAddress, normalAddress, parseTrustedProxies } from './client-address.ts';

describe('TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR ranges, IPv4 and IPv6, comma-separated', () => {
    const t = parseTrustedProxies(' 10.0.0.5, 192.168.0.0/16 ,fd00::/8, ::1 ');
    expect(t.size).toBe(4);
    expect(t.has('10.0.0.5')).toBe(true);
    expect(t.has('10.0.0.6')).toBe(false);
    expect(t.has('192.168.44.3')).toBe(true);
    expect(t.has('192.169.0.1')).toBe(false);
    expect(t.has('fd12:3456::1')).toBe(true);
    expect(t.has('FD12:3456::1')).toBe(true);
    expect(t.has('fe80::1')).toBe(false);
    expect(t.has('::1')).toBe(true);
    // What a dual-stack socket reports for an IPv4 client.
    expect(t.has('::ffff:10.0.0.5')).toBe(true);
    expect(t.has('not an address')).toBe(false);
  });

  it('trusts nobody by default', () => {
    for (const text of [undefined, '', ' , ']) {
      const t = parseTrustedProxies(text);
      expect(t.size).toBe(0);
      expect(t.has('127.0.0.1')).toBe(false);
    }
  });

  it('stops at a wrong entry with a message that names it', () => {
    for (const bad of [
      '10.0.0',
      'proxy.example.ch',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/',
      '10.0.0.0/x',
      '*',
    ]) {
      expect(() => parseTrustedProxies(`127.0.0.1,${bad}`), bad).toThrow(
        `TRUSTED_PROXIES: "${bad}" is not an address or a CIDR range`,
      );
    }
  });
});

describe('the client address', () => {
  const trusted = parseTrustedProxies('10.0.0.5,10.0.1.0/24');

  it('is the socket’s, whatever X-Forwarded-For says, when the socket is not a listed proxy', () => {
    // An outside client that writes a listed proxy's header gets nothing from it.
    expect(clientAddress('203.0.113.9', '198.51.100.1', trusted)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '198.51.100.1, 10.0.0.5', trusted)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', null, trusted)).toBe('203.0.113.9');
    expect(clientAddress(undefined, '198.51.100.1', trusted)).toBe('unknown');
  });

  it('is the last address in X-Forwarded-For that is not listed, when a listed proxy sent the request', () => {
    expect(clientAddress('10.0.0.5', '198.51.100.1', trusted)).toBe('198.51.100.1');
    // The client's own entries stand left of what the proxies appended: never read.
    expect(clientAddress('10.0.0.5', '1.2.3.4, 198.51.100.1', trusted)).toBe('198.51.100.1');
    // Through two listed proxies.
    expect(clientAddress('10.0.0.5', '1.2.3.4, 198.51.100.1, 10.0.1.7', trusted)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.5', '[2001:db8::1]:4711, 10.0.1.7', trusted)).toBe('2001:db8::1');
    expect(clientAddress('10.0.0.5', '198.51.100.1:4711', trusted)).toBe('198.51.100.1');
    // No header: the proxy itself.
    expect(clientAddress('10.0.0.5', null, trusted)).toBe('10.0.0.5');
    // Every hop listed: the leftmost.
    expect(clientAddress('10.0.0.5', '10.0.1.8, 10.0.1.7', trusted)).toBe('10.0.1.8');
    // What is not an address ends the walk at the listed hop that passed it on.
    expect(clientAddress('10.0.0.5', 'evil, 10.0.1.7', trusted)).toBe('10.0.1.7');
  });

  it('reads at most 32 hops of a long header', () => {
    const listed = Array.from({ length: 100 }, () => '10.0.1.1').join(',');
    expect(clientAddress('10.0.0.5', `198.51.100.1,${listed}`, trusted)).toBe('10.0.1.1');
  });

  it('writes every address one way', () => {
    expect(normalAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalAddress('[::1]')).toBe('::1');
    expect(normalAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalAddress('127.0.0.1:80')).toBe('127.0.0.1');
    expect(normalAddress('localhost')).toBeUndefined();
  });
});
