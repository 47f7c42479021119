import { networkMatcher, normaliseNetwork } from './client-networks.js';

describe('client network allowlist', () => {
  it('allows everybody when the list is empty', () => {
    expect(networkMatcher([])).toBeNull();
  });

  it('matches IPv4 and IPv6 clients inside a listed network and nobody else', () => {
    const allowed = networkMatcher(['203.0.113.0/24', '2001:db8::/32'])!;
    expect(allowed('203.0.113.0')).toBe(true);
    expect(allowed('203.0.113.255')).toBe(true);
    expect(allowed('203.0.114.0')).toBe(false);
    expect(allowed('203.0.112.255')).toBe(false);
    expect(allowed('2001:db8:ffff::1')).toBe(true);
    expect(allowed('2001:db9::1')).toBe(false);
    expect(allowed('not an address')).toBe(false);
  });

  it('reads an IPv4-mapped IPv6 client as its IPv4 address', () => {
    expect(networkMatcher(['198.51.100.0/24'])!('::ffff:198.51.100.9')).toBe(true);
  });

  it('accepts only CIDRs with zero host bits', () => {
    expect(normaliseNetwork('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(normaliseNetwork('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normaliseNetwork('10.0.0.1/8')).toBeNull();
    expect(normaliseNetwork('10.0.0.1')).toBeNull();
    expect(normaliseNetwork('garbage/8')).toBeNull();
  });
});
