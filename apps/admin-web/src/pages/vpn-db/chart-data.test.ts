import { analyticsFixture } from './analytics.fixture.js';
import { churnSeries, monthlyGrowthSeries, serviceMixSeries, topCountriesSeries } from './chart-data.js';

describe('monthlyGrowthSeries', () => {
  it('orders months oldest first and labels them', () => {
    const series = monthlyGrowthSeries([
      { month: '2025-05', unique_ips: 30 },
      { month: '2024-12', unique_ips: 10 },
      { month: '2025-01', unique_ips: 20 },
    ]);
    expect(series).toEqual([
      { month: '2024-12', label: 'Dec 2024', unique_ips: 10 },
      { month: '2025-01', label: 'Jan 2025', unique_ips: 20 },
      { month: '2025-05', label: 'May 2025', unique_ips: 30 },
    ]);
  });
  it('is empty for no history', () => {
    expect(monthlyGrowthSeries([])).toEqual([]);
  });
});

describe('topCountriesSeries', () => {
  it('keeps the countries with the most IPs, largest first, up to the limit', () => {
    const rows = [
      { country: 'Germany', ip_count: 50, vpn_count: 1, isp_count: 1 },
      { country: 'United States', ip_count: 90, vpn_count: 1, isp_count: 1 },
      { country: 'Austria', ip_count: 50, vpn_count: 1, isp_count: 1 },
      { country: 'France', ip_count: 10, vpn_count: 1, isp_count: 1 },
    ];
    expect(topCountriesSeries(rows, 3)).toEqual([
      { country: 'United States', ips: 90 },
      { country: 'Austria', ips: 50 },
      { country: 'Germany', ips: 50 },
    ]);
  });
});

describe('churnSeries', () => {
  it("compares each VPN's new and deactivated subdomains, busiest first, leaving out VPNs that did not move", () => {
    expect(churnSeries(analyticsFixture.ipTrends, 'subdomains')).toEqual([
      { vpn: 'NordVPN', arrived: 214, other: 97 },
    ]);
  });
  it('compares new and legacy IPs on their own scale', () => {
    expect(churnSeries(analyticsFixture.ipTrends, 'ips')).toEqual([
      { vpn: 'NordVPN', arrived: 8_412, other: 61_330 },
      { vpn: 'Hola VPN', arrived: 0, other: 2_004 },
    ]);
  });
  it('caps the number of bars', () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({
      vpnname: `VPN ${String(i).padStart(2, '0')}`,
      new_ips_last_month: 0,
      legacy_ips_last_month: 0,
      new_subdomains_last_month: i,
      deactivated_subdomains_last_month: 1,
    }));
    const series = churnSeries(rows, 'subdomains', 5);
    expect(series.map((bar) => bar.vpn)).toEqual(['VPN 19', 'VPN 18', 'VPN 17', 'VPN 16', 'VPN 15']);
  });
});

describe('serviceMixSeries', () => {
  it('stacks VPN, proxy and Tor per ISP, the ISP with the most flagged addresses first', () => {
    expect(
      serviceMixSeries([
        { isp: 'Small', vpn_ips: 1, proxy_ips: 1, tor_ips: 1 },
        { isp: 'Idle', vpn_ips: 0, proxy_ips: 0, tor_ips: 0 },
        { isp: 'Big', vpn_ips: 10, proxy_ips: 2, tor_ips: 0 },
      ]),
    ).toEqual([
      { isp: 'Big', vpn: 10, proxy: 2, tor: 0 },
      { isp: 'Small', vpn: 1, proxy: 1, tor: 1 },
    ]);
  });
});
