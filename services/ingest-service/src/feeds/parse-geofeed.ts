/**
 * An RFC 8805 geofeed (CSV: `ip_prefix,alpha2code,region,city,postal_code`), the format Apple
 * publishes iCloud Private Relay's egress ranges in (https://mask-api.icloud.com/egress-ip-ranges.csv).
 * Blank lines and `#` comments are ignored; a line whose prefix is not a usable network is skipped
 * and counted. Empty fields are null; the country must be two letters (RFC 8805 §2.1.1.2), else null.
 */
import { splitCsvLine } from '@tunnelscope/ip-index';
import { canonicalNetwork, uniqueEntries, type FeedEntry, type ParsedFeed } from './feed-entry.js';

const text = (value: string | undefined, max: number): string | null => {
  const v = value?.trim() ?? '';
  return v === '' ? null : v.slice(0, max);
};

export function parseGeofeed(body: string, provider: string): ParsedFeed {
  const entries: FeedEntry[] = [];
  let skipped = 0;
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    let fields: string[];
    try {
      fields = splitCsvLine(line);
    } catch {
      skipped++;
      continue;
    }
    const network = canonicalNetwork(fields[0] ?? '');
    if (!network) {
      skipped++;
      continue;
    }
    const country = (fields[1] ?? '').trim().toUpperCase();
    entries.push({
      network,
      provider,
      country: /^[A-Z]{2}$/.test(country) ? country : null,
      region: text(fields[2], 100),
      city: text(fields[3], 100),
    });
  }
  return { entries: uniqueEntries(entries), skipped };
}
