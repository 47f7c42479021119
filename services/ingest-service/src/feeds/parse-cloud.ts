/**
 * Cloud providers' published address ranges, told apart by their JSON shape:
 * - AWS `ip-ranges.json`: `prefixes[].ip_prefix`, `ipv6_prefixes[].ipv6_prefix`;
 * - Google Cloud `cloud.json`: `prefixes[].ipv4Prefix` / `ipv6Prefix`;
 * - Oracle Cloud `public_ip_ranges.json`: `regions[].cidrs[].cidr`.
 * Each network gets the provider's name (the answer's `is_hosting` evidence names it). A body that
 * is not JSON or none of these shapes throws: the run fails and the previous data stays.
 */
import { canonicalNetwork, uniqueEntries, type FeedEntry, type ParsedFeed } from './feed-entry.js';

export const CLOUD_PROVIDERS = {
  aws: 'Amazon Web Services',
  google: 'Google Cloud',
  oracle: 'Oracle Cloud',
} as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

function networksOf(doc: Json): { provider: string; texts: unknown[] } {
  const prefixes = list(doc.prefixes);
  if (Array.isArray(doc.prefixes) && ('syncToken' in doc || 'createDate' in doc) && 'ipv6_prefixes' in doc) {
    return {
      provider: CLOUD_PROVIDERS.aws,
      texts: [...prefixes.map((p) => p.ip_prefix), ...list(doc.ipv6_prefixes).map((p) => p.ipv6_prefix)],
    };
  }
  if (Array.isArray(doc.prefixes) && prefixes.some((p) => 'ipv4Prefix' in p || 'ipv6Prefix' in p)) {
    return { provider: CLOUD_PROVIDERS.google, texts: prefixes.map((p) => p.ipv4Prefix ?? p.ipv6Prefix) };
  }
  if (Array.isArray(doc.regions)) {
    return {
      provider: CLOUD_PROVIDERS.oracle,
      texts: list(doc.regions).flatMap((r) => list(r.cidrs).map((c) => c.cidr)),
    };
  }
  throw new Error(
    'not a known cloud range format (AWS ip-ranges.json, Google cloud.json, Oracle public_ip_ranges.json)',
  );
}

export function parseCloudRanges(body: string): ParsedFeed & { provider: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw new Error('not valid JSON (a truncated download?)');
  }
  if (!isObject(doc)) throw new Error('not a JSON object');
  const { provider, texts } = networksOf(doc);
  const entries: FeedEntry[] = [];
  let skipped = 0;
  for (const text of texts) {
    const network = typeof text === 'string' ? canonicalNetwork(text) : null;
    if (!network) {
      skipped++;
      continue;
    }
    entries.push({ network, provider, country: null, region: null, city: null });
  }
  return { entries: uniqueEntries(entries), skipped, provider };
}
