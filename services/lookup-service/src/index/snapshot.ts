/**
 * One immutable generation of the detection index: one LayeredIndex (ip-index) over seven layers,
 * searched once per lookup, and column arrays plus a string dictionary for what the layers'
 * payload ids mean (no object per network). Built in a worker (build.ts), moved to the serving
 * thread by transferring buffers.
 *
 * Layers (payload id → row of its columns):
 * - detections: every address of the IP database's `ips` (/32 or /128) → detection row;
 * - city: DB-IP city (region, city, country) networks → geo row;
 * - country: DB-IP country ranges → string id of the country code (where the city layer has none);
 * - asn: AS ranges → AS row (number, organisation, company type);
 * - tor, relay, cloud: the public feeds' networks (`feed_ranges`) → feed row (provider, the
 *   relay's advertised place, the day the feed last listed it).
 */
import type { DetectionAnswer, DetectionSourceEntry, EvidenceCode } from '@tunnelscope/contracts';
import {
  LAYER_NONE,
  LayeredIndex,
  isSharedBuffer,
  PARSE_IPV4,
  PARSE_IPV6,
  PARSE_MAPPED,
  SPECIAL_RANGES,
  parseCidr,
  parseInto,
  rangeSpan,
  spanToCidrs,
  specialRangeOfIPv4,
  specialRangeOfIPv6,
  formatIPv4,
  formatIPv6,
  type TransferableLayeredIndex,
} from '@tunnelscope/ip-index';
import { COMPANY_TYPE_CODES } from './company.js';

export const NONE = 0xffffffff;
/** Detection flags (bits of `detections.flags`). */
export const FLAG_VPN = 1;
export const FLAG_PROXY = 2;
export const FLAG_TOR = 4;
export const FLAG_LIVE_SUBDOMAIN = 8;
/** `first_seen` / `last_seen` when the history has none. */
export const NO_DAY = -1;

/** The layers of a snapshot's index, in the order of its owner columns. */
export const LAYER = { detections: 0, city: 1, country: 2, asn: 3, tor: 4, relay: 5, cloud: 6 } as const;
export const LAYER_COUNT = 7;

const DAY_MS = 86_400_000;

export interface SnapshotData {
  readonly version: number;
  /** The data version's date, YYYY-MM-DD. */
  readonly date: string;
  readonly strings: string[];
  /** Every layer merged into one search (layer order: {@link LAYER}). */
  readonly index: TransferableLayeredIndex;
  readonly detections: {
    readonly flags: Uint8Array;
    /** String ids, NONE for null. */
    readonly vendor: Uint32Array;
    readonly vpn: Uint32Array;
    /** Days since 1970-01-01, NO_DAY for none. */
    readonly firstSeen: Int32Array;
    readonly lastSeen: Int32Array;
  };
  readonly geo: { readonly country: Uint32Array; readonly region: Uint32Array; readonly city: Uint32Array };
  readonly asn: { readonly number: Uint32Array; readonly name: Uint32Array; readonly type: Uint8Array };
  /** Rows of the feed layers (tor, relay, cloud share them): string ids and the last listed day. */
  readonly feeds: {
    readonly provider: Uint32Array;
    readonly country: Uint32Array;
    readonly region: Uint32Array;
    readonly city: Uint32Array;
    readonly lastListed: Int32Array;
  };
  readonly stats: SnapshotStats;
}

export interface SnapshotStats {
  readonly networks: { detections: number; city: number; country: number; asn: number; feeds: number };
  /** Merged intervals of the one search, per family. */
  readonly intervals: { ipv4: number; ipv6: number };
  /** Bytes of typed arrays (index and columns). */
  readonly bytes: number;
  readonly buildMs: number;
  readonly publicData: string;
}

function columnArrays(data: SnapshotData): ArrayBufferView[] {
  return [
    ...Object.values(data.detections),
    ...Object.values(data.geo),
    ...Object.values(data.asn),
    ...Object.values(data.feeds),
  ];
}

/**
 * The buffers of a SnapshotData to move with postMessage (the transfer list): arrays on a
 * SharedArrayBuffer (the index, the public layers' columns) are shared, not moved.
 */
export function transferList(data: SnapshotData): ArrayBuffer[] {
  const own = columnArrays(data)
    .map((a) => a.buffer)
    .filter((b): b is ArrayBuffer => !isSharedBuffer(b));
  return [...own, ...LayeredIndex.transferList(data.index)];
}

