/**
 * Turns analytics rows into chart series. Pure, so the shaping is tested without recharts, which
 * cannot measure anything in jsdom. A chart shows the largest few; the table beside it has all.
 */
import type { AnalyticsPayload } from '@tunnelscope/contracts';
import { formatMonth } from './format.js';

/** How many bars a chart draws before it stops being readable. */
export const CHART_BAR_LIMIT = 12;

export interface GrowthPoint {
  /** 'YYYY-MM', kept for sorting and keys. */
  month: string;
  label: string;
  unique_ips: number;
}

/** Monthly unique IPs, oldest first, whatever order the server sent. */
export function monthlyGrowthSeries(rows: AnalyticsPayload['monthlyIpGrowth']): GrowthPoint[] {
  return [...rows]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((row) => ({ month: row.month, label: formatMonth(row.month), unique_ips: row.unique_ips }));
}

export interface CountryBar {
  country: string;
  ips: number;
}

/** The countries with the most VPN addresses, largest first. */
export function topCountriesSeries(
  rows: AnalyticsPayload['topCountries'],
  limit = CHART_BAR_LIMIT,
): CountryBar[] {
  return [...rows]
    .sort((a, b) => b.ip_count - a.ip_count || a.country.localeCompare(b.country))
    .slice(0, limit)
    .map((row) => ({ country: row.country, ips: row.ip_count }));
}

/**
 * What the per-VPN churn chart compares. IP counts run to thousands and subdomain counts to tens,
 * so they get a chart each (one toggle) rather than bars on one scale where subdomains vanish.
 */
export type ChurnMetric = 'subdomains' | 'ips';

export interface ChurnBar {
  vpn: string;
  /** New subdomains, or new IPs. */
  arrived: number;
  /** Deactivated subdomains, or legacy IPs (seen last month, first seen before it). */
  other: number;
}

/** Last month's per-VPN figures for one metric: the VPNs that moved the most, busiest first. */
export function churnSeries(
  rows: AnalyticsPayload['ipTrends'],
  metric: ChurnMetric,
  limit = CHART_BAR_LIMIT,
): ChurnBar[] {
  return rows
    .map((row) =>
      metric === 'subdomains'
        ? {
            vpn: row.vpnname,
            arrived: row.new_subdomains_last_month,
            other: row.deactivated_subdomains_last_month,
          }
        : { vpn: row.vpnname, arrived: row.new_ips_last_month, other: row.legacy_ips_last_month },
    )
    .filter((bar) => bar.arrived + bar.other > 0)
    .sort((a, b) => b.arrived + b.other - (a.arrived + a.other) || a.vpn.localeCompare(b.vpn))
    .slice(0, limit);
}

export interface ServiceMixBar {
  isp: string;
  vpn: number;
  proxy: number;
  tor: number;
}

/** VPN, proxy and Tor addresses per ISP, for the ISPs carrying the most of them. */
export function serviceMixSeries(
  rows: AnalyticsPayload['ispServiceBreakdown'],
  limit = CHART_BAR_LIMIT,
): ServiceMixBar[] {
  const total = (row: AnalyticsPayload['ispServiceBreakdown'][number]) =>
    row.vpn_ips + row.proxy_ips + row.tor_ips;
  return rows
    .filter((row) => total(row) > 0)
    .sort((a, b) => total(b) - total(a) || a.isp.localeCompare(b.isp))
    .slice(0, limit)
    .map((row) => ({ isp: row.isp, vpn: row.vpn_ips, proxy: row.proxy_ips, tor: row.tor_ips }));
}
