import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { parseAddress } from './address.js';
import { SPECIAL_RANGES, isBogon, specialRange, type SpecialRangeName } from './bogons.js';
import { formatBigInt, parseCidr } from './network.js';

const name = (ip: string) => specialRange(parseAddress(ip)!);

describe('specialRange', () => {
  // First and last address of each range the API must answer as a bogon, and the neighbours just outside.
  it.each<[string, SpecialRangeName | null]>([
    ['0.0.0.0', 'unspecified'],
    ['0.0.0.1', 'thisNetwork'],
    ['0.255.255.255', 'thisNetwork'],
    ['1.0.0.0', null],
    ['9.255.255.255', null],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['11.0.0.0', null],
    ['100.63.255.255', null],
    ['100.64.0.0', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['100.128.0.0', null],
    ['126.255.255.255', null],
    ['127.0.0.0', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['128.0.0.0', null],
    ['169.253.255.255', null],
    ['169.254.0.0', 'linkLocal'],
    ['169.254.255.255', 'linkLocal'],
    ['169.255.0.0', null],
    ['172.15.255.255', null],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', null],
    ['191.255.255.255', null],
    ['192.0.0.0', 'ietfProtocolAssignments'],
    ['192.0.0.255', 'ietfProtocolAssignments'],
    ['192.0.1.0', null],
    ['192.0.1.255', null],
    ['192.0.2.0', 'documentation'],
    ['192.0.2.255', 'documentation'],
    ['192.0.3.0', null],
    ['192.31.196.0', 'as112'],
    ['192.52.193.255', 'amt'],
    ['192.88.98.255', null],
    ['192.88.99.0', 'deprecated6to4Relay'],
    ['192.88.99.255', 'deprecated6to4Relay'],
    ['192.88.100.0', null],
    ['192.167.255.255', null],
    ['192.168.0.0', 'private'],
    ['192.168.255.255', 'private'],
    ['192.169.0.0', null],
    ['192.175.48.0', 'as112'],
    ['198.17.255.255', null],
    ['198.18.0.0', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.20.0.0', null],
    ['198.51.99.255', null],
    ['198.51.100.0', 'documentation'],
    ['198.51.100.255', 'documentation'],
    ['198.51.101.0', null],
    ['203.0.112.255', null],
    ['203.0.113.0', 'documentation'],
    ['203.0.113.255', 'documentation'],
    ['203.0.114.0', null],
    ['223.255.255.255', null],
    ['224.0.0.0', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.0', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    // IPv4-mapped addresses are classified as their IPv4 address.
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', null],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::2', 'ipv4Compatible'],
    ['::ffff:ffff', 'ipv4Compatible'],
    ['::1:0:0', 'reserved'],
    ['::ffff:0:0:0', 'rfc6145'],
    ['64:ff9b::', 'rfc6052'],
    ['64:ff9b::ffff:ffff', 'rfc6052'],
    ['64:ff9b::1:0:0', 'reserved'],
    ['100::', 'discard'],
    ['100::ffff:ffff:ffff:ffff', 'discard'],
    ['100:0:0:1::', 'dummyPrefix'],
    ['100:0:0:2::', 'reserved'],
    ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['2000::', null],
    ['2001::', 'teredo'],
    ['2001:0:ffff:ffff:ffff:ffff:ffff:ffff', 'teredo'],
    ['2001:1::', 'ietfProtocolAssignments'],
    ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', 'ietfProtocolAssignments'],
    ['2001:200::', null],
    ['2001:2::', 'benchmarking'],
    ['2001:2:0:ffff:ffff:ffff:ffff:ffff', 'benchmarking'],
    ['2001:2:1::', 'ietfProtocolAssignments'],
    ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', null],
    ['2001:db8::', 'documentation'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
    ['2001:db9::', null],
    ['2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff', null],
    ['2002::', '6to4'],
    ['2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '6to4'],
    ['2003::', null],
    ['2606:4700::1111', null],
    ['2620:4f:8000::', 'as112v6'],
    ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', null],
    ['3fff::', 'documentation'],
    ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
    ['3fff:1000::', null],
    ['3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', null],
    ['4000::', 'reserved'],
    ['5f00::', 'segmentRouting'],
    ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['fc00::', 'uniqueLocal'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'uniqueLocal'],
    ['fe00::', 'reserved'],
    ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['fe80::', 'linkLocal'],
    ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'linkLocal'],
    ['fec0::', 'deprecatedSiteLocal'],
    ['feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'deprecatedSiteLocal'],
    ['ff00::', 'multicast'],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'multicast'],
  ])('classifies %s as %s', (ip, expected) => {
    expect(name(ip)).toBe(expected);
    expect(isBogon(parseAddress(ip)!)).toBe(expected !== null);
  });
});

describe('specialRange at every registry entry', () => {
  // The reference: the smallest table entry holding the address, by bigint comparison of spans.
  // ::ffff:0:0/96 never applies: a mapped address is classified as its IPv4 address.
  const entries = SPECIAL_RANGES.filter(([cidr]) => cidr !== '::ffff:0:0/96');
  const spans = entries.map(([cidr, rangeName]) => ({ span: parseCidr(cidr), rangeName }));
  const reference = (family: 4 | 6, v: bigint) => {
    let best: (typeof spans)[number] | undefined;
    for (const e of spans) {
      if (e.span.family !== family || v < e.span.start || v > e.span.end) continue;
      if (!best || e.span.end - e.span.start < best.span.end - best.span.start) best = e;
    }
    return best?.rangeName ?? null;
  };

  it.each(entries.map(([cidr]) => cidr))(
    'names the first and last address of %s and the neighbours outside',
    (cidr) => {
      const span = parseCidr(cidr);
      const max = span.family === 4 ? 0xffffffffn : (1n << 128n) - 1n;
      for (const v of [
        span.start - 1n,
        span.start,
        span.start + 1n,
        span.end - 1n,
        span.end,
        span.end + 1n,
      ]) {
        if (v < 0n || v > max) continue;
        const text = formatBigInt(span.family, v);
        expect([text, name(text)]).toEqual([text, reference(span.family, v)]);
      }
    },
  );
});

/**
 * How our names relate to ipaddr.js `range()` names: the same, or a finer name for what ipaddr.js
 * lumps together, or a registry entry ipaddr.js lacks (it answers `unicast` there).
 */
const REFINES: Record<string, ReadonlyArray<SpecialRangeName | null>> = {
  unicast: [null, 'reserved', 'ipv4Compatible', 'dummyPrefix'],
  unspecified: ['unspecified', 'thisNetwork'],
  reserved: ['reserved', 'documentation', 'benchmarking', 'ietfProtocolAssignments', 'deprecated6to4Relay'],
};

function agreesWithIpaddr(text: string) {
  const parsed = ipaddr.parse(text);
  const theirs = parsed.range() as string;
  const ours = name(text);
  const allowed: ReadonlyArray<string | null> = REFINES[theirs] ?? [theirs];
  if (!allowed.includes(ours)) throw new Error(`${text}: ipaddr.js ${theirs}, ours ${ours}`);
}

describe('specialRange against ipaddr.js range()', () => {
  it('agrees at the first and last address of every registry entry and just outside', () => {
    let checked = 0;
    for (const [cidr] of SPECIAL_RANGES) {
      const span = parseCidr(cidr);
      const max = span.family === 4 ? 0xffffffffn : (1n << 128n) - 1n;
      for (const v of [span.start - 1n, span.start, span.end, span.end + 1n]) {
        if (v < 0n || v > max) continue;
        // An IPv4-mapped address is classified as its IPv4 address (the table above), where
        // ipaddr.js answers ipv4Mapped.
        if (span.family === 6 && v >> 32n === 0xffffn) continue;
        agreesWithIpaddr(formatBigInt(span.family, v));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4 * SPECIAL_RANGES.length - 12);
  });

  it('agrees on random IPv4 and IPv6 addresses', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 0xffffffffn }), (v) => agreesWithIpaddr(formatBigInt(4, v))),
      { numRuns: 3000 },
    );
    // IPv6 drawn around the special blocks as well as anywhere.
    const prefixes = SPECIAL_RANGES.filter(([c]) => c.includes(':')).map(([c]) => parseCidr(c).start);
    const v6 = fc.oneof(
      fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
      fc
        .tuple(fc.constantFrom(...prefixes), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }))
        .map(([p, o]) => p + o),
    );
    fc.assert(
      fc.property(v6, (v) => {
        // Skip the ::/96 and ::ffff:0:0/96 forms that ipaddr.js text parsing reads differently.
        if (v >> 32n === 0n || v >> 32n === 0xffffn) return;
        agreesWithIpaddr(formatBigInt(6, v));
      }),
      { numRuns: 3000 },
    );
  });
});
