/**
 * A realistic analytics payload for the tab's tests: a small VPN database (three vendors, five
 * VPNs) with the shapes and magnitudes the server answers. Only tests import it.
 */
import type { AnalyticsPayload } from '@tunnelscope/contracts';

export const analyticsFixture: AnalyticsPayload = {
  entityTotals: { total_ips: 1_284_503, total_subdomains: 48_211, total_vpns: 5, total_vendors: 3 },
  tableMetadata: [
    {
      table_name: 'ip_history',
      rows_estimate: 12_480_000,
      total_size_bytes: 2_147_483_648,
      last_maintenance: '2025-05-30T03:12:00.000Z',
    },
    {
      table_name: 'ips',
      rows_estimate: 1_284_503,
      total_size_bytes: 251_658_240,
      last_maintenance: '2025-05-31T03:10:00.000Z',
    },
    { table_name: 'subdomains', rows_estimate: 48_211, total_size_bytes: 9_437_184, last_maintenance: null },
  ],
  vpnUpdateStatus: [
    {
      vpnid: 101,
      vpnname: 'NordVPN',
      lastupdated: '2025-05-31T22:00:00.000Z',
      lastrun: '2025-05-31T22:04:00.000Z',
      status: 'success',
      automation: true,
    },
    {
      vpnid: 102,
      vpnname: 'Surfshark',
      lastupdated: '2025-05-29T10:00:00.000Z',
      lastrun: '2025-05-31T22:06:00.000Z',
      status: 'failed',
      automation: true,
    },
    {
      vpnid: 203,
      vpnname: 'Hola VPN',
      lastupdated: null,
      lastrun: null,
      status: 'pending',
      automation: false,
    },
  ],
  vpnSummaryStats: [
    {
      vpnname: 'NordVPN',
      vendorname: 'Nord Security',
      total_iphistory: 3_912_004,
      total_distinct_ips: 412_876,
      total_live_subdomains: 5_120,
      total_dead_subdomains: 1_877,
      total_isps: 214,
      total_countries: 61,
      total_cities: 132,
    },
    {
      vpnname: 'Surfshark',
      vendorname: 'Nord Security',
      total_iphistory: 2_004_551,
      total_distinct_ips: 298_410,
      total_live_subdomains: 3_301,
      total_dead_subdomains: 950,
      total_isps: 160,
      total_countries: 58,
      total_cities: 97,
    },
  ],
  vendorVpnList: [
    { vendorname: 'Nord Security', vpn_list: ['NordVPN', 'Surfshark'] },
    { vendorname: 'Kape Technologies', vpn_list: ['ExpressVPN', 'CyberGhost'] },
    { vendorname: 'Hola Networks', vpn_list: ['Hola VPN'] },
  ],
  vendorIpFootprint: [
    { vendorname: 'Nord Security', vpn_count: 2, total_ips: 684_112, countries: 64 },
    { vendorname: 'Kape Technologies', vpn_count: 2, total_ips: 501_337, countries: 71 },
  ],
  vpnMonthlyIpGrowth: [
    { vpnname: 'NordVPN', avg_monthly_unique_ips: 17_203.5 },
    { vpnname: 'Surfshark', avg_monthly_unique_ips: 12_433.75 },
  ],
  vendorPairs: [{ vendors: ['Kape Technologies', 'Nord Security'], shared_ip_count: 1_284 }],
  topCountries: [
    { country: 'United States', ip_count: 318_442, vpn_count: 5, isp_count: 142 },
    { country: 'Germany', ip_count: 121_980, vpn_count: 5, isp_count: 61 },
    { country: 'Netherlands', ip_count: 98_301, vpn_count: 4, isp_count: 37 },
  ],
  vpnCountriesCount: [
    { vpnname: 'NordVPN', unique_countries: 61 },
    { vpnname: 'Hola VPN', unique_countries: 12 },
  ],
  vendorsByOrigin: [
    { vendororigin: 'Panama', total_vendors: 1, vendors_list: ['Nord Security'] },
    { vendororigin: 'United Kingdom', total_vendors: 1, vendors_list: ['Kape Technologies'] },
  ],
  ispCountryBreakdown: [
    { country: 'United States', isp_count: 142, ip_count: 318_442, top_isp: 'DigitalOcean, LLC' },
    { country: 'Germany', isp_count: 61, ip_count: 121_980, top_isp: 'Hetzner Online GmbH' },
  ],
  ispIpCounts: [
    { isp: 'M247 Europe SRL', unique_ips: 154_022 },
    { isp: 'Datacamp Limited', unique_ips: 131_870 },
  ],
  ispServiceBreakdown: [
    { isp: 'M247 Europe SRL', vpn_ips: 150_010, proxy_ips: 3_900, tor_ips: 112 },
    { isp: 'Hetzner Online GmbH', vpn_ips: 40_250, proxy_ips: 8_731, tor_ips: 1_502 },
  ],
  ispVpnUsage: [
    { isp: 'M247 Europe SRL', vpn_count: 5, ip_count: 154_022 },
    { isp: 'Datacamp Limited', vpn_count: 4, ip_count: 131_870 },
  ],
  ipTrends: [
    {
      vpnname: 'NordVPN',
      new_ips_last_month: 8_412,
      legacy_ips_last_month: 61_330,
      new_subdomains_last_month: 214,
      deactivated_subdomains_last_month: 97,
    },
    {
      vpnname: 'Hola VPN',
      new_ips_last_month: 0,
      legacy_ips_last_month: 2_004,
      new_subdomains_last_month: 0,
      deactivated_subdomains_last_month: 0,
    },
  ],
  reusedIps: [{ ip: '185.220.101.4', vpn_count: 3, vpns: ['NordVPN', 'Surfshark', 'CyberGhost'] }],
  monthlyIpGrowth: [
    { month: '2025-03', unique_ips: 201_004 },
    { month: '2025-04', unique_ips: 214_877 },
    { month: '2025-05', unique_ips: 230_112 },
  ],
};

/** The same payload with every list empty: each table shows its empty state. */
export const emptyAnalyticsFixture: AnalyticsPayload = {
  entityTotals: { total_ips: 0, total_subdomains: 0, total_vpns: 0, total_vendors: 0 },
  tableMetadata: [],
  vpnUpdateStatus: [],
  vpnSummaryStats: [],
  vendorVpnList: [],
  vendorIpFootprint: [],
  vpnMonthlyIpGrowth: [],
  vendorPairs: [],
  topCountries: [],
  vpnCountriesCount: [],
  vendorsByOrigin: [],
  ispCountryBreakdown: [],
  ispIpCounts: [],
  ispServiceBreakdown: [],
  ispVpnUsage: [],
  ipTrends: [],
  reusedIps: [],
  monthlyIpGrowth: [],
};

/** The body GET /vpn-db/advanced-analytics answers with `data`. */
export function analyticsBody(data: AnalyticsPayload = analyticsFixture) {
  return { success: true, data, generatedAt: '2025-06-01T08:00:00.000Z' };
}
