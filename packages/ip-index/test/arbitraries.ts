/** Random networks, probes and the naive reference answer, shared by the index and MMDB tests. */
import fc from 'fast-check';
import { BITS, formatBigInt, formatCidr, parseCidr, parseRange, type Span } from '../src/network.js';
import type { IndexEntry } from '../src/range-index.js';

export type Family = 4 | 6;

/** The largest CIDR block inside [start, end] holding the address, by trying every prefix length. */
export function blockAroundByScan(family: Family, start: bigint, end: bigint, address: bigint): number {
  const bits = BITS[family];
  for (let prefix = 0; prefix <= bits; prefix++) {
    const size = 1n << BigInt(bits - prefix);
    const first = address - (address % size);
    if (first >= start && first + size - 1n <= end) return prefix;
  }
  throw new Error('address outside the range');
}

/** The reference: scan every entry, keep the smallest that holds the address (later wins a tie). */
export function naive(spans: Span[], payloads: number[], family: Family, address: bigint) {
  let best = -1;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i]!;
    if (s.family !== family || address < s.start || address > s.end) continue;
    if (best < 0) best = i;
    else {
      const size = s.end - s.start;
      const bestSize = spans[best]!.end - spans[best]!.start;
      if (size <= bestSize) best = i;
    }
  }
  if (best < 0) return null;
  const s = spans[best]!;
  const prefix = s.prefix >= 0 ? s.prefix : blockAroundByScan(family, s.start, s.end, address);
  const size = 1n << BigInt(BITS[family] - prefix);
  return { payload: payloads[best]!, network: formatCidr(family, address - (address % size), prefix) };
}

export function addressText(family: Family, value: bigint): string {
  return formatBigInt(family, value);
}

/**
 * Random networks clustered in a few regions of the space so that nesting, shared boundaries and
 * duplicates are common, as CIDRs and as start–end ranges.
 */
export function networkArb(family: Family) {
  const bits = BITS[family];
  const max = (1n << BigInt(bits)) - 1n;
  const regions =
    family === 4
      ? [0n, 0x0a000000n, 0xc0a80000n, max - 0xffffn]
      : [0n, 0x20010db8n << 96n, 0x2a000000n << 96n, max - 0xffffn];
  const near = fc
    .tuple(fc.constantFrom(...regions), fc.bigInt({ min: 0n, max: family === 4 ? 0x3ffffn : 1n << 40n }))
    .map(([base, offset]) => (base + offset > max ? max : base + offset));
  const anywhere = fc.bigInt({ min: 0n, max });
  const address = fc.oneof({ arbitrary: near, weight: 4 }, { arbitrary: anywhere, weight: 1 });
  const cidr = fc
    .tuple(address, fc.oneof(fc.integer({ min: bits - 20, max: bits }), fc.integer({ min: 0, max: bits })))
    .map(([value, prefix]) => {
      const hostMask = (1n << BigInt(bits - prefix)) - 1n;
      const start = value & ~hostMask;
      return { text: formatCidr(family, start, prefix) } as const;
    });
  const range = fc.tuple(address, fc.bigInt({ min: 0n, max: 1n << 20n })).map(([start, length]) => {
    const end = start + length > max ? max : start + length;
    return { start: addressText(family, start), end: addressText(family, end) } as const;
  });
  return fc.oneof({ arbitrary: cidr, weight: 3 }, { arbitrary: range, weight: 1 });
}

export function entriesArb() {
  return fc
    .array(fc.oneof(networkArb(4), networkArb(6)), { minLength: 0, maxLength: 40 })
    .chain((nets) =>
      fc
        .array(fc.nat({ max: 1000 }), { minLength: nets.length, maxLength: nets.length })
        .map((ids) =>
          nets.map((net, i): IndexEntry =>
            'text' in net
              ? { network: net.text, payload: ids[i]! }
              : ids[i]! % 4 === 0
                ? { span: parseRange(net.start, net.end), payload: ids[i]! }
                : { start: net.start, end: net.end, payload: ids[i]! },
          ),
        ),
    );
}

export function spansOf(entries: IndexEntry[]): Span[] {
  return entries.map((e) =>
    'network' in e ? parseCidr(e.network) : 'span' in e ? e.span : parseRange(e.start, e.end),
  );
}

/** Every boundary of every network (first, last, one below, one above) plus random addresses. */
export function probes(spans: Span[], extra: Array<[Family, bigint]>): Array<[Family, bigint]> {
  const out: Array<[Family, bigint]> = [
    ...extra,
    [4, 0n],
    [4, (1n << 32n) - 1n],
    [6, 0n],
    [6, (1n << 128n) - 1n],
  ];
  for (const s of spans) {
    const max = (1n << BigInt(BITS[s.family])) - 1n;
    for (const v of [s.start - 1n, s.start, s.start + 1n, s.end - 1n, s.end, s.end + 1n]) {
      if (v >= 0n && v <= max) out.push([s.family, v]);
    }
  }
  return out;
}
