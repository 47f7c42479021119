/**
 * A key's optional allowlist of client networks: CIDR text in, a matcher out. IPv4-mapped IPv6
 * client addresses match IPv4 networks (a dual-stack socket reports `::ffff:a.b.c.d`).
 */
import { parseAddress, parseCidr, type Span } from '@tunnelscope/ip-index';

/** Normalised CIDR text of `text`, or null when it is not one network with zero host bits. */
export function normaliseNetwork(text: string): string | null {
  try {
    const span = parseCidr(text.trim());
    return span.prefix >= 0 ? text.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

function addressValue(ip: string): { family: 4 | 6; value: bigint } | null {
  const parsed = parseAddress(ip);
  if (!parsed) return null;
  if (parsed.family === 4) return { family: 4, value: BigInt(parsed.value) };
  const [a, b, c, d] = parsed.words;
  return {
    family: 6,
    value: (BigInt(a) << 96n) | (BigInt(b) << 64n) | (BigInt(c) << 32n) | BigInt(d),
  };
}

export type NetworkMatcher = (clientIp: string) => boolean;

/** Null when the list is empty (every client allowed); otherwise whether an address is inside one. */
export function networkMatcher(networks: readonly string[]): NetworkMatcher | null {
  if (networks.length === 0) return null;
  const spans: Span[] = [];
  for (const n of networks) {
    try {
      spans.push(parseCidr(n));
    } catch {
      // A stored network always parsed once; one that no longer does allows nobody, never everybody.
    }
  }
  return (clientIp) => {
    const address = addressValue(clientIp);
    if (!address) return false;
    return spans.some(
      (s) => s.family === address.family && address.value >= s.start && address.value <= s.end,
    );
  };
}
