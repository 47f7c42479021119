/**
 * Strict parsing of ONE textual IP address into a family and a numeric form.
 *
 * Numeric forms:
 * - IPv4: one uint32 (a JS number in 0 … 2^32-1).
 * - IPv6: four uint32 words, most significant first. Plain numbers read from a Uint32Array
 *   without allocating and compare in one instruction. Measured against two 64-bit halves in
 *   BigUint64Arrays on the 419k IPv6 intervals of the real data (bench/lookup/ipv6-form.ts):
 *   halves read through a BigUint64Array view of the parsed words search 10–15 % faster (0.12
 *   against 0.14 µs), halves built as BigInts 30 % slower. That gain is about 5 % of a whole
 *   IPv6 lookup (parse, bogon check, search), too little to bring BigInt into the parser, the
 *   bogon check and the index.
 *
 * Why hand-written and not `ipaddr.js`'s parser: this runs once per lookup, and ipaddr.js is both
 * too lenient and too slow for that (on bench/lookup's query strings, `ipaddr.parse` took 0.8 µs
 * an IPv4 and 2.5 µs an IPv6 address, this parser 0.07 and 0.13 µs). Its `isValid` accepts IPv4 shorthands (`1.2.3`, `0x7f.1`,
 * `4294967295`), its IPv6 parser accepts zone ids, leading zeros in an embedded IPv4
 * (`::1.2.3.04`) and reads `::1.2.3.4` (IPv4-compatible, RFC 4291 2.5.5.1) as the IPv4-mapped
 * `::ffff:1.2.3.4`. The grammar accepted here is exactly RFC 4291 section 2.2 (plus dotted-quad
 * IPv4 without leading zeros); the tests compare it with ipaddr.js's strict four-part check and
 * the WHATWG URL host parser over random strings.
 */
export type Family = 4 | 6;

/** An IPv4 address (also what an IPv4-mapped IPv6 address answers as). */
export interface ParsedIPv4 {
  readonly family: 4;
  /** The address as an unsigned 32-bit integer. */
  readonly value: number;
  /** True when the text was an IPv4-mapped IPv6 address (`::ffff:a.b.c.d` or `::ffff:xxxx:xxxx`). */
  readonly mapped: boolean;
}

export interface ParsedIPv6 {
  readonly family: 6;
  /** Four unsigned 32-bit words, most significant first. */
  readonly words: readonly [number, number, number, number];
  readonly mapped: false;
}

export type ParsedAddress = ParsedIPv4 | ParsedIPv6;

/** Results of {@link parseInto}: what the scratch words hold afterwards. */
export const PARSE_INVALID = 0;
export const PARSE_IPV4 = 4;
/** An IPv4-mapped IPv6 address: `out[0]` holds the IPv4 value, as for {@link PARSE_IPV4}. */
export const PARSE_MAPPED = 5;
export const PARSE_IPV6 = 6;
export type ParseResult = typeof PARSE_INVALID | typeof PARSE_IPV4 | typeof PARSE_MAPPED | typeof PARSE_IPV6;

// The longest valid forms: 255.255.255.255 (15) and ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255 (45).
const MAX_V4_LENGTH = 15;
const MAX_V6_LENGTH = 45;

const groups = new Uint16Array(8);

/** Hex digit values by char code (0-9, a-f, A-F), -1 for anything else: one load per character. */
const HEX = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) HEX[48 + c] = c;
for (let c = 0; c < 6; c++) {
  HEX[97 + c] = 10 + c;
  HEX[65 + c] = 10 + c;
}

/**
 * Dotted-quad IPv4 between `from` and `to` (exclusive): exactly four decimal parts of 0 … 255,
 * no leading zeros (a leading zero is octal to inet_aton, so `010.0.0.1` is ambiguous and
 * refused). Returns the uint32, or -1.
 */
