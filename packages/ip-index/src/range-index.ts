/**
 * An immutable index of networks for both families, in typed arrays.
 *
 * Built from (network, payload id) entries that may nest and overlap. At build time the entries
 * are flattened into disjoint sorted intervals that cover the whole address space, each owned by
 * the most specific entry containing it (or by nobody). A lookup is then a search for the last
 * interval starting at or before the address. The payload is a uint32 id into column arrays the
 * caller owns, so the index never holds one JS object per network.
 *
 * Memory layout, per family (n entries, m ≤ 2n+1 intervals):
 *   intervalStart  Uint32Array  m (IPv4) or 4m (IPv6, four words per start, most significant first)
 *   intervalPayload Uint32Array m     the owning entry's payload, NONE for a gap (read by every
 *                                     lookup: one memory access fewer than going through the entry)
 *   intervalEntry  Uint32Array  m     the owning entry (read only for the network answer)
 *   bucket         Uint32Array  65537 the interval holding the first address of each /16 (IPv4) or
 *                                     of each 16-bit top group (IPv6), which cuts the binary search
 *                                     to the few intervals of one bucket
 *   entryStart     Uint32Array  n or 4n
 *   entryEnd       Uint32Array  n or 4n   (for the network answer of a range entry)
 *   entryPayload   Uint32Array  n
 *   entryPrefix    Uint8Array   n     prefix length, or 255 when the entry is a range, not a CIDR
 * Every array has its own ArrayBuffer, so a built index moves between threads without a copy.
 */
import {
  PARSE_IPV4,
  PARSE_IPV6,
  PARSE_MAPPED,
  formatIPv4,
  formatIPv6,
  parseInto,
  type ParsedAddress,
  type Family,
} from './address.js';
import { NONE, flatten } from './flatten.js';
import { parseCidr, parseRange, type Span } from './network.js';

/**
 * One network of the index and the caller's payload id: a CIDR, an inclusive start–end range, or
 * a numeric span from `cidrSpan` / `rangeSpan` (for callers that already hold numbers, which
 * skips parsing text).
 */
export type IndexEntry =
  | { readonly network: string; readonly payload: number }
  | { readonly start: string; readonly end: string; readonly payload: number }
  | { readonly span: Span; readonly payload: number };

/** The answer for an address: the most specific entry containing it. */
export interface IndexMatch {
  readonly family: Family;
  /** The caller's uint32 payload id of the matching entry. */
  readonly payload: number;
  /** The matching network's prefix length (for a range entry: of the largest CIDR block inside it holding the address). */
  readonly prefixLength: number;
  /** The matching network in CIDR text (computed when read). */
  readonly network: string;
}

/** `entryPrefix` of an entry that is a range, not one CIDR block. */
export const NOT_CIDR = 255;
export const BUCKETS = 65536;
const FORMAT = 'tunnelscope-ip-index/1';

export interface FamilyArrays {
  intervalStart: Uint32Array;
  intervalPayload: Uint32Array;
  intervalEntry: Uint32Array;
  bucket: Uint32Array;
  entryStart: Uint32Array;
  entryEnd: Uint32Array;
  entryPayload: Uint32Array;
  entryPrefix: Uint8Array;
}

/** What {@link RangeIndex.toTransferable} returns: plain data for `postMessage`, and the buffers to move. */
export interface TransferableIndex {
  readonly format: typeof FORMAT;
  readonly v4: FamilyArrays;
  readonly v6: FamilyArrays;
}

export interface IndexStats {
  readonly ipv4: { readonly entries: number; readonly intervals: number };
  readonly ipv6: { readonly entries: number; readonly intervals: number };
  /** Bytes held by the typed arrays. */
  readonly bytes: number;
}

/**
 * A match keeps the address and the entry slot; the prefix length and the CIDR text are worked
 * out only when read, so a lookup that only needs the payload costs one small object.
 */
class Match implements IndexMatch {
  constructor(
    readonly family: Family,
    readonly payload: number,
    private readonly arrays: FamilyArrays,
    private readonly slot: number,
    private readonly a0: number,
    private readonly a1 = 0,
    private readonly a2 = 0,
    private readonly a3 = 0,
  ) {}

