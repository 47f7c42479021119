import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { entriesArb, naive, probes, spansOf, type Family } from '../test/arbitraries.js';
import { bigIntToWords } from './address.js';
import { LAYER_NONE, LayeredIndex, groupOfRangeIndex, isSharedBuffer } from './layered-index.js';
import { formatCidr } from './network.js';
import { RangeIndex, type IndexEntry } from './range-index.js';

/** What the layered index answers for one layer at an address: payload and network, or null. */
function layerAnswer(index: LayeredIndex, layer: number, family: Family, value: bigint) {
  let slot: number;
  let entry: number;
  let prefix: number;
  if (family === 4) {
    slot = index.findIPv4(Number(value));
    entry = index.ownerOf(4, layer, slot);
    if (entry === LAYER_NONE) return null;
    prefix = index.prefixOfIPv4(layer, entry, Number(value));
  } else {
    const [w0, w1, w2, w3] = bigIntToWords(value);
    slot = index.findIPv6(w0!, w1!, w2!, w3!);
    entry = index.ownerOf(6, layer, slot);
    if (entry === LAYER_NONE) return null;
    prefix = index.prefixOfIPv6(layer, entry, w0!, w1!, w2!, w3!);
  }
  const bits = family === 4 ? 32 : 128;
  const size = 1n << BigInt(bits - prefix);
  return {
    payload: index.payloadOf(family, layer, entry),
    network: formatCidr(family, value - (value % size), prefix),
  };
}

function merged(layers: IndexEntry[][]): LayeredIndex {
  const built = layers.map((entries) => RangeIndex.build(entries).toTransferable().data);
  return LayeredIndex.merge(
    built.map((b) => b.v4),
    built.map((b) => b.v6),
  );
}

