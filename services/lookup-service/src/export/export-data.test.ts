import { describe, expect, it } from '@jest/globals';
import { parseCidr } from '@tunnelscope/ip-index';
import { CSV_COLUMNS, csvField, csvRow, formatBlock, publicBlocks, toMmdbRecord } from './export-data.js';

const cidrs = (family: 4 | 6, first: string, last: string) => {
  const start = parseCidr(first).start;
  const end = parseCidr(last).end;
  return [...publicBlocks(family, start, end)].map((b) => formatBlock(family, b.start, b.prefix));
};

describe('the export rows', () => {
  it('quotes a CSV field holding a comma, a quote or a line break, and doubles its quotes', () => {
    expect(csvField('Google LLC')).toBe('Google LLC');
    expect(csvField('Amazon.com, Inc.')).toBe('"Amazon.com, Inc."');
    expect(csvField('The "Best" VPN')).toBe('"The ""Best"" VPN"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(false)).toBe('false');
    expect(csvField(85)).toBe('85');
  });

  it('writes one CRLF-terminated row with a field per column', () => {
    const row = csvRow('1.2.3.0/24', {
      vendor: 'A, B',
      is_vpn: true,
      is_proxy: false,
      country: 'DE',
      region: null,
      city: null,
      company: { name: 'X', domain: null, type: 'hosting' },
      asn: { asn: 'AS1', name: 'X', route: '1.2.0.0/16' },
      network: '1.2.3.4/32',
      vpn: 'V',
      is_tor: false,
      is_relay: false,
      is_hosting: true,
      is_anonymous: true,
      bogon: false,
      confidence: 75,
      evidence: ['vpn_exit_observed', 'hosting_network'],
      first_seen: '2026-01-01',
      last_seen: null,
    });
    expect(row.endsWith('\r\n')).toBe(true);
    expect(row).toBe(
      '1.2.3.0/24,"A, B",true,false,DE,,,X,,hosting,AS1,X,1.2.0.0/16,1.2.3.4/32,V,false,false,true,true,75,vpn_exit_observed hosting_network,2026-01-01,\r\n',
    );
    expect(row.split(',').length - 1).toBe(CSV_COLUMNS.length); // one comma is inside the quotes
  });

  it('leaves null fields out of an MMDB record, nested ones included', () => {
    expect(
      toMmdbRecord({
        vendor: null,
        is_vpn: false,
        is_proxy: false,
        country: 'DE',
        region: null,
        city: null,
        company: { name: 'X', domain: null, type: null },
        asn: null,
        network: '1.2.0.0/16',
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
      }),
    ).toEqual({
      is_vpn: false,
      is_proxy: false,
      country: 'DE',
      company: { name: 'X' },
      network: '1.2.0.0/16',
      is_tor: false,
      is_relay: false,
      is_hosting: false,
      is_anonymous: false,
      bogon: false,
      confidence: 0,
      evidence: [],
    });
  });
});

describe('publicBlocks', () => {
  it('cuts special-purpose ranges out of a network', () => {
    // 100.64.0.0/10 (shared address space) lies inside 100.0.0.0/8.
    expect(cidrs(4, '100.0.0.0/8', '100.0.0.0/8')).toEqual(['100.0.0.0/10', '100.128.0.0/9']);
    // 192.0.0.0/24, 192.0.2.0/24 and others inside 192.0.0.0/22.
    expect(cidrs(4, '192.0.0.0/22', '192.0.0.0/22')).toEqual(['192.0.1.0/24', '192.0.3.0/24']);
  });

  it('keeps a public network whole and drops one inside a special range', () => {
    expect(cidrs(4, '8.8.8.0/24', '8.8.8.0/24')).toEqual(['8.8.8.0/24']);
    expect(cidrs(4, '10.1.0.0/16', '10.1.0.0/16')).toEqual([]);
    expect(cidrs(6, '2a00::/16', '2a00::/16')).toEqual(['2a00::/16']);
    expect(cidrs(6, '2001:db8::/32', '2001:db8::/32')).toEqual([]);
    // 2001::/23 holds the IETF assignments; 2001:200::/23 is public.
    expect(cidrs(6, '2001::/22', '2001::/22')).toEqual(['2001:200::/23']);
  });
});
