import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MmdbWriter, formatIPv4, formatIPv6 } from '@tunnelscope/ip-index';
import { PUBLIC_FILES } from './build.js';
import { MmdbTree, type MmdbLeaf } from './mmdb-walk.js';

function leafText(family: 4 | 6, leaf: MmdbLeaf): string {
  return family === 4 ? formatIPv4(leaf.words[0]!) : formatIPv6(leaf.words);
}

/** The last address of a leaf's network. */
function lastOf(family: 4 | 6, leaf: MmdbLeaf): string {
  const w = Array.from(family === 4 ? [leaf.words[0]!] : leaf.words);
  const hostBits = (family === 4 ? 32 : 128) - leaf.prefix;
  for (let k = 0; k < w.length; k++) {
    const bitsHere = Math.min(32, Math.max(0, hostBits - 32 * (w.length - 1 - k)));
    if (bitsHere > 0) w[k] = (w[k]! | (bitsHere === 32 ? 0xffffffff : (1 << bitsHere) - 1)) >>> 0;
  }
  return family === 4 ? formatIPv4(w[0]!) : formatIPv6(w);
}

describe('walking an MMDB search tree', () => {
  it('finds exactly the networks a writer inserted, as mmdb-lib reads them, in address order, for every record size', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            a: fc.integer({ min: 1, max: 223 }),
            b: fc.integer({ min: 0, max: 255 }),
            prefix: fc.integer({ min: 16, max: 32 }),
          }),
          { minLength: 1, maxLength: 20, selector: (r) => `${r.a}.${r.b}` },
        ),
        fc.constantFrom(24 as const, 28 as const, 32 as const),
        (nets, minRecordSize) => {
          const writer = new MmdbWriter({ databaseType: 'walk-test', minRecordSize });
          for (const [i, n] of nets.entries()) {
            const start = ((n.a << 24) | (n.b << 16)) >>> 0;
            writer.insert(`${formatIPv4(start)}/${n.prefix}`, { id: i });
          }
          const tree = new MmdbTree(writer.toBuffer());
          expect(tree.ipVersion).toBe(6);
          // The writer keeps IPv4 at ::/96 (and aliases it at ::ffff:0:0/96): walk the former.
          const leaves: { first: number; prefix: number }[] = [];
          tree.walk(
            (leaf) => {
              const [first, prefix] = [leaf.words[3]!, leaf.prefix - 96];
              leaves.push({ first, prefix });
              const text = formatIPv4(first);
              const [record, readPrefix] = tree.reader.getWithPrefixLength(text);
              expect(record).not.toBeNull();
              expect(readPrefix).toBe(prefix);
              const last = (first | (prefix === 32 ? 0 : 0xffffffff >>> prefix)) >>> 0;
              expect(tree.reader.getWithPrefixLength(formatIPv4(last))).toEqual([record, readPrefix]);
            },
            { rootWords: [0, 0, 0, 0], rootPrefix: 96 },
          );
          expect(leaves.length).toBe(nets.length);
          const starts = leaves.map((l) => l.first);
          expect(starts).toEqual([...starts].sort((x, y) => x - y));
        },
      ),
      { numRuns: 30 },
    );
  });

  for (const [family, root, rootPrefix, label] of [
    [4, [0x05000000], 8, '5.0.0.0/8'],
    [6, [0x2a010000, 0, 0, 0], 16, '2a01::/16'],
  ] as const) {
    it(`walks DB-IP city IPv${family} under ${label} as mmdb-lib answers the first and last address of sampled networks`, () => {
      const tree = new MmdbTree(fs.readFileSync(family === 4 ? PUBLIC_FILES.city4() : PUBLIC_FILES.city6()));
      const leaves: { first: string; last: string; prefix: number; offset: number }[] = [];
      tree.walk(
        (leaf) =>
          leaves.push({
            first: leafText(family, leaf),
            last: lastOf(family, leaf),
            prefix: leaf.prefix,
            offset: leaf.dataOffset,
          }),
        { rootWords: root, rootPrefix },
      );
      expect(leaves.length).toBeGreaterThan(100);
      const sample = leaves.filter((_, i) => i % Math.ceil(leaves.length / 2000) === 0);
      for (const leaf of sample) {
        const [record, prefix] = tree.reader.getWithPrefixLength(leaf.first);
        expect(prefix).toBe(leaf.prefix);
        expect(tree.reader.getWithPrefixLength(leaf.last)).toEqual([record, prefix]);
      }
      // The same data offset means the same record.
      const byOffset = new Map<number, string>();
      for (const leaf of sample) {
        const json = JSON.stringify(tree.reader.get(leaf.first));
        const known = byOffset.get(leaf.offset);
        if (known !== undefined) expect(json).toBe(known);
        byOffset.set(leaf.offset, json);
      }
    });
  }
});