/** Bytes of every typed array of a snapshot (shared ones included, each once). */
export function snapshotBytes(data: SnapshotData): number {
  const buffers = new Set<ArrayBufferLike>();
  for (const a of columnArrays(data)) buffers.add(a.buffer);
  for (const a of LayeredIndex.arrays(data.index)) buffers.add(a.buffer);
  let bytes = 0;
  for (const b of buffers) bytes += b.byteLength;
  return bytes;
}

export interface LookupOptions {
  readonly maxAgeDays?: number;
}

type Answer = Omit<DetectionAnswer, 'ip'>;

const scratch = new Uint32Array(4);

type CompanyAnswer = NonNullable<DetectionAnswer['company']>;
type AsnAnswer = NonNullable<DetectionAnswer['asn']>;

/**
 * What an address's geography and AS layers say: the part of an answer that every address of a
 * merged interval shares (when its networks are CIDR blocks), cached per interval.
 */
interface Place {
  /**
   * The answer of an address here that no detection or feed holds (most): its geography, company,
   * AS with its route and network. Shared, and never changed by anyone (not frozen: freezing cost
   * more than the rest of a cache miss; the routes only serialise answers).
   */
  readonly answer: Answer;
  /** The prefix length of `answer.network` (-1: none). */
  readonly prefix: number;
}

// Shared, frozen parts of answers: nothing downstream changes an answer, and freezing makes sure.
const NO_OPTIONS: LookupOptions = Object.freeze({});
const NO_EVIDENCE = Object.freeze([]) as unknown as EvidenceCode[];
const NO_SOURCES = Object.freeze([]) as unknown as DetectionSourceEntry[];
const HOSTING_EVIDENCE = Object.freeze(['hosting_network']) as unknown as EvidenceCode[];
const BOGON_EVIDENCE = Object.freeze(['special_purpose']) as unknown as EvidenceCode[];
const TOO_LONG = Object.freeze({ invalid: 'longer than any IP address' });
const NOT_ONE_ADDRESS = Object.freeze({
  invalid: 'not one IPv4 or IPv6 address (no CIDR, range, port, zone or spaces)',
});
/** Slots of the per-family place cache (direct-mapped on the interval number). */
const PLACE_CACHE_SIZE = 1 << 18;
/** Slots of the per-family cache of IP-database addresses' answers (direct-mapped). */
const DETECTED_CACHE_SIZE = 1 << 16;

/** Confidence: base by the strongest source, plus corroboration, capped at 100 (README). */
export const CONFIDENCE = {
  /** Apple publishes its own egress ranges: an address in them is relay egress. */
  icloud_relay_egress: 95,
  tor_exit_list: 90,
  tor_exit: 80,
  vpn_exit_observed: 70,
  proxy_observed: 60,
  seen_recently: 15,
  live_subdomain: 10,
  hosting_network: 5,
  /** How recent "seen recently" is. */
  recentDays: 30,
  /** A bogon's verdict (never anonymous) is certain. */
  bogon: 100,
} as const;

export class Snapshot {
  readonly dataVersion: { version: number; date: string };
  readonly stats: SnapshotStats;
  private readonly index: LayeredIndex;
  /** Interleaved owners (ip-index LayeredIndex): interval i's entry of layer j at i·LAYER_COUNT + j. */
  private readonly v4Owners: Uint32Array;
  private readonly v6Owners: Uint32Array;
  private readonly strings: string[];
  /**
   * Lazily filled caches of what many lookups share, so a lookup formats and allocates only what
   * is its own: the place of recently asked intervals (direct-mapped, bounded), the frozen `asn`
   * object of each AS network that is one CIDR block (route included), per family; `company` and
   * the `AS…` text of each AS row; the text of each day. Each is bounded (no cache of addresses).
   */
  private readonly placeKey4 = new Int32Array(PLACE_CACHE_SIZE).fill(-1);
  private readonly placeKey6 = new Int32Array(PLACE_CACHE_SIZE).fill(-1);
  /**
   * Where a place depends on the address (a range entry's block around it): the prefix of the
   * finer of its geography and AS blocks, and that block's first address (four words; IPv4: one).
   * Every address of that block has the same place. -1: the place holds for the whole interval.
   */
  private readonly placeBlockPrefix4 = new Int16Array(PLACE_CACHE_SIZE).fill(-1);
  private readonly placeBlockPrefix6 = new Int16Array(PLACE_CACHE_SIZE).fill(-1);
  private readonly placeBlock4 = new Uint32Array(PLACE_CACHE_SIZE);
  private readonly placeBlock6 = new Uint32Array(4 * PLACE_CACHE_SIZE);
  private readonly placeOf4: (Place | undefined)[] = filledArray(PLACE_CACHE_SIZE);
  private readonly placeOf6: (Place | undefined)[] = filledArray(PLACE_CACHE_SIZE);
  /** Answers of IP-database addresses, per interval (direct-mapped) and the day they hold for. */
  private readonly detectedKey4 = new Int32Array(DETECTED_CACHE_SIZE).fill(-1);
  private readonly detectedKey6 = new Int32Array(DETECTED_CACHE_SIZE).fill(-1);
  private readonly detectedDay = [new Int32Array(DETECTED_CACHE_SIZE), new Int32Array(DETECTED_CACHE_SIZE)];
  private readonly detectedOf4: (Answer | undefined)[] = filledArray(DETECTED_CACHE_SIZE);
  private readonly detectedOf6: (Answer | undefined)[] = filledArray(DETECTED_CACHE_SIZE);
  private readonly asnObject4: (AsnAnswer | undefined)[];
  private readonly asnObject6: (AsnAnswer | undefined)[];
  private readonly companyOf: (CompanyAnswer | undefined)[];
  private readonly asnTextOf: (string | undefined)[];
  private readonly dayText = new Map<number, string>();