function parseIPv4Span(text: string, from: number, to: number): number {
  if (to - from > MAX_V4_LENGTH || to - from < 7) return -1;
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 /* . */) {
      if (digits === 0 || parts === 3) return -1;
      value = value * 256 + part;
      parts++;
      part = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57) {
      if (digits === 1 && part === 0) return -1; // leading zero
      part = part * 10 + (c - 48);
      if (part > 255) return -1;
      digits++;
    } else {
      return -1;
    }
  }
  if (digits === 0 || parts !== 3) return -1;
  return value * 256 + part;
}

/** RFC 4291 text form into `groups`; false when the text is not exactly one IPv6 address. */
function parseIPv6Groups(text: string): boolean {
  const len = text.length;
  if (len < 2 || len > MAX_V6_LENGTH) return false;
  let n = 0; // groups written
  let gap = -1; // where '::' stands, in groups
  let i = 0;
  if (text.charCodeAt(0) === 58 /* : */) {
    if (text.charCodeAt(1) !== 58) return false; // a single leading colon
    gap = 0;
    i = 2;
    if (len === 2) {
      groups.fill(0);
      return true;
    }
  }
  for (;;) {
    const start = i;
    let value = 0;
    let c = 0; // the character that ended the group, read once
    while (i < len) {
      c = text.charCodeAt(i);
      const h = c < 128 ? HEX[c]! : -1;
      if (h < 0) break;
      value = value * 16 + h;
      i++;
    }
    if (i < len && c === 46 /* . */) {
      // An embedded IPv4 address: only as the last 32 bits.
      if (n > 6) return false;
      const v4 = parseIPv4Span(text, start, len);
      if (v4 < 0) return false;
      groups[n++] = v4 >>> 16;
      groups[n++] = v4 & 0xffff;
      break;
    }
    const digits = i - start;
    if (digits === 0 || digits > 4 || n === 8) return false;
    groups[n++] = value;
    if (i === len) break;
    if (c !== 58) return false;
    i++;
    if (i === len) return false; // a single trailing colon
    if (text.charCodeAt(i) === 58) {
      if (gap >= 0) return false; // a second '::'
      gap = n;
      i++;
      if (i === len) break;
    }
  }
  if (gap < 0) return n === 8;
  // '::' stands for at least one zero group.
  if (n > 7) return false;
  const tail = n - gap;
  for (let k = 0; k < tail; k++) groups[7 - k] = groups[n - 1 - k]!;
  for (let k = gap; k < 8 - tail; k++) groups[k] = 0;
  return true;
}

/**
 * The allocation-free parser behind {@link parseAddress}, for the lookup hot path: writes the
 * numeric form into `out` (IPv4 in `out[0]`; IPv6 in `out[0..3]`) and says which it is.
 */
export function parseInto(text: string, out: Uint32Array): ParseResult {
  const len = text.length;
  if (len <= MAX_V4_LENGTH) {
    const v4 = parseIPv4Span(text, 0, len);
    if (v4 >= 0) {
      out[0] = v4;
      return PARSE_IPV4;
    }
  }
  if (!parseIPv6Groups(text)) return PARSE_INVALID;
  const w0 = ((groups[0]! << 16) | groups[1]!) >>> 0;
  const w1 = ((groups[2]! << 16) | groups[3]!) >>> 0;
  const w2 = ((groups[4]! << 16) | groups[5]!) >>> 0;
  const w3 = ((groups[6]! << 16) | groups[7]!) >>> 0;
  if (w0 === 0 && w1 === 0 && w2 === 0xffff) {
    // ::ffff:0:0/96 is the IPv4 address itself seen through an IPv6 socket (RFC 4291 2.5.5.2).
    out[0] = w3;
    return PARSE_MAPPED;
  }
  out[0] = w0;
  out[1] = w1;
  out[2] = w2;
  out[3] = w3;
  return PARSE_IPV6;
}

const scratch = new Uint32Array(4);

