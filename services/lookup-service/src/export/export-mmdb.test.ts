import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCidr } from '@tunnelscope/ip-index';
import { Reader } from 'mmdb-lib';
import { BOGON_RECORD, toMmdbRecord, type ExportAnswer } from './export-data.js';
import { ExportMmdb, answerKey } from './export-mmdb.js';

const answer = (country: string, network: string, extra: Partial<ExportAnswer> = {}): ExportAnswer => ({
  vendor: null,
  is_vpn: false,
  is_proxy: false,
  country,
  region: null,
  city: null,
  company: null,
  asn: null,
  network,
  vpn: null,
  is_tor: false,
  is_relay: false,
  is_hosting: false,
  is_anonymous: false,
  bogon: false,
  confidence: 0,
  evidence: [],
  first_seen: null,
  last_seen: null,
  sources: [],
  ...extra,
});

describe('the export MMDB', () => {
  it('holds the blocks as given, the special-purpose ranges between and after them as bogons, one record per answer', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookup-export-mmdb-'));
    try {
      const mmdb = new ExportMmdb({ version: 3, date: '2026-11-25' }, path.join(dir, 'x.data'));
      const de = answer('DE', '1.0.0.0/8');
      const blocks: Array<[string, ExportAnswer]> = [
        ['1.0.0.0/9', de],
        ['1.128.0.0/9', de],
        [
          '8.8.8.0/24',
          answer('US', '8.8.8.0/24', {
            is_vpn: true,
            vendor: 'V, Inc.',
            evidence: ['vpn_exit_observed', 'hosting_network'],
          }),
        ],
        // The same but for one evidence code: another answer, another record.
        [
          '8.8.9.0/24',
          answer('US', '8.8.9.0/24', { is_vpn: true, vendor: 'V, Inc.', evidence: ['vpn_exit_observed'] }),
        ],
        ['2a00::/16', answer('FR', '2a00::/12')],
      ];
      for (const [cidr, a] of blocks) {
        const s = parseCidr(cidr);
        mmdb.add(s.family, s.start, s.end, answerKey(a), a);
      }
      const file = path.join(dir, 'x.mmdb');
      const stats = await mmdb.writeFile(file);
      // Four distinct answers and the bogon record.
      expect(stats.distinctRecords).toBe(5);
      expect(fs.existsSync(path.join(dir, 'x.data'))).toBe(false);
      const reader = new Reader<Record<string, unknown>>(fs.readFileSync(file));
      expect((reader.metadata.description as unknown as Record<string, string>).en).toMatch(
        /DB-IP.*CC BY 4\.0/,
      );
      expect(reader.get('1.200.0.1')).toEqual(toMmdbRecord(de));
      expect(reader.get('8.8.8.8')).toMatchObject({
        vendor: 'V, Inc.',
        evidence: ['vpn_exit_observed', 'hosting_network'],
      });
      expect(reader.get('8.8.9.8')).toMatchObject({ evidence: ['vpn_exit_observed'] });
      expect(reader.get('2a00:1::1')).toMatchObject({ country: 'FR', network: '2a00::/12' });
      // Special-purpose ranges before, between and after the blocks, both families, mapped too.
      for (const ip of [
        '0.0.0.1',
        '10.1.2.3',
        '127.0.0.1',
        '192.168.1.1',
        '255.255.255.255',
        '::1',
        'fe80::1',
        '2001:db8::1',
        '::ffff:10.0.0.1',
      ])
        expect(reader.get(ip)).toEqual(BOGON_RECORD);
      // Public addresses no block holds have no data.
      expect(reader.get('9.9.9.9')).toBeNull();
      expect(reader.get('2a01::1')).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
