/**
 * `MmdbWriter`: the convenient front of the MMDB writer for networks in any order, nested or
 * overlapping (tests, small exports). It keeps every network until `build()`, flattens them with
 * the index's own flattening (so every address answers the record of the most specific network,
 * exactly as the index does) and hands the disjoint intervals, sorted, to `MmdbStreamWriter`,
 * which lays out the tree, the data section and the metadata (see there for the format choices).
 *
 * Millions of networks that are already sorted and disjoint go straight to `MmdbStreamWriter`:
 * this class holds a span of BigInts and a record per network, too much at full scale.
 */
import type { Family } from './address.js';
import { NONE, flatten } from './flatten.js';
import { valueKey, type MmdbValue } from './mmdb-encoder.js';
import {
  MmdbStreamWriter,
  type MmdbBuildStats,
  type MmdbMetadataInput,
  type MmdbStreamOptions,
} from './mmdb-stream-writer.js';
import { BITS, parseCidr, parseRange, type Span } from './network.js';

export type { MmdbBuildStats, MmdbMetadataInput } from './mmdb-stream-writer.js';

export class MmdbWriter {
  private readonly spans: Span[] = [];
  private readonly recordOf: number[] = [];
  private readonly records: MmdbValue[] = [];
  private readonly recordIds = new Map<string, number>();

  constructor(
    private readonly metadata: MmdbMetadataInput,
    private readonly options: MmdbStreamOptions = {},
  ) {}

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
    return this.stream().toBuffer();
  }

  /** Writes the database to a file, streamed. */
  writeFile(path: string): Promise<MmdbBuildStats> {
    return this.stream().writeFile(path);
  }

  /** The database as a sequence of buffers, for any stream. */
  chunks(): Iterable<Buffer> {
    return this.build().chunks;
  }

  /** Builds the tree and data section; `chunks` then serialises them lazily. */
  build(): { stats: MmdbBuildStats; chunks: Iterable<Buffer> } {
    return this.stream().build();
  }

  /** The flattened networks, sorted, in a fresh stream writer (each call builds anew). */
  private stream(): MmdbStreamWriter {
    const writer = new MmdbStreamWriter(this.metadata, this.options);
    for (const family of [4, 6] as const satisfies readonly Family[]) {
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
        const id = ids[owners[i]!]!;
        const end = i + 1 < starts.length ? starts[i + 1]! - 1n : max;
        writer.add(family, starts[i]!, end, String(id), this.records[id]!);
      }
    }
    return writer;
  }
}
