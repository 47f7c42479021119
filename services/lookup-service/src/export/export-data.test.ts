import { describe, expect, it } from '@jest/globals';
import { CSV_COLUMNS, csvField, csvRow, toMmdbRecord } from './export-data.js';

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
      sources: [],
    });
    expect(row.endsWith('\r\n')).toBe(true);
    expect(row).toBe(
      '1.2.3.0/24,"A, B",true,false,DE,,,X,,hosting,AS1,X,1.2.0.0/16,1.2.3.4/32,V,false,false,true,true,75,vpn_exit_observed hosting_network,2026-01-01,,\r\n',
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
        sources: [],
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
      sources: [],
    });
  });

  it('writes the sources with their nulls left out (MMDB) and as JSON text (CSV)', () => {
    const sources = [
      { flag: 'tor', source: 'tor_exit_list', provider: null, last_seen: '2026-11-25' },
      { flag: 'hosting', source: 'cloud_ranges', provider: 'Amazon, Inc.', last_seen: '2026-11-24' },
    ] as const;
    const answer = {
      vendor: null,
      is_vpn: false,
      is_proxy: false,
      country: null,
      region: null,
      city: null,
      company: null,
      asn: null,
      network: '3.5.0.1/32',
      vpn: null,
      is_tor: true,
      is_relay: false,
      is_hosting: true,
      is_anonymous: true,
      bogon: false,
      confidence: 100,
      evidence: ['tor_exit_list', 'cloud_ranges', 'seen_recently'],
      first_seen: null,
      last_seen: null,
      sources: sources.map((s) => ({ ...s })),
    } satisfies Parameters<typeof csvRow>[1];
    expect((toMmdbRecord(answer) as { sources: unknown }).sources).toEqual([
      { flag: 'tor', source: 'tor_exit_list', last_seen: '2026-11-25' },
      { flag: 'hosting', source: 'cloud_ranges', provider: 'Amazon, Inc.', last_seen: '2026-11-24' },
    ]);
    const row = csvRow('3.5.0.1/32', answer);
    const last = row.slice(row.indexOf(',"[') + 1, -2);
    expect(JSON.parse(last.slice(1, -1).replaceAll('""', '"'))).toEqual(answer.sources);
  });
});
