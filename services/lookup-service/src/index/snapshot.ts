/**
 * One immutable generation of the detection index: four RangeIndex layers looked up in turn, and
 * column arrays plus a string dictionary for what their payload ids mean (no object per
 * network). Built in a worker (build.ts), moved to the serving thread by transferring buffers.
 *
 * Layers (payload id → row of its columns):
 * - detections: every address of the IP database's `ips` (/32 or /128) → detection row;
 * - city: DB-IP city (region, city, country) networks → geo row;
 * - country: DB-IP country ranges → string id of the country code (where the city layer has none);
 * - asn: AS ranges → AS row (number, organisation, company type).
 */
import type { DetectionAnswer, EvidenceCode } from '@tunnelscope/contracts';
import {
  PARSE_IPV4,
  PARSE_IPV6,
  PARSE_MAPPED,
  RangeIndex,
  SPECIAL_RANGES,
  parseCidr,
  parseInto,
  rangeSpan,
  spanToCidrs,
  specialRangeOfIPv4,
  specialRangeOfIPv6,
  formatIPv4,
  formatIPv6,
  type IndexMatch,
  type TransferableIndex,
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

const DAY_MS = 86_400_000;

export interface SnapshotData {
  readonly version: number;
  /** The data version's date, YYYY-MM-DD. */
  readonly date: string;
  readonly strings: string[];
  readonly layers: {
    readonly detections: TransferableIndex;
    /** The city layer, one index per family (built one after the other: less memory at once). */
    readonly city4: TransferableIndex;
    readonly city6: TransferableIndex;
    readonly country: TransferableIndex;
    readonly asn: TransferableIndex;
  };
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
  readonly stats: SnapshotStats;
}

export interface SnapshotStats {
  readonly networks: { detections: number; city: number; country: number; asn: number };
  /** Bytes of typed arrays (layers and columns). */
  readonly bytes: number;
  readonly buildMs: number;
  readonly publicData: string;
}

/** The buffers of a SnapshotData, for postMessage's transfer list. */
export function transferList(data: SnapshotData): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [
    ...Object.values(data.detections),
    ...Object.values(data.geo),
    ...Object.values(data.asn),
  ];
  for (const layer of Object.values(data.layers)) {
    for (const family of [layer.v4, layer.v6]) arrays.push(...Object.values(family));
  }
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

export interface LookupOptions {
  readonly maxAgeDays?: number;
}

type Answer = Omit<DetectionAnswer, 'ip'>;

const scratch = new Uint32Array(4);

/** Confidence: base by the strongest observation, plus corroboration, capped at 100 (README). */
export const CONFIDENCE = {
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

function isoDay(day: number): string | null {
  return day === NO_DAY ? null : new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export class Snapshot {
  readonly dataVersion: { version: number; date: string };
  readonly stats: SnapshotStats;
  private readonly detectionIndex: RangeIndex;
  private readonly city4Index: RangeIndex;
  private readonly city6Index: RangeIndex;
  private readonly countryIndex: RangeIndex;
  private readonly asnIndex: RangeIndex;
  private readonly asnArrays: TransferableIndex;
  /** Route text of the AS layer's CIDR networks, per network, filled as they are asked for. */
  private readonly routeCache4: (string | undefined)[];
  private readonly routeCache6: (string | undefined)[];
  /** A string id of the dictionary → its text (NONE and undefined → null). */
  private readonly str: (id: number | undefined) => string | null;

  constructor(
    /** The arrays and dictionary behind the snapshot (read-only by contract: the export copies them to a worker). */
    readonly data: SnapshotData,
    /** The clock the answers are dated by. */
    readonly now: () => Date,
  ) {
    this.dataVersion = { version: data.version, date: data.date };
    this.stats = data.stats;
    this.detectionIndex = RangeIndex.fromTransferable(data.layers.detections);
    this.city4Index = RangeIndex.fromTransferable(data.layers.city4);
    this.city6Index = RangeIndex.fromTransferable(data.layers.city6);
    this.countryIndex = RangeIndex.fromTransferable(data.layers.country);
    this.asnIndex = RangeIndex.fromTransferable(data.layers.asn);
    // Read, not moved: toTransferable() only lists the arrays.
    this.asnArrays = this.asnIndex.toTransferable().data;
    this.routeCache4 = new Array<string | undefined>(this.asnArrays.v4.entryPayload.length);
    this.routeCache6 = new Array<string | undefined>(this.asnArrays.v6.entryPayload.length);
    const strings = data.strings;
    this.str = (id) => (id === undefined || id === NONE ? null : strings[id]!);
  }

  /** One address text → its answer, or why it is not one address. */
  lookup(ip: string, options: LookupOptions = {}): DetectionAnswer | { invalid: string } {
    if (ip.length > 64) return { invalid: 'longer than any IP address' };
    const kind = parseInto(ip, scratch);
    if (kind === PARSE_IPV4 || kind === PARSE_MAPPED) {
      const value = scratch[0]!;
      if (specialRangeOfIPv4(value) !== null) return { ip, ...bogonAnswer() };
      return { ip, ...this.answerAt({ family: 4, value, mapped: kind === PARSE_MAPPED }, options) };
    }
    if (kind === PARSE_IPV6) {
      const words = [scratch[0]!, scratch[1]!, scratch[2]!, scratch[3]!] as const;
      if (specialRangeOfIPv6(words[0], words[1], words[2], words[3]) !== null)
        return { ip, ...bogonAnswer() };
      return { ip, ...this.answerAt({ family: 6, words, mapped: false }, options) };
    }
    return { invalid: 'not one IPv4 or IPv6 address (no CIDR, range, port, zone or spaces)' };
  }

  /** The answer of a public address (the caller ruled out bogons). */
  answerAt(
    address:
      | { family: 4; value: number; mapped: boolean }
      | { family: 6; words: readonly [number, number, number, number]; mapped: false },
    options: LookupOptions = {},
  ): Answer {
    const d = this.data;
    // The detection layer holds single addresses: its payload is enough, and a hit is always
    // the most specific network (/32 or /128), so no match object is made for it.
    const detIndex = this.detectionIndex;
    const detSlot =
      address.family === 4
        ? detIndex.findIPv4(address.value)
        : detIndex.findIPv6(address.words[0], address.words[1], address.words[2], address.words[3]);
    const detRow = detSlot < 0 ? -1 : detIndex.payloadOf(address.family, detSlot);
    const city = (address.family === 4 ? this.city4Index : this.city6Index).lookup(address);
    // The AS layer: its route text cached per network when the network is one CIDR block (most
    // are), since formatting it is a large part of a lookup's cost.
    const asnIndex = this.asnIndex;
    const asnSlot =
      address.family === 4
        ? asnIndex.findIPv4(address.value)
        : asnIndex.findIPv6(address.words[0], address.words[1], address.words[2], address.words[3]);
    let asnRoute: string | null = null;
    let asnPrefix = -1;
    let asnRow: number | undefined;
    if (asnSlot >= 0) {
      asnRow = asnIndex.payloadOf(address.family, asnSlot);
      const arrays = address.family === 4 ? this.asnArrays.v4 : this.asnArrays.v6;
      const entry = arrays.intervalEntry[asnSlot]!;
      const prefix = arrays.entryPrefix[entry]!;
      if (prefix !== NOT_CIDR) {
        asnPrefix = prefix;
        const cache = address.family === 4 ? this.routeCache4 : this.routeCache6;
        asnRoute =
          cache[entry] ?? (cache[entry] = cidrText(address.family, arrays.entryStart, entry, prefix));
      } else {
        const m = asnIndex.lookup(address)!;
        asnPrefix = m.prefixLength;
        asnRoute = m.network;
      }
    }
    // The country layer only answers where the city layer has nothing.
    const country = city === null ? this.countryIndex.lookup(address) : null;
    const str = this.str;

    let network: string | null;
    if (detRow >= 0) {
      network = address.family === 4 ? `${formatIPv4(address.value)}/32` : `${formatIPv6(address.words)}/128`;
    } else {
      const best: IndexMatch | null = city ?? country;
      if (asnRoute !== null && (best === null || asnPrefix > best.prefixLength)) network = asnRoute;
      else network = best === null ? null : best.network;
    }

    const typeCode = asnRow === undefined ? 0 : d.asn.type[asnRow]!;
    const isHosting = typeCode === 1;
    const company =
      asnRow === undefined
        ? null
        : { name: str(d.asn.name[asnRow])!, domain: null, type: COMPANY_TYPE_CODES[typeCode] ?? null };

    let isVpn = false;
    let isProxy = false;
    let isTor = false;
    let vendor: string | null = null;
    let vpn: string | null = null;
    let firstSeen: string | null = null;
    let lastSeen: string | null = null;
    const evidence: EvidenceCode[] = [];
    let confidence = 0;
    if (detRow >= 0) {
      const row = detRow;
      const flags = d.detections.flags[row]!;
      const last = d.detections.lastSeen[row]!;
      firstSeen = isoDay(d.detections.firstSeen[row]!);
      lastSeen = isoDay(last);
      const today = Math.floor(this.now().getTime() / DAY_MS);
      const stale = options.maxAgeDays !== undefined && last !== NO_DAY && today - last > options.maxAgeDays;
      const detected = (flags & (FLAG_VPN | FLAG_PROXY | FLAG_TOR)) !== 0;
      if (detected && stale) {
        evidence.push('stale_detection');
      } else if (detected) {
        isVpn = (flags & FLAG_VPN) !== 0;
        isProxy = (flags & FLAG_PROXY) !== 0;
        isTor = (flags & FLAG_TOR) !== 0;
        vendor = isVpn ? str(d.detections.vendor[row]) : null;
        vpn = isVpn ? str(d.detections.vpn[row]) : null;
        if (isTor) evidence.push('tor_exit');
        if (isVpn) evidence.push('vpn_exit_observed');
        if (isProxy) evidence.push('proxy_observed');
        confidence = isTor
          ? CONFIDENCE.tor_exit
          : isVpn
            ? CONFIDENCE.vpn_exit_observed
            : CONFIDENCE.proxy_observed;
        if (last !== NO_DAY && today - last <= CONFIDENCE.recentDays) {
          evidence.push('seen_recently');
          confidence += CONFIDENCE.seen_recently;
        }
        if (isVpn && (flags & FLAG_LIVE_SUBDOMAIN) !== 0) {
          evidence.push('live_subdomain');
          confidence += CONFIDENCE.live_subdomain;
        }
        if (isHosting) confidence += CONFIDENCE.hosting_network;
        confidence = Math.min(100, confidence);
      }
    }
    if (isHosting) evidence.push('hosting_network');

    return {
      vendor,
      is_vpn: isVpn,
      is_proxy: isProxy,
      country: str(city !== null ? d.geo.country[city.payload] : country?.payload),
      region: city === null ? null : str(d.geo.region[city.payload]),
      city: city === null ? null : str(d.geo.city[city.payload]),
      company,
      asn:
        asnRow === undefined
          ? null
          : { asn: `AS${d.asn.number[asnRow]}`, name: str(d.asn.name[asnRow])!, route: asnRoute! },
      network,
      vpn,
      is_tor: isTor,
      // The IP database lists Tor relays by exit only; non-exit relays have no source yet.
      is_relay: false,
      is_hosting: isHosting,
      is_anonymous: isVpn || isProxy || isTor,
      bogon: false,
      confidence,
      evidence,
      first_seen: firstSeen,
      last_seen: lastSeen,
    };
  }

  /**
   * Every network of the snapshot with its answer (for the offline export): the union of the
   * layers' boundaries cut into CIDR blocks, in address order, IPv4 then IPv6; addresses no layer
   * holds are left out. Each block's answer is the answer of every address in it (`network` there
   * is the most specific network of the data holding it, which may be wider than the block).
   */
  *networks(): Iterable<{ network: string; answer: Answer }> {
    for (const family of [4, 6] as const) {
      const cityIndex = family === 4 ? this.city4Index : this.city6Index;
      const layers = [this.detectionIndex, cityIndex, this.countryIndex, this.asnIndex].map((index) => {
        const f = index.toTransferable().data[family === 4 ? 'v4' : 'v6'];
        return { start: f.intervalStart, payload: f.intervalPayload };
      });
      const width = family === 4 ? 1 : 4;
      // The layers' interval starts are each sorted: merge them (no set of every boundary).
      const at = layers.map(() => 0);
      const head = (k: number): bigint | null =>
        at[k]! < layers[k]!.payload.length ? wordsAt(layers[k]!.start, at[k]! * width, width) : null;
      const heads = layers.map((_, k) => head(k));
      // Special-purpose blocks cut intervals too, so an interval is all public or all special.
      const special = specialBoundaries(family);
      let specialAt = 0;
      const nextBoundary = (): bigint | null => {
        let min: bigint | null = specialAt < special.length ? special[specialAt]! : null;
        for (const h of heads) if (h !== null && (min === null || h < min)) min = h;
        while (specialAt < special.length && special[specialAt]! <= min!) specialAt++;
        if (min === null) return null;
        for (let k = 0; k < heads.length; k++) {
          while (heads[k] !== null && heads[k]! <= min) {
            at[k]!++;
            heads[k] = head(k);
          }
        }
        return min;
      };
      const max = family === 4 ? 0xffffffffn : (1n << 128n) - 1n;
      let next = nextBoundary();
      while (next !== null) {
        const start = next;
        next = nextBoundary();
        const end = next !== null ? next - 1n : max;
        const address = addressOf(family, start);
        if (
          family === 4 ? specialRangeOfIPv4(address.value as number) : specialRangeOfIPv6(...address.words!)
        )
          continue;
        // An interval is held by the same networks throughout, or by none.
        if (this.answerAt(at0(family, address)).network === null) continue;
        const span = rangeSpan(family, start, end);
        for (const block of spanToCidrs(family, span.start, span.end)) {
          // Each block answers at its own first address: where a network of the data is a range
          // rather than one CIDR, `network` and `asn.route` name the block around the address,
          // which differs between the blocks of one interval (and is the same across one block).
          const first = addressOf(family, block.start);
          const text = family === 4 ? formatIPv4(first.value!) : formatIPv6(first.words!);
          yield { network: `${text}/${block.prefix}`, answer: this.answerAt(at0(family, first)) };
        }
      }
    }
  }
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

/** Marks an index entry that is a range rather than one CIDR block (ip-index's entryPrefix). */
const NOT_CIDR = 255;

/** `first/prefix` of an index entry given by its start words. */
function cidrText(family: 4 | 6, entryStart: Uint32Array, entry: number, prefix: number): string {
  if (family === 4) return `${formatIPv4(entryStart[entry]!)}/${prefix}`;
  const o = 4 * entry;
  return `${formatIPv6([entryStart[o]!, entryStart[o + 1]!, entryStart[o + 2]!, entryStart[o + 3]!])}/${prefix}`;
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

function wordsAt(array: Uint32Array, offset: number, width: number): bigint {
  if (width === 1) return BigInt(array[offset]!);
  return (
    (BigInt(array[offset]!) << 96n) |
    (BigInt(array[offset + 1]!) << 64n) |
    (BigInt(array[offset + 2]!) << 32n) |
    BigInt(array[offset + 3]!)
  );
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
export function bogonAnswer(): Answer {
  return {
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
    evidence: ['special_purpose'],
    first_seen: null,
    last_seen: null,
  };
}
