/**
 * The Tor Project's bulk exit list (https://check.torproject.org/torbulkexitlist): one exit
 * address per line. Blank lines and `#` comments are ignored; a line that is not one public
 * address (a truncated last line, say) is skipped and counted.
 */
import { canonicalNetwork, uniqueEntries, type ParsedFeed } from './feed-entry.js';

export function parseTorExitList(text: string): ParsedFeed {
  const entries = [];
  let skipped = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    // Only a bare address is an exit; a CIDR here would be a different file.
    const network = line.includes('/') ? null : canonicalNetwork(line);
    if (!network) {
      skipped++;
      continue;
    }
    entries.push({ network, provider: null, country: null, region: null, city: null });
  }
  return { entries: uniqueEntries(entries), skipped };
}
