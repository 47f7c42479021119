/**
 * Special-purpose addresses ("bogons"): the API answers them `bogon: true` and never looks them
 * up. The table follows the IANA registries and ipaddr.js, which this module checks itself
 * against (the tests compare every boundary with `ipaddr.parse(...).range()`).
 *
 * Sources:
 * - ipaddr.js 2.5 `range()` names (`SpecialRanges`) for everything it knows: unspecified,
 *   broadcast, multicast, linkLocal, loopback, carrierGradeNat, private, reserved, as112, amt
 *   (IPv4); unspecified, linkLocal, multicast, loopback, uniqueLocal, ipv4Mapped,
 *   deprecatedSiteLocal, discard, rfc6145, rfc6052, 6to4, teredo, benchmarking, amt, as112v6,
 *   deprecatedOrchid, orchid2, droneRemoteIdProtocolEntityTags, segmentRouting, reserved (IPv6).
 * - Entries of the "IANA IPv4 Special-Purpose Address Registry" that ipaddr.js lumps into
 *   `reserved` or lacks, named here so the API can say which: documentation (TEST-NET-1/2/3,
 *   RFC 5737), benchmarking (198.18.0.0/15, RFC 2544), ietfProtocolAssignments (192.0.0.0/24,
 *   RFC 6890), deprecated6to4Relay (192.88.99.0/24, RFC 7526), thisNetwork (0.0.0.0/8, RFC 791;
 *   ipaddr.js calls it unspecified, which stays the name of 0.0.0.0 itself).
 * - Entries of the "IANA IPv6 Special-Purpose Address Registry" likewise: documentation
 *   (2001:db8::/32 RFC 3849, 3fff::/20 RFC 9637), ietfProtocolAssignments (2001::/23),
 *   dummyPrefix (100:0:0:1::/64, RFC 9780), ipv4Compatible (::/96 other than :: and ::1,
 *   deprecated by RFC 4291).
 * - The "IANA IPv6 Address Space" registry: only 2000::/3 is allocated for global unicast; every
 *   other block not named above (e.g. 4000::/3, 1234::1) is `reserved` ("Reserved by IETF").
 *
 * The most specific entry names an address (2001:db8::1 is documentation, not
 * ietfProtocolAssignments). Lookups run on the numeric form, so classifying costs a few
 * comparisons per address and no parsing.
 */
import ipaddr from 'ipaddr.js';
import type { ParsedAddress } from './address.js';

export type SpecialRangeName =
  | 'unspecified'
  | 'thisNetwork'
  | 'broadcast'
  | 'multicast'
  | 'linkLocal'
  | 'loopback'
  | 'carrierGradeNat'
  | 'private'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'ietfProtocolAssignments'
  | 'deprecated6to4Relay'
  | 'as112'
  | 'amt'
  | 'uniqueLocal'
  | 'ipv4Mapped'
  | 'ipv4Compatible'
  | 'deprecatedSiteLocal'
  | 'discard'
  | 'dummyPrefix'
  | 'rfc6145'
  | 'rfc6052'
  | '6to4'
  | 'teredo'
  | 'as112v6'
  | 'deprecatedOrchid'
  | 'orchid2'
  | 'droneRemoteIdProtocolEntityTags'
  | 'segmentRouting';

