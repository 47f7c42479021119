import type { ColumnType } from 'kysely';

/**
 * Tables and views of the IP database that the service reads (the migrations of
 * packages/ipdb-schema define them).
 * int8 columns arrive as numbers (service-kit's type parser); numeric as strings; timestamps as
 * Dates. Dates (`date`) are always read through to_char, never as JS Dates.
 */
type Count = ColumnType<number, never, never>;

export interface VendorsTable {
  id: number;
  name: string;
  origin_country: string;
}

export interface VpnsTable {
  id: number;
  vendor_id: number;
  name: string;
  automation: boolean;
  status: string;
  last_updated: Date | null;
  last_run: Date | null;
}

export interface IspsTable {
  id: number;
  name: string;
  asn: number;
}

export interface EntityTotalsView {
  id: number;
  total_ips: Count;
  total_subdomains: Count;
  total_vpns: Count;
  total_vendors: Count;
  refreshed_at: Date;
}

export interface VpnStatsView {
  vpn_id: number;
  total_iphistory: Count;
  total_distinct_ips: Count;
  total_live_subdomains: Count;
  total_dead_subdomains: Count;
  total_isps: Count;
  total_countries: Count;
  total_cities: Count;
  avg_monthly_unique_ips: string;
  current_ips: Count;
  current_countries: Count;
  new_ips_last_month: Count;
  legacy_ips_last_month: Count;
  new_subdomains_last_month: Count;
  deactivated_subdomains_last_month: Count;
}

export interface VendorFootprintView {
  vendor_id: number;
  vpn_count: Count;
  total_ips: Count;
  countries: Count;
}

export interface VendorPairsView {
  vendor_a: number;
  vendor_b: number;
  shared_ip_count: Count;
}

export interface CountryStatsView {
  country: string;
  ip_count: Count;
  vpn_count: Count;
  isp_count: Count;
  vpn_ip_count: Count;
  vpn_isp_count: Count;
  top_isp: string | null;
}

export interface IspStatsView {
  isp_id: number;
  unique_ips: Count;
  vpn_ips: Count;
  proxy_ips: Count;
  tor_ips: Count;
  vpn_count: Count;
}

export interface ReusedIpsView {
  address: string;
  vpn_count: Count;
  vpns: string[];
}

export interface MonthlyIpsView {
  month: string;
  unique_ips: Count;
}

export interface IpdbDatabase {
  vendors: VendorsTable;
  vpns: VpnsTable;
  isps: IspsTable;
  mv_entity_totals: EntityTotalsView;
  mv_vpn_stats: VpnStatsView;
  mv_vendor_footprint: VendorFootprintView;
  mv_vendor_pairs: VendorPairsView;
  mv_country_stats: CountryStatsView;
  mv_isp_stats: IspStatsView;
  mv_reused_ips: ReusedIpsView;
  mv_monthly_ips: MonthlyIpsView;
}
