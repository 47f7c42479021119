import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Reader as MaxmindReader } from 'maxmind';
import { Reader } from 'mmdb-lib';
import { addressText, type Family } from '../test/arbitraries.js';
import type { MmdbValue } from './mmdb-encoder.js';
import { MmdbStreamWriter } from './mmdb-stream-writer.js';

type Rec = Record<string, unknown>;
const META = { databaseType: 'TunnelScope-Test', languages: ['en'], description: { en: 't' }, buildEpoch: 1 };
const V4_MAX = (1n << 32n) - 1n;
const V6_MAX = (1n << 128n) - 1n;
const MAPPED = 0xffffn << 32n;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-index-mmdb-stream-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Interval {
  family: Family;
  start: bigint;
  end: bigint;
  id: number;
}

/** Records that share keys, strings and a nested map, so pointers are exercised. */
function recordFor(id: number): MmdbValue {
  return {
    id,
    name: `record ${id}`,
    kind: id % 3 === 0 ? 'hosting' : 'isp',
    asn: { n: id % 5, route: `r${id}` },
  };
}

/** Points near the edges that matter: the family's ends, and for IPv6 the two IPv4 blocks. */
function edgePoints(family: Family): bigint[] {
  if (family === 4) return [0n, 1n, 0x7fffffffn, 0x80000000n, V4_MAX - 1n, V4_MAX];
  return [
    0n,
    1n,
    V4_MAX,
    V4_MAX + 1n,
    MAPPED - 1n,
    MAPPED,
    MAPPED + V4_MAX,
    MAPPED + V4_MAX + 1n,
    1n << 127n,
    V6_MAX - 1n,
    V6_MAX,
  ];
}

function pointArb(family: Family) {
  const max = family === 4 ? V4_MAX : V6_MAX;
  const clamp = (v: bigint) => (v < 0n ? 0n : v > max ? max : v);
  return fc.oneof(
    fc.bigInt({ min: 0n, max }),
    fc
      .tuple(fc.constantFrom(...edgePoints(family)), fc.bigInt({ min: -300n, max: 300n }))
      .map(([edge, d]) => clamp(edge + d)),
    // Clusters: many intervals close to each other (small blocks, deep shared paths).
    fc
      .tuple(fc.constantFrom(0x0a000000n, 0x20010db8n << 96n), fc.bigInt({ min: 0n, max: 1n << 20n }))
      .map(([base, d]) => clamp((family === 4 ? base & V4_MAX : base) + d)),
  );
}

/**
 * Sorted, disjoint intervals of one family: sorted distinct points cut the space; each piece
 * between two points is an interval or a gap, so neighbours touch as often as they are apart.
 */
function intervalsArb(family: Family) {
  const max = family === 4 ? V4_MAX : V6_MAX;
  return fc
    .tuple(
      fc.uniqueArray(pointArb(family), { maxLength: 24, comparator: (a, b) => a === b }),
      fc.array(fc.tuple(fc.boolean(), fc.nat(6)), { minLength: 25, maxLength: 25 }),
      fc.boolean(),
    )
    .map(([points, pick, toEnd]) => {
      const sorted = [...points].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const out: Interval[] = [];
      sorted.forEach((start, i) => {
        const next = sorted[i + 1];
        const end = next !== undefined ? next - 1n : toEnd ? max : start;
        const [keep, id] = pick[i]!;
        if (keep) out.push({ family, start, end, id });
      });
      return out;
    });
}

/** The reference: a scan of the intervals, with the format's rule that ::/96 and ::ffff:0:0/96 are IPv4. */
function naive(intervals: Interval[], family: Family, value: bigint): number | null {
  if (family === 6 && (value >> 32n === 0n || value >> 32n === 0xffffn)) {
    family = 4;
    value &= V4_MAX;
  }
  for (const s of intervals) if (s.family === family && s.start <= value && value <= s.end) return s.id;
  return null;
}

