/**
 * A small writer of the MaxMind DB format 2.0 (the public MaxMind-DB specification), for the
 * offline export: networks and their records in, a `.mmdb` that the `maxmind` / `mmdb-lib`
 * readers (and libmaxminddb) open.
 *
 * Layout of the output: the binary search tree (one node per bit of the address, two records per
 * node), 16 zero bytes, the data section (records, shared by pointers), then
 * `\xAB\xCD\xEFMaxMind.com` and the metadata map.
 *
 * Choices:
 * - Always an IPv6 tree (`ip_version` 6). IPv4 networks live under `::/96`, where readers look
 *   IPv4 addresses up, and `::ffff:0:0/96` is an alias of that subtree (its record points at the
 *   `::/96` node), so a reader asked for `::ffff:1.2.3.4` answers as for `1.2.3.4`, as the index
 *   does. IPv6 networks are clipped out of those two blocks, which belong to IPv4.
 * - Nested and overlapping networks are flattened first (the index's own flattening), so every
 *   address answers the record of the most specific network, exactly as the index does; the
 *   disjoint pieces are then cut into CIDR blocks for the tree.
 * - Identical records are written once (records are compared by value), and strings, maps and
 *   arrays repeated across records become pointers.
 * - The record size is the smallest of 24, 28 and 32 bits that holds the largest record value.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Family } from './address.js';
import { NONE, flatten } from './flatten.js';
import { MmdbEncoder, mmdb, valueKey, type MmdbValue } from './mmdb-encoder.js';
import { BITS, parseCidr, parseRange, spanToCidrs, type Span } from './network.js';

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

export interface MmdbBuildStats {
  readonly nodeCount: number;
  readonly recordSize: 24 | 28 | 32;
  readonly dataSectionBytes: number;
  readonly distinctRecords: number;
  readonly networks: number;
  readonly bytes: number;
}

const SEPARATOR = Buffer.alloc(16);
const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com', 'ascii')]);
const EMPTY = 0;
const DATA = 0x80000000;
const MAPPED_START = 0xffffn << 32n;
const MAPPED_END = MAPPED_START | 0xffffffffn;
const IPV4_END = 0xffffffffn;

/** The search tree under construction: two records per node, node 0 the root. */
class Tree {
  left = new Uint32Array(1 << 16);
  right = new Uint32Array(1 << 16);
  count = 1;

