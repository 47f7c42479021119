/**
 * What every feed parser produces: one network per entry, in canonical CIDR form (RFC 5952 for
 * IPv6, host bits zero, an IPv4-mapped block as its IPv4 block), with what the feed says about it.
 * Special-purpose networks are dropped: no public feed can make 10.0.0.0/8 a Tor exit.
 */
import { formatAddress, formatCidr, isBogon, parseAddress, parseCidr } from '@tunnelscope/ip-index';

export interface FeedEntry {
  network: string;
  provider: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
}

export interface ParsedFeed {
  entries: FeedEntry[];
  /** Lines or records that were not a usable network (damaged, special-purpose, host bits set). */
  skipped: number;
}

/** A network's canonical CIDR, or null when the text is not one usable public network. */
export function canonicalNetwork(text: string): string | null {
  const trimmed = text.trim();
  try {
    const span = trimmed.includes('/')
      ? parseCidr(trimmed)
      : (() => {
          const one = parseAddress(trimmed);
          if (!one) return null;
          // A mapped address is its IPv4 address, so its /32, not a /128 of the mapped block.
          return parseCidr(`${formatAddress(one)}/${one.family === 4 ? 32 : 128}`);
        })();
    if (!span) return null;
    const first = parseAddress(formatCidr(span.family, span.start, span.prefix).split('/')[0]!);
    if (!first || isBogon(first)) return null;
    return formatCidr(span.family, span.start, span.prefix);
  } catch {
    return null;
  }
}

/** Entries with one row per network (the first listing wins), in a stable order. */
export function uniqueEntries(entries: readonly FeedEntry[]): FeedEntry[] {
  const seen = new Map<string, FeedEntry>();
  for (const entry of entries) if (!seen.has(entry.network)) seen.set(entry.network, entry);
  return [...seen.values()];
}
