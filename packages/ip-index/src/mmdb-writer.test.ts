import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import maxmind from 'maxmind';
import { Reader } from 'mmdb-lib';
import { addressText, entriesArb, probes, spansOf, type Family } from '../test/arbitraries.js';
import { mmdb, type MmdbValue } from './mmdb-encoder.js';
import { MmdbWriter } from './mmdb-writer.js';
import { RangeIndex } from './range-index.js';

type Rec = Record<string, unknown>;
const META = {
  databaseType: 'TunnelScope-Test',
  languages: ['en'],
  description: { en: 'test data' },
  buildEpoch: 1_700_000_000,
};
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-index-mmdb-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A record per payload that shares keys and some values with the others (so pointers are used). */
function recordFor(payload: number): MmdbValue {
  return {
    id: payload,
    name: `network ${payload}`,
    kind: payload % 3 === 0 ? 'hosting' : 'isp',
    flags: [payload % 2 === 0, true],
  };
}

describe('MmdbWriter read back by mmdb-lib and maxmind', () => {
  it('answers the record of the most specific network, as the index does, for boundaries and random addresses', () => {
    const randomAddress = fc.oneof(
      fc.bigInt({ min: 0n, max: (1n << 32n) - 1n }).map((v): [Family, bigint] => [4, v]),
      fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map((v): [Family, bigint] => [6, v]),
    );
    fc.assert(
      fc.property(
        entriesArb(),
        fc.array(randomAddress, { maxLength: 10 }),
        fc.constantFrom(24, 28, 32),
        (entries, extra, size) => {
          const writer = new MmdbWriter({ ...META, minRecordSize: size as 24 | 28 | 32 });
          for (const e of entries) {
            if ('network' in e) writer.insert(e.network, recordFor(e.payload));
            else if ('span' in e) writer.insertSpan(e.span, recordFor(e.payload));
            else writer.insertRange(e.start, e.end, recordFor(e.payload));
          }
          const reader = new Reader<Rec>(writer.toBuffer());
          expect(reader.metadata.recordSize).toBe(size);
          const index = RangeIndex.build(entries);
          for (const [family, value] of probes(spansOf(entries), extra)) {
            let text = addressText(family, value);
            // The format keeps IPv4 at ::/96, so a reader answers ::a.b.c.d (IPv4-compatible, long
            // deprecated) as a.b.c.d, where the index answers it as IPv6: compare with IPv4 there.
            const match =
              family === 6 && value >> 32n === 0n
                ? index.lookupText(addressText(4, value))
                : index.lookupText(text);
            if (family === 6 && value >> 32n === 0n) text = addressText(6, value);
            const expected = match ? recordFor(match.payload) : null;
            const got = reader.get(text);
            if (JSON.stringify(got) !== JSON.stringify(expected)) {
              throw new Error(`${text}: mmdb ${JSON.stringify(got)}, index ${JSON.stringify(expected)}`);
            }
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('is opened by maxmind from a streamed file, nested networks resolving to the most specific', async () => {
    const writer = new MmdbWriter(META)
      .insert('10.0.0.0/8', { n: 8 })
      .insert('10.1.0.0/16', { n: 16 })
      .insert('10.1.2.0/24', { n: 24 })
      .insert('10.1.2.3/32', { n: 32 })
      .insert('10.2.0.0/24', { n: 'plain' })
      .insert('2001:db8::/32', { n: 6032 })
      .insert('2001:db8:1::/48', { n: 6048 })
      .insertRange('198.51.100.10', '198.51.100.20', { n: 99 });
    const file = path.join(dir, 'nested.mmdb');
    const stats = await writer.writeFile(file);
    expect(fs.statSync(file).size).toBe(stats.bytes);
    const reader = await maxmind.open<Rec>(file);
    expect(reader.get('10.9.9.9')).toEqual({ n: 8 });
    expect(reader.get('10.1.9.9')).toEqual({ n: 16 });
    expect(reader.get('10.1.2.4')).toEqual({ n: 24 });
    expect(reader.get('10.1.2.3')).toEqual({ n: 32 });
    expect(reader.get('11.0.0.0')).toBeNull();
    expect(reader.get('2001:db8:1:2::1')).toEqual({ n: 6048 });
    expect(reader.get('2001:db8:2::1')).toEqual({ n: 6032 });
    expect(reader.get('2001:db9::1')).toBeNull();
    expect(reader.get('198.51.100.9')).toBeNull();
    expect(reader.get('198.51.100.10')).toEqual({ n: 99 });
    expect(reader.get('198.51.100.20')).toEqual({ n: 99 });
    expect(reader.get('198.51.100.21')).toBeNull();
    // A network that nothing nests in answers its own prefix length.
    expect(reader.getWithPrefixLength('10.1.2.3')).toEqual([{ n: 32 }, 32]);
    expect(reader.getWithPrefixLength('10.2.0.200')).toEqual([{ n: 'plain' }, 24]);
    // Around a nested network the reader answers the tree's smaller blocks (the index answers the /24).
    expect(reader.getWithPrefixLength('10.1.2.200')).toEqual([{ n: 24 }, 25]);
    expect(reader.getWithPrefixLength('2001:db8:1::')).toEqual([{ n: 6048 }, 48]);
  });

  it('answers an IPv4-mapped address as the IPv4 address, and keeps IPv6 networks out of the IPv4 blocks', () => {
    const reader = new Reader<Rec>(
      new MmdbWriter(META).insert('::/0', { v: 6 }).insert('192.0.2.0/24', { v: 4 }).toBuffer(),
    );
    expect(reader.get('192.0.2.1')).toEqual({ v: 4 });
    expect(reader.get('::ffff:192.0.2.1')).toEqual({ v: 4 });
    expect(reader.getWithPrefixLength('::ffff:192.0.2.1')[1]).toBe(120);
    expect(reader.get('198.51.100.1')).toBeNull();
    expect(reader.get('::ffff:198.51.100.1')).toBeNull();
    expect(reader.get('2001:db8::1')).toEqual({ v: 6 });
    expect(reader.get('::1:0:0:1')).toEqual({ v: 6 });
    expect(reader.get('::fffe:0:0:1')).toEqual({ v: 6 });
    // The format's own rule: readers look IPv4 up at ::/96, so ::a.b.c.d answers as a.b.c.d.
    expect(reader.get('::192.0.2.1')).toEqual({ v: 4 });
  });

  it('answers the whole IPv4 space for 0.0.0.0/0', () => {
    const reader = new Reader<Rec>(new MmdbWriter(META).insert('0.0.0.0/0', { all: true }).toBuffer());
    expect(reader.get('0.0.0.0')).toEqual({ all: true });
    expect(reader.get('255.255.255.255')).toEqual({ all: true });
    expect(reader.get('::ffff:8.8.8.8')).toEqual({ all: true });
    expect(reader.get('2001:db8::1')).toBeNull();
  });

  it('writes valid metadata', () => {
    const buffer = new MmdbWriter(META).insert('8.8.8.0/24', { a: 1 }).toBuffer();
    {
      const reader = new Reader<Rec>(buffer);
      expect(reader.metadata.buildEpoch).toEqual(new Date(1_700_000_000 * 1000));
      expect(reader.metadata).toMatchObject({
        binaryFormatMajorVersion: 2,
        binaryFormatMinorVersion: 0,
        databaseType: 'TunnelScope-Test',
        languages: ['en'],
        description: { en: 'test data' },
        ipVersion: 6,
        recordSize: 24,
      });
      // The tree: 96 zero bits to ::/96, 15 nodes of the ::ffff:0:0/96 alias, 23 bits to 8.8.8.0/24.
      expect(reader.metadata.nodeCount).toBe(96 + 15 + 23 + 1);
    }
  });

  it('round-trips every data type through both readers', async () => {
    const record: MmdbValue = {
      utf8: 'Zürich — 東京 🚀',
      empty: '',
      long: 'x'.repeat(300),
      longer: 'y'.repeat(70_000),
      uint16: mmdb.uint16(65535),
      uint32: 4294967295,
      uint32Small: 0,
      uint64: mmdb.uint64(18446744073709551615n),
      uint64Small: 42n,
      uint128: mmdb.uint128((1n << 128n) - 1n),
      int32: -2147483648,
      int32Positive: mmdb.int32(123456),
      double: 52.52,
      doubleNegative: -13.4,
      float: mmdb.float(1.5),
      true: true,
      false: false,
      array: [1, 'two', [3], { four: 4 }],
      emptyArray: [],
      emptyMap: {},
      bytes: Uint8Array.of(0, 1, 254, 255),
      nested: { a: { b: { c: 'deep' } } },
    };
    const file = path.join(dir, 'types.mmdb');
    await new MmdbWriter(META).insert('203.0.113.0/24', record).writeFile(file);
    const expected = {
      ...record,
      uint16: 65535,
      uint64: 18446744073709551615n,
      uint128: (1n << 128n) - 1n,
      int32Positive: 123456,
      float: 1.5,
      bytes: Buffer.from([0, 1, 254, 255]),
    };
    for (const reader of [new Reader<Rec>(fs.readFileSync(file)), await maxmind.open<Rec>(file)]) {
      expect(reader.get('203.0.113.7')).toEqual(expected);
    }
  });

  it('writes a repeated record once and repeated strings and maps as pointers', () => {
    const shared = { company: { name: 'Example Hosting Company Ltd', type: 'hosting' }, country: 'DE' };
    const one = new MmdbWriter(META).insert('10.0.0.0/24', shared);
    const many = new MmdbWriter(META);
    for (let i = 0; i < 200; i++) many.insert(`10.0.${i}.0/24`, shared);
    expect(many.build().stats.distinctRecords).toBe(1);
    expect(many.build().stats.dataSectionBytes).toBe(one.build().stats.dataSectionBytes);

    // Different records sharing a company: the company's name is stored once.
    const varied = new MmdbWriter(META);
    for (let i = 0; i < 200; i++) varied.insert(`10.0.${i}.0/24`, { ...shared, asn: 64512 + i });
    const buffer = varied.toBuffer();
    const name = Buffer.from('Example Hosting Company Ltd');
    expect(buffer.indexOf(name)).toBeGreaterThan(0);
    expect(buffer.indexOf(name, buffer.indexOf(name) + 1)).toBe(-1);
    const reader = new Reader<Rec>(buffer);
    expect(reader.get('10.0.150.1')).toEqual({ ...shared, asn: 64662 });
  });

  it('reaches records through 2-, 3- and 4-byte pointers in a large data section', () => {
    const writer = new MmdbWriter(META);
    // ~2.2 MB of distinct strings, each record pointing back at the shared first one.
    const big = (i: number) => `${i}:${'z'.repeat(2000)}`;
    for (let i = 0; i < 1100; i++) {
      writer.insert(`10.${i >> 8}.${i & 255}.0/24`, {
        own: big(i),
        first: big(0),
        mid: big(300),
        late: big(1000),
      });
    }
    const reader = new Reader<Rec>(writer.toBuffer());
    for (const i of [0, 1, 299, 300, 301, 999, 1000, 1001, 1099]) {
      expect(reader.get(`10.${i >> 8}.${i & 255}.9`)).toEqual({
        own: big(i),
        first: big(0),
        mid: big(300),
        late: big(1000),
      });
    }
  });

  it('refuses values the format cannot hold', () => {
    expect(() => new MmdbWriter(META).insert('10.0.0.0/8', { x: mmdb.uint16(70000) }).toBuffer()).toThrow(
      /uint16/,
    );
    expect(() => new MmdbWriter(META).insert('10.0.0.0/8', { x: mmdb.int32(2 ** 31) }).toBuffer()).toThrow(
      /int32/,
    );
    expect(() => new MmdbWriter(META).insert('10.0.0.1/8', {})).toThrow(/host bits/);
  });
});
