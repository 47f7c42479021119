/**
 * A streaming writer of the MaxMind DB format 2.0 (the public MaxMind-DB specification) for
 * exports of millions of networks: sorted, disjoint intervals in, a `.mmdb` that the `maxmind` /
 * `mmdb-lib` readers (and libmaxminddb) open.
 *
 * Hand-written: no npm library writes MMDB (MaxMind's own writers are Perl and Go), so this file
 * and `mmdb-encoder.ts` are tested hard in `mmdb-stream-writer.test.ts` and `mmdb-writer.test.ts`
 * (property tests against a naive interval scan, read back by both readers).
 *
 * What keeps it small at full scale (8.7 M networks):
 * - Intervals arrive sorted and disjoint per family, so nothing is kept per interval: each is cut
 *   into CIDR blocks and placed in the tree at once.
 * - The tree is two `Uint32Array`s of records (left, right) indexed by node, grown by doubling; a
 *   record is 0 (empty), a node number (counting up), or a data offset stored as `0xffffffff -
 *   offset` (counting down); the two never meet while the database fits the format's 32-bit
 *   records (node count + 16 + data size below 2^32), which is checked as both grow.
 * - A record is written to the data section once per distinct key the caller gives (the key must
 *   identify the record's content); the record itself is only asked for (`() => record`) the first
 *   time. Keys are remembered in two bounded generations (`OffsetCache`): records repeat between
 *   neighbouring blocks, and a key forgotten long after costs a second copy, never a wrong answer.
 * - The data section is drained as it grows, into Buffers kept in memory or, with `spillPath`,
 *   into a file; the output is the tree, 16 zero bytes, that section, the metadata.
 *
 * Layout (as the existing `MmdbWriter`, which now builds on this): always an IPv6 tree
 * (`ip_version` 6). IPv4 lives under `::/96`, where readers look IPv4 addresses up, and
 * `::ffff:0:0/96` is an alias of that subtree (its record points at the `::/96` node), so
 * `::ffff:1.2.3.4` answers as `1.2.3.4`. IPv6 intervals are clipped out of those two blocks. The
 * record size is the smallest of 24, 28 and 32 bits that holds the largest record value.
 */
import { closeSync, openSync, readSync, rmSync, writeSync, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Family } from './address.js';
import { DEFAULT_CACHE_ENTRIES, MmdbEncoder, OffsetCache, mmdb, type MmdbValue } from './mmdb-encoder.js';
import { spanToCidrs } from './network.js';

export interface MmdbMetadataInput {
  /** `database_type`, e.g. `TunnelScope-Detection`. */
  readonly databaseType: string;
  /** `languages`: the locales the records' names come in. */
  readonly languages?: readonly string[];
  /** `description`: language code → text (e.g. the licence attribution). */
  readonly description?: Readonly<Record<string, string>>;
  /** `build_epoch` in seconds; the build time when omitted. */
  readonly buildEpoch?: number;
  /** The smallest record size to use (a larger one is chosen when the database needs it). */
  readonly minRecordSize?: 24 | 28 | 32;
}

export interface MmdbStreamOptions {
  /** Where to keep the data section while the tree is built (removed after); in memory without. */
  readonly spillPath?: string;
  /** Entries per generation of the record-key and value caches (bounds the heap they take). */
  readonly cacheEntries?: number;
}

export interface MmdbBuildStats {
  readonly nodeCount: number;
  readonly recordSize: 24 | 28 | 32;
  readonly dataSectionBytes: number;
  /** Records written to the data section (a record repeated after its key was forgotten counts twice). */
  readonly distinctRecords: number;
  /** CIDR blocks placed in the tree. */
  readonly networks: number;
  readonly bytes: number;
}

const SEPARATOR = Buffer.alloc(16);
const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com', 'ascii')]);
const EMPTY = 0;
/** A data offset `o` is stored as `TOP - o`: above every node number while the database fits. */
const TOP = 0xffffffff;
/** The format's limit: every record value (node count + 16 + data offset) fits 32 bits. */
const FORMAT_LIMIT = 2 ** 32;
const IPV4_END = 0xffffffffn;
const MAPPED_START = 0xffffn << 32n;
const MAPPED_END = MAPPED_START | IPV4_END;
const IPV6_MAX = (1n << 128n) - 1n;
/** Drain the data section into the sink in pieces of about this size. */
const DRAIN_BYTES = 1 << 20;

