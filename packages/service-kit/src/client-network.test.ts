import { clientNetworkOf, rateLimitKeyForAddress } from './client-network.js';

describe('rateLimitKeyForAddress', () => {
  it('keys an IPv4 client by its address', () => {
    expect(rateLimitKeyForAddress('198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys an IPv4-mapped IPv6 client by the IPv4 address it carries', () => {
    expect(rateLimitKeyForAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitKeyForAddress('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('keys every address of one IPv6 /64 the same, and another /64 apart', () => {
    const a = rateLimitKeyForAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(rateLimitKeyForAddress('2001:db8:1:2::1')).toBe(a);
    expect(rateLimitKeyForAddress('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(rateLimitKeyForAddress('2001:db8:1:3::1')).not.toBe(a);
  });

  it('leaves what is not an address as it is (the gateway vouches for the address)', () => {
    expect(rateLimitKeyForAddress('unknown')).toBe('unknown');
  });
});

describe('clientNetworkOf', () => {
  it('cuts an IPv4 address to its /24', () => {
    expect(clientNetworkOf('198.51.100.7')).toBe('198.51.100.0/24');
    expect(clientNetworkOf('198.51.100.255')).toBe('198.51.100.0/24');
    expect(clientNetworkOf('198.51.101.1')).toBe('198.51.101.0/24');
  });

  it('cuts a mapped address as IPv4 and an IPv6 address to its /64', () => {
    expect(clientNetworkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(clientNetworkOf('2001:db8:abcd:12:1::9')).toBe('2001:db8:abcd:12::/64');
  });
});