  newNode(): number {
    if (this.count === this.left.length) {
      const grow = (a: Uint32Array) => {
        const next = new Uint32Array(a.length * 2);
        next.set(a);
        return next;
      };
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
  walk(from: number, words: Uint32Array, firstBit: number, depth: number): number {
    let node = from;
    for (let d = firstBit; d < firstBit + depth; d++) {
      const bit = (words[d >>> 5]! >>> (31 - (d & 31))) & 1;
      let next = this.get(node, bit);
      if (next === EMPTY) {
        next = this.newNode();
        this.set(node, bit, next);
      } else if (next & DATA) {
        throw new Error('internal: a network inside another after flattening');
      }
      node = next;
    }
    return node;
  }
}

export class MmdbWriter {
  private readonly spans: Span[] = [];
  private readonly recordOf: number[] = [];
  private readonly records: MmdbValue[] = [];
  private readonly recordIds = new Map<string, number>();

  constructor(private readonly metadata: MmdbMetadataInput) {}

  /** Adds a network (CIDR text, host bits zero) and its record. A later identical network wins. */
  insert(network: string, record: MmdbValue): this {
    return this.add(parseCidr(network), record);
  }

  /** Adds an inclusive start–end range of one family and its record. */
  insertRange(start: string, end: string, record: MmdbValue): this {
    return this.add(parseRange(start, end), record);
  }

  /** Adds a numeric span (from `cidrSpan` / `rangeSpan`) and its record. */
  insertSpan(span: Span, record: MmdbValue): this {
    return this.add(span, record);
  }

  private add(span: Span, record: MmdbValue): this {
    const key = valueKey(record);
    let id = this.recordIds.get(key);
    if (id === undefined) {
      id = this.records.length;
      this.records.push(record);
      this.recordIds.set(key, id);
    }
    this.spans.push(span);
    this.recordOf.push(id);
    return this;
  }

  /** The whole database in one Buffer (small exports, tests). */
  toBuffer(): Buffer {
    return Buffer.concat([...this.chunks()]);
  }

  /** Writes the database to a file, streamed (an export can be large). */
  async writeFile(path: string): Promise<MmdbBuildStats> {
    const { stats, chunks } = this.build();
    await pipeline(Readable.from(chunks), createWriteStream(path));
    return stats;
  }

  /** The database as a sequence of buffers, for any stream. */
  chunks(): Iterable<Buffer> {
    return this.build().chunks;
  }

  /** Builds the tree and data section; `chunks` then serialises them lazily. */
  build(): { stats: MmdbBuildStats; chunks: Iterable<Buffer> } {
    const data = new MmdbEncoder();
    const offsets = this.records.map((r) => data.write(r));
    const tree = new Tree();

    // ::/96 (96 zero bits) holds IPv4; ::ffff:0:0/96 points at the same node.
    const zero = new Uint32Array(4);
    const ipv4Root = tree.walk(0, zero, 0, 96);
    const ffff = Uint32Array.of(0, 0, 0xffff, 0);
    const aliasParent = tree.walk(0, ffff, 0, 95);
    tree.set(aliasParent, 1, ipv4Root);

    let networks = 0;
    const words = new Uint32Array(4);
    const place = (family: Family, start: bigint, prefix: number, recordId: number) => {
      const from = family === 4 ? ipv4Root : 0;
      if (family === 4) words[0] = Number(start);
      else {
        words[0] = Number((start >> 96n) & 0xffffffffn);
        words[1] = Number((start >> 64n) & 0xffffffffn);
        words[2] = Number((start >> 32n) & 0xffffffffn);
        words[3] = Number(start & 0xffffffffn);
      }
      const value = DATA | recordId;
      networks++;
      if (prefix === 0) {
        // Only IPv4's /0, which is the ::/96 node itself: give both halves the record.
        tree.set(from, 0, value);
        tree.set(from, 1, value);
        return;
      }
      const parent = tree.walk(from, words, 0, prefix - 1);
      const bit = (words[(prefix - 1) >>> 5]! >>> (31 - ((prefix - 1) & 31))) & 1;
      if (tree.get(parent, bit) !== EMPTY) throw new Error('internal: a network placed twice');
      tree.set(parent, bit, value);
    };

    for (const family of [4, 6] as const) {
      const spans: Span[] = [];
      const ids: number[] = [];
      this.spans.forEach((s, i) => {
        if (s.family === family) {
          spans.push(s);
          ids.push(this.recordOf[i]!);
        }
      });
      const { starts, owners } = flatten(spans, family);
      const max = (1n << BigInt(BITS[family])) - 1n;
      for (let i = 0; i < starts.length; i++) {
        if (owners[i] === NONE) continue;
        const start = starts[i]!;
        const end = i + 1 < starts.length ? starts[i + 1]! - 1n : max;
        const pieces = family === 4 ? [[start, end] as const] : clipIPv4Blocks(start, end);
        for (const [a, b] of pieces) {
          for (const block of spanToCidrs(family, a, b))
            place(family, block.start, block.prefix, ids[owners[i]!]!);
        }
      }
    }

    const nodeCount = tree.count;
    const dataBytes = data.result();
    const maxRecord = nodeCount + 16 + dataBytes.length;
    const min = this.metadata.minRecordSize ?? 24;
    const recordSize: 24 | 28 | 32 =
      maxRecord < 2 ** 24 && min <= 24 ? 24 : maxRecord < 2 ** 28 && min <= 28 ? 28 : 32;
    if (maxRecord >= 2 ** 32) throw new RangeError('database too large for 32-bit records');
    const metadata = this.metadataBytes(nodeCount, recordSize);
    const treeBytes = (nodeCount * recordSize * 2) / 8;
    const stats: MmdbBuildStats = {
      nodeCount,
      recordSize,
      dataSectionBytes: dataBytes.length,
      distinctRecords: this.records.length,
      networks,
      bytes: treeBytes + 16 + dataBytes.length + METADATA_MARKER.length + metadata.length,
    };
    const resolve = (r: number) =>
      r === EMPTY ? nodeCount : r & DATA ? nodeCount + 16 + offsets[r & ~DATA & 0x7fffffff]! : r;
    function* chunks(): Generator<Buffer> {
      const nodeBytes = recordSize / 4;
      const perChunk = 1 << 16;
      for (let first = 0; first < nodeCount; first += perChunk) {
        const last = Math.min(nodeCount, first + perChunk);
        const out = Buffer.alloc((last - first) * nodeBytes);
        for (let n = first; n < last; n++) {
          writeNode(
            out,
            (n - first) * nodeBytes,
            recordSize,
            resolve(tree.left[n]!),
            resolve(tree.right[n]!),
          );
        }
        yield out;
      }
      yield SEPARATOR;
      yield dataBytes;
      yield METADATA_MARKER;
      yield metadata;
    }
    return { stats, chunks: { [Symbol.iterator]: chunks } };
  }

  private metadataBytes(nodeCount: number, recordSize: number): Buffer {
    const m = this.metadata;
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
}

/** An IPv6 span without ::/96 and ::ffff:0:0/96, the two blocks that answer as IPv4. */
function clipIPv4Blocks(start: bigint, end: bigint): Array<readonly [bigint, bigint]> {
  let pieces: Array<readonly [bigint, bigint]> = [[start, end]];
  for (const [holeStart, holeEnd] of [
    [0n, IPV4_END],
    [MAPPED_START, MAPPED_END],
  ] as const) {
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