/** The search tree under construction: two records per node, node 0 the root. */
class Tree {
  left = new Uint32Array(1 << 16);
  right = new Uint32Array(1 << 16);
  count = 1;
  /** Node numbers must stay below this (the writer lowers it as the data section grows). */
  limit = FORMAT_LIMIT - 16;

  newNode(): number {
    if (this.count >= this.limit)
      throw new RangeError('database too large for the MMDB format (32-bit records)');
    if (this.count === this.left.length) {
      this.left = grow(this.left);
      this.right = grow(this.right);
    }
    return this.count++;
  }

  get(node: number, bit: number): number {
    return bit ? this.right[node]! : this.left[node]!;
  }

  set(node: number, bit: number, value: number): void {
    if (bit) this.right[node] = value;
    else this.left[node] = value;
  }

  /** Walks from `from` along `depth` bits of `words` (most significant first), creating nodes. */
  walk(from: number, words: Uint32Array, depth: number): number {
    let node = from;
    for (let d = 0; d < depth; d++) {
      const bit = (words[d >>> 5]! >>> (31 - (d & 31))) & 1;
      let next = this.get(node, bit);
      if (next === EMPTY) {
        next = this.newNode();
        this.set(node, bit, next);
      } else if (next >= this.count) {
        throw new Error('internal: a block inside another (intervals overlap)');
      }
      node = next;
    }
    return node;
  }

  /** Bytes the arrays take (for the caller's memory figures). */
  get bytes(): number {
    return this.left.byteLength + this.right.byteLength;
  }
}

function grow(a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(a.length * 2);
  next.set(a);
  return next;
}

/** Where the drained data section goes. */
interface DataSink {
  write(bytes: Buffer): void;
  /** The whole section, in order, as pieces (read back lazily from a file). */
  chunks(): Iterable<Buffer>;
  dispose(): void;
}

function memorySink(): DataSink {
  const pieces: Buffer[] = [];
  return {
    write: (bytes) => void pieces.push(bytes),
    chunks: () => pieces,
    dispose: () => void (pieces.length = 0),
  };
}

function fileSink(path: string): DataSink {
  // Synchronous writes: the writer runs in a worker or a script, and the section is written in
  // 1 MB pieces, so there is nothing to gain from interleaving.
  const fd = openSync(path, 'w+');
  let length = 0;
  let closed = false;
  return {
    write(bytes) {
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, length + done);
      length += bytes.length;
    },
    *chunks() {
      const piece = Buffer.allocUnsafe(DRAIN_BYTES);
      for (let at = 0; at < length;) {
        const n = readSync(fd, piece, 0, Math.min(piece.length, length - at), at);
        if (n <= 0) throw new Error('mmdb data section: short read');
        at += n;
        yield Buffer.from(piece.subarray(0, n));
      }
    },
    dispose() {
      if (closed) return;
      closed = true;
      closeSync(fd);
      rmSync(path, { force: true });
    },
  };
}

export class MmdbStreamWriter {
  private readonly tree = new Tree();
  private readonly data: MmdbEncoder;
  private readonly recordAt: OffsetCache<string>;
  private readonly sink: DataSink;
  private readonly ipv4Root: number;
  /** The last end placed per family (-1: none yet), to refuse unsorted or overlapping input. */
  private readonly lastEnd: Record<Family, bigint> = { 4: -1n, 6: -1n };
  private readonly words = new Uint32Array(4);
  private records = 0;
  private networks = 0;
  private finished = false;

  constructor(
    private readonly metadata: MmdbMetadataInput,
    private readonly options: MmdbStreamOptions = {},
  ) {
    const cacheEntries = options.cacheEntries ?? DEFAULT_CACHE_ENTRIES;
    this.data = new MmdbEncoder(true, cacheEntries);
    this.recordAt = new OffsetCache(cacheEntries);
    this.sink = options.spillPath ? fileSink(options.spillPath) : memorySink();
    // ::/96 (96 zero bits) holds IPv4; ::ffff:0:0/96 points at the same node.
    this.ipv4Root = this.tree.walk(0, new Uint32Array(4), 96);
    const aliasParent = this.tree.walk(0, Uint32Array.of(0, 0, 0xffff, 0), 95);
    this.tree.set(aliasParent, 1, this.ipv4Root);
  }