  constructor(
    /** The arrays and dictionary behind the snapshot (read-only by contract: the export copies them to a worker). */
    readonly data: SnapshotData,
    /** The clock the answers are dated by. */
    readonly now: () => Date,
  ) {
    this.dataVersion = { version: data.version, date: data.date };
    this.stats = data.stats;
    this.index = LayeredIndex.fromTransferable(data.index);
    this.v4Owners = this.index.v4Owners;
    this.v6Owners = this.index.v6Owners;
    this.strings = data.strings;
    this.asnObject4 = filledArray(data.index.v4.entries[LAYER.asn]!.entryPayload.length);
    this.asnObject6 = filledArray(data.index.v6.entries[LAYER.asn]!.entryPayload.length);
    this.companyOf = filledArray(data.asn.number.length);
    this.asnTextOf = filledArray(data.asn.number.length);
  }

  /** One address text → its answer, or why it is not one address. */
  lookup(ip: string, options: LookupOptions = NO_OPTIONS): DetectionAnswer | { invalid: string } {
    const answer = this.answer(ip, options);
    return answer === TOO_LONG || answer === NOT_ONE_ADDRESS ? answer : withIp(ip, answer as Answer);
  }

  /**
   * One address text → its answer without the echoed `ip` (the record an MMDB reader returns), or
   * why it is not one address. The hot path: no allocation for an address that no detection or
   * feed holds (its interval's answer is shared and frozen), nor for a bogon.
   */
  answer(ip: string, options: LookupOptions = NO_OPTIONS): Answer | { invalid: string } {
    if (ip.length > 64) return TOO_LONG;
    const kind = parseInto(ip, scratch);
    if (kind === PARSE_IPV4 || kind === PARSE_MAPPED) {
      const value = scratch[0]!;
      if (specialRangeOfIPv4(value) !== null) return BOGON_ANSWER;
      return this.compose(kind === PARSE_IPV4 ? ip : null, 4, value, 0, 0, 0, options);
    }
    if (kind === PARSE_IPV6) {
      const w0 = scratch[0]!;
      const w1 = scratch[1]!;
      const w2 = scratch[2]!;
      const w3 = scratch[3]!;
      if (specialRangeOfIPv6(w0, w1, w2, w3) !== null) return BOGON_ANSWER;
      return this.compose(null, 6, w0, w1, w2, w3, options);
    }
    return NOT_ONE_ADDRESS;
  }

  /** The answer of a public address (the caller ruled out bogons), without `ip`. */
  answerAt(
    address:
      | { family: 4; value: number; mapped: boolean }
      | { family: 6; words: readonly [number, number, number, number]; mapped: false },
    options: LookupOptions = NO_OPTIONS,
  ): Answer {
    return address.family === 4
      ? this.compose(null, 4, address.value, 0, 0, 0, options)
      : this.compose(null, 6, ...address.words, options);
  }

