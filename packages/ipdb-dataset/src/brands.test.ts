import { BRANDS, selectBrands, slug } from './brands.js';

describe('brands', () => {
  it('lists 100 vendors with ISO country codes and unique names', () => {
    expect(BRANDS).toHaveLength(100);
    expect(new Set(BRANDS.map((b) => b.vendor)).size).toBe(100);
    for (const b of BRANDS) expect(b.origin).toMatch(/^[A-Z]{2}$/);
  });

  it('selects the large scale: 100 vendors, exactly 300 VPNs with unique names and host labels', () => {
    const { vendors, vpns } = selectBrands(100, 300);
    expect(vendors).toHaveLength(100);
    expect(vpns).toHaveLength(300);
    expect(new Set(vpns.map((v) => v.name)).size).toBe(300);
    expect(new Set(vpns.map((v) => slug(v.name))).size).toBe(300);
    // Every vendor has a product; the largest have the most.
    const per = vendors.map((_, i) => vpns.filter((v) => v.vendor === i).length);
    expect(Math.min(...per)).toBeGreaterThanOrEqual(1);
    expect(per[0]).toBeGreaterThan(per[99]!);
    expect(vpns.filter((v) => v.retired).map((v) => v.name)).toContain('Atlas VPN');
  });

  it('selects the small scale: the first 20 vendors and 50 VPNs', () => {
    const { vendors, vpns } = selectBrands(20, 50);
    expect(vendors.map((v) => v.name)).toEqual(BRANDS.slice(0, 20).map((b) => b.vendor));
    expect(vpns).toHaveLength(50);
    expect(vpns.map((v) => v.name)).toContain('NordVPN');
  });

  it('trims secondary products when fewer VPNs than products are asked', () => {
    const { vpns } = selectBrands(10, 10);
    expect(vpns).toHaveLength(10);
    expect(new Set(vpns.map((v) => v.vendor)).size).toBe(10);
  });

  it('refuses impossible selections', () => {
    expect(() => selectBrands(0, 1)).toThrow();
    expect(() => selectBrands(101, 300)).toThrow();
    expect(() => selectBrands(10, 5)).toThrow('at least one VPN');
  });

  it('makes DNS labels of product names', () => {
    expect(slug('Private Internet Access')).toBe('privateinternetaccess');
    expect(slug('1.1.1.1 + WARP')).toBe('1111pluswarp');
    expect(slug('hide.me VPN')).toBe('hidemevpn');
  });
});
