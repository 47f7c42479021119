/**
 * Which "client" a per-client limit counts. An IPv4 address is one client; an IPv6 client gets
 * a whole /64 from any provider and can pick a fresh address from it for every request, so IPv6
 * limits count the /64 (issue 13). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is the IPv4
 * address it carries. Parsing is ipaddr.js's: no hand-written address arithmetic here.
 */
import ipaddr from 'ipaddr.js';

/** The network a prefix length cuts out of `ip`, as `address/len`; `ip` itself when it does not parse. */
function networkOf(ip: string, ipv4Prefix: number, ipv6Prefix: number): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  const prefix = addr.kind() === 'ipv4' ? ipv4Prefix : ipv6Prefix;
  const bytes = addr.toByteArray();
  for (let bit = prefix; bit < bytes.length * 8; bit++) {
    bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}

/** The key of a per-client limit: an IPv4 address as is, an IPv6 address's /64. */
export function rateLimitKeyForAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  return addr.kind() === 'ipv4' ? addr.toString() : networkOf(addr.toString(), 32, 64);
}

/**
 * The client's network for limits that must hold against one client spread over many
 * addresses (e.g. code mails per network): a /24 for IPv4, a /64 for IPv6.
 */
export function clientNetworkOf(ip: string): string {
  return networkOf(ip, 24, 64);
}
