/**
 * Several RangeIndex layers merged into one search.
 *
 * An answer reads several layers of data for one address (single addresses, city networks,
 * country ranges, AS networks …). Searching each layer's intervals in turn costs one binary
 * search per layer; on IPv6 those searches were most of a lookup. This index cuts the address
 * space at the union of every layer's interval boundaries once, at build time, and records for
 * each merged interval which entry of each layer owns it: a lookup is then one search and one
 * array read per layer.
 *
 * Memory layout, per family (m merged intervals, k layers):
 *   start    Uint32Array  m (IPv4) or 4m (IPv6, four words, most significant first)
 *   bucket   Uint32Array  65537, as in RangeIndex (the interval of each /16 or top 16-bit group)
 *   sub      Int32Array   65536  where a bucket holds many intervals (routes cluster: a few /16 of
 *                                IPv6 hold most of them), the offset of its finer table, else -1
 *   subTable Uint32Array  the finer tables: the interval of the first address of each /24 (IPv4)
 *                                or /28 (IPv6) of the bucket, and the next bucket's; a search then
 *                                looks at a handful of intervals, not thousands (each step a cache
 *                                miss on a large index)
 *   owners   Uint32Array  m·k   interval i's owning entry of layer j at i·k + j (NONE where the layer
 *                                holds nothing): a lookup reads its k owners from one or two cache
 *                                lines, not from k arrays
 *   entries  k × the layer's entry arrays (start, end, payload, prefix), for payloads and networks
 * The layers' own interval arrays are not kept. Every array has its own ArrayBuffer, so a built
 * index moves between threads without a copy.
 */
import type { Family } from './address.js';
import { NONE } from './flatten.js';
import {
  NOT_CIDR,
  blockAroundV4,
  blockAroundV6,
  buildBuckets,
  intervalOfIPv4,
  intervalOfIPv6,
  searchIPv4,
  searchIPv6,
  type FamilyArrays,
  type TransferableIndex,
} from './range-index.js';

const FORMAT = 'tunnelscope-layered-index/1';

/** What a layer keeps of its RangeIndex: its networks (entries), not its intervals. */
export interface LayerEntries {
  readonly entryStart: Uint32Array;
  readonly entryEnd: Uint32Array;
  readonly entryPayload: Uint32Array;
  readonly entryPrefix: Uint8Array;
}

export interface LayeredFamily {
  readonly start: Uint32Array;
  readonly bucket: Uint32Array;
  readonly sub: Int32Array;
  readonly subTable: Uint32Array;
  /** Interleaved: the entry of layer j owning interval i at i·k + j (k = entries.length), NONE where none. */
  readonly owners: Uint32Array;
  readonly entries: LayerEntries[];
}

/** Plain data of a LayeredIndex for `postMessage` (see {@link LayeredIndex.transferList}). */
export interface TransferableLayeredIndex {
  readonly format: typeof FORMAT;
  readonly v4: LayeredFamily;
  readonly v6: LayeredFamily;
}