  /**
   * The answer of a public address, as four words (IPv4: `a0` alone; `dottedQuad`: its text when
   * asked as a strictly parsed dotted quad, already canonical). The hot path: one search, one read
   * per layer; an address that no detection or feed holds (most) is its interval's shared answer.
   */
  private compose(
    dottedQuad: string | null,
    family: 4 | 6,
    a0: number,
    a1: number,
    a2: number,
    a3: number,
    options: LookupOptions,
  ): Answer {
    const v4 = family === 4;
    const slot = v4 ? this.index.findIPv4(a0) : this.index.findIPv6(a0, a1, a2, a3);
    const owners = v4 ? this.v4Owners : this.v6Owners;
    const base = slot * LAYER_COUNT;
    const detEntry = owners[base + LAYER.detections]!;
    const torEntry = owners[base + LAYER.tor]!;
    const relayEntry = owners[base + LAYER.relay]!;
    const cloudEntry = owners[base + LAYER.cloud]!;
    const place = this.place(family, slot, owners, base, a0, a1, a2, a3);
    if (
      detEntry === LAYER_NONE &&
      torEntry === LAYER_NONE &&
      relayEntry === LAYER_NONE &&
      cloudEntry === LAYER_NONE
    ) {
      return place.answer;
    }
    // An address of the IP database is an interval of its own: its answer holds for the day (and
    // without max_age_days), so repeated asks of one exit (common: the same VPN servers recur)
    // reuse it.
    const today = Math.floor(this.now().getTime() / DAY_MS);
    const cacheable = detEntry !== LAYER_NONE && options.maxAgeDays === undefined;
    const cacheAt = slot & (DETECTED_CACHE_SIZE - 1);
    const keys = v4 ? this.detectedKey4 : this.detectedKey6;
    const days = this.detectedDay[v4 ? 0 : 1]!;
    const answers = v4 ? this.detectedOf4 : this.detectedOf6;
    if (cacheable && keys[cacheAt] === slot && days[cacheAt] === today) return answers[cacheAt]!;
    const answer = this.composeDetected(
      dottedQuad,
      family,
      a0,
      a1,
      a2,
      a3,
      options,
      place,
      detEntry,
      torEntry,
      relayEntry,
      cloudEntry,
      today,
    );
    if (cacheable) {
      keys[cacheAt] = slot;
      days[cacheAt] = today;
      answers[cacheAt] = answer;
    }
    return answer;
  }