function probesOf(intervals: Interval[], extra: Array<[Family, bigint]>): Array<[Family, bigint]> {
  const out: Array<[Family, bigint]> = [...extra];
  for (const family of [4, 6] as const) for (const p of edgePoints(family)) out.push([family, p]);
  for (const s of intervals) {
    const max = s.family === 4 ? V4_MAX : V6_MAX;
    for (const v of [
      s.start - 1n,
      s.start,
      s.start + 1n,
      (s.start + s.end) / 2n,
      s.end - 1n,
      s.end,
      s.end + 1n,
    ])
      if (v >= 0n && v <= max) out.push([s.family, v]);
    // The same addresses asked as IPv4-mapped IPv6.
    if (s.family === 4) out.push([6, MAPPED | s.start], [6, MAPPED | s.end]);
  }
  return out;
}

/** IPv4 and IPv6 intervals handed over interleaved, each family in order. */
function write(v4: Interval[], v6: Interval[], writer: MmdbStreamWriter, order: boolean[]): void {
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < v4.length || j < v6.length) {
    const takeV4 = j >= v6.length || (i < v4.length && order[k++ % order.length]!);
    const s = takeV4 ? v4[i++]! : v6[j++]!;
    writer.add(s.family, s.start, s.end, String(s.id), () => recordFor(s.id));
  }
}

