import { GLOBE_CITIES, GLOBE_LINKS, GLOBE_MARKER_COUNT } from './cities.js';

describe('globe cities', () => {
  it('has exactly 21 markers', () => {
    expect(GLOBE_MARKER_COUNT).toBe(21);
    expect(GLOBE_CITIES).toHaveLength(21);
  });

  it('names each city once, with a valid latitude and longitude', () => {
    expect(new Set(GLOBE_CITIES.map((c) => c.name)).size).toBe(GLOBE_CITIES.length);
    for (const city of GLOBE_CITIES) {
      expect(city.name.trim()).not.toBe('');
      expect(Number.isFinite(city.lat) && Number.isFinite(city.lon)).toBe(true);
      expect(city.lat).toBeGreaterThanOrEqual(-90);
      expect(city.lat).toBeLessThanOrEqual(90);
      expect(city.lon).toBeGreaterThanOrEqual(-180);
      expect(city.lon).toBeLessThanOrEqual(180);
    }
  });

  it('puts the hubs where they are (spot checks, degrees)', () => {
    const at = (name: string) => GLOBE_CITIES.find((c) => c.name === name)!;
    expect(at('London').lat).toBeCloseTo(51.5, 0);
    expect(at('New York').lon).toBeCloseTo(-74, 0);
    expect(at('São Paulo').lat).toBeLessThan(0);
    expect(at('Sydney').lon).toBeGreaterThan(150);
    expect(at('Tokyo').lon).toBeGreaterThan(at('Seoul').lon);
  });

  it('draws routes only between listed cities', () => {
    const names = new Set(GLOBE_CITIES.map((c) => c.name));
    for (const [from, to] of GLOBE_LINKS) {
      expect(names.has(from)).toBe(true);
      expect(names.has(to)).toBe(true);
      expect(from).not.toBe(to);
    }
  });
});