/** Compares the starts at word offsets `ao` of `a` and `bo` of `b` (width 1 or 4 words). */
function compareAt(a: Uint32Array, ao: number, b: Uint32Array, bo: number, width: number): number {
  for (let k = 0; k < width; k++) {
    const x = a[ao + k]!;
    const y = b[bo + k]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

const ZERO = new Uint32Array(4);

/**
 * Intervals owned by one or more layers: a RangeIndex family (one owner column, its
 * `intervalEntry`) or some layers of an earlier LayeredIndex (its starts and those layers'
 * owner columns), to merge with others.
 */
export interface LayerGroup {
  /** Sorted interval starts (IPv6: four words each); the first at address 0. */
  readonly start: Uint32Array;
  /** Owning entries (NONE: nothing), interleaved: interval i's column c at i·stride + c. */
  readonly owners: Uint32Array;
  readonly stride: number;
  /** The columns of `owners` that are this group's layers, in order. */
  readonly columns: readonly number[];
  readonly entries: readonly LayerEntries[];
}

/** A RangeIndex family as a group of one layer. */
export function groupOfRangeIndex(f: FamilyArrays): LayerGroup {
  return {
    start: f.intervalStart,
    owners: f.intervalEntry,
    stride: 1,
    columns: [0],
    entries: [
      {
        entryStart: f.entryStart,
        entryEnd: f.entryEnd,
        entryPayload: f.entryPayload,
        entryPrefix: f.entryPrefix,
      },
    ],
  };
}

/** Typed arrays on a SharedArrayBuffer (shared between threads, never copied) or a plain one. */
function uint32(length: number, shared: boolean): Uint32Array {
  return shared ? new Uint32Array(new SharedArrayBuffer(4 * length)) : new Uint32Array(length);
}

/**
 * A k-way merge of the groups' sorted interval starts. Run twice: once to count the merged
 * intervals, once to fill arrays of that size. A boundary after which every layer keeps its owner
 * is dropped (it would split nothing: so merging with an earlier index drops the boundaries of
 * layers left out of it).
 */
function mergeFamily(groups: readonly LayerGroup[], family: Family, shared: boolean): LayeredFamily {
  const width = family === 4 ? 1 : 4;
  const k = groups.length;
  const counts = groups.map((g) => g.start.length / width);
  // Every layer of every group, with the group it reads its interval pointer from.
  const columns = groups.flatMap((g, j) =>
    g.columns.map((column) => ({ owners: g.owners, stride: g.stride, column, group: j })),
  );
  const k2 = columns.length;

  const pass = (start: Uint32Array | null, owners: Uint32Array | null): number => {
    const at = new Array<number>(k).fill(0);
    const previous = new Array<number>(columns.length).fill(-1);
    // Where the current boundary's words are: a group's start array and an offset in it.
    let boundary: Uint32Array = ZERO;
    let boundaryAt = 0;
    let m = 0;
    for (;;) {
      let changed = m === 0;
      for (let c = 0; c < columns.length; c++) {
        const column = columns[c]!;
        const owner = column.owners[at[column.group]! * column.stride + column.column]!;
        if (owner !== previous[c]) changed = true;
        previous[c] = owner;
      }
      if (changed) {
        if (start !== null && owners !== null) {
          for (let w = 0; w < width; w++) start[m * width + w] = boundary[boundaryAt + w]!;
          for (let c = 0; c < k2; c++) owners[m * k2 + c] = previous[c]!;
        }
        m++;
      }
      // The next boundary: the smallest next start of any group.
      let best = -1;
      for (let j = 0; j < k; j++) {
        const next = at[j]! + 1;
        if (next >= counts[j]!) continue;
        if (
          best < 0 ||
          compareAt(groups[j]!.start, next * width, groups[best]!.start, (at[best]! + 1) * width, width) < 0
        ) {
          best = j;
        }
      }
      if (best < 0) return m;
      boundary = groups[best]!.start;
      boundaryAt = (at[best]! + 1) * width;
      // Every group whose next interval starts there moves on (starts are strictly increasing).
      for (let j = 0; j < k; j++) {
        const next = at[j]! + 1;
        if (
          next < counts[j]! &&
          (j === best || compareAt(groups[j]!.start, next * width, boundary, boundaryAt, width) === 0)
        ) {
          at[j] = next;
        }
      }
    }
  };

  const m = pass(null, null);
  const start = uint32(m * width, shared);
  const owners = uint32(m * k2, shared);
  pass(start, owners);
  const bucket = buildBuckets(start, m, family);
  const { sub, subTable } = buildSubBuckets(start, bucket, family);
  return {
    start,
    bucket: shared ? copyToShared(bucket) : bucket,
    sub: shared ? (copyToShared(sub) as unknown as Int32Array) : sub,
    subTable: shared ? copyToShared(subTable) : subTable,
    owners,
    entries: groups.flatMap((g) => g.entries),
  };
}

/**
 * Whether a buffer is a SharedArrayBuffer. Not `instanceof`: a buffer made in another realm (a
 * worker, a vm context such as jest's) has another realm's constructor.
 */
export function isSharedBuffer(buffer: ArrayBufferLike): boolean {
  return Object.prototype.toString.call(buffer) === '[object SharedArrayBuffer]';
}

function copyToShared<T extends Uint32Array | Int32Array>(array: T): T {
  const Kind = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const out = new Kind(new SharedArrayBuffer(array.byteLength));
  out.set(array);
  return out;
}

/** Finer bits below a bucket's 16: /24 sub-buckets for IPv4, /28 for IPv6. */
const SUB_BITS = { 4: 8, 6: 12 } as const;
/** A bucket gets a finer table when it holds more intervals than this. */
const SUB_THRESHOLD = 32;

/** The finer tables of the buckets holding many intervals (see the layout above). */
function buildSubBuckets(
  start: Uint32Array,
  bucket: Uint32Array,
  family: Family,
): { sub: Int32Array; subTable: Uint32Array } {
  const bits = SUB_BITS[family];
  const subs = 1 << bits;
  const sub = new Int32Array(65536).fill(-1);
  const dense: number[] = [];
  for (let h = 0; h < 65536; h++) if (bucket[h + 1]! - bucket[h]! > SUB_THRESHOLD) dense.push(h);
  const subTable = new Uint32Array(dense.length * (subs + 1));
  dense.forEach((h, d) => {
    const offset = d * (subs + 1);
    sub[h] = offset;
    for (let k = 0; k < subs; k++) {
      // The first address of sub-bucket k: the top word with its next `bits` bits set to k.
      const top = ((h << 16) | (k << (16 - bits))) >>> 0;
      subTable[offset + k] =
        family === 4 ? intervalOfIPv4(start, bucket, top) : intervalOfIPv6(start, bucket, top, 0, 0, 0);
    }
    subTable[offset + subs] = bucket[h + 1]!;
  });
  return { sub, subTable };
}

/**
 * The search bounds of an address's top word: its finer table's sub-bucket where the bucket has
 * one, else the bucket (IPv4: the value; IPv6: the first word). Written into `bounds`.
 */
function boundsOf(f: LayeredFamily, top: number, subBits: number, bounds: Int32Array): void {
  const h = top >>> 16;
  const offset = f.sub[h]!;
  if (offset < 0) {
    bounds[0] = f.bucket[h]!;
    bounds[1] = f.bucket[h + 1]!;
  } else {
    const k = (top >>> (16 - subBits)) & ((1 << subBits) - 1);
    bounds[0] = f.subTable[offset + k]!;
    bounds[1] = f.subTable[offset + k + 1]!;
  }
}
const bounds = new Int32Array(2);

const addressWords = new Uint32Array(4);

export class LayeredIndex {
  // The hot path's arrays as direct fields.
  private readonly v4Start: Uint32Array;
  private readonly v6Start: Uint32Array;
  /** The owning entries of IPv4 interval i, one per layer, at i·layers … (NONE: the layer holds nothing there). */
  readonly v4Owners: Uint32Array;
  readonly v6Owners: Uint32Array;
  /** How many layers (the stride of the owners). */
  readonly layers: number;

  private constructor(
    private readonly v4: LayeredFamily,
    private readonly v6: LayeredFamily,
  ) {
    this.v4Start = v4.start;
    this.v6Start = v6.start;
    this.v4Owners = v4.owners;
    this.v6Owners = v6.owners;
    this.layers = v4.entries.length;
  }

  /**
   * Merges layers, each given as the transferable data of a RangeIndex, separately per family
   * (so one layer may come from two indexes, one per family). Layer j of the result is
   * `v4Layers[j]` for IPv4 and `v6Layers[j]` for IPv6; both lists have the same length.
   */
  static merge(
    v4Layers: readonly TransferableIndex['v4'][],
    v6Layers: readonly TransferableIndex['v6'][],
    options: { shared?: boolean } = {},
  ): LayeredIndex {
    return LayeredIndex.mergeGroups(
      v4Layers.map(groupOfRangeIndex),
      v6Layers.map(groupOfRangeIndex),
      options,
    );
  }

  /**
   * Merges groups of layers (see {@link LayerGroup}): layer order is the groups' order, each
   * group's layers in its own order. With `shared`, the new arrays live on SharedArrayBuffers, so
   * the index can go to other threads (and come back as a group of a later merge) without a copy.
   */
  static mergeGroups(
    v4Groups: readonly LayerGroup[],
    v6Groups: readonly LayerGroup[],
    options: { shared?: boolean } = {},
  ): LayeredIndex {
    const layers = (groups: readonly LayerGroup[]) => groups.reduce((n, g) => n + g.columns.length, 0);
    if (v4Groups.length === 0 || layers(v4Groups) !== layers(v6Groups)) {
      throw new RangeError('a layered index needs the same number (at least one) of IPv4 and IPv6 layers');
    }
    const shared = options.shared ?? false;
    return new LayeredIndex(mergeFamily(v4Groups, 4, shared), mergeFamily(v6Groups, 6, shared));
  }

  /** Some layers of this index as a group, to merge again with new layers (see {@link mergeGroups}). */
  static groupOf(data: TransferableLayeredIndex, family: Family, layers: readonly number[]): LayerGroup {
    const f = family === 4 ? data.v4 : data.v6;
    return {
      start: f.start,
      owners: f.owners,
      stride: f.entries.length,
      columns: layers,
      entries: layers.map((l) => f.entries[l]!),
    };
  }

  /** Rebuilds an index from {@link toTransferable}'s data (after `postMessage`), without copying. */
  static fromTransferable(data: TransferableLayeredIndex): LayeredIndex {
    if (data?.format !== FORMAT) throw new TypeError('not a transferable layered ip-index');
    for (const [family, f] of [[4, data.v4] as const, [6, data.v6] as const]) {
      const width = family === 4 ? 1 : 4;
      const m = f.start.length / width;
      const ok =
        Number.isInteger(m) &&
        m > 0 &&
        f.bucket.length === 65537 &&
        f.sub.length === 65536 &&
        f.entries.length > 0 &&
        f.owners.length === m * f.entries.length &&
        f.entries.every(
          (e) =>
            e.entryStart.length === e.entryPayload.length * width &&
            e.entryEnd.length === e.entryPayload.length * width &&
            e.entryPrefix.length === e.entryPayload.length,
        );
      if (!ok) throw new TypeError(`inconsistent IPv${family} arrays in a transferable layered ip-index`);
    }
    return new LayeredIndex(data.v4, data.v6);
  }

  toTransferable(): TransferableLayeredIndex {
    return { format: FORMAT, v4: this.v4, v6: this.v6 };
  }

  /** Every typed array of a transferable index (to count its bytes). */
  static arrays(data: TransferableLayeredIndex): ArrayBufferView[] {
    return [data.v4, data.v6].flatMap(arraysOf);
  }

  /**
   * The ArrayBuffers of a transferable index, for `postMessage`'s transfer list (SharedArrayBuffers
   * are left out: they are shared, not moved; an array listed twice, once).
   */
  static transferList(data: TransferableLayeredIndex): ArrayBuffer[] {
    const buffers = new Set<ArrayBuffer>();
    for (const f of [data.v4, data.v6]) {
      for (const a of arraysOf(f)) if (!isSharedBuffer(a.buffer)) buffers.add(a.buffer as ArrayBuffer);
    }
    return [...buffers];
  }

  /** The merged interval holding an IPv4 address (always one: the intervals cover the space). */
  findIPv4(value: number): number {
    boundsOf(this.v4, value, SUB_BITS[4], bounds);
    return searchIPv4(this.v4Start, bounds[0]!, bounds[1]!, value);
  }

  /** The merged interval holding an IPv6 address given as four words. */
  findIPv6(w0: number, w1: number, w2: number, w3: number): number {
    boundsOf(this.v6, w0, SUB_BITS[6], bounds);
    return searchIPv6(this.v6Start, bounds[0]!, bounds[1]!, w0, w1, w2, w3);
  }

  /** The entry of `layer` owning an interval, or NONE. */
  ownerOf(family: Family, layer: number, slot: number): number {
    return (family === 4 ? this.v4Owners : this.v6Owners)[slot * this.layers + layer]!;
  }

  /** The caller's payload id of an entry of `layer`. */
  payloadOf(family: Family, layer: number, entry: number): number {
    return (family === 4 ? this.v4 : this.v6).entries[layer]!.entryPayload[entry]!;
  }

  /** Whether an entry of `layer` is one CIDR block (its network is the same for every address in it). */
  isCidrEntry(family: Family, layer: number, entry: number): boolean {
    return (family === 4 ? this.v4 : this.v6).entries[layer]!.entryPrefix[entry] !== NOT_CIDR;
  }

  /**
   * The prefix length of the network an IPv4 address matched through an entry of `layer`: the
   * entry's own for a CIDR, else the largest CIDR block inside the range holding the address.
   */
  prefixOfIPv4(layer: number, entry: number, value: number): number {
    const e = this.v4.entries[layer]!;
    const prefix = e.entryPrefix[entry]!;
    return prefix !== NOT_CIDR ? prefix : blockAroundV4(e.entryStart[entry]!, e.entryEnd[entry]!, value);
  }

  /** {@link prefixOfIPv4} for an IPv6 address given as four words. */
  prefixOfIPv6(layer: number, entry: number, w0: number, w1: number, w2: number, w3: number): number {
    const e = this.v6.entries[layer]!;
    const prefix = e.entryPrefix[entry]!;
    if (prefix !== NOT_CIDR) return prefix;
    addressWords[0] = w0;
    addressWords[1] = w1;
    addressWords[2] = w2;
    addressWords[3] = w3;
    return blockAroundV6(e.entryStart, e.entryEnd, entry, addressWords);
  }

  /** How many merged intervals a family has. */
  intervalCount(family: Family): number {
    return (family === 4 ? this.v4 : this.v6).owners.length / this.layers;
  }

  /** The first address of interval `slot` as a bigint (build-time and export use, not the hot path). */
  intervalStartOf(family: Family, slot: number): bigint {
    if (family === 4) return BigInt(this.v4Start[slot]!);
    const s = this.v6Start;
    const o = 4 * slot;
    return (
      (BigInt(s[o]!) << 96n) | (BigInt(s[o + 1]!) << 64n) | (BigInt(s[o + 2]!) << 32n) | BigInt(s[o + 3]!)
    );
  }

  /** Entries per layer and merged intervals per family, and the bytes of every typed array. */
  stats(): { layers: number; ipv4Intervals: number; ipv6Intervals: number; bytes: number } {
    const bytes = [this.v4, this.v6].flatMap(arraysOf).reduce((sum, a) => sum + a.byteLength, 0);
    return {
      layers: this.layers,
      ipv4Intervals: this.intervalCount(4),
      ipv6Intervals: this.intervalCount(6),
      bytes,
    };
  }
}

function arraysOf(f: LayeredFamily): ArrayBufferView[] {
  return [
    f.start,
    f.bucket,
    f.sub,
    f.subTable,
    f.owners,
    ...f.entries.flatMap((e) => [e.entryStart, e.entryEnd, e.entryPayload, e.entryPrefix]),
  ];
}

export { NONE as LAYER_NONE };