  get prefixLength(): number {
    const prefix = this.arrays.entryPrefix[this.slot]!;
    if (prefix !== NOT_CIDR) return prefix;
    if (this.family === 4) {
      return blockAroundV4(this.arrays.entryStart[this.slot]!, this.arrays.entryEnd[this.slot]!, this.a0);
    }
    return blockAroundV6(this.arrays.entryStart, this.arrays.entryEnd, this.slot, [
      this.a0,
      this.a1,
      this.a2,
      this.a3,
    ]);
  }

  get network(): string {
    const prefix = this.prefixLength;
    if (this.family === 4) {
      const size = 2 ** (32 - prefix);
      return `${formatIPv4(this.a0 - (this.a0 % size))}/${prefix}`;
    }
    const first = [this.a0, this.a1, this.a2, this.a3].map((w, k) => (w & wordMask(prefix - 32 * k)) >>> 0);
    return `${formatIPv6(first)}/${prefix}`;
  }
}

/** The mask of a word that keeps its first `bits` bits (clamped to 0 … 32). */
function wordMask(bits: number): number {
  if (bits <= 0) return 0;
  if (bits >= 32) return 0xffffffff;
  return (0xffffffff << (32 - bits)) >>> 0;
}

/** Leading bits two IPv6 addresses share (128 when equal). */
function sharedBits(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let k = 0; k < 4; k++) {
    const x = (a[k]! ^ b[k]!) >>> 0;
    if (x !== 0) return 32 * k + Math.clz32(x);
  }
  return 128;
}

const neighbour = new Uint32Array(4);
const addressWords = new Uint32Array(4);

/**
 * `blockAround` (network.ts) for IPv6 in words: one more than the longer prefix the address shares with
 * start-1 or end+1 (the first addresses outside the range), 0 on the side the range reaches the
 * end of the space.
 */
export function blockAroundV6(
  entryStart: Uint32Array,
  entryEnd: Uint32Array,
  slot: number,
  address: ArrayLike<number>,
): number {
  const o = 4 * slot;
  let below = 0;
  let above = 0;
  // start - 1, borrowing from the lower words up.
  // Word by word: `subarray` would allocate a view per call, on the lookup's hot path.
  neighbour[0] = entryStart[o]!;
  neighbour[1] = entryStart[o + 1]!;
  neighbour[2] = entryStart[o + 2]!;
  neighbour[3] = entryStart[o + 3]!;
  let k = 3;
  while (k >= 0 && neighbour[k] === 0) neighbour[k--] = 0xffffffff;
  if (k >= 0) {
    neighbour[k] = neighbour[k]! - 1;
    below = sharedBits(address, neighbour) + 1;
  }
  // end + 1, carrying up.
  neighbour[0] = entryEnd[o]!;
  neighbour[1] = entryEnd[o + 1]!;
  neighbour[2] = entryEnd[o + 2]!;
  neighbour[3] = entryEnd[o + 3]!;
  k = 3;
  while (k >= 0 && neighbour[k] === 0xffffffff) neighbour[k--] = 0;
  if (k >= 0) {
    neighbour[k] = neighbour[k]! + 1;
    above = sharedBits(address, neighbour) + 1;
  }
  return Math.max(below, above);
}

/** `blockAround` (network.ts) for IPv4 in 32-bit integer arithmetic. */
export function blockAroundV4(start: number, end: number, address: number): number {
  const below = start === 0 ? 0 : Math.clz32((address ^ (start - 1)) >>> 0) + 1;
  const above = end === 0xffffffff ? 0 : Math.clz32((address ^ (end + 1)) >>> 0) + 1;
  return Math.max(below, above);
}

function writeBig(words: Uint32Array, offset: number, value: bigint): void {
  words[offset] = Number((value >> 96n) & 0xffffffffn);
  words[offset + 1] = Number((value >> 64n) & 0xffffffffn);
  words[offset + 2] = Number((value >> 32n) & 0xffffffffn);
  words[offset + 3] = Number(value & 0xffffffffn);
}

/**
 * bucket[h]: the interval holding the first address whose top 16 bits are h (IPv4: of each /16;
 * IPv6: of each 16-bit top group), and bucket[65536] = m - 1: a search then only looks between
 * bucket[h] and bucket[h+1]. `intervalStart` holds m sorted starts (IPv6: four words each), the
 * first at address 0.
 */
