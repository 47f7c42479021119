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

type CompanyAnswer = NonNullable<DetectionAnswer['company']>;
type AsnAnswer = NonNullable<DetectionAnswer['asn']>;

// Shared, frozen parts of answers: nothing downstream changes an answer, and freezing makes sure.
const NO_OPTIONS: LookupOptions = Object.freeze({});
const NO_EVIDENCE = Object.freeze([]) as unknown as EvidenceCode[];
const HOSTING_EVIDENCE = Object.freeze(['hosting_network']) as unknown as EvidenceCode[];
const BOGON_EVIDENCE = Object.freeze(['special_purpose']) as unknown as EvidenceCode[];
const TOO_LONG = Object.freeze({ invalid: 'longer than any IP address' });
const NOT_ONE_ADDRESS = Object.freeze({
  invalid: 'not one IPv4 or IPv6 address (no CIDR, range, port, zone or spaces)',
});

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

export class Snapshot {
  readonly dataVersion: { version: number; date: string };
  readonly stats: SnapshotStats;
  private readonly detectionIndex: RangeIndex;
  private readonly city4Index: RangeIndex;
  private readonly city6Index: RangeIndex;
  private readonly countryIndex: RangeIndex;
  private readonly asnIndex: RangeIndex;
  private readonly strings: string[];
  /**
   * Lazily filled caches of what many lookups share, so a lookup formats and allocates only what
   * is its own: the frozen `asn` object of each AS network that is one CIDR block (route
   * included), per family; `company` and the `AS…` text of each AS row; the text of each day.
   * Each is bounded by the snapshot's own rows (no cache of addresses).
   */
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
    this.detectionIndex = RangeIndex.fromTransferable(data.layers.detections);
    this.city4Index = RangeIndex.fromTransferable(data.layers.city4);
    this.city6Index = RangeIndex.fromTransferable(data.layers.city6);
    this.countryIndex = RangeIndex.fromTransferable(data.layers.country);
    this.asnIndex = RangeIndex.fromTransferable(data.layers.asn);
    this.strings = data.strings;
    this.asnObject4 = filledArray(data.layers.asn.v4.entryPayload.length);
    this.asnObject6 = filledArray(data.layers.asn.v6.entryPayload.length);
    this.companyOf = filledArray(data.asn.number.length);
    this.asnTextOf = filledArray(data.asn.number.length);
  }

  /** One address text → its answer, or why it is not one address. */
  lookup(ip: string, options: LookupOptions = NO_OPTIONS): DetectionAnswer | { invalid: string } {
    if (ip.length > 64) return TOO_LONG;
    const kind = parseInto(ip, scratch);
    if (kind === PARSE_IPV4 || kind === PARSE_MAPPED) {
      const value = scratch[0]!;
      if (specialRangeOfIPv4(value) !== null) return bogonAnswerFor(ip);
      return this.compose(ip, 4, value, 0, 0, 0, kind === PARSE_MAPPED, options);
    }
    if (kind === PARSE_IPV6) {
      const w0 = scratch[0]!;
      const w1 = scratch[1]!;
      const w2 = scratch[2]!;
      const w3 = scratch[3]!;
      if (specialRangeOfIPv6(w0, w1, w2, w3) !== null) return bogonAnswerFor(ip);
      return this.compose(ip, 6, w0, w1, w2, w3, false, options);
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
    const { ip: _ip, ...answer } =
      address.family === 4
        ? this.compose(null, 4, address.value, 0, 0, 0, address.mapped, options)
        : this.compose(null, 6, ...address.words, false, options);
    return answer;
  }

  /**
   * The answer of a public address, as four words (IPv4: `a0` alone). The hot path: one search
   * per layer, the network's text formatted once for the layer that names it, shared parts from
   * the caches, one answer object.
   */
  private compose(
    ip: string | null,
    family: 4 | 6,
    a0: number,
    a1: number,
    a2: number,
    a3: number,
    mapped: boolean,
    options: LookupOptions,
  ): DetectionAnswer {
    const d = this.data;
    const v4 = family === 4;
    // The detection layer holds single addresses: a hit is always the most specific network.
    const det = this.detectionIndex;
    const detSlot = v4 ? det.findIPv4(a0) : det.findIPv6(a0, a1, a2, a3);
    const detRow = detSlot < 0 ? -1 : det.payloadOf(family, detSlot);

    // Geography: the city layer, else the country layer; the most specific of them and its prefix.
    const cityIndex = v4 ? this.city4Index : this.city6Index;
    const citySlot = v4 ? cityIndex.findIPv4(a0) : cityIndex.findIPv6(a0, a1, a2, a3);
    let geoIndex: RangeIndex | null = null;
    let geoSlot = -1;
    let country: string | null = null;
    let region: string | null = null;
    let city: string | null = null;
    if (citySlot >= 0) {
      const row = cityIndex.payloadOf(family, citySlot);
      country = this.text(d.geo.country[row]!);
      region = this.text(d.geo.region[row]!);
      city = this.text(d.geo.city[row]!);
      geoIndex = cityIndex;
      geoSlot = citySlot;
    } else {
      const countryIndex = this.countryIndex;
      const slot = v4 ? countryIndex.findIPv4(a0) : countryIndex.findIPv6(a0, a1, a2, a3);
      if (slot >= 0) {
        country = this.text(countryIndex.payloadOf(family, slot));
        geoIndex = countryIndex;
        geoSlot = slot;
      }
    }
    let geoPrefix = -1;
    if (geoIndex !== null) {
      geoPrefix = v4
        ? geoIndex.prefixOfIPv4(geoIndex.entryOfIPv4(geoSlot), a0)
        : geoIndex.prefixOfIPv6(geoIndex.entryOfIPv6(geoSlot), a0, a1, a2, a3);
    }

    // The AS layer: `asn` (with its route) cached per AS network that is one CIDR block (most are).
    const asnIndex = this.asnIndex;
    const asnSlot = v4 ? asnIndex.findIPv4(a0) : asnIndex.findIPv6(a0, a1, a2, a3);
    let asn: AsnAnswer | null = null;
    let asnPrefix = -1;
    let asnRow = -1;
    if (asnSlot >= 0) {
      asnRow = asnIndex.payloadOf(family, asnSlot);
      const entry = v4 ? asnIndex.entryOfIPv4(asnSlot) : asnIndex.entryOfIPv6(asnSlot);
      asnPrefix = v4 ? asnIndex.prefixOfIPv4(entry, a0) : asnIndex.prefixOfIPv6(entry, a0, a1, a2, a3);
      if (asnIndex.isCidrEntry(family, entry)) {
        const cache = v4 ? this.asnObject4 : this.asnObject6;
        asn =
          cache[entry] ??
          (cache[entry] = Object.freeze(this.asnAnswer(asnRow, cidrText(family, a0, a1, a2, a3, asnPrefix))));
      } else {
        asn = this.asnAnswer(asnRow, cidrText(family, a0, a1, a2, a3, asnPrefix));
      }
    }

    let network: string | null;
    if (detRow >= 0) {
      // A strictly parsed dotted quad is already its canonical text.
      network = v4 ? `${ip !== null && !mapped ? ip : formatIPv4(a0)}/32` : cidrText(6, a0, a1, a2, a3, 128);
    } else if (asn !== null && asnPrefix > geoPrefix) {
      network = asn.route;
    } else {
      network = geoPrefix < 0 ? null : cidrText(family, a0, a1, a2, a3, geoPrefix);
    }

    const typeCode = asnRow < 0 ? 0 : d.asn.type[asnRow]!;
    const isHosting = typeCode === 1;
    const company = asnRow < 0 ? null : this.company(asnRow);

    let isVpn = false;
    let isProxy = false;
    let isTor = false;
    let vendor: string | null = null;
    let vpn: string | null = null;
    let firstSeen: string | null = null;
    let lastSeen: string | null = null;
    let evidence: EvidenceCode[] = isHosting ? HOSTING_EVIDENCE : NO_EVIDENCE;
    let confidence = 0;
    if (detRow >= 0) {
      const row = detRow;
      const flags = d.detections.flags[row]!;
      const last = d.detections.lastSeen[row]!;
      firstSeen = this.day(d.detections.firstSeen[row]!);
      lastSeen = this.day(last);
      const today = Math.floor(this.now().getTime() / DAY_MS);
      const stale = options.maxAgeDays !== undefined && last !== NO_DAY && today - last > options.maxAgeDays;
      const detected = (flags & (FLAG_VPN | FLAG_PROXY | FLAG_TOR)) !== 0;
      evidence = [];
      if (detected && stale) {
        evidence.push('stale_detection');
      } else if (detected) {
        isVpn = (flags & FLAG_VPN) !== 0;
        isProxy = (flags & FLAG_PROXY) !== 0;
        isTor = (flags & FLAG_TOR) !== 0;
        vendor = isVpn ? this.text(d.detections.vendor[row]!) : null;
        vpn = isVpn ? this.text(d.detections.vpn[row]!) : null;
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
      if (isHosting) evidence.push('hosting_network');
    }

    return {
      ip: ip!,
      vendor,
      is_vpn: isVpn,
      is_proxy: isProxy,
      country,
      region,
      city,
      company,
      asn,
      network,
      vpn,
      is_tor: isTor,
      // Egress of a privacy relay (iCloud Private Relay …): false until a relay feed is loaded.
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
  const { ip: _ip, ...answer } = bogonAnswerFor('');
  return answer;
}

function bogonAnswerFor(ip: string): DetectionAnswer {
  return {
    ip,
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
  };
}
