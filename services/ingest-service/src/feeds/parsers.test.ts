import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalNetwork } from './feed-entry.js';
import { CLOUD_PROVIDERS, parseCloudRanges } from './parse-cloud.js';
import { parseGeofeed } from './parse-geofeed.js';
import { parseTorExitList } from './parse-tor.js';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../test/fixtures', name), 'utf8');

describe('canonicalNetwork', () => {
  it.each([
    ['185.220.101.1', '185.220.101.1/32'],
    ['2A0B:F4C2:0002:0000::1', '2a0b:f4c2:2::1/128'],
    ['::ffff:185.220.101.1', '185.220.101.1/32'],
    [' 3.5.140.0/22 ', '3.5.140.0/22'],
    ['::ffff:3.5.140.0/118', '3.5.140.0/22'],
  ])('writes %s as %s', (text, expected) => {
    expect(canonicalNetwork(text)).toBe(expected);
  });

  it.each([
    '10.0.0.1',
    '192.168.0.0/16',
    '2001:db8::/32',
    '3.5.140.1/22',
    '185.220.10',
    '',
    '1.2.3.4/33',
    'x',
  ])('refuses %s (special-purpose, host bits set or not a network)', (text) => {
    expect(canonicalNetwork(text)).toBeNull();
  });
});

describe('parseTorExitList', () => {
  it('reads one address per line, skipping comments, blanks, repeats, bogons, CIDRs and a truncated line', () => {
    const { entries, skipped } = parseTorExitList(fixture('tor-exits.txt'));
    expect(entries.map((e) => e.network)).toEqual([
      '185.220.101.1/32',
      '185.220.101.2/32',
      '185.220.101.3/32',
      '2a0b:f4c2:2::1/128',
    ]);
    expect(skipped).toBe(4);
  });

  it('reads CRLF files and an empty one', () => {
    expect(parseTorExitList('185.220.101.1\r\n185.220.101.2\r\n').entries).toHaveLength(2);
    expect(parseTorExitList('')).toEqual({ entries: [], skipped: 0 });
  });
});

describe('parseGeofeed', () => {
  it('reads RFC 8805 lines with their location, IPv6 included, and skips the unusable ones', () => {
    const { entries, skipped } = parseGeofeed(fixture('relay-egress.csv'), 'iCloud Private Relay');
    expect(entries).toEqual([
      {
        network: '172.224.224.0/27',
        provider: 'iCloud Private Relay',
        country: 'US',
        region: 'US-CA',
        city: 'Los Angeles',
      },
      {
        network: '172.224.224.32/27',
        provider: 'iCloud Private Relay',
        country: 'US',
        region: 'US-NY',
        city: 'New York',
      },
      {
        network: '2a02:26f7:b3c0:4000::/64',
        provider: 'iCloud Private Relay',
        country: 'DE',
        region: 'DE-BE',
        city: 'Berlin',
      },
      {
        network: '172.224.224.64/26',
        provider: 'iCloud Private Relay',
        country: 'GB',
        region: null,
        city: null,
      },
    ]);
    // Host bits set, a private range, an unterminated quote.
    expect(skipped).toBe(3);
  });
});

describe('parseCloudRanges', () => {
  it('reads AWS ip-ranges.json, IPv4 and IPv6, one row per network', () => {
    const parsed = parseCloudRanges(fixture('aws-ip-ranges.json'));
    expect(parsed.provider).toBe(CLOUD_PROVIDERS.aws);
    expect(parsed.entries.map((e) => e.network)).toEqual(['3.5.140.0/22', '52.94.76.0/22', '2600:1f14::/35']);
  });

  it('reads Google cloud.json and Oracle public_ip_ranges.json', () => {
    const google = parseCloudRanges(fixture('google-cloud.json'));
    expect(google.provider).toBe(CLOUD_PROVIDERS.google);
    expect(google.entries.map((e) => e.network)).toEqual(['34.1.208.0/20', '2600:1900:8000::/44']);
    expect(google.skipped).toBe(1);
    const oracle = parseCloudRanges(fixture('oracle-ranges.json'));
    expect(oracle.provider).toBe(CLOUD_PROVIDERS.oracle);
    expect(oracle.entries.map((e) => e.network)).toEqual(['129.146.0.0/21', '134.70.8.0/21']);
  });

  it('throws on a truncated download and on JSON of another shape', () => {
    expect(() => parseCloudRanges(fixture('truncated-json.txt'))).toThrow(/not valid JSON/);
    expect(() => parseCloudRanges('{"hello": "world"}')).toThrow(/not a known cloud range format/);
    expect(() => parseCloudRanges('[1, 2]')).toThrow(/not a JSON object/);
  });
});