/**
 * Parses exactly one address: dotted-quad IPv4 or RFC 4291 IPv6 (an IPv4-mapped one answers as
 * its IPv4 address, `mapped: true`). Anything else is null: empty strings, whitespace, CIDRs,
 * ranges, IPv4 shorthands (`1.2.3`, `0x7f.1`, `017.0.0.1`, `4294967295`), brackets, zone ids
 * (`fe80::1%eth0` names an interface of the asker's machine, which no index can answer for).
 */
export function parseAddress(text: string): ParsedAddress | null {
  switch (parseInto(text, scratch)) {
    case PARSE_IPV4:
      return { family: 4, value: scratch[0]!, mapped: false };
    case PARSE_MAPPED:
      return { family: 4, value: scratch[0]!, mapped: true };
    case PARSE_IPV6:
      return { family: 6, words: [scratch[0]!, scratch[1]!, scratch[2]!, scratch[3]!], mapped: false };
    default:
      return null;
  }
}

/** "0" … "255": formatting reads four of them instead of converting four numbers. */
const DECIMAL = Array.from({ length: 256 }, (_, n) => String(n));

/** Dotted-quad text of a uint32. */
export function formatIPv4(value: number): string {
  return `${DECIMAL[value >>> 24]!}.${DECIMAL[(value >>> 16) & 255]!}.${DECIMAL[(value >>> 8) & 255]!}.${DECIMAL[value & 255]!}`;
}

/** The hex text of each 16-bit group, filled as groups are formatted (at most 65,536 short strings). */
const HEX_GROUP: (string | undefined)[] = new Array<string | undefined>(65536);

/**
 * RFC 5952 text of four words: lower-case hex without leading zeros, the longest run of two or
 * more zero groups (the first of equal runs) written `::`. Hand-written because answers format
 * a network per lookup; the tests hold it equal to ipaddr.js `toRFC5952String()`.
 */
export function formatIPv6(words: ArrayLike<number>): string {
  const g = groups;
  for (let k = 0; k < 4; k++) {
    const w = words[k]! >>> 0;
    g[2 * k] = w >>> 16;
    g[2 * k + 1] = w & 0xffff;
  }
  let bestAt = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLength) {
      bestAt = i;
      bestLength = j - i;
    }
    i = j;
  }
  // Built left to right with no look-back: a separator before every group but the first and the
  // one right after '::'.
  const afterGap = bestAt < 0 ? -1 : bestAt + bestLength;
  let text = '';
  for (let i = 0; i < 8; i++) {
    if (i === bestAt) {
      text += '::';
      i += bestLength - 1;
      continue;
    }
    if (i > 0 && i !== afterGap) text += ':';
    const group = g[i]!;
    text += HEX_GROUP[group] ?? (HEX_GROUP[group] = group.toString(16));
  }
  return text;
}

/** The canonical text of a parsed address (a mapped address is written as IPv4). */
export function formatAddress(address: ParsedAddress): string {
  return address.family === 4 ? formatIPv4(address.value) : formatIPv6(address.words);
}

/** Unsigned 128-bit integer of four words (for build-time arithmetic, never the hot path). */
export function wordsToBigInt(words: ArrayLike<number>): bigint {
  return (
    (BigInt(words[0]! >>> 0) << 96n) |
    (BigInt(words[1]! >>> 0) << 64n) |
    (BigInt(words[2]! >>> 0) << 32n) |
    BigInt(words[3]! >>> 0)
  );
}

/** Writes an unsigned 128-bit integer into `out[offset … offset+3]`. */
export function bigIntToWords(value: bigint, out: Uint32Array = new Uint32Array(4), offset = 0): Uint32Array {
  out[offset] = Number((value >> 96n) & 0xffffffffn);
  out[offset + 1] = Number((value >> 64n) & 0xffffffffn);
  out[offset + 2] = Number((value >> 32n) & 0xffffffffn);
  out[offset + 3] = Number(value & 0xffffffffn);
  return out;
}