export function buildBuckets(intervalStart: Uint32Array, m: number, family: Family): Uint32Array {
  // Interval j+1 starts at or before the bucket's first address when its top word is below
  // h·2^16 (IPv4: its value), or equal with all lower bits zero.
  const bucket = new Uint32Array(BUCKETS + 1);
  let j = 0;
  for (let h = 0; h < BUCKETS; h++) {
    const first = h * 65536;
    if (family === 4) {
      while (j + 1 < m && intervalStart[j + 1]! <= first) j++;
    } else {
      for (;;) {
        if (j + 1 >= m) break;
        const o = 4 * (j + 1);
        const top = intervalStart[o]!;
        const atOrBefore =
          top < first ||
          (top === first &&
            intervalStart[o + 1] === 0 &&
            intervalStart[o + 2] === 0 &&
            intervalStart[o + 3] === 0);
        if (!atOrBefore) break;
        j++;
      }
    }
    bucket[h] = j;
  }
  bucket[BUCKETS] = m - 1;
  return bucket;
}

function buildFamily(spans: Span[], payloads: number[], family: Family): FamilyArrays {
  const n = spans.length;
  const width = family === 4 ? 1 : 4;
  const entryStart = new Uint32Array(n * width);
  const entryEnd = new Uint32Array(n * width);
  const entryPayload = new Uint32Array(n);
  const entryPrefix = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const s = spans[i]!;
    if (family === 4) {
      entryStart[i] = Number(s.start);
      entryEnd[i] = Number(s.end);
    } else {
      writeBig(entryStart, 4 * i, s.start);
      writeBig(entryEnd, 4 * i, s.end);
    }
    entryPayload[i] = payloads[i]!;
    entryPrefix[i] = s.prefix < 0 ? NOT_CIDR : s.prefix;
  }

  const { starts, owners } = flatten(spans, family);
  const m = starts.length;
  const intervalStart = new Uint32Array(m * width);
  const intervalEntry = Uint32Array.from(owners);
  const intervalPayload = intervalEntry.map((e) => (e === NONE ? NONE : entryPayload[e]!));
  for (let i = 0; i < m; i++) {
    if (family === 4) intervalStart[i] = Number(starts[i]!);
    else writeBig(intervalStart, 4 * i, starts[i]!);
  }

  const bucket = buildBuckets(intervalStart, m, family);
  return {
    intervalStart,
    intervalPayload,
    intervalEntry,
    bucket,
    entryStart,
    entryEnd,
    entryPayload,
    entryPrefix,
  };
}

function arraysOf(f: FamilyArrays): ArrayBufferView[] {
  return [
    f.intervalStart,
    f.intervalPayload,
    f.intervalEntry,
    f.bucket,
    f.entryStart,
    f.entryEnd,
    f.entryPayload,
    f.entryPrefix,
  ];
}

const scratch = new Uint32Array(4);

/** The interval holding an IPv4 address: the last start at or before it, within its bucket. No allocation. */
export function intervalOfIPv4(intervalStart: Uint32Array, bucket: Uint32Array, value: number): number {
  const h = value >>> 16;
  return searchIPv4(intervalStart, bucket[h]!, bucket[h + 1]!, value);
}