  /**
   * Adds the inclusive interval `[start, end]` of `family` with a record. Per family, intervals
   * must come in ascending order without overlapping (IPv4 and IPv6 may interleave). `key` stands
   * for the record's content: equal keys must mean equal records. `record` may be a function,
   * called only when the key is new.
   */
  add(family: Family, start: bigint, end: bigint, key: string, record: MmdbValue | (() => MmdbValue)): this {
    if (this.finished) throw new Error('MmdbStreamWriter: add() after the database was built');
    const max = family === 4 ? IPV4_END : IPV6_MAX;
    if (start < 0n || end > max || start > end) throw new RangeError(`bad interval ${start} – ${end}`);
    if (start <= this.lastEnd[family])
      throw new RangeError(
        `intervals must be sorted and disjoint (IPv${family} ${start} after ${this.lastEnd[family]})`,
      );
    this.lastEnd[family] = end;

    const value = TOP - this.offsetOf(key, record);
    if (family === 4) {
      for (const block of spanToCidrs(4, start, end)) this.place4(Number(block.start), block.prefix, value);
    } else {
      for (const [a, b] of clipIPv4Blocks(start, end))
        for (const block of spanToCidrs(6, a, b)) this.place6(block.start, block.prefix, value);
    }
    return this;
  }

  private offsetOf(key: string, record: MmdbValue | (() => MmdbValue)): number {
    const known = this.recordAt.get(key);
    if (known !== undefined) return known;
    const offset = this.data.append(typeof record === 'function' ? record() : record);
    // The next node number must stay below every stored offset and the format's 32 bits.
    this.tree.limit = FORMAT_LIMIT - 16 - this.data.size;
    if (this.tree.count >= this.tree.limit)
      throw new RangeError('database too large for the MMDB format (32-bit records)');
    this.recordAt.set(key, offset);
    this.records++;
    if (this.data.pending >= DRAIN_BYTES) this.sink.write(this.data.drain());
    return offset;
  }

  private place4(start: number, prefix: number, value: number): void {
    this.networks++;
    if (prefix === 0) {
      // IPv4's /0 is the ::/96 node itself: both its halves hold the record.
      this.tree.set(this.ipv4Root, 0, value);
      this.tree.set(this.ipv4Root, 1, value);
      return;
    }
    this.words[0] = start;
    this.setLeaf(this.tree.walk(this.ipv4Root, this.words, prefix - 1), prefix, value);
  }

  private place6(start: bigint, prefix: number, value: number): void {
    // Clipping keeps ::/96 out, so an IPv6 block is never ::/0.
    this.networks++;
    const w = this.words;
    w[0] = Number(start >> 96n);
    w[1] = Number((start >> 64n) & IPV4_END);
    w[2] = Number((start >> 32n) & IPV4_END);
    w[3] = Number(start & IPV4_END);
    this.setLeaf(this.tree.walk(0, w, prefix - 1), prefix, value);
  }

  private setLeaf(parent: number, prefix: number, value: number): void {
    const bit = (this.words[(prefix - 1) >>> 5]! >>> (31 - ((prefix - 1) & 31))) & 1;
    if (this.tree.get(parent, bit) !== EMPTY)
      throw new Error('internal: a block placed twice (intervals overlap)');
    this.tree.set(parent, bit, value);
  }

