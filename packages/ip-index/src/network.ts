/**
 * Networks as numeric spans: CIDR text and start–end ranges in, `[start, end]` out, and the
 * arithmetic both the index and the MMDB writer need (splitting a range into CIDR blocks, the
 * largest block around an address). Spans are bigint: this runs at build time, once per entry,
 * where one representation for both families is worth more than speed.
 */
import {
  PARSE_IPV4,
  PARSE_IPV6,
  PARSE_MAPPED,
  bigIntToWords,
  formatIPv4,
  formatIPv6,
  parseInto,
  type Family,
} from './address.js';

export interface Span {
  readonly family: Family;
  /** First address (IPv4 in 0 … 2^32-1, IPv6 in 0 … 2^128-1). */
  readonly start: bigint;
  /** Last address, inclusive. */
  readonly end: bigint;
  /** The prefix length when the span is exactly one CIDR block, else -1. */
  readonly prefix: number;
}

export const BITS: Record<Family, number> = { 4: 32, 6: 128 };
const MAPPED_BASE = 0xffffn << 32n;
const PREFIX = /^(?:0|[1-9][0-9]{0,2})$/;
const scratch = new Uint32Array(4);

function parseOne(text: string): { family: Family; value: bigint; mapped: boolean } {
  const kind = parseInto(text, scratch);
  if (kind === PARSE_IPV4 || kind === PARSE_MAPPED) {
    return { family: 4, value: BigInt(scratch[0]!), mapped: kind === PARSE_MAPPED };
  }
  if (kind === PARSE_IPV6) {
    const value =
      (BigInt(scratch[0]!) << 96n) |
      (BigInt(scratch[1]!) << 64n) |
      (BigInt(scratch[2]!) << 32n) |
      BigInt(scratch[3]!);
    return { family: 6, value, mapped: false };
  }
  throw new RangeError(`not an IP address: ${JSON.stringify(text)}`);
}

/**
 * A CIDR (`10.0.0.0/8`, `2001:db8::/32`). Host bits must be zero: `10.0.0.1/8` is refused as the
 * data error it almost always is. A block inside `::ffff:0:0/96` is the IPv4 block it maps.
 */
export function parseCidr(text: string): Span {
  const slash = text.indexOf('/');
  if (slash < 0) throw new RangeError(`not a CIDR (no prefix length): ${JSON.stringify(text)}`);
  const prefixText = text.slice(slash + 1);
  if (!PREFIX.test(prefixText)) throw new RangeError(`bad prefix length in ${JSON.stringify(text)}`);
  let prefix = Number(prefixText);
  const address = parseOne(text.slice(0, slash));
  const { family, value } = address;
  if (address.mapped) {
    if (prefix < 96) throw new RangeError(`${text} is wider than the IPv4-mapped block ::ffff:0:0/96`);
    prefix -= 96;
  }
  return cidrSpan(family, value, prefix, text);
}

/** The span of `value/prefix`, refusing set host bits. */
export function cidrSpan(family: Family, value: bigint, prefix: number, label = ''): Span {
  const bits = BITS[family];
  if (prefix < 0 || prefix > bits) throw new RangeError(`prefix length out of range: ${label || prefix}`);
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  if ((value & hostMask) !== 0n) {
    throw new RangeError(`host bits set in ${label || `${value}/${prefix}`}`);
  }
  return { family, start: value, end: value | hostMask, prefix };
}

/** An inclusive range of two addresses of one family (`1.0.1.0`–`1.0.3.255`). */
export function parseRange(startText: string, endText: string): Span {
  const a = parseOne(startText);
  const b = parseOne(endText);
  if (a.family !== b.family) throw new RangeError(`range mixes families: ${startText} – ${endText}`);
  return rangeSpan(a.family, a.value, b.value, `${startText} – ${endText}`);
}

/** The span of `[start, end]`, with its prefix when it happens to be one CIDR block. */
export function rangeSpan(family: Family, start: bigint, end: bigint, label = ''): Span {
  const max = (1n << BigInt(BITS[family])) - 1n;
  if (start < 0n || end > max || start > end)
    throw new RangeError(`bad range ${label || `${start} – ${end}`}`);
  const size = end - start + 1n;
  const isPowerOfTwo = (size & (size - 1n)) === 0n;
  let prefix = -1;
  if (isPowerOfTwo && start % size === 0n) prefix = BITS[family] - (size.toString(2).length - 1);
  return { family, start, end, prefix };
}

/**
 * The largest CIDR block that holds `address` and lies inside `[start, end]`: what "the network"
 * of an address is when the matching entry is a range rather than a CIDR (an MMDB reader answers
 * the same, since a range is stored as such blocks).
 */
export function blockAround(family: Family, start: bigint, end: bigint, address: bigint): number {
  // The block of prefix p around the address stays inside the range unless it also holds
  // start-1 or end+1, i.e. unless p is at most the number of leading bits the address shares
  // with start-1 (or end+1). So p is one more than the longer of those two shared prefixes.
  const bits = BITS[family];
  const max = (1n << BigInt(bits)) - 1n;
  const shared = (other: bigint) => bits - (address ^ other).toString(2).length;
  const below = start === 0n ? 0 : shared(start - 1n) + 1;
  const above = end === max ? 0 : shared(end + 1n) + 1;
  return Math.max(below, above);
}

/** `[start, end]` as the fewest CIDR blocks, in address order. */
export function* spanToCidrs(
  family: Family,
  start: bigint,
  end: bigint,
): Generator<{ start: bigint; prefix: number }> {
  const bits = BITS[family];
  let cursor = start;
  while (cursor <= end) {
    // The largest block aligned at `cursor` (its lowest set bit) that does not pass `end` (the
    // largest power of two within what remains).
    const alignedLog = cursor === 0n ? bits : (cursor & -cursor).toString(2).length - 1;
    const fitsLog = (end - cursor + 1n).toString(2).length - 1;
    const log = Math.min(alignedLog, fitsLog);
    yield { start: cursor, prefix: bits - log };
    cursor += 1n << BigInt(log);
  }
}

/** Text of an address given as a bigint. */
export function formatBigInt(family: Family, value: bigint): string {
  if (family === 4) return formatIPv4(Number(value));
  return formatIPv6(bigIntToWords(value));
}

/** `address/prefix` text. */
export function formatCidr(family: Family, start: bigint, prefix: number): string {
  return `${formatBigInt(family, start)}/${prefix}`;
}

/** Whether an IPv6 span lies in `::ffff:0:0/96` (the IPv4-mapped block). */
export function isInMappedBlock(start: bigint, end: bigint): boolean {
  return start >= MAPPED_BASE && end <= (MAPPED_BASE | 0xffffffffn);
}
