/**
 * The MaxMind DB data section encoding (MaxMind DB format 2.0, "Output Data Section"): a control
 * byte holding the type and the payload size, then the payload, big-endian. Repeated strings,
 * maps and arrays become pointers to their first copy, which is what keeps an export with a
 * million records that share keys and values small.
 */

/** Data types of the format, by their type number. */
export const MmdbTypeNumber = {
  pointer: 1,
  utf8: 2,
  double: 3,
  bytes: 4,
  uint16: 5,
  uint32: 6,
  map: 7,
  int32: 8,
  uint64: 9,
  uint128: 10,
  array: 11,
  boolean: 14,
  float: 15,
} as const;

/** A number or bigint with an explicit MMDB type (a plain value's type is inferred). */
export class MmdbTyped {
  constructor(
    readonly type: 'uint16' | 'uint32' | 'uint64' | 'uint128' | 'int32' | 'double' | 'float',
    readonly value: number | bigint,
  ) {}
}

/**
 * A value the writer can store. Inference for plain values: a string is utf8; a boolean is
 * boolean; an integer 0 … 2^32-1 is uint32, a negative one down to -2^31 is int32, any other
 * number is double; a bigint is uint64 (uint128 above 2^64); a Uint8Array is bytes.
 */
export type MmdbValue =
  | string
  | number
  | boolean
  | bigint
  | Uint8Array
  | MmdbTyped
  | readonly MmdbValue[]
  | { readonly [key: string]: MmdbValue };

export const mmdb = {
  uint16: (value: number) => new MmdbTyped('uint16', value),
  uint32: (value: number) => new MmdbTyped('uint32', value),
  uint64: (value: number | bigint) => new MmdbTyped('uint64', value),
  uint128: (value: bigint) => new MmdbTyped('uint128', value),
  int32: (value: number) => new MmdbTyped('int32', value),
  double: (value: number) => new MmdbTyped('double', value),
  float: (value: number) => new MmdbTyped('float', value),
};

const UINT_LIMIT: Record<string, bigint> = {
  uint16: 1n << 16n,
  uint32: 1n << 32n,
  uint64: 1n << 64n,
  uint128: 1n << 128n,
};