/** [CIDR, name] in the registries' order; the most specific entry wins at lookup. */
export const SPECIAL_RANGES: ReadonlyArray<readonly [string, SpecialRangeName]> = [
  // IPv4
  ['0.0.0.0/8', 'thisNetwork'],
  ['0.0.0.0/32', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrierGradeNat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'linkLocal'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'ietfProtocolAssignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'as112'],
  ['192.52.193.0/24', 'amt'],
  ['192.88.99.0/24', 'deprecated6to4Relay'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'as112'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['255.255.255.255/32', 'broadcast'],
  // IPv6: everything outside 2000::/3 is reserved unless named below.
  ['::/3', 'reserved'],
  ['4000::/2', 'reserved'],
  ['8000::/1', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'ipv4Compatible'],
  ['::ffff:0:0/96', 'ipv4Mapped'],
  ['::ffff:0:0:0/96', 'rfc6145'],
  ['64:ff9b::/96', 'rfc6052'],
  ['64:ff9b:1::/48', 'rfc6052'],
  ['100::/64', 'discard'],
  ['100:0:0:1::/64', 'dummyPrefix'],
  ['2001::/23', 'ietfProtocolAssignments'],
  ['2001::/32', 'teredo'],
  ['2001:2::/48', 'benchmarking'],
  ['2001:3::/32', 'amt'],
  ['2001:4:112::/48', 'as112v6'],
  ['2001:10::/28', 'deprecatedOrchid'],
  ['2001:20::/28', 'orchid2'],
  ['2001:30::/28', 'droneRemoteIdProtocolEntityTags'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4'],
  ['2620:4f:8000::/48', 'as112v6'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segmentRouting'],
  ['fc00::/7', 'uniqueLocal'],
  ['fe80::/10', 'linkLocal'],
  ['fec0::/10', 'deprecatedSiteLocal'],
  ['ff00::/8', 'multicast'],
];

interface Rule {
  readonly prefix: number;
  readonly name: SpecialRangeName;
  /** Network words and masks (IPv4: only index 0 is used). */
  readonly net: readonly [number, number, number, number];
  readonly mask: readonly [number, number, number, number];
}

function maskWord(prefix: number, word: number): number {
  const bits = Math.max(0, Math.min(32, prefix - 32 * word));
  return bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
}

function compile(family: 4 | 6): Rule[] {
  const rules: Rule[] = [];
  for (const [cidr, name] of SPECIAL_RANGES) {
    const [address, prefix] = ipaddr.parseCIDR(cidr);
    if ((address.kind() === 'ipv4') !== (family === 4)) continue;
    const bytes = address.toByteArray();
    const net = [0, 0, 0, 0] as [number, number, number, number];
    const mask = [0, 0, 0, 0] as [number, number, number, number];
    for (let w = 0; w < bytes.length / 4; w++) {
      net[w] =
        ((bytes[4 * w]! << 24) | (bytes[4 * w + 1]! << 16) | (bytes[4 * w + 2]! << 8) | bytes[4 * w + 3]!) >>>
        0;
      mask[w] = maskWord(prefix, w);
    }
    rules.push({ prefix, name, net, mask });
  }
  // Most specific first: the first rule that matches is the answer.
  return rules.sort((a, b) => b.prefix - a.prefix);
}

/** Rules as flat words (network then mask, 2 or 8 words per rule) and their names, for a tight loop. */
function flat(rules: Rule[], width: 1 | 4): { words: Uint32Array; names: SpecialRangeName[] } {
  const words = new Uint32Array(rules.length * 2 * width);
  rules.forEach((r, i) => {
    for (let w = 0; w < width; w++) {
      words[2 * width * i + w] = r.net[w]!;
      words[2 * width * i + width + w] = r.mask[w]!;
    }
  });
  return { words, names: rules.map((r) => r.name) };
}

const V4 = flat(compile(4), 1);
const V6 = flat(compile(6), 4);

/**
 * Which top-16-bit values any rule can match: most lookups are public addresses, and for those
 * one table read answers without walking the rules.
 */
function topTable(rules: Rule[]): Uint8Array {
  const table = new Uint8Array(65536);
  for (const r of rules) {
    const top = r.net[0] >>> 16;
    const span = r.prefix >= 16 ? 1 : 2 ** (16 - r.prefix);
    table.fill(1, top, top + span);
  }
  return table;
}
const V4_TOP = topTable(compile(4));
const V6_TOP = topTable(compile(6));

/** The special-purpose range of an IPv4 address (a uint32), or null for a public address. */
export function specialRangeOfIPv4(value: number): SpecialRangeName | null {
  if (V4_TOP[value >>> 16] === 0) return null;
  const { words, names } = V4;
  for (let i = 0, o = 0; i < names.length; i++, o += 2) {
    if ((value & words[o + 1]!) >>> 0 === words[o]!) return names[i]!;
  }
  return null;
}

/** The special-purpose range of an IPv6 address (four words), or null for a public address. */
export function specialRangeOfIPv6(w0: number, w1: number, w2: number, w3: number): SpecialRangeName | null {
  if (V6_TOP[w0 >>> 16] === 0) return null;
  const { words, names } = V6;
  for (let i = 0, o = 0; i < names.length; i++, o += 8) {
    if (
      (w0 & words[o + 4]!) >>> 0 === words[o]! &&
      (w1 & words[o + 5]!) >>> 0 === words[o + 1]! &&
      (w2 & words[o + 6]!) >>> 0 === words[o + 2]! &&
      (w3 & words[o + 7]!) >>> 0 === words[o + 3]!
    ) {
      return names[i]!;
    }
  }
  return null;
}

/**
 * The special-purpose range of a parsed address, or null. An IPv4-mapped address is classified
 * as its IPv4 address (`::ffff:10.0.0.1` is private, `::ffff:8.8.8.8` public).
 */
export function specialRange(address: ParsedAddress): SpecialRangeName | null {
  if (address.family === 4) return specialRangeOfIPv4(address.value);
  const [w0, w1, w2, w3] = address.words;
  return specialRangeOfIPv6(w0, w1, w2, w3);
}

/** Whether the API answers an address as a bogon (any special-purpose range). */
export function isBogon(address: ParsedAddress): boolean {
  return specialRange(address) !== null;
}
