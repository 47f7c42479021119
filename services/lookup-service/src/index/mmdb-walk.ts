/**
 * Enumerates every network of a MaxMind DB file by walking its binary search tree, hand-written
 * after the published MaxMind DB format (https://maxmind.github.io/MaxMind-DB/): the readers
 * (`mmdb-lib`, `maxmind`) answer one address at a time and have no way to list the networks,
 * which the index needs to hold the DB-IP city data in its own arrays.
 *
 * The format in short: the metadata map sits after the last `\xAB\xCD\xEFMaxMind.com` marker; the
 * search tree comes first, `nodeCount` nodes of two records of `recordSize` bits each (left =
 * bit 0, right = bit 1); a record below `nodeCount` is the next node, equal to it means "no data",
 * above it points into the data section at `record - nodeCount - 16` bytes after the tree (the
 * 16 bytes being the separator). Only the tree is read here; a leaf's data is decoded by
 * `mmdb-lib`'s reader, once per distinct data offset (the caller caches by offset).
 */
import { Reader, type Response } from 'mmdb-lib';

export interface MmdbLeaf {
  /** The network's first address: IPv4 in w[0] for an IPv4 tree; IPv6 as four words. */
  readonly words: Uint32Array;
  readonly prefix: number;
  /** Offset of the leaf's record in the data section (equal offsets = the same record). */
  readonly dataOffset: number;
}

export interface WalkOptions {
  /**
   * Start below this network (bits taken from `rootWords`, `rootPrefix` of them), e.g. 2000::/3
   * to skip an IPv6 tree's IPv4 aliases at ::/96.
   */
  readonly rootWords?: readonly number[];
  readonly rootPrefix?: number;
  /** Subtrees never entered (e.g. 2002::/16, the 6to4 alias of the IPv4 tree). */
  readonly skip?: (words: Uint32Array, prefix: number) => boolean;
}

export class MmdbTree {
  readonly reader: Reader<Response>;
  readonly nodeCount: number;
  readonly recordSize: number;
  readonly ipVersion: 4 | 6;
  private readonly buf: Buffer;

  constructor(buf: Buffer) {
    this.buf = buf;
    this.reader = new Reader<Response>(buf);
    const meta = this.reader.metadata;
    this.nodeCount = meta.nodeCount;
    this.recordSize = meta.recordSize;
    this.ipVersion = meta.ipVersion === 4 ? 4 : 6;
    if (![24, 28, 32].includes(this.recordSize))
      throw new Error(`unsupported MMDB record size ${this.recordSize}`);
  }

  /** The record `bit` (0 left, 1 right) of node `node`. */
  record(node: number, bit: number): number {
    const b = this.buf;
    switch (this.recordSize) {
      case 24: {
        const o = node * 6 + bit * 3;
        return (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!;
      }
      case 28: {
        const o = node * 7;
        if (bit === 0) return ((b[o + 3]! & 0xf0) << 20) | (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!;
        return ((b[o + 3]! & 0x0f) << 24) | (b[o + 4]! << 16) | (b[o + 5]! << 8) | b[o + 6]!;
      }
      default: {
        const o = node * 8 + bit * 4;
        return b.readUInt32BE(o);
      }
    }
  }

  /**
   * Calls `onLeaf` for every network that has data, in address order. The same `words` array is
   * reused between calls (copy what you keep).
   */
  walk(onLeaf: (leaf: MmdbLeaf) => void, options: WalkOptions = {}): void {
    const bits = this.ipVersion === 4 ? 32 : 128;
    const words = new Uint32Array(4);
    const rootPrefix = options.rootPrefix ?? 0;
    let node = 0;
    let rootDepth = 0;
    while (rootDepth < rootPrefix && node < this.nodeCount) {
      const i = rootDepth;
      const bit = ((options.rootWords?.[i >>> 5] ?? 0) >>> (31 - (i & 31))) & 1;
      if (bit) words[i >>> 5] = (words[i >>> 5]! | (1 << (31 - (i & 31)))) >>> 0;
      node = this.record(node, bit);
      rootDepth++;
    }
    // Depth-first, left before right, with an explicit stack of records (the tree is up to 128
    // deep): a record is a node to open, a leaf to report, or "no data".
    const stackRecord: number[] = [node];
    const stackDepth: number[] = [rootDepth];
    const stackWords: number[] = [words[0]!, words[1]!, words[2]!, words[3]!];
    const leaf = { words, prefix: 0, dataOffset: 0 };
    while (stackRecord.length > 0) {
      const record = stackRecord.pop()!;
      const depth = stackDepth.pop()!;
      const w3 = stackWords.pop()!;
      const w2 = stackWords.pop()!;
      const w1 = stackWords.pop()!;
      const w0 = stackWords.pop()!;
      if (record === this.nodeCount) continue;
      words[0] = w0;
      words[1] = w1;
      words[2] = w2;
      words[3] = w3;
      if (record > this.nodeCount) {
        leaf.prefix = depth;
        leaf.dataOffset = record - this.nodeCount - 16;
        onLeaf(leaf);
        continue;
      }
      if (depth >= bits) continue; // a malformed tree deeper than the address: nothing to add
      const word = depth >>> 5;
      const mask = 1 << (31 - (depth & 31));
      // Right pushed first so the left child comes off the stack first (address order).
      for (let bit = 1; bit >= 0; bit--) {
        words[0] = w0;
        words[1] = w1;
        words[2] = w2;
        words[3] = w3;
        if (bit) words[word] = (words[word]! | mask) >>> 0;
        if (options.skip?.(words, depth + 1)) continue;
        stackRecord.push(this.record(record, bit));
        stackDepth.push(depth + 1);
        stackWords.push(words[0]!, words[1]!, words[2]!, words[3]!);
      }
    }
  }
}