  /** The answer of an address a detection or a feed holds: flags, evidence, sources, confidence. */
  private composeDetected(
    dottedQuad: string | null,
    family: 4 | 6,
    a0: number,
    a1: number,
    a2: number,
    a3: number,
    options: LookupOptions,
    place: Place,
    detEntry: number,
    torEntry: number,
    relayEntry: number,
    cloudEntry: number,
    today: number,
  ): Answer {
    const d = this.data;
    const index = this.index;
    const v4 = family === 4;
    const maxAge = options.maxAgeDays;
    const isStale = (last: number) => maxAge !== undefined && last !== NO_DAY && today - last > maxAge;

    let isVpn = false;
    let isProxy = false;
    let isTor = false;
    let isRelay = false;
    const asnHosting = place.answer.is_hosting;
    let isHosting = asnHosting;
    let vendor: string | null = null;
    let vpn: string | null = null;
    let firstSeen: string | null = null;
    let lastSeen: string | null = null;
    let country = place.answer.country;
    let region = place.answer.region;
    let city = place.answer.city;
    let live = false;
    let recent = false;
    let stale = false;
    let base = 0;
    const flagCodes: EvidenceCode[] = [];
    const sourceCodes: EvidenceCode[] = [];
    const sources: DetectionSourceEntry[] = [];
    // The most specific network: the detection's own address, else a feed's, else the place's.
    let network = place.answer.network;
    let prefix = place.prefix;
    const prefixOf = (layer: number, entry: number) =>
      v4 ? index.prefixOfIPv4(layer, entry, a0) : index.prefixOfIPv6(layer, entry, a0, a1, a2, a3);
    const narrow = (layer: number, entry: number) => {
      const p = prefixOf(layer, entry);
      if (p > prefix) {
        prefix = p;
        network = null;
      }
    };

    if (detEntry !== LAYER_NONE) {
      const row = index.payloadOf(family, LAYER.detections, detEntry);
      const flags = d.detections.flags[row]!;
      const last = d.detections.lastSeen[row]!;
      firstSeen = this.day(d.detections.firstSeen[row]!);
      lastSeen = this.day(last);
      prefix = v4 ? 32 : 128;
      network = v4 ? `${dottedQuad ?? formatIPv4(a0)}/32` : cidrText(6, a0, a1, a2, a3, 128);
      if ((flags & (FLAG_VPN | FLAG_PROXY | FLAG_TOR)) !== 0) {
        if (isStale(last)) stale = true;
        else {
          isVpn = (flags & FLAG_VPN) !== 0;
          isProxy = (flags & FLAG_PROXY) !== 0;
          isTor = (flags & FLAG_TOR) !== 0;
          vendor = isVpn ? this.text(d.detections.vendor[row]!) : null;
          vpn = isVpn ? this.text(d.detections.vpn[row]!) : null;
          if (isTor) flagCodes.push('tor_exit');
          if (isVpn) flagCodes.push('vpn_exit_observed');
          if (isProxy) flagCodes.push('proxy_observed');
          sourceCodes.push('collector');
          for (const [set, flag] of [
            [isVpn, 'vpn'],
            [isProxy, 'proxy'],
            [isTor, 'tor'],
          ] as const) {
            if (set) sources.push({ flag, source: 'collector', provider: null, last_seen: lastSeen });
          }
          base = isTor
            ? CONFIDENCE.tor_exit
            : isVpn
              ? CONFIDENCE.vpn_exit_observed
              : CONFIDENCE.proxy_observed;
          if (last !== NO_DAY && today - last <= CONFIDENCE.recentDays) recent = true;
          live = isVpn && (flags & FLAG_LIVE_SUBDOMAIN) !== 0;
        }
      }
    }

    const feeds = d.feeds;
    const feed = (
      layer: number,
      entry: number,
    ): { row: number; last: number; lastText: string | null; provider: string | null } | null => {
      if (entry === LAYER_NONE) return null;
      if (detEntry === LAYER_NONE) narrow(layer, entry);
      const row = index.payloadOf(family, layer, entry);
      const last = feeds.lastListed[row]!;
      if (isStale(last)) {
        stale = true;
        return null;
      }
      if (last !== NO_DAY && today - last <= CONFIDENCE.recentDays) recent = true;
      return { row, last, lastText: this.day(last), provider: this.text(feeds.provider[row]!) };
    };
    const tor = feed(LAYER.tor, torEntry);
    if (tor !== null) {
      isTor = true;
      sourceCodes.push('tor_exit_list');
      sources.push({ flag: 'tor', source: 'tor_exit_list', provider: tor.provider, last_seen: tor.lastText });
      base = Math.max(base, CONFIDENCE.tor_exit_list);
    }
    const relay = feed(LAYER.relay, relayEntry);
    if (relay !== null) {
      isRelay = true;
      // The relay's advertised place (RFC 8805) is where its users appear to be.
      const relayCountry = this.text(feeds.country[relay.row]!);
      if (relayCountry !== null) {
        country = relayCountry;
        region = this.text(feeds.region[relay.row]!);
        city = this.text(feeds.city[relay.row]!);
      }
      sourceCodes.push('icloud_relay_egress');
      sources.push({
        flag: 'relay',
        source: 'icloud_relay_egress',
        provider: relay.provider,
        last_seen: relay.lastText,
      });
      base = Math.max(base, CONFIDENCE.icloud_relay_egress);
    }
    const cloud = feed(LAYER.cloud, cloudEntry);
    if (cloud !== null) {
      isHosting = true;
      sourceCodes.push('cloud_ranges');
      sources.push({
        flag: 'hosting',
        source: 'cloud_ranges',
        provider: cloud.provider,
        last_seen: cloud.lastText,
      });
    }
    if (network === null && prefix >= 0) network = cidrText(family, a0, a1, a2, a3, prefix);

    const anonymous = isVpn || isProxy || isTor || isRelay;
    const evidence: EvidenceCode[] = [];
    let confidence = 0;
    if (stale && !anonymous) evidence.push('stale_detection');
    evidence.push(...flagCodes, ...sourceCodes);
    if (anonymous) {
      confidence = base;
      if (recent) {
        evidence.push('seen_recently');
        confidence += CONFIDENCE.seen_recently;
      }
      if (live) {
        evidence.push('live_subdomain');
        confidence += CONFIDENCE.live_subdomain;
      }
      if (isHosting) confidence += CONFIDENCE.hosting_network;
      confidence = Math.min(100, confidence);
    }
    if (asnHosting) evidence.push('hosting_network');

    return {
      vendor,
      is_vpn: isVpn,
      is_proxy: isProxy,
      country,
      region,
      city,
      company: place.answer.company,
      asn: place.answer.asn,
      network,
      vpn,
      is_tor: isTor,
      is_relay: isRelay,
      is_hosting: isHosting,
      is_anonymous: anonymous,
      bogon: false,
      confidence,
      evidence,
      first_seen: firstSeen,
      last_seen: lastSeen,
      sources,
    };
  }