/** The last of intervals lo … hi starting at or before an IPv4 address (the answer lies in lo … hi). */
export function searchIPv4(intervalStart: Uint32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (intervalStart[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The interval holding an IPv6 address given as four words (starts hold four words each). */
export function intervalOfIPv6(
  s: Uint32Array,
  bucket: Uint32Array,
  w0: number,
  w1: number,
  w2: number,
  w3: number,
): number {
  const h = w0 >>> 16;
  return searchIPv6(s, bucket[h]!, bucket[h + 1]!, w0, w1, w2, w3);
}

/** The last of intervals lo … hi starting at or before an IPv6 address (four words). */
export function searchIPv6(
  s: Uint32Array,
  lo: number,
  hi: number,
  w0: number,
  w1: number,
  w2: number,
  w3: number,
): number {
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const o = 4 * mid;
    // Is start[mid] <= address? Word by word; the first word almost always decides.
    const a = s[o]!;
    let le: boolean;
    if (a !== w0) le = a < w0;
    else {
      const b = s[o + 1]!;
      if (b !== w1) le = b < w1;
      else {
        const c = s[o + 2]!;
        le = c !== w2 ? c < w2 : s[o + 3]! <= w3;
      }
    }
    if (le) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class RangeIndex {
  // The hot path's arrays as direct fields: one load each instead of two through `v4` / `v6`.
  private readonly v4Start: Uint32Array;
  private readonly v4Payload: Uint32Array;
  private readonly v4Bucket: Uint32Array;
  private readonly v6Start: Uint32Array;
  private readonly v6Payload: Uint32Array;
  private readonly v6Bucket: Uint32Array;

  private constructor(
    private readonly v4: FamilyArrays,
    private readonly v6: FamilyArrays,
  ) {
    this.v4Start = v4.intervalStart;
    this.v4Payload = v4.intervalPayload;
    this.v4Bucket = v4.bucket;
    this.v6Start = v6.intervalStart;
    this.v6Payload = v6.intervalPayload;
    this.v6Bucket = v6.bucket;
  }

  /**
   * Builds an index. Throws a RangeError naming the first entry that is not a valid CIDR (host
   * bits must be zero) or range, or whose payload is not a uint32.
   */
  static build(entries: Iterable<IndexEntry>): RangeIndex {
    const spans: Record<Family, Span[]> = { 4: [], 6: [] };
    const payloads: Record<Family, number[]> = { 4: [], 6: [] };
    for (const entry of entries) {
      const span =
        'network' in entry
          ? parseCidr(entry.network)
          : 'span' in entry
            ? entry.span
            : parseRange(entry.start, entry.end);
      const payload = entry.payload;
      if (!Number.isInteger(payload) || payload < 0 || payload >= NONE) {
        throw new RangeError(`payload must be a uint32 below ${NONE}: ${payload}`);
      }
      spans[span.family].push(span);
      payloads[span.family].push(payload);
    }
    return new RangeIndex(buildFamily(spans[4], payloads[4], 4), buildFamily(spans[6], payloads[6], 6));
  }

  /** Rebuilds an index from {@link toTransferable}'s data (after `postMessage`), without copying. */
  static fromTransferable(data: TransferableIndex): RangeIndex {
    if (data?.format !== FORMAT) throw new TypeError('not a transferable ip-index');
    for (const [family, f] of [[4, data.v4] as const, [6, data.v6] as const]) {
      const width = family === 4 ? 1 : 4;
      const n = f.entryPayload.length;
      const m = f.intervalEntry.length;
      const ok =
        f.intervalStart.length === m * width &&
        f.intervalPayload.length === m &&
        f.bucket.length === BUCKETS + 1 &&
        f.entryStart.length === n * width &&
        f.entryEnd.length === n * width &&
        f.entryPrefix.length === n &&
        m > 0;
      if (!ok) throw new TypeError(`inconsistent IPv${family} arrays in a transferable ip-index`);
    }
    return new RangeIndex(data.v4, data.v6);
  }

  /**
   * The index as plain data plus the list of its ArrayBuffers, for
   * `port.postMessage(data, transfer)`: the buffers move to the receiving thread (this index is
   * unusable afterwards, its arrays detached).
   */
  toTransferable(): { data: TransferableIndex; transfer: ArrayBuffer[] } {
    const transfer = [...arraysOf(this.v4), ...arraysOf(this.v6)].map((a) => a.buffer as ArrayBuffer);
    return { data: { format: FORMAT, v4: this.v4, v6: this.v6 }, transfer };
  }

  /**
   * The slot (interval) holding an IPv4 address, or -1 when no network holds it. The hot path:
   * no allocation; {@link payloadOf} then reads the payload.
   */
  findIPv4(value: number): number {
    const lo = intervalOfIPv4(this.v4Start, this.v4Bucket, value);
    return this.v4Payload[lo] === NONE ? -1 : lo;
  }

  /** The slot holding an IPv6 address given as four words, or -1. */
  findIPv6(w0: number, w1: number, w2: number, w3: number): number {
    const lo = intervalOfIPv6(this.v6Start, this.v6Bucket, w0, w1, w2, w3);
    return this.v6Payload[lo] === NONE ? -1 : lo;
  }

  /** The entry (network) owning an IPv4 slot of {@link findIPv4}, for {@link prefixOfIPv4}. */
  entryOfIPv4(slot: number): number {
    return this.v4.intervalEntry[slot]!;
  }

  /** The entry owning an IPv6 slot of {@link findIPv6}. */
  entryOfIPv6(slot: number): number {
    return this.v6.intervalEntry[slot]!;
  }

  /**
   * The prefix length of the network an IPv4 address matched through `entry`: the entry's own for
   * a CIDR, else the largest CIDR block inside the range holding the address. No allocation.
   */
  prefixOfIPv4(entry: number, value: number): number {
    const v4 = this.v4;
    const prefix = v4.entryPrefix[entry]!;
    return prefix !== NOT_CIDR ? prefix : blockAroundV4(v4.entryStart[entry]!, v4.entryEnd[entry]!, value);
  }

  /** {@link prefixOfIPv4} for an IPv6 address given as four words. */
  prefixOfIPv6(entry: number, w0: number, w1: number, w2: number, w3: number): number {
    const v6 = this.v6;
    const prefix = v6.entryPrefix[entry]!;
    if (prefix !== NOT_CIDR) return prefix;
    addressWords[0] = w0;
    addressWords[1] = w1;
    addressWords[2] = w2;
    addressWords[3] = w3;
    return blockAroundV6(v6.entryStart, v6.entryEnd, entry, addressWords);
  }

  /** Whether an entry is one CIDR block (its network is the same for every address it holds). */
  isCidrEntry(family: Family, entry: number): boolean {
    return (family === 4 ? this.v4 : this.v6).entryPrefix[entry] !== NOT_CIDR;
  }

  /** The payload id of a slot returned by {@link findIPv4} / {@link findIPv6}. */
  payloadOf(family: Family, slot: number): number {
    return (family === 4 ? this.v4Payload : this.v6Payload)[slot]!;
  }

  /** The most specific entry containing a parsed address, or null. */
  lookup(address: ParsedAddress): IndexMatch | null {
    if (address.family === 4) {
      const slot = this.findIPv4(address.value);
      return slot < 0
        ? null
        : new Match(4, this.v4.intervalPayload[slot]!, this.v4, this.v4.intervalEntry[slot]!, address.value);
    }
    const [w0, w1, w2, w3] = address.words;
    const slot = this.findIPv6(w0, w1, w2, w3);
    return slot < 0
      ? null
      : new Match(6, this.v6.intervalPayload[slot]!, this.v6, this.v6.intervalEntry[slot]!, w0, w1, w2, w3);
  }

  /**
   * Parses and looks up one address text: undefined when the text is not exactly one address,
   * null for an address no entry holds. An IPv4-mapped address answers as its IPv4 address.
   */
  lookupText(text: string): IndexMatch | null | undefined {
    const kind = parseInto(text, scratch);
    if (kind === PARSE_IPV4 || kind === PARSE_MAPPED) {
      const value = scratch[0]!;
      const slot = this.findIPv4(value);
      return slot < 0
        ? null
        : new Match(4, this.v4.intervalPayload[slot]!, this.v4, this.v4.intervalEntry[slot]!, value);
    }
    if (kind === PARSE_IPV6) {
      const w0 = scratch[0]!;
      const w1 = scratch[1]!;
      const w2 = scratch[2]!;
      const w3 = scratch[3]!;
      const slot = this.findIPv6(w0, w1, w2, w3);
      return slot < 0
        ? null
        : new Match(6, this.v6.intervalPayload[slot]!, this.v6, this.v6.intervalEntry[slot]!, w0, w1, w2, w3);
    }
    return undefined;
  }

  stats(): IndexStats {
    const bytes = [...arraysOf(this.v4), ...arraysOf(this.v6)].reduce((sum, a) => sum + a.byteLength, 0);
    return {
      ipv4: { entries: this.v4.entryPayload.length, intervals: this.v4.intervalEntry.length },
      ipv6: { entries: this.v6.entryPayload.length, intervals: this.v6.intervalEntry.length },
      bytes,
    };
  }
}
