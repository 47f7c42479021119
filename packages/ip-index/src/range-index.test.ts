import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { entriesArb, naive, probes, spansOf, addressText, type Family } from '../test/arbitraries.js';
import { formatAddress, parseAddress } from './address.js';
import { RangeIndex, type IndexEntry } from './range-index.js';

function checkAgainstNaive(entries: IndexEntry[], extra: Array<[Family, bigint]>) {
  const index = RangeIndex.build(entries);
  const spans = spansOf(entries);
  const payloads = entries.map((e) => e.payload);
  for (let [family, value] of probes(spans, extra)) {
    // An address of ::ffff:0:0/96 is its IPv4 address, whatever IPv6 networks contain it.
    if (family === 6 && value >> 32n === 0xffffn) [family, value] = [4, value & 0xffffffffn];
    const expected = naive(spans, payloads, family, value);
    const text = addressText(family, value);
    const match = index.lookupText(text);
    expect(match === undefined).toBe(false);
    const got = match ? { payload: match.payload, network: match.network } : null;
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      throw new Error(`${text}: index ${JSON.stringify(got)}, scan ${JSON.stringify(expected)}`);
    }
  }
}

describe('RangeIndex against a naive scan', () => {
  const randomAddress = fc.oneof(
    fc.bigInt({ min: 0n, max: (1n << 32n) - 1n }).map((v): [Family, bigint] => [4, v]),
    fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map((v): [Family, bigint] => [6, v]),
  );

  it('answers the most specific network at every boundary and at random addresses, IPv4 and IPv6', () => {
    fc.assert(
      fc.property(entriesArb(), fc.array(randomAddress, { maxLength: 20 }), (entries, extra) => {
        checkAgainstNaive(entries, extra);
      }),
      { numRuns: 300 },
    );
  });

  it('resolves deep nesting (/8 ⊃ /16 ⊃ /24 ⊃ /32) and siblings to the innermost network', () => {
    const entries: IndexEntry[] = [
      { network: '10.0.0.0/8', payload: 1 },
      { network: '10.1.0.0/16', payload: 2 },
      { network: '10.1.2.0/24', payload: 3 },
      { network: '10.1.2.3/32', payload: 4 },
      { network: '10.1.3.0/24', payload: 5 },
      { network: '2001:db8::/32', payload: 6 },
      { network: '2001:db8:1::/48', payload: 7 },
      { network: '2001:db8:1::1/128', payload: 8 },
    ];
    const index = RangeIndex.build(entries);
    const answer = (ip: string) => {
      const m = index.lookupText(ip);
      return m ? [m.payload, m.network] : m;
    };
    expect(answer('10.200.0.1')).toEqual([1, '10.0.0.0/8']);
    expect(answer('10.1.255.255')).toEqual([2, '10.1.0.0/16']);
    expect(answer('10.1.2.2')).toEqual([3, '10.1.2.0/24']);
    expect(answer('10.1.2.3')).toEqual([4, '10.1.2.3/32']);
    expect(answer('10.1.2.4')).toEqual([3, '10.1.2.0/24']);
    expect(answer('10.1.3.0')).toEqual([5, '10.1.3.0/24']);
    expect(answer('11.0.0.0')).toBeNull();
    expect(answer('9.255.255.255')).toBeNull();
    expect(answer('::ffff:10.1.2.3')).toEqual([4, '10.1.2.3/32']);
    expect(answer('2001:db8:1::1')).toEqual([8, '2001:db8:1::1/128']);
    expect(answer('2001:db8:1::2')).toEqual([7, '2001:db8:1::/48']);
    expect(answer('2001:db8:2::')).toEqual([6, '2001:db8::/32']);
    expect(answer('2001:db9::')).toBeNull();
    expect(answer('not an ip')).toBeUndefined();
    expect(answer('10.1.2.3/32')).toBeUndefined();
  });

  it('answers a range entry with the largest CIDR block inside it that holds the address', () => {
    const index = RangeIndex.build([{ start: '1.0.1.0', end: '1.0.3.255', payload: 9 }]);
    expect(index.lookupText('1.0.1.7')?.network).toBe('1.0.1.0/24');
    expect(index.lookupText('1.0.2.7')?.network).toBe('1.0.2.0/23');
    expect(index.lookupText('1.0.4.0')).toBeNull();
    const v6 = RangeIndex.build([{ start: '2001:db8::1', end: '2001:db8::3', payload: 1 }]);
    expect(v6.lookupText('2001:db8::1')?.network).toBe('2001:db8::1/128');
    expect(v6.lookupText('2001:db8::3')?.network).toBe('2001:db8::2/127');
  });

  it('covers the whole space: entries at the very first and last addresses', () => {
    const index = RangeIndex.build([
      { network: '0.0.0.0/0', payload: 1 },
      { network: '255.255.255.255/32', payload: 2 },
      { network: '0.0.0.0/32', payload: 3 },
      { network: '::/0', payload: 4 },
      { network: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128', payload: 5 },
    ]);
    expect(index.lookupText('0.0.0.0')?.payload).toBe(3);
    expect(index.lookupText('0.0.0.1')?.payload).toBe(1);
    expect(index.lookupText('255.255.255.254')?.payload).toBe(1);
    expect(index.lookupText('255.255.255.255')?.payload).toBe(2);
    expect(index.lookupText('::')?.payload).toBe(4);
    expect(index.lookupText('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')?.payload).toBe(5);
    expect(index.lookupText('ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe')?.network).toBe('::/0');
  });

  it('answers through the allocation-free find and payloadOf as through lookup', () => {
    const index = RangeIndex.build([
      { network: '10.0.0.0/8', payload: 1 },
      { network: '10.1.0.0/16', payload: 2 },
      { network: '2001:db8::/32', payload: 3 },
    ]);
    const v4 = index.findIPv4(0x0a010203);
    expect(index.payloadOf(4, v4)).toBe(2);
    expect(index.payloadOf(4, index.findIPv4(0x0a020000))).toBe(1);
    expect(index.findIPv4(0x0b000000)).toBe(-1);
    expect(index.payloadOf(6, index.findIPv6(0x20010db8, 0, 0, 1))).toBe(3);
    expect(index.findIPv6(0x20010db9, 0, 0, 0)).toBe(-1);
  });

  it('lets a later duplicate override an earlier one', () => {
    const index = RangeIndex.build([
      { network: '192.0.2.0/24', payload: 1 },
      { network: '192.0.2.0/24', payload: 2 },
    ]);
    expect(index.lookupText('192.0.2.1')?.payload).toBe(2);
  });

  it('answers nothing when empty', () => {
    const index = RangeIndex.build([]);
    expect(index.lookupText('1.2.3.4')).toBeNull();
    expect(index.lookupText('::1')).toBeNull();
    expect(index.stats()).toMatchObject({
      ipv4: { entries: 0, intervals: 1 },
      ipv6: { entries: 0, intervals: 1 },
    });
  });

  it('looks up parsed addresses as lookupText does', () => {
    const index = RangeIndex.build([
      { network: '2001:db8::/32', payload: 3 },
      { network: '8.8.8.0/24', payload: 4 },
    ]);
    for (const ip of ['2001:db8::5', '8.8.8.8', '::ffff:8.8.8.8', '9.9.9.9']) {
      const parsed = parseAddress(ip)!;
      expect(index.lookup(parsed)?.payload).toBe(index.lookupText(ip)?.payload);
      expect(formatAddress(parsed)).toBeTruthy();
    }
  });

  it.each([
    [{ network: '10.0.0.1/8', payload: 1 }, /host bits/],
    [{ network: '10.0.0.0', payload: 1 }, /no prefix/],
    [{ network: '10.0.0.0/33', payload: 1 }, /prefix/],
    [{ network: '10.0.0.0/08', payload: 1 }, /prefix/],
    [{ network: '10.0/8', payload: 1 }, /not an IP/],
    [{ network: '::ffff:0:0/95', payload: 1 }, /wider than/],
    [{ start: '10.0.0.2', end: '10.0.0.1', payload: 1 }, /bad range/],
    [{ start: '10.0.0.1', end: '::1', payload: 1 }, /mixes families/],
    [{ network: '10.0.0.0/8', payload: -1 }, /payload/],
    [{ network: '10.0.0.0/8', payload: 0xffffffff }, /payload/],
    [{ network: '10.0.0.0/8', payload: 1.5 }, /payload/],
  ] as Array<[IndexEntry, RegExp]>)('refuses the entry %j', (entry, message) => {
    expect(() => RangeIndex.build([entry])).toThrow(message);
  });

  it('reads a CIDR inside ::ffff:0:0/96 as the IPv4 network it maps', () => {
    const index = RangeIndex.build([{ network: '::ffff:192.0.2.0/120', payload: 7 }]);
    expect(index.lookupText('192.0.2.9')?.network).toBe('192.0.2.0/24');
  });
});