describe('MmdbStreamWriter read back by mmdb-lib and maxmind', () => {
  it('answers every address as a naive scan of the sorted intervals, at boundaries, IPv4-mapped and random', () => {
    const randomAddress = fc.oneof(
      fc.bigInt({ min: 0n, max: V4_MAX }).map((v): [Family, bigint] => [4, v]),
      fc.bigInt({ min: 0n, max: V6_MAX }).map((v): [Family, bigint] => [6, v]),
    );
    fc.assert(
      fc.property(
        intervalsArb(4),
        intervalsArb(6),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.array(randomAddress, { maxLength: 20 }),
        fc.constantFrom(24, 28, 32),
        fc.constantFrom(2, 1000),
        fc.boolean(),
        (v4, v6, order, extra, size, cacheEntries, spill) => {
          const writer = new MmdbStreamWriter(
            { ...META, minRecordSize: size as 24 | 28 | 32 },
            { cacheEntries, spillPath: spill ? path.join(dir, 'prop.data') : undefined },
          );
          write(v4, v6, writer, order);
          const buffer = writer.toBuffer();
          const readers = [new Reader<Rec>(buffer), new MaxmindReader<Rec>(buffer)];
          expect(readers[0]!.metadata.recordSize).toBe(size);
          const all = [...v4, ...v6];
          for (const [family, value] of probesOf(all, extra)) {
            const text = addressText(family, value);
            const id = naive(all, family, value);
            const expected = id === null ? null : recordFor(id);
            for (const reader of readers) {
              const got = reader.get(text);
              if (JSON.stringify(got) !== JSON.stringify(expected))
                throw new Error(`${text}: mmdb ${JSON.stringify(got)}, scan ${JSON.stringify(expected)}`);
            }
          }
          if (spill) expect(fs.existsSync(path.join(dir, 'prop.data'))).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers the whole of both families for 0.0.0.0/0 and ::/0, the IPv4 blocks from the IPv4 record', () => {
    const buffer = new MmdbStreamWriter(META)
      .add(4, 0n, V4_MAX, 'v4', { v: 4 })
      .add(6, 0n, V6_MAX, 'v6', { v: 6 })
      .toBuffer();
    for (const reader of [new Reader<Rec>(buffer), new MaxmindReader<Rec>(buffer)]) {
      for (const ip of ['0.0.0.0', '255.255.255.255', '::ffff:0.0.0.0', '::ffff:255.255.255.255', '::1'])
        expect(reader.get(ip)).toEqual({ v: 4 });
      for (const ip of [
        '::1:0:0',
        '::fffe:ffff:ffff',
        '::1:0:0:0',
        '2001:db8::1',
        'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      ])
        expect(reader.get(ip)).toEqual({ v: 6 });
    }
    // The tree: 96 nodes down to ::/96 and 15 more for the mapped alias; nothing else.
    expect(new Reader<Rec>(buffer).metadata.nodeCount).toBe(96 + 15 + 1);
  });

  it('answers nothing for an empty database, which still opens', () => {
    const buffer = new MmdbStreamWriter(META).toBuffer();
    for (const reader of [new Reader<Rec>(buffer), new MaxmindReader<Rec>(buffer)]) {
      expect(reader.get('8.8.8.8')).toBeNull();
      expect(reader.get('2001:db8::1')).toBeNull();
    }
  });

  it('asks for a record once per key and writes it once', () => {
    let built = 0;
    const writer = new MmdbStreamWriter(META);
    for (let i = 0; i < 500; i++) {
      writer.add(4, BigInt(i * 256), BigInt(i * 256 + 255), i % 2 === 0 ? 'even' : 'odd', () => {
        built++;
        return { parity: i % 2 === 0 ? 'even' : 'odd', pad: 'x'.repeat(100) };
      });
    }
    const { stats } = writer.build();
    writer.dispose();
    expect(built).toBe(2);
    expect(stats.distinctRecords).toBe(2);
    expect(stats.networks).toBe(500);
    expect(stats.dataSectionBytes).toBeLessThan(2 * 130);
  });

  it('refuses intervals out of order, overlapping or out of range, and input after the build', () => {
    const w = () => new MmdbStreamWriter(META).add(4, 100n, 200n, 'a', {});
    expect(() => w().add(4, 50n, 60n, 'b', {})).toThrow(/sorted and disjoint/);
    expect(() => w().add(4, 200n, 300n, 'b', {})).toThrow(/sorted and disjoint/);
    expect(() => w().add(4, 201n, 300n, 'b', {}).add(6, 5n, 6n, 'c', {})).not.toThrow();
    expect(() => w().add(4, 300n, 299n, 'b', {})).toThrow(/bad interval/);
    expect(() => w().add(4, 300n, V4_MAX + 1n, 'b', {})).toThrow(/bad interval/);
    expect(() => w().add(6, -1n, 3n, 'b', {})).toThrow(/bad interval/);
    const done = w();
    done.toBuffer();
    expect(() => done.add(4, 500n, 600n, 'b', {})).toThrow(/after the database was built/);
  });

  it('chooses 28-bit records when the data section passes 16 MB, through a spill file drained in pieces', async () => {
    const big = (i: number) => `${i}:${'z'.repeat(1 << 20)}`;
    const spillPath = path.join(dir, 'big.data');
    const writer = new MmdbStreamWriter(META, { spillPath, cacheEntries: 4 });
    for (let i = 0; i < 18; i++)
      writer.add(4, BigInt(i << 8), BigInt((i << 8) + 255), `k${i}`, { own: big(i), first: 'shared' });
    // A key forgotten by the small cache is written again: a bigger file, the same answers.
    writer.add(4, 1n << 24n, (1n << 24n) + 255n, 'k0', { own: big(0), first: 'shared' });
    const file = path.join(dir, 'big.mmdb');
    const stats = await writer.writeFile(file);
    expect(stats.recordSize).toBe(28);
    expect(fs.statSync(file).size).toBe(stats.bytes);
    expect(fs.existsSync(spillPath)).toBe(false);
    const buffer = fs.readFileSync(file);
    for (const reader of [new Reader<Rec>(buffer), new MaxmindReader<Rec>(buffer)]) {
      for (const i of [0, 1, 9, 17])
        expect(reader.get(`0.0.${i}.7`)).toEqual({ own: big(i), first: 'shared' });
      expect(reader.get('1.0.0.1')).toEqual({ own: big(0), first: 'shared' });
      expect(reader.get('0.0.18.0')).toBeNull();
    }
  });
});