  /**
   * The place of an address in interval `slot`: geography from the city layer, else the country
   * layer; the AS with its route; the most specific of their networks. Cached per interval unless
   * that network is a block of a range entry (then it depends on the address).
   */
  private place(
    family: 4 | 6,
    slot: number,
    owners: Uint32Array,
    base: number,
    a0: number,
    a1: number,
    a2: number,
    a3: number,
  ): Place {
    const v4 = family === 4;
    const keys = v4 ? this.placeKey4 : this.placeKey6;
    const cacheAt = slot & (PLACE_CACHE_SIZE - 1);
    if (keys[cacheAt] === slot && this.inCachedBlock(v4, cacheAt, a0, a1, a2, a3)) {
      return (v4 ? this.placeOf4 : this.placeOf6)[cacheAt]!;
    }

    const d = this.data;
    const index = this.index;
    let country: string | null = null;
    let region: string | null = null;
    let city: string | null = null;
    let geoLayer = -1;
    let geoEntry = owners[base + LAYER.city]!;
    if (geoEntry !== LAYER_NONE) {
      const row = index.payloadOf(family, LAYER.city, geoEntry);
      country = this.text(d.geo.country[row]!);
      region = this.text(d.geo.region[row]!);
      city = this.text(d.geo.city[row]!);
      geoLayer = LAYER.city;
    } else {
      geoEntry = owners[base + LAYER.country]!;
      if (geoEntry !== LAYER_NONE) {
        country = this.text(index.payloadOf(family, LAYER.country, geoEntry));
        geoLayer = LAYER.country;
      }
    }
    let geoPrefix = -1;
    if (geoLayer >= 0) {
      geoPrefix = v4
        ? index.prefixOfIPv4(geoLayer, geoEntry, a0)
        : index.prefixOfIPv6(geoLayer, geoEntry, a0, a1, a2, a3);
    }

    // The AS layer: `asn` (with its route) cached per AS network that is one CIDR block (most are).
    const asnEntry = owners[base + LAYER.asn]!;
    let asn: AsnAnswer | null = null;
    let asnPrefix = -1;
    let asnRow = -1;
    let asnCidr = true;
    if (asnEntry !== LAYER_NONE) {
      asnRow = index.payloadOf(family, LAYER.asn, asnEntry);
      asnPrefix = v4
        ? index.prefixOfIPv4(LAYER.asn, asnEntry, a0)
        : index.prefixOfIPv6(LAYER.asn, asnEntry, a0, a1, a2, a3);
      asnCidr = index.isCidrEntry(family, LAYER.asn, asnEntry);
      if (asnCidr) {
        const cache = v4 ? this.asnObject4 : this.asnObject6;
        asn =
          cache[asnEntry] ??
          (cache[asnEntry] = Object.freeze(
            this.asnAnswer(asnRow, cidrText(family, a0, a1, a2, a3, asnPrefix)),
          ));
      } else {
        asn = this.asnAnswer(asnRow, cidrText(family, a0, a1, a2, a3, asnPrefix));
      }
    }

    let network: string | null;
    let prefix: number;
    if (asn !== null && asnPrefix > geoPrefix) {
      network = asn.route;
      prefix = asnPrefix;
    } else {
      network = geoPrefix < 0 ? null : cidrText(family, a0, a1, a2, a3, geoPrefix);
      prefix = geoPrefix;
    }
    // Within a range entry the block around the address, so `asn.route`, the chosen network and
    // even which layer names it, move with the address: such a place is not cached.
    const addressDependent = !asnCidr || (geoLayer >= 0 && !index.isCidrEntry(family, geoLayer, geoEntry));

    const asnHosting = (asnRow < 0 ? 0 : d.asn.type[asnRow]!) === 1;
    const company = asnRow < 0 ? null : this.company(asnRow);
    const place: Place = {
      answer: {
        vendor: null,
        is_vpn: false,
        is_proxy: false,
        country,
        region,
        city,
        company,
        asn,
        network,
        vpn: null,
        is_tor: false,
        is_relay: false,
        is_hosting: asnHosting,
        is_anonymous: false,
        bogon: false,
        confidence: 0,
        evidence: asnHosting ? HOSTING_EVIDENCE : NO_EVIDENCE,
        first_seen: null,
        last_seen: null,
        sources: NO_SOURCES,
      },
      prefix,
    };
    keys[cacheAt] = slot;
    (v4 ? this.placeOf4 : this.placeOf6)[cacheAt] = place;
    // Two CIDR blocks holding one address nest, so the finer one decides both: every address of
    // it has the same blocks around it in this interval's entries, hence the same place.
    const blockPrefix = addressDependent ? Math.max(asnPrefix, geoPrefix) : -1;
    if (v4) {
      this.placeBlockPrefix4[cacheAt] = blockPrefix;
      this.placeBlock4[cacheAt] = (a0 & wordMask(blockPrefix)) >>> 0;
    } else {
      this.placeBlockPrefix6[cacheAt] = blockPrefix;
      const o = 4 * cacheAt;
      const block = this.placeBlock6;
      block[o] = a0 & wordMask(blockPrefix);
      block[o + 1] = a1 & wordMask(blockPrefix - 32);
      block[o + 2] = a2 & wordMask(blockPrefix - 64);
      block[o + 3] = a3 & wordMask(blockPrefix - 96);
    }
    return place;
  }