describe('LayeredIndex against a naive scan of each layer', () => {
  it('answers every layer as its own most specific network, at every boundary of every layer', () => {
    fc.assert(
      fc.property(fc.array(entriesArb(), { minLength: 1, maxLength: 4 }), (layers) => {
        const index = merged(layers);
        const spans = layers.map(spansOf);
        const allSpans = spans.flat();
        for (const [family, raw] of probes(allSpans, [])) {
          // ::ffff:0:0/96 needs no special case here: the index takes numbers, not text.
          for (let layer = 0; layer < layers.length; layer++) {
            const expected = naive(
              spans[layer]!,
              layers[layer]!.map((e) => e.payload),
              family,
              raw,
            );
            const got = layerAnswer(index, layer, family, raw);
            if (JSON.stringify(got) !== JSON.stringify(expected)) {
              throw new Error(
                `layer ${layer}, IPv${family} ${raw}: merged ${JSON.stringify(got)}, scan ${JSON.stringify(expected)}`,
              );
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('searches dense buckets through their finer tables exactly like a scan (thousands of networks in one /16)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 20, max: 32 })), {
          minLength: 200,
          maxLength: 600,
        }),
        fc.array(
          fc.tuple(fc.bigInt({ min: 0n, max: (1n << 112n) - 1n }), fc.integer({ min: 20, max: 128 })),
          {
            minLength: 200,
            maxLength: 600,
          },
        ),
        fc.array(fc.bigInt({ min: 0n, max: (1n << 112n) - 1n }), { maxLength: 50 }),
        (v4, v6, extra) => {
          // Everything in 10.1.0.0/16 and 2a01::/16: one bucket per family, far past the threshold.
          const entries: IndexEntry[] = [];
          v4.forEach(([low, prefix], i) => {
            const value = 0x0a010000n | BigInt(low);
            const size = 1n << BigInt(32 - prefix);
            entries.push({ network: formatCidr(4, value - (value % size), prefix), payload: i });
          });
          v6.forEach(([low, prefix], i) => {
            const value = (0x2a01n << 112n) | low;
            const size = 1n << BigInt(128 - prefix);
            entries.push({ network: formatCidr(6, value - (value % size), prefix), payload: 1000 + i });
          });
          const index = merged([entries]);
          const spans = spansOf(entries);
          const payloads = entries.map((e) => e.payload);
          const extras: Array<[Family, bigint]> = extra.map((low) => [6, (0x2a01n << 112n) | low]);
          for (const [family, raw] of probes(spans, extras)) {
            const expected = naive(spans, payloads, family, raw);
            const got = layerAnswer(index, 0, family, raw);
            if (JSON.stringify(got) !== JSON.stringify(expected)) {
              throw new Error(
                `IPv${family} ${raw}: merged ${JSON.stringify(got)}, scan ${JSON.stringify(expected)}`,
              );
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('has no more intervals than its layers together, and none that splits nothing', () => {
    const a: IndexEntry[] = [
      { network: '10.0.0.0/8', payload: 1 },
      { network: '2001:db8::/32', payload: 2 },
    ];
    const b: IndexEntry[] = [
      { network: '10.0.0.0/8', payload: 7 }, // the same boundaries as layer a: no new interval
      { network: '10.1.0.0/16', payload: 8 },
    ];
    const index = merged([a, b]);
    // IPv4: [0, 10/8) [10/8, 10.1/16) [10.1/16, 10.2/16) [10.2/16, 11/8) [11/8, end]
    expect(index.intervalCount(4)).toBe(5);
    // IPv6: [::, 2001:db8::) [2001:db8::/32] [after]
    expect(index.intervalCount(6)).toBe(3);
    expect(layerAnswer(index, 0, 4, 0x0a010203n)).toEqual({ payload: 1, network: '10.0.0.0/8' });
    expect(layerAnswer(index, 1, 4, 0x0a010203n)).toEqual({ payload: 8, network: '10.1.0.0/16' });
    expect(layerAnswer(index, 1, 6, 0x20010db8n << 96n)).toBeNull();
  });

  it('merges again: some layers of an index as a group with new layers, on shared memory', () => {
    fc.assert(
      fc.property(fc.array(entriesArb(), { minLength: 3, maxLength: 3 }), entriesArb(), (layers, fresh) => {
        // An index of three layers; then its layers 0 and 2 kept, layer 1 replaced by `fresh`.
        const first = merged(layers).toTransferable();
        const built = RangeIndex.build(fresh).toTransferable().data;
        const again = LayeredIndex.mergeGroups(
          [LayeredIndex.groupOf(first, 4, [0, 2]), groupOfRangeIndex(built.v4)],
          [LayeredIndex.groupOf(first, 6, [0, 2]), groupOfRangeIndex(built.v6)],
          { shared: true },
        );
        expect(isSharedBuffer(again.toTransferable().v6.start.buffer)).toBe(true);
        const direct = merged([layers[0]!, layers[2]!, fresh]);
        // The same intervals (no boundary of the dropped layer survives) and the same owners.
        expect(again.intervalCount(4)).toBe(direct.intervalCount(4));
        expect(again.intervalCount(6)).toBe(direct.intervalCount(6));
        const spans = [layers[0]!, layers[2]!, fresh].map(spansOf);
        for (const [family, raw] of probes(spans.flat(), [])) {
          for (let layer = 0; layer < 3; layer++) {
            expect(layerAnswer(again, layer, family, raw)).toEqual(layerAnswer(direct, layer, family, raw));
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('moves to another thread and back by transfer, and refuses foreign data', () => {
    const index = merged([[{ network: '192.0.2.0/24', payload: 3 }], [{ network: '::/0', payload: 4 }]]);
    const data = index.toTransferable();
    const copy = structuredClone(data, { transfer: LayeredIndex.transferList(data) });
    const back = LayeredIndex.fromTransferable(copy);
    expect(layerAnswer(back, 0, 4, 0xc0000201n)).toEqual({ payload: 3, network: '192.0.2.0/24' });
    expect(layerAnswer(back, 1, 6, 1n)).toEqual({ payload: 4, network: '::/0' });
    expect(() => LayeredIndex.fromTransferable({ format: 'x' } as never)).toThrow(TypeError);
    expect(() => LayeredIndex.merge([], [])).toThrow(RangeError);
  });
});