  /**
   * Ends the input and lays out the file: its stats and its bytes as a sequence of Buffers (the
   * tree serialised lazily, 64 K nodes at a time). Call `dispose()` once the chunks are consumed.
   */
  build(): { stats: MmdbBuildStats; chunks: Iterable<Buffer> } {
    this.finished = true;
    if (this.data.pending > 0) this.sink.write(this.data.drain());
    const tree = this.tree;
    const nodeCount = tree.count;
    const dataBytes = this.data.size;
    const maxRecord = nodeCount + 16 + dataBytes;
    const min = this.metadata.minRecordSize ?? 24;
    if (maxRecord >= 2 ** 32) throw new RangeError('database too large for 32-bit records');
    const recordSize: 24 | 28 | 32 =
      maxRecord < 2 ** 24 && min <= 24 ? 24 : maxRecord < 2 ** 28 && min <= 28 ? 28 : 32;
    const metadata = metadataBytes(this.metadata, nodeCount, recordSize);
    const treeBytes = (nodeCount * recordSize * 2) / 8;
    const stats: MmdbBuildStats = {
      nodeCount,
      recordSize,
      dataSectionBytes: dataBytes,
      distinctRecords: this.records,
      networks: this.networks,
      bytes: treeBytes + 16 + dataBytes + METADATA_MARKER.length + metadata.length,
    };
    const dataBase = nodeCount + 16;
    const resolve = (r: number) => (r === EMPTY ? nodeCount : r >= nodeCount ? dataBase + (TOP - r) : r);
    const sink = this.sink;
    function* chunks(): Generator<Buffer> {
      const nodeBytes = recordSize / 4;
      const perChunk = 1 << 16;
      for (let first = 0; first < nodeCount; first += perChunk) {
        const last = Math.min(nodeCount, first + perChunk);
        const out = Buffer.alloc((last - first) * nodeBytes);
        for (let n = first; n < last; n++)
          writeNode(
            out,
            (n - first) * nodeBytes,
            recordSize,
            resolve(tree.left[n]!),
            resolve(tree.right[n]!),
          );
        yield out;
      }
      yield SEPARATOR;
      yield* sink.chunks();
      yield METADATA_MARKER;
      yield metadata;
    }
    return { stats, chunks: { [Symbol.iterator]: chunks } };
  }

  /** The whole database in one Buffer (small databases, tests). */
  toBuffer(): Buffer {
    try {
      return Buffer.concat([...this.build().chunks]);
    } finally {
      this.dispose();
    }
  }

  /** Builds and writes the database to `path`, streamed; the spill file (if any) is removed. */
  async writeFile(path: string): Promise<MmdbBuildStats> {
    try {
      const { stats, chunks } = this.build();
      await pipeline(Readable.from(chunks), createWriteStream(path));
      return stats;
    } finally {
      this.dispose();
    }
  }

  /** Drops the data section (and its spill file); the writer cannot be used after. */
  dispose(): void {
    this.finished = true;
    this.sink.dispose();
  }

  /** Bytes of the tree's arrays so far (what the tree costs in memory). */
  get treeBytes(): number {
    return this.tree.bytes;
  }
}

function metadataBytes(m: MmdbMetadataInput, nodeCount: number, recordSize: number): Buffer {
  const encoder = new MmdbEncoder(false);
  encoder.write({
    binary_format_major_version: mmdb.uint16(2),
    binary_format_minor_version: mmdb.uint16(0),
    build_epoch: mmdb.uint64(BigInt(m.buildEpoch ?? Math.floor(Date.now() / 1000))),
    database_type: m.databaseType,
    description: m.description ?? {},
    ip_version: mmdb.uint16(6),
    languages: [...(m.languages ?? [])],
    node_count: mmdb.uint32(nodeCount),
    record_size: mmdb.uint16(recordSize),
  });
  return encoder.result();
}

/** An IPv6 interval without ::/96 and ::ffff:0:0/96, the two blocks that answer as IPv4, in order. */
export function clipIPv4Blocks(start: bigint, end: bigint): Array<readonly [bigint, bigint]> {
  let pieces: Array<readonly [bigint, bigint]> = [[start, end]];
  for (const [holeStart, holeEnd] of [
    [0n, IPV4_END],
    [MAPPED_START, MAPPED_END],
  ] as const) {
    if (start > holeEnd || end < holeStart) continue;
    const next: Array<readonly [bigint, bigint]> = [];
    for (const [a, b] of pieces) {
      if (b < holeStart || a > holeEnd) next.push([a, b]);
      else {
        if (a < holeStart) next.push([a, holeStart - 1n]);
        if (b > holeEnd) next.push([holeEnd + 1n, b]);
      }
    }
    pieces = next;
  }
  return pieces;
}

/** One node: two records of 24, 28 (the middle byte's nibbles are each record's top bits) or 32 bits. */
function writeNode(out: Buffer, at: number, recordSize: number, left: number, right: number): void {
  if (recordSize === 24) {
    out.writeUIntBE(left, at, 3);
    out.writeUIntBE(right, at + 3, 3);
  } else if (recordSize === 28) {
    out.writeUIntBE(left & 0xffffff, at, 3);
    out[at + 3] = (((left >>> 24) & 0x0f) << 4) | ((right >>> 24) & 0x0f);
    out.writeUIntBE(right & 0xffffff, at + 4, 3);
  } else {
    out.writeUInt32BE(left, at);
    out.writeUInt32BE(right, at + 4);
  }
}