/** A growable byte buffer. */
class Bytes {
  buf = Buffer.allocUnsafe(1 << 16);
  length = 0;

  ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buf.set(data, this.length);
    this.length += data.length;
  }

  result(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

/** Big-endian bytes of a non-negative integer, without leading zero bytes. */
function minimalBytes(value: bigint): number[] {
  const out: number[] = [];
  while (value > 0n) {
    out.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  return out;
}

function pointerSize(offset: number): number {
  if (offset < 2048) return 2;
  if (offset < 526336) return 3;
  if (offset < 134744064) return 4;
  return 5;
}

/** A stable text key of a value, for finding repeats (type-tagged so 1 and "1" differ). */
export function valueKey(value: MmdbValue): string {
  if (typeof value === 'string') return `s${JSON.stringify(value)}`;
  if (typeof value === 'number') return `n${Object.is(value, -0) ? '-0' : String(value)}`;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'bigint') return `b${value}`;
  if (value instanceof MmdbTyped) return `${value.type}:${String(value.value)}`;
  if (value instanceof Uint8Array) return `x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return `[${(value as readonly MmdbValue[]).map(valueKey).join(',')}]`;
  const entries = Object.entries(value as Record<string, MmdbValue>);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${valueKey(v)}`).join(',')}}`;
}

/**
 * Remembers where values were written, in two generations of at most `capacity` entries each: when
 * the young one is full it becomes the old one and the previous old one is dropped. A value seen
 * again is found while it is in either generation (and moved back to the young one), so values
 * repeated across the whole file (keys, country codes, company names) stay, while the stream of
 * values written once (each block's own network text at full scale: millions) cannot grow the
 * heap without bound. Forgetting only costs bytes: the value is written again, never wrongly.
 */
export class OffsetCache<K> {
  private young = new Map<K, number>();
  private old = new Map<K, number>();

  constructor(private readonly capacity: number) {}

  get(key: K): number | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const older = this.old.get(key);
    if (older !== undefined) this.set(key, older);
    return older;
  }

  set(key: K, offset: number): void {
    if (this.young.size >= this.capacity) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, offset);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}

/** How many values each generation of an encoder's cache remembers by default. */
export const DEFAULT_CACHE_ENTRIES = 1 << 19;

/**
 * Appends values to a data section. `usePointers: false` writes every value in full (the
 * metadata section, which readers decode without a data section to point into).
 *
 * Offsets are absolute from the start of the data section even after `drain()` hands the bytes
 * written so far to the caller, so a long section can be streamed out in pieces.
 */
export class MmdbEncoder {
  private readonly out = new Bytes();
  /** Bytes already handed out by `drain()`. */
  private base = 0;
  private readonly seen: OffsetCache<string>;
  /** Strings by their own text (no key to build for the most common shared value). */
  private readonly strings: OffsetCache<string>;

  constructor(
    private readonly usePointers = true,
    cacheEntries = DEFAULT_CACHE_ENTRIES,
  ) {
    this.seen = new OffsetCache(cacheEntries);
    this.strings = new OffsetCache(cacheEntries);
  }

  /** Bytes written so far, drained or not: the offset of the next value. */
  get size(): number {
    return this.base + this.out.length;
  }

  /** Everything written (only while nothing was drained). */
  result(): Buffer {
    if (this.base !== 0) throw new Error('internal: result() after drain()');
    return this.out.result();
  }

  /** Hands out (a copy of) the bytes not yet drained and forgets them; offsets stay absolute. */
  drain(): Buffer {
    const bytes = Buffer.from(this.out.result());
    this.base += this.out.length;
    this.out.length = 0;
    return bytes;
  }

  /** Bytes written and not drained yet. */
  get pending(): number {
    return this.out.length;
  }

  /** Writes a value (or a pointer to an identical earlier one) and returns the offset where it is. */
  write(value: MmdbValue): number {
    const key = this.usePointers && isShareable(value) ? valueKey(value) : undefined;
    if (key !== undefined) {
      const earlier = this.seen.get(key);
      if (earlier !== undefined) return earlier;
    }
    const offset = this.size;
    this.encode(value);
    if (key !== undefined) this.seen.set(key, offset);
    return offset;
  }

  /**
   * Writes a value in full at the current offset, its parts shared as in `write`, without looking
   * the whole value up (the caller de-duplicates whole records by a key of its own).
   */
  append(value: MmdbValue): number {
    const offset = this.size;
    this.encode(value);
    return offset;
  }

  private encode(value: MmdbValue): void {
    if (typeof value === 'string') return this.string(value);
    if (typeof value === 'boolean') return this.control(MmdbTypeNumber.boolean, value ? 1 : 0);
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 0 && value < 2 ** 32) return this.uint('uint32', BigInt(value));
      if (Number.isInteger(value) && value < 0 && value >= -(2 ** 31)) return this.int32(value);
      return this.double(value);
    }
    if (typeof value === 'bigint') return this.uint(value < 1n << 64n ? 'uint64' : 'uint128', value);
    if (value instanceof MmdbTyped) return this.typed(value);
    if (value instanceof Uint8Array) {
      this.control(MmdbTypeNumber.bytes, value.length);
      return this.out.bytes(value);
    }
    if (Array.isArray(value)) {
      const items = value as readonly MmdbValue[];
      this.control(MmdbTypeNumber.array, items.length);
      for (const item of items) this.child(item);
      return;
    }
    const entries = Object.entries(value as Record<string, MmdbValue>);
    this.control(MmdbTypeNumber.map, entries.length);
    for (const [k, v] of entries) {
      this.child(k);
      this.child(v);
    }
  }

  /** A value inside a map or array: a pointer when an identical one was written and the pointer is shorter. */
  private child(value: MmdbValue): void {
    if (!this.usePointers) return this.encode(value);
    if (typeof value === 'string') {
      const earlier = this.strings.get(value);
      if (earlier !== undefined && pointerSize(earlier) < encodedSizeAtLeast(value))
        return this.pointer(earlier);
      const offset = this.size;
      this.string(value);
      if (earlier === undefined) this.strings.set(value, offset);
      return;
    }
    if (isShareable(value)) {
      const key = valueKey(value);
      const earlier = this.seen.get(key);
      if (earlier !== undefined && pointerSize(earlier) < encodedSizeAtLeast(value)) {
        this.pointer(earlier);
        return;
      }
      const offset = this.size;
      this.encode(value);
      if (earlier === undefined) this.seen.set(key, offset);
      return;
    }
    this.encode(value);
  }

  private typed(value: MmdbTyped): void {
    const v = value.value;
    switch (value.type) {
      case 'double':
        return this.double(Number(v));
      case 'float': {
        this.control(MmdbTypeNumber.float, 4);
        const b = Buffer.allocUnsafe(4);
        b.writeFloatBE(Number(v));
        return this.out.bytes(b);
      }
      case 'int32':
        if (!Number.isInteger(v) || Number(v) < -(2 ** 31) || Number(v) >= 2 ** 31)
          throw new RangeError(`not an int32: ${v}`);
        return this.int32(Number(v));
      default: {
        if (typeof v === 'number' && !Number.isInteger(v)) throw new RangeError(`not an integer: ${v}`);
        const big = BigInt(v);
        if (big < 0n || big >= UINT_LIMIT[value.type]!)
          throw new RangeError(`${v} does not fit ${value.type}`);
        return this.uint(value.type, big);
      }
    }
  }

  private string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.control(MmdbTypeNumber.utf8, bytes.length);
    this.out.bytes(bytes);
  }

  private uint(type: 'uint16' | 'uint32' | 'uint64' | 'uint128', value: bigint): void {
    const bytes = minimalBytes(value);
    this.control(MmdbTypeNumber[type], bytes.length);
    for (const b of bytes) this.out.byte(b);
  }

  private int32(value: number): void {
    // A negative int32 takes all four bytes: readers read shorter payloads as unsigned.
    if (value >= 0) return this.uintAsInt32(value);
    this.control(MmdbTypeNumber.int32, 4);
    const b = Buffer.allocUnsafe(4);
    b.writeInt32BE(value);
    this.out.bytes(b);
  }

  private uintAsInt32(value: number): void {
    const bytes = minimalBytes(BigInt(value));
    this.control(MmdbTypeNumber.int32, bytes.length);
    for (const b of bytes) this.out.byte(b);
  }

  private double(value: number): void {
    this.control(MmdbTypeNumber.double, 8);
    const b = Buffer.allocUnsafe(8);
    b.writeDoubleBE(value);
    this.out.bytes(b);
  }

  /** The control byte(s): type in the top 3 bits (7+n types as an extra byte), then the size. */
  private control(type: number, size: number): void {
    const extended = type > 7;
    let first = extended ? 0 : type << 5;
    let sizeBytes: number[];
    if (size < 29) {
      first |= size;
      sizeBytes = [];
    } else if (size < 285) {
      first |= 29;
      sizeBytes = [size - 29];
    } else if (size < 65821) {
      first |= 30;
      const v = size - 285;
      sizeBytes = [v >> 8, v & 0xff];
    } else if (size < 16843037) {
      first |= 31;
      const v = size - 65821;
      sizeBytes = [v >> 16, (v >> 8) & 0xff, v & 0xff];
    } else {
      throw new RangeError(`value too large for the MMDB format (${size})`);
    }
    this.out.byte(first);
    if (extended) this.out.byte(type - 7);
    for (const b of sizeBytes) this.out.byte(b);
  }

  private pointer(offset: number): void {
    if (offset < 2048) {
      this.out.byte(0x20 | (offset >> 8));
      this.out.byte(offset & 0xff);
    } else if (offset < 526336) {
      const v = offset - 2048;
      this.out.byte(0x20 | (1 << 3) | (v >> 16));
      this.out.byte((v >> 8) & 0xff);
      this.out.byte(v & 0xff);
    } else if (offset < 134744064) {
      const v = offset - 526336;
      this.out.byte(0x20 | (2 << 3) | (v >> 24));
      this.out.byte((v >> 16) & 0xff);
      this.out.byte((v >> 8) & 0xff);
      this.out.byte(v & 0xff);
    } else {
      this.out.byte(0x20 | (3 << 3));
      const b = Buffer.allocUnsafe(4);
      b.writeUInt32BE(offset);
      this.out.bytes(b);
    }
  }
}

/** Strings, maps and arrays are worth sharing; scalars are as short as a pointer anyway. */
function isShareable(value: MmdbValue): boolean {
  return (
    typeof value === 'string' ||
    (typeof value === 'object' && !(value instanceof MmdbTyped) && !(value instanceof Uint8Array))
  );
}

/** A lower bound of a shareable value's encoded size (enough to tell whether a pointer is shorter). */
function encodedSizeAtLeast(value: MmdbValue): number {
  if (typeof value === 'string') return 1 + Buffer.byteLength(value, 'utf8');
  // A map or array: its control byte, and for a non-empty one at least a key or item and a value.
  return Object.keys(value as object).length === 0 ? 1 : 3;
}