  /** Whether an address lies in the block a cached place was made for (always, when it has none). */
  private inCachedBlock(
    v4: boolean,
    cacheAt: number,
    a0: number,
    a1: number,
    a2: number,
    a3: number,
  ): boolean {
    if (v4) {
      const prefix = this.placeBlockPrefix4[cacheAt]!;
      return prefix < 0 || (a0 & wordMask(prefix)) >>> 0 === this.placeBlock4[cacheAt];
    }
    const prefix = this.placeBlockPrefix6[cacheAt]!;
    if (prefix < 0) return true;
    const o = 4 * cacheAt;
    const block = this.placeBlock6;
    return (
      (a0 & wordMask(prefix)) >>> 0 === block[o] &&
      (a1 & wordMask(prefix - 32)) >>> 0 === block[o + 1] &&
      (a2 & wordMask(prefix - 64)) >>> 0 === block[o + 2] &&
      (a3 & wordMask(prefix - 96)) >>> 0 === block[o + 3]
    );
  }

  /** A string id of the dictionary → its text (NONE → null). */
  private text(id: number): string | null {
    return id === NONE ? null : this.strings[id]!;
  }

  private day(day: number): string | null {
    if (day === NO_DAY) return null;
    let text = this.dayText.get(day);
    if (text === undefined) {
      text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      this.dayText.set(day, text);
    }
    return text;
  }

  /** The answer's `company` of an AS row, one frozen object per row. */
  private company(row: number): CompanyAnswer {
    let company = this.companyOf[row];
    if (company === undefined) {
      const d = this.data;
      company = Object.freeze({
        name: this.text(d.asn.name[row]!)!,
        domain: null,
        type: COMPANY_TYPE_CODES[d.asn.type[row]!] ?? null,
      });
      this.companyOf[row] = company;
    }
    return company;
  }

  private asnAnswer(row: number, route: string): AsnAnswer {
    let asnText = this.asnTextOf[row];
    if (asnText === undefined) asnText = this.asnTextOf[row] = `AS${this.data.asn.number[row]!}`;
    return { asn: asnText, name: this.text(this.data.asn.name[row]!)!, route };
  }

  /**
   * Every network of the snapshot with its answer (for the offline export): the merged intervals
   * (cut again at the special-purpose blocks) as CIDR blocks, in address order, IPv4 then IPv6;
   * addresses no layer holds are left out. Each block's answer is the answer of every address in
   * it (`network` there is the most specific network of the data holding it, which may be wider
   * than the block).
   */
  *networks(): Iterable<{ network: string; answer: Answer }> {
    const index = this.index;
    for (const family of [4, 6] as const) {
      const owners = family === 4 ? this.v4Owners : this.v6Owners;
      const m = index.intervalCount(family);
      const max = family === 4 ? 0xffffffffn : (1n << 128n) - 1n;
      const special = specialBoundaries(family);
      let specialAt = 0;
      for (let slot = 0; slot < m; slot++) {
        if (heldByNone(owners, slot)) continue;
        const start = index.intervalStartOf(family, slot);
        const end = slot + 1 < m ? index.intervalStartOf(family, slot + 1) - 1n : max;
        while (specialAt < special.length && special[specialAt]! <= start) specialAt++;
        // Special-purpose blocks cut the interval, so each piece is all public or all special.
        let pieceStart = start;
        for (let k = specialAt; ; k++) {
          const cut = k < special.length && special[k]! <= end ? special[k]! : null;
          yield* this.blocksOf(family, pieceStart, cut === null ? end : cut - 1n);
          if (cut === null) break;
          pieceStart = cut;
        }
      }
    }
  }

  /** The CIDR blocks of one public piece of an interval, each with the answer at its first address. */
  private *blocksOf(
    family: 4 | 6,
    start: bigint,
    end: bigint,
  ): Iterable<{ network: string; answer: Answer }> {
    const first = addressOf(family, start);
    if (family === 4 ? specialRangeOfIPv4(first.value as number) : specialRangeOfIPv6(...first.words!))
      return;
    // A piece is held by the same networks throughout, or by none.
    if (this.answerAt(at0(family, first)).network === null) return;
    const span = rangeSpan(family, start, end);
    for (const block of spanToCidrs(family, span.start, span.end)) {
      // Each block answers at its own first address: where a network of the data is a range
      // rather than one CIDR, `network` and `asn.route` name the block around the address,
      // which differs between the blocks of one interval (and is the same across one block).
      const at = addressOf(family, block.start);
      const text = family === 4 ? formatIPv4(at.value!) : formatIPv6(at.words!);
      yield { network: `${text}/${block.prefix}`, answer: this.answerAt(at0(family, at)) };
    }
  }
}

