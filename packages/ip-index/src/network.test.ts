import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { blockAroundByScan } from '../test/arbitraries.js';
import { bigIntToWords, formatIPv6 } from './address.js';
import {
  BITS,
  blockAround,
  cidrSpan,
  formatCidr,
  parseCidr,
  parseRange,
  rangeSpan,
  spanToCidrs,
} from './network.js';

const family = fc.constantFrom(4 as const, 6 as const);
const spanArb = family.chain((f) => {
  const max = (1n << BigInt(BITS[f])) - 1n;
  const value = fc.oneof(
    fc.bigInt({ min: 0n, max }),
    fc.bigInt({ min: 0n, max: 4096n }),
    fc.bigInt({ min: max - 4096n, max }),
  );
  return fc.tuple(value, value).map(([a, b]) => rangeSpan(f, a < b ? a : b, a < b ? b : a));
});

describe('network spans', () => {
  it('parses CIDRs and ranges into spans', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ family: 4, start: 0x0a000000n, end: 0x0affffffn, prefix: 8 });
    expect(parseCidr('2001:db8::/32')).toMatchObject({ family: 6, prefix: 32 });
    expect(parseRange('1.0.1.0', '1.0.3.255')).toEqual({
      family: 4,
      start: 0x01000100n,
      end: 0x010003ffn,
      prefix: -1,
    });
    expect(parseRange('1.0.4.0', '1.0.7.255').prefix).toBe(22);
    expect(parseRange('::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff').prefix).toBe(0);
    expect(cidrSpan(4, 0n, 0)).toEqual({ family: 4, start: 0n, end: 0xffffffffn, prefix: 0 });
    expect(() => rangeSpan(4, 0n, 1n << 32n)).toThrow(/bad range/);
  });

  it('finds the largest block inside a range around an address, as a scan of every prefix does', () => {
    fc.assert(
      fc.property(spanArb, fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), (span, r) => {
        const address = span.start + (r % (span.end - span.start + 1n));
        expect(blockAround(span.family, span.start, span.end, address)).toBe(
          blockAroundByScan(span.family, span.start, span.end, address),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts a range into the fewest aligned CIDR blocks that cover exactly it', () => {
    fc.assert(
      fc.property(spanArb, (span) => {
        const blocks = [...spanToCidrs(span.family, span.start, span.end)];
        // Plain checks inside the loops (an expect per block would dominate the run time).
        const problems: string[] = [];
        let cursor = span.start;
        for (const b of blocks) {
          const size = 1n << BigInt(BITS[span.family] - b.prefix);
          if (b.start !== cursor) problems.push(`gap or overlap at ${b.start}`);
          if (b.start % size !== 0n) problems.push(`${b.start}/${b.prefix} not aligned`);
          cursor = b.start + size;
        }
        if (cursor - 1n !== span.end) problems.push(`ends at ${cursor - 1n}, not ${span.end}`);
        // Fewest: no two neighbours could merge into one aligned block of twice the size.
        for (let i = 1; i < blocks.length; i++) {
          const [a, b] = [blocks[i - 1]!, blocks[i]!];
          if (a.prefix === b.prefix && a.start % (1n << BigInt(BITS[span.family] - a.prefix + 1)) === 0n) {
            problems.push(`${a.start}/${a.prefix} and its neighbour could merge`);
          }
        }
        expect(problems).toEqual([]);
        expect(blocks.length).toBeLessThanOrEqual(2 * BITS[span.family]);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes IPv6 text exactly as ipaddr.js toRFC5952String does', () => {
    const group = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (parts) => {
        const words = [0, 2, 4, 6].map((i) => ((parts[i]! << 16) | parts[i + 1]!) >>> 0);
        expect(formatIPv6(words)).toBe(new ipaddr.IPv6(parts).toRFC5952String());
      }),
      { numRuns: 3000 },
    );
    expect(formatCidr(6, 0n, 0)).toBe('::/0');
    expect(formatIPv6(bigIntToWords(1n))).toBe('::1');
  });
});