/** Whether no layer holds interval `slot` (interleaved owners). */
function heldByNone(owners: Uint32Array, slot: number): boolean {
  for (let j = slot * LAYER_COUNT, end = j + LAYER_COUNT; j < end; j++)
    if (owners[j] !== LAYER_NONE) return false;
  return true;
}

/** The first address of every special-purpose block of a family and the address after it, sorted. */
function specialBoundaries(family: 4 | 6): bigint[] {
  const max = family === 4 ? 0xffffffffn : (1n << 128n) - 1n;
  const out = new Set<bigint>();
  for (const [cidr] of SPECIAL_RANGES) {
    const span = parseCidr(cidr);
    if (span.family !== family) continue;
    out.add(span.start);
    if (span.end < max) out.add(span.end + 1n);
  }
  return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const PREFIX_TEXT = Array.from({ length: 129 }, (_, p) => `/${p}`);
const masked = new Uint32Array(4);

/** The mask of a word that keeps its first `bits` bits (clamped to 0 … 32). */
function wordMask(bits: number): number {
  if (bits <= 0) return 0;
  if (bits >= 32) return 0xffffffff;
  return (0xffffffff << (32 - bits)) >>> 0;
}

/** `first/prefix` of the block of `prefix` bits holding an address (IPv4: `a0` alone). */
function cidrText(family: 4 | 6, a0: number, a1: number, a2: number, a3: number, prefix: number): string {
  if (family === 4) return formatIPv4((a0 & wordMask(prefix)) >>> 0) + PREFIX_TEXT[prefix]!;
  masked[0] = a0 & wordMask(prefix);
  masked[1] = a1 & wordMask(prefix - 32);
  masked[2] = a2 & wordMask(prefix - 64);
  masked[3] = a3 & wordMask(prefix - 96);
  return formatIPv6(masked) + PREFIX_TEXT[prefix]!;
}

/** An array of `length` undefined slots, packed (a `new Array(n)` this large is a slow dictionary). */
function filledArray<T>(length: number): (T | undefined)[] {
  const out: (T | undefined)[] = [];
  for (let i = 0; i < length; i++) out.push(undefined);
  return out;
}

/** A numeric address as answerAt takes it. */
function at0(
  family: 4 | 6,
  address: { value?: number; words?: readonly [number, number, number, number] },
):
  | { family: 4; value: number; mapped: false }
  | { family: 6; words: readonly [number, number, number, number]; mapped: false } {
  return family === 4
    ? { family: 4, value: address.value!, mapped: false }
    : { family: 6, words: address.words!, mapped: false };
}

function addressOf(
  family: 4 | 6,
  value: bigint,
): { value?: number; words?: readonly [number, number, number, number] } {
  if (family === 4) return { value: Number(value) };
  const w = (shift: bigint) => Number((value >> shift) & 0xffffffffn);
  return { words: [w(96n), w(64n), w(32n), w(0n)] };
}

/** A special-purpose address: never looked up, every flag false. */
const BOGON_ANSWER: Answer = Object.freeze({
  vendor: null,
  is_vpn: false,
  is_proxy: false,
  country: null,
  region: null,
  city: null,
  company: null,
  asn: null,
  network: null,
  vpn: null,
  is_tor: false,
  is_relay: false,
  is_hosting: false,
  is_anonymous: false,
  bogon: true,
  confidence: CONFIDENCE.bogon,
  evidence: BOGON_EVIDENCE,
  first_seen: null,
  last_seen: null,
  sources: NO_SOURCES,
});

export function bogonAnswer(): Answer {
  return BOGON_ANSWER;
}

/** The API's answer: `ip` first, then the record's fields in the contract's order. */
function withIp(ip: string, a: Answer): DetectionAnswer {
  return {
    ip,
    vendor: a.vendor,
    is_vpn: a.is_vpn,
    is_proxy: a.is_proxy,
    country: a.country,
    region: a.region,
    city: a.city,
    company: a.company,
    asn: a.asn,
    network: a.network,
    vpn: a.vpn,
    is_tor: a.is_tor,
    is_relay: a.is_relay,
    is_hosting: a.is_hosting,
    is_anonymous: a.is_anonymous,
    bogon: a.bogon,
    confidence: a.confidence,
    evidence: a.evidence,
    first_seen: a.first_seen,
    last_seen: a.last_seen,
    sources: a.sources,
  };
}
